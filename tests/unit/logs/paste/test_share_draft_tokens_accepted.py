"""A share before 'draft tokens accepted' with or without 'of' ('64.5% draft tokens accepted', as
a chat app's stats readout prints it, beside '64.5% of drafted tokens accepted'): the acceptance
rate, one record. Near misses: a goal, a condition, a template's placeholder."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    tenths=st.integers(1, 999),
    of=st.sampled_from(["", "of ", "of the "]),
    noun=st.sampled_from(["draft", "drafted", "speculative", "proposed"]),
    verb=st.sampled_from(["", "were ", "got "]),
    layout=st.integers(0, 2),
)
def test_share_before_tokens_accepted(
    read: Read, tenths: int, of: str, noun: str, verb: str, layout: int
) -> None:
    fig = f"{tenths / 10:.1f}% {of}{noun} tokens {verb}accepted"
    text = [
        f"`41 tok/sec · 388 tokens · {fig}`\n",
        f"Speculative decoding on the laptop: {fig}.\n",
        f"- draft model run, {fig}\n",
    ][layout]
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(tenths / 1000), text
    assert r.accept_length is None


@pytest.mark.parametrize(
    "line",
    [
        "Our target is 70.0% draft tokens accepted by next release.",
        "If 70.0% draft tokens accepted, decoding would double.",
        "The footer shows `X.X% draft tokens accepted` when a draft model is on.",
    ],
)
def test_near_misses_read_nothing(read: Read, line: str) -> None:
    assert read(line + "\n").records == ()
