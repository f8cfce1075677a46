"""A figure a sentence says a change will bring (`the wider head will give us ~2.6 tok/step`) is
a forecast, no run; the same line's figure said in the present or the past is read, even after
a semicolon that closes the forecast's clause (forecast.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_FUTURE = st.sampled_from(
    [
        "will give us",
        "will give",
        "should yield about",
        "would reach",
        "is going to reach roughly",
        "is expected to deliver",
        "'ll get",
        "will probably hit",
    ]
)
_UNIT = st.sampled_from(["tok/step", "tokens per step", "tokens/round", "tok/pass"])


@given(verb=_FUTURE, unit=_UNIT, f=st.integers(110, 690), m=st.integers(110, 690))
def test_the_forecast_is_dropped_the_measured_clause_kept(
    read: Read, verb: str, unit: str, f: int, m: int
) -> None:
    text = (
        "## Notes\n"
        f"Depth 4 {verb} ~{f / 100:.2f} {unit}; the depth-1 drafter now is ~{m / 100:.2f} {unit}.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [round(m / 100, 2)]


@given(verb=_FUTURE, unit=_UNIT, f=st.integers(110, 690))
def test_a_forecast_alone_is_no_record(read: Read, verb: str, unit: str, f: int) -> None:
    text = f"## Plan\nThe three-head build {verb} {f / 100:.2f} {unit} once it lands.\n"
    assert read(text).records == ()


@given(
    verb=st.sampled_from(["gives us", "gave", "reached", "measured", "is now", "hits"]),
    unit=_UNIT,
    v=st.integers(110, 690),
)
def test_the_present_and_the_past_are_read(read: Read, verb: str, unit: str, v: int) -> None:
    text = f"## Results\nThe depth-2 drafter {verb} ~{v / 100:.2f} {unit} on the chat set.\n"
    assert [r.printed_length for r in read(text).records] == [round(v / 100, 2)]


def test_could_stays_a_claim(read: Read) -> None:
    # (a paper's 'could achieve': what its method did, read as before)
    text = "Our tree drafter could achieve 3.12 accept length on the code split.\n"
    assert [r.printed_length for r in read(text).records] == [3.12]


def test_the_unit_of_a_named_figure_in_its_own_clause_is_still_the_unit(read: Read) -> None:
    text = "The accept length is 3.2 tokens per step.\n"
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(3.2, None)]
