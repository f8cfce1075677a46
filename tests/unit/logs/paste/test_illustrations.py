"""Counts in prose illustrating what code does (a generic subject, `a value that ... had 1/48
tokens accepted`; a supposition, `suppose a draft of 5 where 3 are accepted`, `e.g. if 2/4
tokens are accepted`) are no run: no record. Prose reporting a run is still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    subject=st.sampled_from(
        ["A value that", "An entry that", "A candidate which", "One continuation that"]
    ),
    a=st.integers(1, 20),
    b=st.integers(30, 64),
    c=st.integers(21, 29),
)
def test_counts_of_a_generic_subject_are_no_record(subject: str, a: int, b: int, c: int) -> None:
    text = (
        "The n-gram cache picks the continuation seen most often, never the best accepted. "
        f"{subject} appeared 10 times but only had {a}/{b} tokens accepted was preferred over "
        f"one with {c}/{b} accepted.\n"
    )
    got = read_paste(text)
    assert got.records == ()
    assert any("not measured" in u.reason for u in got.unread)


@settings(max_examples=examples(40), deadline=None)
@given(
    opener=st.sampled_from(["Suppose", "Imagine", "E.g. if", "For example, if", "Say"]),
    a=st.integers(1, 4),
)
def test_counts_in_a_supposition_are_no_record(opener: str, a: int) -> None:
    text = (
        f"{opener} {a}/5 draft tokens are accepted in a round, the verify step commits "
        f"{a + 1} tokens and the draft restarts from there. Acceptance drives the speedup.\n"
    )
    assert read_paste(text).records == ()


def test_negative_control_a_run_reported_in_prose_is_read() -> None:
    got = read_paste("With the new head we saw 45/48 tokens accepted on MT-Bench.\n").records
    assert [r.accepted_tokens for r in got] == [45]


def test_negative_control_an_example_of_a_run_is_read() -> None:
    text = "For example, EAGLE-3 on MT-Bench reached an acceptance length of 3.2.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.2]


def test_negative_control_if_over_a_past_run_is_read() -> None:
    text = "If we drop k to 3, the acceptance rate was 71% on the same prompts.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.71]


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["If we enable", "If I switch to", "**If we turn on", "if we use"]),
    draft=st.sampled_from(["EAGLE-3", "the MTP head", "n-gram drafting"]),
    v=st.integers(110, 590),
)
def test_a_bare_if_over_the_writers_own_setup_is_a_run(lead: str, draft: str, v: int) -> None:
    # the writer's own setup in the present tense: what they measured, not an illustration
    got = read_paste(f"{lead} {draft}, the accept length is {v / 100:.2f} on MT-Bench.\n")
    assert [r.printed_length for r in got.records] == [v / 100]


def test_negative_control_a_bare_if_with_no_one_running_it_stays_an_illustration() -> None:
    got = read_paste("If 2/4 tokens are accepted, the acceptance rate is 50%.\n")
    assert got.records == ()
