"""Tokens the draft proposes a step (`Mean proposed tokens per cycle is 5.00`, `drafted tokens per
step: 3.0`, `spec tokens/round = 6`, `the draft proposes 4.0 tokens per step`) are what the draft
offers, its width, never what the target accepts: no length is read from them. Before, the name's
tail `tokens per cycle` read them as tokens a step, the target's token counted (a false length).
Near misses that still read: accepted tokens a step (`accepted tokens per step`, `accepted drafted
tokens per step`, `drafted tokens accepted per step`), and plain tokens a step."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_STAT = st.sampled_from(["Mean", "Average", "Avg", "avg", "mean", ""])
_WIDTH = st.sampled_from(["proposed", "drafted", "speculated", "draft", "spec"])
_STEP = st.sampled_from(["per cycle", "per step", "/step", "/round", " per verify step", " a step"])


def _name(stat: str, width: str, step: str) -> str:
    unit = f"tokens{step}" if step.startswith("/") else f"tokens {step.strip()}"
    return " ".join(w for w in (stat, width, unit) if w)


@given(
    stat=_STAT,
    width=_WIDTH,
    step=_STEP,
    sep=st.sampled_from([" is ", ": ", " = ", " "]),
    value=st.integers(2, 8),
    decimals=st.sampled_from([0, 1, 2]),
)
def test_tokens_the_draft_offers_give_no_length(
    read: Read, stat: str, width: str, step: str, sep: str, value: int, decimals: int
) -> None:
    text = f"Speculative decoding run.\n{_name(stat, width, step)}{sep}{value:.{decimals}f}\n"
    got = read(text).records
    assert all(r.printed_length is None and r.accept_length is None for r in got)


@given(
    verb=st.sampled_from(["proposes", "drafts", "proposed", "speculates", "drafted"]),
    hedge=st.sampled_from(["", "about ", "~", "on average "]),
    value=st.integers(20, 80),
    step=st.sampled_from(["tokens per step", "tokens/step", "tok/round", "tokens per cycle"]),
)
def test_a_verb_of_drafting_before_the_value_gives_no_length(
    read: Read, verb: str, hedge: str, value: int, step: str
) -> None:
    text = f"With speculative decoding the draft {verb} {hedge}{value / 10:.1f} {step}.\n"
    got = read(text).records
    assert all(r.printed_length is None and r.accept_length is None for r in got)


@given(
    stat=st.sampled_from(["Mean", "Average", "Avg"]),
    noun=st.sampled_from(["drafted tokens", "draft tokens", "proposed tokens"]),
    value=st.integers(105, 390),
)
def test_accepted_drafts_a_step_still_read_without_the_bonus(
    read: Read, stat: str, noun: str, value: int
) -> None:
    text = f"Speculative decoding run.\n{stat} accepted {noun} per step: {value / 100:.2f}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(value / 100)]
    assert [r.accept_length for r in got] == [pytest.approx(1 + value / 100)]


@given(value=st.integers(105, 390))
def test_accepted_tokens_a_step_still_read_undecided(read: Read, value: int) -> None:
    text = f"Speculative decoding run.\nMean accepted tokens per step: {value / 100:.2f}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(value / 100)]
    assert [r.accept_length for r in got] == [None]


def test_the_accepted_beside_the_proposed_reads_alone(read: Read) -> None:
    text = (
        "Speculative decoding run.\n"
        "The draft proposes 5.0 tokens per step and 2.7 tokens per step are accepted.\n"
    )
    got = read(text).records
    # (accepted tokens a step: counted with the target's token by some tools, not by others)
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.7, None)]


def test_plain_tokens_a_step_still_count_the_target_token(read: Read) -> None:
    text = "Speculative decoding run.\nMean tokens per cycle is 3.40\n"
    got = read(text).records
    assert [r.accept_length for r in got] == [pytest.approx(3.4)]


def test_a_table_column_of_the_draft_width_is_no_length(read: Read) -> None:
    text = (
        "| config | proposed tokens/step | accepted tokens/step |\n"
        "|---|---|---|\n"
        "| k=4 | 4.0 | 2.61 |\n"
        "| k=6 | 6.0 | 3.02 |\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [2.61, 3.02]
