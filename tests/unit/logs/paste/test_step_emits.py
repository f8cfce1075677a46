"""A verify step as a sentence's subject, emitting its tokens (`step_emits.py`): `Each cycle
takes 21 ms and emits 2.64 tokens` is tokens per verify step, the target's own token counted
(bonus included), one record; `the same 2.64 tokens` said again later is no record of its own.
A modal or a condition (`would emit`, `if a round emits`), a whole number, a speed, another
noun, or another subject read nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SUBJECTS = st.sampled_from(
    [
        "A round",
        "Each verify step",
        "Every iteration",
        "One cycle",
        "The average step",
        "A forward pass",
        "One verify",
    ]
)
_GAPS = st.sampled_from(
    ["", " takes 21.5 ms and", " now", " on the long prompts", " costs ~38 ms, and"]
)
_VERBS = st.sampled_from(["emits", "emitted", "commits", "produces", "yields", "returns"])
_HEDGES = st.sampled_from(["", "about ", "on average ", "~"])
_TAILS = st.sampled_from(
    [".", " on the code set.", ". Halving the draft cost keeps the same {v} tokens."]
)


@settings(max_examples=examples(60), deadline=None)
@given(
    subj=_SUBJECTS,
    gap=_GAPS,
    verb=_VERBS,
    hedge=_HEDGES,
    x=st.integers(101, 790),
    tail=_TAILS,
    lead=st.booleans(),
)
def test_a_step_emitting_decimal_tokens_is_tokens_per_step(
    read: Read, subj: str, gap: str, verb: str, hedge: str, x: int, tail: str, lead: bool
) -> None:
    v = f"{x / 100:.2f}"
    # (the block speaks of drafting before or after the sentence: a candidate of the readers)
    before, after = (
        ("Profiled with the drafter on. ", "") if lead else ("", " The drafter is cheap.")
    )
    text = f"{before}{subj}{gap} {verb} {hedge}{v} tokens{tail.format(v=v)}{after}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(x / 100)]
    assert got[0].accept_length == pytest.approx(x / 100)
    assert got[0].bonus.value == "included"


@settings(max_examples=examples(40), deadline=None)
@given(
    # ('each verify step emits' is read by the key-value reader as a key naming its unit,
    # before and apart from this rule)
    subj=st.sampled_from(["A round", "Every iteration", "One cycle", "A forward pass"]),
    x=st.integers(101, 790),
    shape=st.sampled_from(
        [
            "{s} would emit {v} tokens with a free drafter.",
            "If {s2} emits {v} tokens, the drafter pays off.",
            "{s} could emit {v} tokens at best.",
            "{s} emits {v} tokens/s on the slow host.",
            "{s} emits {v} tokens per second on the slow host.",
            "{s} emits {v} log lines with the drafter on.",
            "The drafter emits {v} tokens per call.",
            "{s} emits {w} tokens with the drafter on.",
        ]
    ),
)
def test_negative_control_a_modal_condition_speed_or_other_subject_reads_nothing(
    read: Read, subj: str, x: int, shape: str
) -> None:
    said = shape.format(s=subj, s2=subj.lower(), v=f"{x / 100:.2f}", w=x // 100 + 1)
    text = f"Profiled with the drafter on. {said}\n"
    assert read(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    subj=_SUBJECTS,
    gap=st.sampled_from([" costs about 4 % of a", " takes 21.5 ms on a", " on the long"]),
    verb=_VERBS,
    x=st.integers(101, 790),
    rate=st.sampled_from(["", " at 7.5 % acceptance"]),
)
def test_the_sentence_wrapped_after_its_subject_is_read_as_one(
    read: Read, subj: str, gap: str, verb: str, x: int, rate: str
) -> None:
    v = f"{x / 100:.2f}"
    text = (
        f"Profiled with the drafter on: {subj.lower()}{gap}\nprompt and {verb} {v} tokens{rate}.\n"
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [pytest.approx(x / 100)]
    assert got[0].printed_length == pytest.approx(x / 100)


@pytest.mark.parametrize(
    "text",
    [
        # another subject on the next line, a sentence ended before it, a modal, a list item
        "Profiled with the drafter on: one verify costs 4 % of a\nprompt; the drafter returns "
        "2.35 tokens.\n",
        "Profiled with the drafter on: one verify costs 30 ms.\nThe drafter returns 2.35 tokens.\n",
        "Profiled with the drafter on: one verify would cost 4 % of a\nprompt and return 2.35 "
        "tokens.\n",
        "Profiled with the drafter on: one verify costs 4 % of a prompt\n- returns 2.35 tokens\n",
        "Profiled with the drafter on: one verify returns 3 tokens.\n",
    ],
)
def test_negative_control_no_wrapped_sentence_of_a_step_reads_nothing(
    read: Read, text: str
) -> None:
    assert [r.accept_length for r in read(text).records if r.accept_length is not None] == []
