"""A level held, its bare value ending the clause (`the acceptance rate remains 0.`, `stays 0%
when the draft is made longer`, `the acceptance rate stayed 37.5% on chat`): the figure the run
kept, one record (arrival.py). A value going on to a comparison (`remains 12% lower`, `stays 2
points below`), a multiplier, a range, or a sentence under a condition (`if ...`) is none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_CONTEXT = "Using MTP speculative decoding on a 30B target, "


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(["remains", "remained", "stays", "stayed"]),
    name=st.sampled_from(["the acceptance rate", "draft acceptance rate", "the accept rate"]),
    pct=st.integers(1, 95),
    percent=st.booleans(),
    tail=st.sampled_from(
        [".", ", which is odd.", " when the draft is made longer.", " across all prompts.", ""]
    ),
)
def test_a_bare_value_held_is_read(
    read: Read, verb: str, name: str, pct: int, percent: bool, tail: str
) -> None:
    shown = f"{pct}%" if percent else f"{pct / 100:.2f}"
    text = f"{_CONTEXT}{name} {verb} {shown}{tail}\n"
    assert [r.printed_rate for r in read(text).records] == [round(pct / 100, 4)]


@given(verb=st.sampled_from(["remains", "stays", "remained"]))
@settings(max_examples=examples(10), deadline=None)
def test_zero_held_is_one_token_a_step(read: Read, verb: str) -> None:
    text = f"# [Bug]: with MTP speculative decoding the acceptance rate {verb} 0 when k grows\n"
    recs = read(text).records
    assert [(r.printed_rate, r.accept_length) for r in recs] == [(0.0, 1.0)]


@settings(max_examples=examples(30), deadline=None)
@given(
    verb=st.sampled_from(["remains", "stayed"]),
    after=st.sampled_from(
        [
            "{v}% lower than the baseline.",
            "{v} points below the baseline.",
            "{v}x of the baseline.",
            "{v} to 80% on code.",
            "{v} - 80%.",
            "{v} of 90.",
            "{v}.5 tokens longer.",
            "{v}.25x.",
        ]
    ),
    v=st.integers(2, 40),
)
def test_negative_control_a_value_going_on_is_no_record(
    read: Read, verb: str, after: str, v: int
) -> None:
    text = f"{_CONTEXT}the acceptance rate {verb} {after.format(v=v)}\n"
    assert read(text).records == ()


def test_negative_control_a_held_value_under_a_condition_is_no_record(read: Read) -> None:
    text = f"{_CONTEXT}if the draft is cut, the acceptance rate remains 45%.\n"
    assert read(text).records == ()
