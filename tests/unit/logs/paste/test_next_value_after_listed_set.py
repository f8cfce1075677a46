"""A figure's value measured over a set whose members a bracket lists, then `and` and the same
figure's value on another set (`a mean acceptance length of 2.91 over 6 suites (chat, code,
math, ...) and 2.40 on long prompts`): each value its own run's, one record each, as with a
short bracket or none. A value of another form (a whole number after a decimal, a share after a
length) or a measure named after it stay unread as that figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_MEMBERS = ["chat", "code", "math", "science", "roleplay", "long documents", "translation", "QA"]


@settings(max_examples=examples(60), deadline=None)
@given(
    prep=st.sampled_from(["over", "across", "on"]),
    n=st.integers(2, 8),
    members=st.lists(st.sampled_from(_MEMBERS), min_size=2, max_size=8, unique=True),
    first=st.integers(150, 690),
    second=st.integers(150, 690),
    lead=st.sampled_from(["At depth 6 the draft reaches", "The head gets", "We measured"]),
)
def test_the_second_value_after_a_listed_set_is_a_run(
    prep: str, n: int, members: list[str], first: int, second: int, lead: str
) -> None:
    a, b = f"{first / 100:.2f}", f"{second / 100:.3f}"
    text = (
        f"{lead} a mean acceptance length of {a} {prep} {n} suites ({', '.join(members)}) "
        f"and {b} on the long-context prompts.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [float(a), float(b)]
    assert all(r.accept_length is None for r in got)


def test_negative_control_a_whole_number_after_the_bracket_is_no_value() -> None:
    text = (
        "The head reaches a mean acceptance length of 2.91 over 4 suites (chat, code, math, "
        "science) and 12 on the count of prompts.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.91]


def test_negative_control_a_speed_after_the_bracket_is_no_length() -> None:
    text = (
        "The head reaches a mean acceptance length of 2.91 over 4 suites (chat, code, math, "
        "science) and 41.5 tok/s on the long prompts.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.91]


def test_the_example_of_the_docs() -> None:
    text = (
        "a mean acceptance length of 2.91 over 6 suites (chat, code, math, science, roleplay, "
        "QA) and 2.40 on long prompts\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.91, 2.40]


@settings(max_examples=examples(30), deadline=None)
@given(
    unit=st.sampled_from(["tok/s", "tokens/s", "tokens per second", "tok/sec"]),
    speed=st.integers(150, 990),
)
def test_negative_control_a_speed_after_a_short_qualifier_is_no_length(
    unit: str, speed: int
) -> None:
    # (before: the speed was read as the length's next value, its unit taken for a step's)
    text = f"The draft reaches a mean acceptance length of 2.64 on code and {speed / 10} {unit} on chat.\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.64]
