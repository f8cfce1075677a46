"""A length the paste sets against one plus what drafting costs as the condition for speculation
to win ('the accept length (L) must beat 1 plus the draft cost', above_one.py): the target's one
pass a step costs one, so only a length counting the target's own token wins above one plus the
drafts' cost: the paste's lengths count it. Another threshold, a bare one, a rate's name or a
conjecture leave them undecided, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read
from tests.unit.logs.paste.test_above_one_threshold import _LABELS, _lengths

_NAMES = ["The accept length", "Mean acceptance length (L)", "The `acceptance length`", "AL"]
_MUST = ["must beat", "has to exceed", "needs to be greater than", "must be above", "must surpass"]
_ONE = ["1 plus", "one plus", "1 +", "1.0 +"]
_COST = ["the draft's cost", "(c) the drafter's relative cost", "the verify overhead"]
_RUNS = [
    "On the {run} suite we measured an accept length of {v}.",
    "- {run}: accept length {v}",
]


def _paste(statement: str, shape: str, lengths: list[int]) -> str:
    runs = "\n".join(
        shape.format(run=_LABELS[i], v=f"{v / 100:.2f}") for i, v in enumerate(lengths)
    )
    return f"Why drafting pays or not. {statement}, or the drafter loses.\n\n{runs}\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    must=st.sampled_from(_MUST),
    one=st.sampled_from(_ONE),
    cost=st.sampled_from(_COST),
    shape=st.sampled_from(_RUNS),
    lengths=_lengths(),
)
def test_a_length_that_must_beat_one_plus_a_cost_counts_the_target_token(
    read: Read, name: str, must: str, one: str, cost: str, shape: str, lengths: list[int]
) -> None:
    got = read(_paste(f"{name} {must} {one} {cost}", shape, lengths)).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert [r.accept_length for r in got] == [v / 100 for v in lengths]


@settings(max_examples=examples(40), deadline=None)
@given(
    statement=st.sampled_from(
        [
            # another threshold, or one alone with no cost beside it
            "The accept length must beat 2 plus the draft's cost",
            "The accept length must beat 1.5 + the verify overhead",
            "The accept length must beat 1",
            # a conjecture, not the condition
            "The accept length may beat 1 plus the draft's cost",
            # a rate's name, not a length's
            "The acceptance rate must beat 1 plus the draft's cost",
            # no statement at all
            "The accept length is logged once a minute",
        ]
    ),
    shape=st.sampled_from(_RUNS),
    lengths=_lengths(),
)
def test_negative_control_other_statements_leave_the_lengths_undecided(
    read: Read, statement: str, shape: str, lengths: list[int]
) -> None:
    got = read(_paste(statement, shape, lengths)).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert [r.accept_length for r in got] == [None] * len(lengths)


def test_negative_control_the_statement_alone_is_no_record(read: Read) -> None:
    assert read("The accept length must beat 1 plus the draft's cost.\n").records == ()
