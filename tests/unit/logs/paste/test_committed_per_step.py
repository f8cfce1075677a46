"""Tokens a verify step commits (its accepted drafts and the target's own token) are tokens per
step, a length with the bonus included; accepted DRAFT tokens per step leave the bonus out (the
length is 1 + them); a count whose name says it includes the bonus follows what it says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_STEPS = ["step", "verify step", "draft/verify step", "verification step", "draft-verify step"]


def _one(text: str) -> tuple[float | None, float | None, str]:
    got = read_paste(text).records
    assert len(got) == 1, got
    return got[0].printed_length, got[0].accept_length, got[0].bonus.value


@settings(max_examples=examples(40), deadline=None)
@given(
    tenths=st.integers(11, 79),
    step=st.sampled_from(_STEPS),
    form=st.sampled_from(
        [
            "EAGLE-3 on MT-bench: {v} tokens committed per {s}.",
            "With the new head we see {v} tokens committed per {s} on chat.",
            "committed tokens per {s}: {v}",
            "tokens committed per {s}: {v}",
            "Mean committed tokens per {s} = {v}",
        ]
    ),
)
def test_tokens_committed_per_step_are_a_length_bonus_included(
    tenths: int, step: str, form: str
) -> None:
    v = f"{tenths / 10:.1f}"
    printed, length, bonus = _one(form.format(v=v, s=step) + "\n")
    assert (printed, length, bonus) == (float(v), float(v), "included")


@settings(max_examples=examples(25), deadline=None)
@given(tenths=st.integers(11, 79), step=st.sampled_from(_STEPS))
def test_a_committed_column_is_a_length_bonus_included(tenths: int, step: str) -> None:
    v = f"{tenths / 10:.2f}"
    text = pipe_table(["config", "tok/s", f"tokens committed per {step}"], [["k=4", "121.5", v]])
    printed, length, bonus = _one("Speculative decoding sweep\n\n" + text)
    assert (printed, length, bonus) == (float(v), float(v), "included")


@settings(max_examples=examples(25), deadline=None)
@given(
    tenths=st.integers(5, 60),
    form=st.sampled_from(
        [
            "accepted draft tokens per step: {v}",
            "Accepted draft tokens per verify step: {v}",
            "The draft kept {v} accepted draft tokens per step on code.",
            "mean accepted draft tokens per step = {v}",
        ]
    ),
)
def test_accepted_draft_tokens_per_step_leave_the_bonus_out(tenths: int, form: str) -> None:
    v = tenths / 10
    printed, length, bonus = _one(form.format(v=f"{v:.1f}") + "\n")
    assert printed == v and bonus == "excluded"
    assert length is not None and abs(length - (1 + v)) < 1e-9


@settings(max_examples=examples(25), deadline=None)
@given(
    tenths=st.integers(11, 79),
    step=st.sampled_from(["step", "verification step", "verify step", "round"]),
    incl=st.sampled_from(["(incl. bonus)", "(including the bonus token)", "(with bonus)"]),
    first=st.booleans(),
)
def test_tokens_accepted_per_step_said_to_include_the_bonus(
    tenths: int, step: str, incl: str, first: bool
) -> None:
    v = f"{tenths / 10:.1f}"
    text = (
        f"The EAGLE head kept {v} tokens accepted per {step} {incl} on MT-bench.\n"
        if first
        else f"tokens accepted per {step} {incl}: {v}\n"
    )
    printed, length, bonus = _one(text)
    assert (printed, length, bonus) == (float(v), float(v), "included")


def test_tokens_accepted_per_step_said_to_exclude_the_bonus() -> None:
    printed, length, bonus = _one(
        "The EAGLE head kept 2.4 tokens accepted per verification step (excl. bonus).\n"
    )
    assert (printed, length, bonus) == (2.4, 3.4, "excluded")


def test_negative_control_tokens_accepted_per_step_alone_stay_undecided() -> None:
    # some tools count the target's own token in 'accepted tokens per step', some do not
    printed, length, bonus = _one("The EAGLE head kept 2.4 tokens accepted per verify step.\n")
    assert (printed, length, bonus) == (2.4, None, "unknown")


def test_negative_control_accepted_drafts_said_to_include_the_bonus_stay_undecided() -> None:
    # accepted DRAFT tokens with the bonus say two things at once
    printed, length, bonus = _one("accepted draft tokens per step (incl. bonus): 3.4\n")
    assert (printed, length, bonus) == (3.4, None, "unknown")


def test_negative_control_committed_in_another_sense_is_no_figure() -> None:
    text = "We committed 3 fixes per release step and 12 tokens of budget to the docs.\n"
    assert read_paste(text).records == ()


def test_a_bonus_clause_leaves_the_rest_of_the_line_read_as_written() -> None:
    # the clause's reader once rebound the line's text to the key's name: figures after it
    # were checked against the wrong string (a range read as its low end, a bound as a value)
    for after in ("acceptance rate 60-70% across runs", "acceptance rate at most 71%"):
        text = f"The head kept 2.4 tokens accepted per verification step (excl. bonus); {after}.\n"
        (r,) = read_paste(text).records
        assert (r.printed_length, r.accept_length, r.printed_rate) == (2.4, 3.4, None), after
