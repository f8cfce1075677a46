"""'per position' written as a slash, as in a unit ('acceptance rate/position', German tables'
'Akzeptanzrate/Position'): a key of per-position rates, which decide the bonus beside a length
(1 + their sum equal to it); a slash between other words names no positions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(["acceptance rate/position", "Acceptance rate/Pos", "accept rate/position"]),
    st.lists(st.integers(min_value=10, max_value=99), min_size=2, max_size=5),
)
def test_rates_per_position_decide_the_bonus(read: Read, name: str, pcts: list[int]) -> None:
    rates = sorted((p / 100 for p in pcts), reverse=True)
    length = 1 + sum(rates)
    listed = ", ".join(f"{r:.2f}" for r in rates)
    text = (
        "MTP draft\n\n| Metric | Value |\n|---|---|\n"
        f"| mean acceptance length | {length:.2f} |\n| {name} | ({listed}) |\n"
    )
    recs = read(text).records
    assert len(recs) == 1 and recs[0].accept_length is not None
    assert abs(recs[0].accept_length - round(length, 2)) < 1e-9


def test_another_slash_names_no_positions(read: Read) -> None:
    text = (
        "MTP draft\n\n| Metric | Value |\n|---|---|\n"
        "| mean acceptance length | 2.40 |\n| acceptance rate/request | (0.80, 0.60) |\n"
    )
    recs = read(text).records
    assert all(r.accept_length is None for r in recs)
