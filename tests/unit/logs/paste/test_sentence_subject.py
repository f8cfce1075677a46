"""A key-value pair's name never runs back over a sentence's end: in `... tokens a decode step.
Baseline is 1.` the subject of 'is' is 'Baseline' alone, no acceptance figure; a name in its own
sentence (`Our run finished. Acceptance length is 2.41.`) is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["Mean acceptance length", "**Accept length**", "Average accepted tokens per step"]
_WORDS = ["Baseline", "The floor", "Its minimum", "Without drafts it"]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    words=st.sampled_from(_WORDS),
    verb=st.sampled_from(["is", "was"]),
    value=st.sampled_from(["`1`", "1", "**1**"]),
    dash=st.sampled_from([" — ", ": ", " - "]),
)
def test_a_subject_after_a_sentence_end_is_no_figure(
    name: str, words: str, verb: str, value: str, dash: str
) -> None:
    text = f"- {name}{dash}what the target emits per decode step. {words} {verb} {value}.\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    v=st.integers(1500, 4500),
    lead=st.sampled_from(["Our run finished.", "Measured on the chat set.", "Done!"]),
    verb=st.sampled_from(["is", "was"]),
)
def test_a_name_in_its_own_sentence_is_read(v: int, lead: str, verb: str) -> None:
    text = f"{lead} Mean acceptance length {verb} {v / 1000:.3f}.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == pytest.approx([v / 1000])


@pytest.mark.parametrize("name", ["Acc. Len", "Avg. accept length", "Approx. accept length"])
def test_negative_control_an_abbreviated_name_is_no_sentence_end(name: str) -> None:
    text = f"speculative decoding run\n{name} is 2.40\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.4]
