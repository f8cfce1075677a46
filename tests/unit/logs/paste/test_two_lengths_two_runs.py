"""Tokens a step and a length in one run of prose, at values no identity joins (the tokens a step
neither equal to the length nor one more): two runs, a record each, never one record printing
the later value with the earlier one lost (interpret._other_length). Equal values, or tokens a
step one more than the length (the target's own token), stay one run."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@given(a=st.integers(15, 49), b=st.integers(150, 590))
def test_two_values_no_identity_joins_are_two_records(read: Read, a: int, b: int) -> None:
    step, length = a / 10, b / 100
    assume(abs(step - length) > 0.06 and abs(step - length - 1) > 0.06)
    text = (
        "Performance\n"
        f"Tokens per step is {step:.1f} on the chain drafter. "
        f"The tree drafter raises accept length to ~{length:.2f} but costs more.\n"
    )
    got = read(text).records
    assert sorted(r.printed_length for r in got) == sorted([step, length])


@given(a=st.integers(5, 39))
def test_tokens_a_step_one_more_than_the_length_stay_one_run(read: Read, a: int) -> None:
    acc = a / 10
    text = f"Performance\nAccept length {acc:.1f} ({acc + 1:.1f} tokens/step) on the chat set.\n"
    assert len(read(text).records) == 1


@given(a=st.integers(21, 39), b=st.integers(41, 59))
def test_one_sentence_printing_both_stays_one_record(read: Read, a: int, b: int) -> None:
    text = (
        f"Performance\nThe head reaches an acceptance length of {a / 10:.1f} on set A, "
        f"and the other run {b / 10:.1f} tokens per step.\n"
    )
    assert len(read(text).records) == 1


@given(a=st.integers(15, 29), b=st.integers(310, 590))
def test_a_sentence_wrapped_over_two_lines_ends_before_the_second(
    read: Read, a: int, b: int
) -> None:
    text = (
        "Performance\n"
        f"Tokens per step is {a / 10:.1f} on the chain drafter. Tree drafting\n"
        f"raises accept length to ~{b / 100:.2f} but costs more.\n"
    )
    assert sorted(r.printed_length for r in read(text).records) == sorted([a / 10, b / 100])
