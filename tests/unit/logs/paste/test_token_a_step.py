"""A paste saying its target decodes one token a step whatever is accepted (token_a_step.py):
no length computed from a rate or from counts (1 + rate under one draft a step, 1 + k x rate
under a fixed k); the rates stay as printed. A step per draft token, a batched verify the paste
has, or the statement undone (`no longer needs ...`) computes the length as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import token_a_step as TAS
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ONE_DRAFT = ["γ=1", "k=1", "--draft-max 1", "num_speculative_tokens=1"]
# the statement, in a bracket of the setting or a sentence of its own
_SAID_IN_BRACKET = ["no batched verify yet", "without batched verification", "no parallel verify"]
_SAID_SENTENCE = [
    "Speedup stays at {x}x because each step does 1 target decode per token.",
    "No gain yet: one target forward pass per generated token regardless of acceptance.",
    "Still a single target step for every output token; batched verify is not implemented.",
]
# near misses: the length computed as before
_NOT_SAID = [
    "Speedup is {x}x with one target forward per draft round.",
    "The fused kernel no longer needs one target decode per token.",
    "Batched verify enabled; speedup {x}x.",
    "Speedup is {x}x.",
]


def _rate_text(setting: str, bracket: str, sentence: str, pct: int, prompts: int) -> str:
    inside = f"{setting}, {bracket}" if bracket else setting
    return (
        f"Result on {prompts} prompts x 32 tokens ({inside}):\n"
        f"acceptance_rate = {pct / 10:.1f}%\n"
        + (sentence.format(x="0.95") + "\n" if sentence else "")
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    setting=st.sampled_from(_ONE_DRAFT),
    where=st.sampled_from(["bracket", "sentence", "both"]),
    bracket=st.sampled_from(_SAID_IN_BRACKET),
    sentence=st.sampled_from(_SAID_SENTENCE),
    pct=st.integers(10, 990),
    prompts=st.integers(2, 64),
)
def test_one_token_a_target_step_computes_no_length(
    read: Read, setting: str, where: str, bracket: str, sentence: str, pct: int, prompts: int
) -> None:
    text = _rate_text(
        setting,
        bracket if where != "sentence" else "",
        sentence if where != "bracket" else "",
        pct,
        prompts,
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(pct / 1000)]
    assert [r.accept_length for r in got] == [None]


@settings(max_examples=examples(60), deadline=None)
@given(
    setting=st.sampled_from(_ONE_DRAFT),
    sentence=st.sampled_from(_NOT_SAID),
    pct=st.integers(10, 990),
    prompts=st.integers(2, 64),
)
def test_without_the_statement_one_draft_gives_one_plus_rate(
    read: Read, setting: str, sentence: str, pct: int, prompts: int
) -> None:
    got = read(_rate_text(setting, "", sentence, pct, prompts)).records
    assert [r.accept_length for r in got] == [pytest.approx(1 + pct / 1000)]


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(2, 7), pct=st.integers(10, 990), said=st.booleans())
def test_a_fixed_k_gives_no_length_under_the_statement(
    read: Read, k: int, pct: int, said: bool
) -> None:
    text = (
        "vllm serve org/model --speculative-config "
        f'\'{{"method": "eagle3", "num_speculative_tokens": {k}}}\'\n\n'
        f"Draft acceptance rate: {pct / 10:.1f}%\n"
        + ("Still one target decode per token: no batched verify yet.\n" if said else "")
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(pct / 1000)]
    want = None if said else pytest.approx(1 + k * pct / 1000)
    assert [r.accept_length for r in got] == [want]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("γ=1 does 1 target decode per token", True),
        ("one target forward pass for each generated token", True),
        ("(k=1, no batched verify yet)", True),
        ("batched target verify is not yet implemented", True),
        ("one target forward per draft token", False),
        ("no longer one target decode per token", False),
        ("with batched verify", False),
        ("one draft decode per token", False),
    ],
)
def test_said(text: str, said: bool) -> None:
    assert (TAS.said(text) is not None) == said
