"""A sentence opening with 'some' and a plural noun whose figure is set against 'others' in a
later clause ('Some prompts reach 85% acceptance; others 25%'): the spread of a kind of thing,
no run of its own, no record. A run named by its subject, or 'some' with no 'others' after it,
is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NOUNS = ["prompts", "tasks", "workloads", "code files", "chat turns"]


@settings(max_examples=examples(40), deadline=None)
@given(
    noun=st.sampled_from(_NOUNS),
    verb=st.sampled_from(["show", "reach", "get", "see"]),
    hi=st.integers(60, 95),
    lo=st.integers(5, 45),
    joint=st.sampled_from(["; others", ", while others", ", but others", "; others show"]),
)
def test_some_against_others_is_no_record(
    noun: str, verb: str, hi: int, lo: int, joint: str
) -> None:
    text = (
        "Why the benchmark set matters for speculative decoding. "
        f"Some {noun} {verb} {hi}% draft acceptance{joint} {lo}%. That is why we test many.\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(noun=st.sampled_from(_NOUNS), hi=st.integers(60, 95), lo=st.integers(5, 45))
def test_named_runs_or_some_alone_are_read(noun: str, hi: int, lo: int) -> None:
    named = f"Our {noun} reach {hi}% draft acceptance; the old set got {lo}%.\n"
    assert [r.printed_rate for r in read_paste(named).records] == pytest.approx(
        [hi / 100, lo / 100]
    )
    alone = f"On our cluster some {noun} reach {hi}% draft acceptance.\n"
    assert [r.printed_rate for r in read_paste(alone).records] == pytest.approx([hi / 100])
