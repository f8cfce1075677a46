"""A figure's value followed by 'or' and another number ('a rate of exactly 0 or 1', '2.5 or
3.0'): the values a figure can take, either of them, not one run's measurement. No record;
a value followed by 'or' and words only ('or so', 'or better') stays the run's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["acceptance rate", "draft acceptance", "accept rate", "acceptance length", "accept len"]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    pair=st.sampled_from([("0", "1"), ("0.0", "1.0"), ("2.5", "3.0"), ("40%", "60%")]),
    hedge=st.sampled_from(["", "exactly ", "either "]),
    lead=st.sampled_from(["With one MTP cycle per turn, the gate sees", "A one-step probe gives"]),
)
def test_alternatives_are_no_record(
    read: Read, name: str, pair: tuple[str, str], hedge: str, lead: str
) -> None:
    a, b = pair
    text = f"{lead} an {name} of {hedge}{a} or {b}, which tells the gate nothing.\n"
    got = read(text)
    assert not got.records, text


@settings(max_examples=examples(30), deadline=None)
@given(
    tail=st.sampled_from(["or so", "or better", "or thereabouts", "or less on code"]),
    value=st.sampled_from(["61.5%", "0.72", "68%"]),
)
def test_a_value_before_or_and_words_stays(read: Read, tail: str, value: str) -> None:
    text = f"With the MTP head on, the draft acceptance rate was {value} {tail} on chat.\n"
    (r,) = read(text).records
    assert (
        r.printed_rate is not None
        and abs(r.printed_rate - float(value.rstrip("%")) / (100 if value.endswith("%") else 1))
        < 1e-9
    )
