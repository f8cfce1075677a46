"""`P% <name> vs <other>'s Q%`: the value after `vs` with the other run named by a possessive
is the same figure of that run, a record each; a value of another kind or with another
measure's unit after the possessive is none."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _rates(read: Read, text: str) -> list[float | None]:
    return [r.printed_rate for r in read(text).records]


def test_two_rates_with_a_possessive_run(read: Read) -> None:
    text = "# Quantized head gets 3.40% MTP acceptance vs the bf16 head's 71.25% on one node\n"
    assert [round(x or 0, 6) for x in _rates(read, text)] == [0.034, 0.7125]


def test_a_length_with_a_possessive_run(read: Read) -> None:
    text = "Notes\n\nOur draft gets an acceptance length of 2.41 vs upstream's 2.63 here.\n"
    assert [r.printed_length for r in read(text).records] == [2.41, 2.63]


def test_another_measure_after_the_possessive_is_none(read: Read) -> None:
    text = "# Quantized head gets 3.40% MTP acceptance vs the bf16 head's 71 tok/s\n"
    assert _rates(read, text) == [0.034]


@given(a=st.integers(min_value=1, max_value=9999), b=st.integers(min_value=1, max_value=9999))
def test_any_two_shares(read: Read, a: int, b: int) -> None:
    text = f"# Run A shows {a / 100:.2f}% acceptance vs run B's {b / 100:.2f}% today\n"
    got = _rates(read, text)
    assert len(got) == 2
    assert all(
        g is not None and abs(g - w) < 1e-9 for g, w in zip(got, (a / 1e4, b / 1e4), strict=True)
    )
