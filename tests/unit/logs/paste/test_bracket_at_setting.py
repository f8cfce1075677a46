"""A rate's name (plural or not, perhaps qualified after `for`, `on`, `in`, `with`), then a
bracket of one rate at one setting (`draft acceptance rates for the big build (66.0% at k=3)`):
one record of that rate, the setting its label (bracket_at.py). Two values, a range, a signed
change, a value of another kind or no setting in the bracket leave the sentence unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.bracket_at import rewritten
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "We tried speculative decoding with a small drafter on three builds.\n\n"
_NAMES = st.sampled_from(
    ["acceptance rates", "acceptance rate", "draft acceptance rates", "token accept rate"]
)
_QUALIFIERS = st.sampled_from(["", " for long prompts", " on the tuned head", " with greedy"])
_SETTINGS = st.sampled_from(["k=3", "gamma = 2", "depth=4", "n_max=2"])
_LEADS = st.sampled_from(
    [
        "The 3-bit build keeps high {body}.",
        "- Even the tiny build shows stable {body}, which surprised us.",
        "Notably, {body} held across seeds.",
    ]
)


@settings(max_examples=examples(50), deadline=None)
@given(
    name=_NAMES,
    q=_QUALIFIERS,
    setting=_SETTINGS,
    share=st.integers(200, 990),
    pct=st.booleans(),
    lead=_LEADS,
)
def test_one_rate_at_one_setting(
    read: Read, name: str, q: str, setting: str, share: int, pct: bool, lead: str
) -> None:
    value = f"{share / 10:.1f}%" if pct else f"{share / 1000:.3f}".lstrip("0")
    text = _LEAD + lead.format(body=f"{name}{q} ({value} at {setting})") + "\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(share / 1000)]
    # read as the rate's value at that setting is (the setting a label, k's rules alike)
    plain = name.rstrip("s") + f" of {value}{q} at {setting}"
    same = read(_LEAD + lead.format(body=plain) + "\n").records
    assert [(r.accept_length, r.labels) for r in got] == [(r.accept_length, r.labels) for r in same]


@pytest.mark.parametrize(
    "bracket",
    [
        "(71.0% and 64.0% at k=3)",  # two values
        "(60-70% at k=3)",  # a range
        "(+5.0% at k=3)",  # a change
        "(3.1x at k=3)",  # a speedup
        "(12 ms at k=3)",  # a latency
        "(71.0% overall)",  # no setting
    ],
)
def test_near_misses_stay_as_written(bracket: str) -> None:
    line = f"The 3-bit build keeps high acceptance rates for long prompts {bracket}."
    assert rewritten([line], line) == [line]


def test_words_between_other_than_a_qualifier_stay() -> None:
    line = "Acceptance rates dropped sharply on long prompts (71.0% at k=3)."
    assert rewritten([line], line) == [line]


def test_the_rewritten_sentence() -> None:
    line = "Stable acceptance rates for the tuned head (71.0% at k=3)."
    assert rewritten([line], line) == ["Stable acceptance rate of 71.0% for the tuned head at k=3."]
