"""A figure followed right away by `by construction`, `by definition` or `by design` (`the
re-checked tokens pass 100% by construction`) is what the mechanism makes it, no run's
measurement: no record (notrun._BY_DESIGN). A figure with a cause after `by design of`, or the
words far from the figure, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    words=st.sampled_from(["by construction", "by definition", "by design", "By Construction"]),
    fig=st.sampled_from(["100%", "100 %", "0%", "1.0", "~100%"]),
    lead=st.sampled_from(
        [
            "Tokens replayed from the cache go through the verifier again and are accepted",
            "The bonus slot shows an acceptance of",
            "Re-fed drafts match the target, so their accept rate is",
        ]
    ),
    tail=st.sampled_from([".", ", which inflated the counters.", "; the counter missed it."]),
)
def test_a_figure_then_by_construction_is_no_record(
    read: Read, words: str, fig: str, lead: str, tail: str
) -> None:
    text = f"{lead} {fig} {words}{tail}\n"
    assert read(text).records == ()


def test_negative_control_by_design_of_a_cause_is_read(read: Read) -> None:
    text = "We measured an acceptance rate of 64% by design of the new tree on the chat set.\n"
    assert [r.printed_rate for r in read(text).records] == [0.64]


def test_negative_control_the_words_far_from_the_figure_are_read(read: Read) -> None:
    text = "The acceptance rate was 58% on code, which the head does not reach by construction.\n"
    assert [r.printed_rate for r in read(text).records] == [0.58]
