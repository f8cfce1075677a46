"""A bare 'accept' column after the tokens it counts ('Token accept', 'Draft token accept') over
percentages: the drafted tokens' acceptance rate, as 'Token acceptance' is by its name (and a
rate 1 + k x rate can decide a length by). Over numbers that are no percentages, or in a
trainer's table (a loss column), it is read as before: no rate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["Token accept", "Tokens accept", "Draft token accept", "token accept"]


def _table(name: str, cell: str, length: str, k: int, loss: bool = False) -> str:
    extra_h, extra_r = (" Train loss |", " 1.92 |") if loss else ("", "")
    return (
        f"Speculative run, num_speculative_tokens={k}.\n\n"
        f"| Setting | Output tok/s |{extra_h} {name} | Mean accepted length |\n"
        f"|---|---:|{'---:|' if loss else ''}---:|---:|\n"
        f"| ctx 8K | 140.2 |{extra_r} {cell} | {length} |\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    k=st.integers(min_value=2, max_value=6),
    rate=st.integers(min_value=3000, max_value=9500),  # hundredths of a percent
)
def test_a_token_accept_column_of_percentages_is_the_rate(
    read: Read, name: str, k: int, rate: int
) -> None:
    length = f"{1 + k * rate / 10000:.3f}"
    (r,) = read(_table(name, f"{rate / 100:.2f}%", length, k)).records
    assert r.printed_rate is not None and abs(r.printed_rate - rate / 10000) < 1e-9
    assert r.accept_length == float(length)


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    k=st.integers(min_value=2, max_value=6),
    rate=st.integers(min_value=3000, max_value=9500),
)
def test_no_rate_in_a_trainer_table(read: Read, name: str, k: int, rate: int) -> None:
    length = f"{1 + k * rate / 10000:.3f}"
    recs = read(_table(name, f"{rate / 100:.2f}%", length, k, loss=True)).records
    assert all(r.printed_rate is None for r in recs)


@settings(max_examples=examples(20), deadline=None)
@given(name=st.sampled_from(_NAMES), cell=st.sampled_from(["2.41", "1,024", "0.71 ms"]))
def test_no_rate_over_cells_that_are_no_percentages(read: Read, name: str, cell: str) -> None:
    recs = read(_table(name, cell, "3.100", 3)).records
    assert all(r.printed_rate is None for r in recs)
