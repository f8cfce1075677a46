"""One acceptance figure compared between two settings, each value in brackets right after its
setting and the two joined by 'than' (compared_settings.py): a record each, convention unknown.
A value in brackets after its setting that an earlier line prints digit for digit with the same
setting named before it is that run told again (restated_row._fold_setting). Near misses: a
hedge or a condition, values of two kinds, a rate's name over plain numbers above 1, the verb
over whole counts, no comparison, a setting named before the earlier value that differs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_HEAD = "Speculative decoding with a draft head, batch size 1.\n\n"
_SETTINGS = st.sampled_from(
    ["greedy mode", "sampled mode", "the chat task", "long prompts", "fp8", "batch one", "code"]
)
_PREP = st.sampled_from(["in", "on", "for", "with", "under"])


def _sentence(
    layout: int, name: str, more: str, p1: str, s1: str, v1: str, p2: str, s2: str, v2: str
) -> str:
    first, second = f"{p1} {s1} ({v1})", f"{p2} {s2} ({v2})"
    if layout == 0:  # the comparison before the name
        return f"The new head had {more} {name} {first} than {second}."
    if layout == 1:  # the verb, the comparison after it
        return f"The new head accepted {more} draft tokens {first} than {second}."
    return f"The {name} {first} was {more} than {second}."  # the comparison after the value


@settings(max_examples=60, deadline=None)
@given(
    layout=st.integers(0, 2),
    name=st.sampled_from(["acceptance", "acceptance rate", "draft acceptance"]),
    more=st.sampled_from(["lower", "higher", "fewer", "more", "better", "worse"]),
    p1=_PREP,
    p2=_PREP,
    s1=_SETTINGS,
    s2=_SETTINGS,
    a=st.integers(5, 95),
    b=st.integers(5, 95),
    percent=st.booleans(),
)
def test_a_rate_compared_between_two_settings_is_two_records(
    read: Read,
    layout: int,
    name: str,
    more: str,
    p1: str,
    p2: str,
    s1: str,
    s2: str,
    a: int,
    b: int,
    percent: bool,
) -> None:
    v1, v2 = (f"{a}%", f"{b}%") if percent else (f"{a / 100:.2f}", f"{b / 100:.2f}")
    text = _HEAD + _sentence(layout, name, more, p1, s1, v1, p2, s2, v2) + "\n"
    recs = read(text).records
    assert [r.printed_rate for r in recs] == [pytest.approx(a / 100), pytest.approx(b / 100)]
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(["accept length", "acceptance length", "mean acceptance length"]),
    a=st.integers(110, 480),
    b=st.integers(110, 480),
    s1=_SETTINGS,
    s2=_SETTINGS,
)
def test_a_length_compared_between_two_settings_is_two_records(
    name: str, a: int, b: int, s1: str, s2: str
) -> None:
    text = _HEAD + f"The {name} on {s1} ({a / 100:.2f}) was higher than on {s2} ({b / 100:.2f}).\n"
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [pytest.approx(a / 100), pytest.approx(b / 100)]


@pytest.mark.parametrize(
    "sentence",
    [
        # a hedge or a condition: what the figure would be
        "The acceptance would be lower in greedy mode (0.44) than in sampled mode (0.57).",
        "We expect lower acceptance in greedy mode (0.44) than in sampled mode (0.57).",
        "If the corpus is off, acceptance is lower in greedy mode (0.44) than in sampled mode (0.57).",
        # two kinds of value, a rate over plain numbers above 1, whole counts after the verb
        "Acceptance was lower in greedy mode (0.44) than in sampled mode (57%).",
        "The acceptance rate was lower in greedy mode (2.4) than in sampled mode (3.1).",
        "The head accepted fewer tokens in greedy mode (412) than in sampled mode (577).",
    ],
)
def test_near_misses_give_no_comparison_records(read: Read, sentence: str) -> None:
    assert read(_HEAD + sentence + "\n").records == ()


def test_no_comparison_word_leaves_the_brackets_to_other_readers() -> None:
    recs = read_paste(
        _HEAD + "Throughput in greedy mode (120) than in sampled mode (141).\n"
    ).records
    assert recs == ()


@settings(max_examples=30, deadline=None)
@given(
    old=st.integers(20, 60),
    new=st.integers(61, 90),
    other=st.sampled_from(["sampled mode", "the chat task", "long prompts"]),
)
def test_a_value_told_again_with_its_setting_is_one_record(
    read: Read, old: int, new: int, other: str
) -> None:
    o, n = f"{old / 100:.2f}", f"{new / 100:.2f}"
    text = (
        _HEAD + f"Against the old head, acceptance in greedy mode rises from {o} to {n}.\n\n"
        f"The old head accepted fewer draft tokens in greedy mode ({o}) than in {other} ({n}).\n"
    )
    recs = read(text).records
    # the old head's greedy figure told again: one record; its figure for the other setting is
    # a run of its own though it prints the new head's value
    assert [(r.first_line, r.printed_rate) for r in recs] == [
        (3, pytest.approx(old / 100)),
        (3, pytest.approx(new / 100)),
        (5, pytest.approx(new / 100)),
    ]


def test_negative_control_the_same_value_under_another_setting_stays() -> None:
    text = (
        _HEAD + "Acceptance in sampled mode rises from 0.38 to 0.52.\n\n"
        "The old head had lower acceptance in greedy mode (0.38) than in long prompts (0.45).\n"
    )
    rates = [r.printed_rate for r in read_paste(text).records]
    assert rates.count(0.38) == 2 and 0.45 in rates
