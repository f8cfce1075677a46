"""A figure's value said with `has` ('the new head's accept length only has 1.41'): the figure is
that value, as 'is' says it (has_value.py). A conjunction opening the clause ('..., but sglang
accept len has 1.41') is no configuration's name, so the tool before the figure still names its
printer. A value followed by a noun ('has 3 decimals'), a verb after `has`, a multiplier or a
subject naming no figure stay unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTHS = ["accept length", "mean acceptance length", "avg accept len", "acceptance length"]
_RATES = ["acceptance rate", "draft acceptance rate", "accept rate"]
_VERBS = ["has", "had", "only has", "just had", "has only", "had just", "still has"]
_LEADS = ["", "Sadly, ", "The tuned head is better on paper, but ", "After the rebase, our "]
_ENDS = [".", "", ", which is low.", "!", " (greedy).", "?"]


@settings(max_examples=examples(60), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    name=st.sampled_from(_LENGTHS),
    verb=st.sampled_from(_VERBS),
    end=st.sampled_from(_ENDS),
    v=st.integers(105, 690),
    spaces=st.integers(1, 2),
)
def test_a_length_said_with_has_is_read(
    read: Read, lead: str, name: str, verb: str, end: str, v: int, spaces: int
) -> None:
    gap = " " * spaces
    text = f"{lead}{name}{gap}{verb} {v / 100:.2f}{end}\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [pytest.approx(v / 100)]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_RATES),
    verb=st.sampled_from(_VERBS),
    end=st.sampled_from(_ENDS),
    v=st.integers(5, 95),
)
def test_a_rate_said_with_has_is_read(read: Read, name: str, verb: str, end: str, v: int) -> None:
    text = f"On the long prompts the {name} {verb} {v}%{end}\n"
    got = [r.printed_rate for r in read(text).records]
    assert got == [pytest.approx(v / 100)]


@settings(max_examples=examples(30), deadline=None)
@given(
    conj=st.sampled_from(["but", "yet", "so", "while", "though"]),
    verb=st.sampled_from(["has", "only has", "is", "is only"]),
    v=st.integers(105, 690),
)
def test_a_tool_after_a_conjunction_names_the_printer(
    read: Read, conj: str, verb: str, v: int
) -> None:
    text = f"The offline top-1 score looks fine, {conj} sglang accept len {verb} {v / 100:.2f}\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [pytest.approx(v / 100)]
    assert recs[0].tool == "sglang"
    assert recs[0].accept_length == pytest.approx(v / 100)


@pytest.mark.parametrize(
    "text",
    [
        # a value followed by a noun: a property, no value of the figure
        "The accept length has 3 decimals in this dump.\n",
        "The acceptance rate has 2 modes on this set.\n",
        # a verb after 'has': a change, not a level
        "The accept length has dropped 0.3 since the rebase.\n",
        # a multiplier
        "The accept length has 1.4x the old one.\n",
        # a subject naming no figure
        "The tuned draft has 1.41.\n",
    ],
)
def test_negative_control_nothing_read(read: Read, text: str) -> None:
    assert not read(text).records
