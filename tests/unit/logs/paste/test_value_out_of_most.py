"""A figure's value printed out of its most ('accept length at 2.93 out of 4.0'): the 'of' of
'out of' after a number is no separator, so the value is the number before it, never the most
after it (before: the key ran over the value, '... at 2.93 out', and the most was read). Near
misses: 'of' as the separator right after the name stays one, a value with no 'out of' reads as
before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["accept length", "acceptance length", "mean accepted length"]
_LINKS = ["at", "near", "reaching", "around"]
_MOSTS = ["4", "4.0", "5", "6.0"]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    link=st.sampled_from(_LINKS),
    most=st.sampled_from(_MOSTS),
    value=st.integers(110, 399),
    tail=st.sampled_from([".", ", close to the most.", " on the chat set."]),
)
def test_the_value_before_out_of_is_read(
    read: Read, name: str, link: str, most: str, value: int, tail: str
) -> None:
    text = f"The tuned head ran with {name} {link} {value / 100:.2f} out of {most}{tail}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [value / 100]


def test_of_right_after_the_name_is_still_the_separator(read: Read) -> None:
    got = read("The run gave an accept length of 2.61 out of 4.\n").records
    assert [r.printed_length for r in got] == [2.61]
    got = read("The run gave an accept length of 2.61 on chat.\n").records
    assert [r.printed_length for r in got] == [2.61]


def test_no_record_holds_the_most(read: Read) -> None:
    got = read("Drafting held accept length at 3.12 out of 5.0 for the long prompts.\n").records
    assert 5.0 not in [r.printed_length for r in got]
