"""A figure's second value told where a setting's range starts ('... 2.31 at batch 1 and 1.64
from batch 32 on', '... and 1.64 beyond 16k tokens') is that figure again, on its own run:
one record a value, as 'and 1.64 at batch 32' already was. 'from' before a number is a change's
start ('1.64 from 2.0 before'), never such a range: that value stays unread as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["Acceptance length", "Mean accept length", "Accept len"])


@settings(max_examples=40, deadline=None)
@given(
    name=_NAMES,
    a=st.integers(150, 390),
    b=st.integers(110, 149),
    first=st.sampled_from(["at C=1/4", "at batch 1", "on short prompts", "at low load"]),
    second=st.sampled_from(
        ["from C=32 on", "from batch 16 upward", "beyond 16k tokens", "beyond C=64"]
    ),
)
def test_the_value_after_and_is_its_own_record(
    read: Read, name: str, a: int, b: int, first: str, second: str
) -> None:
    text = f"- {name} is {a / 100:.2f} {first} and {b / 100:.2f} {second}. Worth a look.\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [a / 100, b / 100]


@settings(max_examples=20, deadline=None)
@given(name=_NAMES, a=st.integers(150, 390), b=st.integers(110, 149))
def test_from_a_number_is_no_range_of_settings(read: Read, name: str, a: int, b: int) -> None:
    text = f"- {name} is {a / 100:.2f} at C=1 and {b / 100:.2f} from 2.95 before. Worth a look.\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [a / 100]
