"""An error word said after the thing of the run it qualifies ('MTP broken', 'the draft head is
broken', 'the fp4 build was buggy'), then a rate at a bound ('0% acceptance'): the drafter or
build is broken and the run measured its drafts at that rate, as 'a broken draft head' before its
noun already says (misreported._of_a_thing); the rate is read. Near misses: the figure or its
counter called broken ('the stats are broken', 'acceptance rate broken'), a pronoun ('it is
broken'), or a bug named in the sentence: the bound stays the bug's, no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_THINGS = ["MTP", "the draft head", "Model-Z fp4 MTP", "the EAGLE drafter", "spec decode"]
_COPULA = ["", "is ", "was ", "looks "]
_WORD = ["broken", "buggy"]


@settings(max_examples=examples(30), deadline=None)
@given(
    thing=st.sampled_from(_THINGS),
    copula=st.sampled_from(_COPULA),
    word=st.sampled_from(_WORD),
    bold=st.booleans(),
    zero=st.sampled_from(["0%", "0.0%"]),
)
def test_a_broken_drafter_measured_at_zero(
    read: Read, thing: str, copula: str, word: str, bold: bool, zero: str
) -> None:
    head = f"{thing} {copula}{word}"
    head = f"**{head}**" if bold else head
    got = read(f"- {head}: {zero} acceptance rate on the long prompts, retried twice\n").records
    assert [r.printed_rate for r in got] == [0.0]


@pytest.mark.parametrize(
    "line",
    [
        "- The stats are broken: 0% acceptance rate on the long prompts, retried twice",
        "- Acceptance rate broken: 0% on the long prompts, retried twice",
        "- It is broken: 0% acceptance rate on the long prompts, retried twice",
        "- MTP broken by a bug: 0% acceptance rate on the long prompts, retried twice",
    ],
)
def test_a_broken_figure_or_a_bug_keeps_the_bound_unread(read: Read, line: str) -> None:
    assert all(r.printed_rate != 0.0 for r in read(line + "\n").records)
