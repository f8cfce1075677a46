"""A length's name scoped to one step at its end ('mean_accepted_length_per_step', 'acceptance
length per verify step'): a length is a step's mean already, so the name is the length's (its
bonus decided as any printed length's: by an identity of the same run, else undecided). Only a
length's name before the scope: a rate, a count or a name of nothing per step stays as before,
and so does a length per anything else ('per token', 'per request')."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_NAMES = [
    "mean_accepted_length",
    "accepted_length",
    "acceptance_length",
    "mean acceptance length",
    "avg accept length",
    "Accept Length",
]
_SCOPES = ["per step", "per verify step", "per_step", "per iteration", "per round", "per_cycle"]


def _spelled(name: str, scope: str) -> str:
    if "_" in name:
        return name + "_" + scope.replace(" ", "_")
    return name + " " + scope.replace("_", " ")


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(_LENGTH_NAMES), scope=st.sampled_from(_SCOPES))
def test_a_length_name_per_step_is_the_length(name: str, scope: str) -> None:
    assert C.key(_spelled(name, scope)).metric == C.LENGTH


@settings(max_examples=examples(25), deadline=None)
@given(
    steps=st.integers(120, 900),
    per_step_cents=st.integers(35, 320),
    name=st.sampled_from(["mean_accepted_length", "acceptance_length", "accepted_length"]),
    scope=st.sampled_from(["per_step", "per_verify_step", "per_iteration"]),
)
def test_a_json_length_per_step_is_printed_and_decided_by_its_counts(
    read: Read, steps: int, per_step_cents: int, name: str, scope: str
) -> None:
    accepted = steps * per_step_cents // 100
    length = 1 + accepted / steps
    assume(abs(length * 1000 % 1 - 0.5) > 1e-6)  # (no half-way point of the printed digits)
    printed = f"{length:.3f}"
    text = (
        "Per-request stats:\n```\n{\n"
        f'  "num_accepted_tokens": {accepted},\n'
        f'  "num_steps": {steps},\n'
        f'  "{name}_{scope}": {printed}\n'
        "}\n```\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [float(printed)]
    assert recs[0].accept_length == float(printed)
    assert recs[0].bonus.value == "included"


@settings(max_examples=examples(25), deadline=None)
@given(cents=st.integers(130, 390), scope=st.sampled_from(["per step", "per verify step"]))
def test_a_length_per_step_alone_is_printed_of_no_convention(cents: int, scope: str) -> None:
    text = f"Summary:\n- accepted length {scope}: {cents / 100:.2f}\n- output tokens: 4096\n"
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [cents / 100]
    assert recs[0].accept_length is None


def test_negative_control_other_figures_per_step_keep_their_reading() -> None:
    for name in (
        "acceptance_rate_per_step",  # a rate per step: no length
        "accepted_length_per_token",  # per token: another scope
        "accept_length_per_request",  # a request's, no step's
        "num_draft_steps",  # a count of steps
        "speculated_tokens_per_step",  # the draft's width
    ):
        assert C.key(name).metric in (None, C.STEPS), name
    assert C.key("accepted tokens per step").metric == C.ACC_PER_STEP
    assert C.key("tokens per step").metric == C.TOK_PER_STEP


def test_negative_control_a_rate_per_step_gives_no_length() -> None:
    text = (
        "Per-request stats:\n```\n{\n"
        '  "num_accepted_tokens": 612,\n'
        '  "acceptance_rate_per_step": 0.71\n'
        "}\n```\n"
    )
    assert all(r.printed_length is None for r in read_paste(text).records)
