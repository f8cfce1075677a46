"""doctor's default view shows each finding's first clause: cut at a "; " outside brackets."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.cli._doctor_view import first_clause

SERVED = (
    "served chunk 0 is the embedding output (no training chunk matches; identified by "
    "fingerprint, high confidence); served chunks 1-2 equal training chunks 0-1; the served "
    "list is shifted by one slot"
)


def test_a_semicolon_inside_parentheses_does_not_cut_the_aside() -> None:
    assert first_clause(SERVED) == (
        "served chunk 0 is the embedding output (no training chunk matches; identified by "
        "fingerprint, high confidence)"
    )


def test_top_level_clauses_and_messages_without_one() -> None:
    assert first_clause("ids [1; 2] differ; see the dump") == "ids [1; 2] differ"
    assert first_clause("one clause only") == "one clause only"
    assert first_clause("a;b stays whole") == "a;b stays whole"


@given(st.text(alphabet="ab ;()[]", max_size=40))
def test_always_a_prefix_ending_before_a_top_level_separator(message: str) -> None:
    short = first_clause(message)
    assert message.startswith(short)
    if short != message:
        assert message[len(short) :].startswith("; ")
