"""A count of accepted drafts shared by the runs compared, `the same` between the verb and the
count (interpret._SAME_COUNT): read as `accepted A of D`, one record of their quotient; `the
same` before no count, or before a count of something else, gives nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_VERBS = st.sampled_from(["accepted the same", "accepted exactly the same"])
_NOUNS = st.sampled_from(["drafted tokens", "draft tokens", "drafts"])
_OFS = st.sampled_from(["of", "out of"])


@settings(max_examples=examples(30), deadline=None)
@given(verb=_VERBS, noun=_NOUNS, of=_OFS, d=st.integers(100, 5000), pct=st.integers(30, 95))
def test_the_shared_count_is_read(read, verb: str, noun: str, of: str, d: int, pct: int) -> None:
    a = d * pct // 100
    text = (
        "MTP draft depth capped.\n\n"
        f"Both builds gave identical text and {verb} {a} {of} {d} {noun}.\n"
    )
    assert [(r.accepted_tokens, r.drafted_tokens) for r in read(text).records] == [(a, d)]


@pytest.mark.parametrize(
    "line",
    [
        "Both builds accepted the same flags and ran 3 times.",  # no count after 'the same'
        "Both builds accepted the same 4 of 6 config files.",  # a count of files, no drafts
    ],
)
def test_the_same_without_a_count_of_drafts_is_no_record(read, line: str) -> None:
    text = f"MTP draft depth capped.\n\n{line}\n"
    assert not read(text).records
