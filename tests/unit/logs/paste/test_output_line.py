"""A tool's output line of one run (its tokens, its speed and an acceptance figure, fields apart
by spaced bars or dots) is that run's summary: a sentence below stating the same figure alone
mentions it, no second record. Another value, a line without the run's tokens or speed, or a
sentence stating the figure with counts, is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _out(sep: str, toks: int, speed: float, pct: float, lead: str) -> str:
    return f"{lead}{toks} tokens{sep}{speed:.1f} tok/s{sep}{pct:.1f}% acceptance"


@settings(max_examples=20, deadline=None)
@given(
    sep=st.sampled_from((" | ", " · ", " • ")),
    toks=st.integers(50, 4000),
    speed=st.floats(3.0, 150.0),
    pct=st.floats(20.0, 95.0),
    lead=st.sampled_from(("", "Result: ", "out: ")),
    words=st.sampled_from(
        ("Good acceptance ({v}%) yet slow decoding.", "The {v}% acceptance looks fine to me.")
    ),
)
def test_sentence_restating_is_a_mention(
    sep: str, toks: int, speed: float, pct: float, lead: str, words: str
) -> None:
    text = _out(sep, toks, speed, pct, lead) + "\n\n" + words.format(v=f"{pct:.1f}") + "\n"
    recs = read_paste(text).records
    assert len(recs) == 1
    assert recs[0].printed_rate == pytest.approx(float(f"{pct:.1f}") / 100)


def test_another_value_is_another_record() -> None:
    text = _out(" | ", 800, 15.0, 80.0, "") + "\n\nOn the rerun acceptance was 72.5% instead.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.8, 0.725]


def test_a_line_without_speed_or_tokens_keeps_the_sentence() -> None:
    for line in ("800 tokens | 80.0% acceptance | 3 runs", "15.0 tok/s | 80.0% acceptance | ok"):
        text = line + "\n\nAnother run, acceptance 80.0% too.\n"
        assert len(read_paste(text).records) == 2, line
