"""A length the paste says shows speculation at work above one ('`Mean acceptance length` above
one confirms speculative decoding is active', above_one.py): one is plain decoding, so the
paste's lengths count the target's own token. Another threshold, a negation, a conjecture or no
such sentence leave them undecided, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["`Mean acceptance length`", "Mean acceptance length", "The accept length", "**AL**"]
_ABOVE = ["above one", "above 1", "above 1.0", "greater than 1", "> 1", "over one"]
_VERBS = ["confirms", "means", "shows", "indicates", "proves"]
_AT_WORK = [
    "speculative decoding is active",
    "speculation is working",
    "drafting is on",
    "the drafts are being accepted",
    "MTP is active",
]
# the runs' sentences, each printing one length under the name the statement names
_RUNS = [
    "The {run} run reached a mean acceptance length of {v}.",
    "Speculation on the {run} cluster ran with a {v} mean acceptance length.",
    "- {run}: accept length {v}",
]
_LABELS = ["first", "second", "third", "fourth"]


def _lengths() -> st.SearchStrategy[list[int]]:
    # hundredths of a length a speculating run prints, above one and all different
    return st.lists(st.integers(115, 480), min_size=1, max_size=4, unique=True)


def _paste(statement: str, shape: str, lengths: list[int]) -> str:
    runs = "\n\n".join(
        shape.format(run=_LABELS[i], v=f"{v / 100:.2f}") for i, v in enumerate(lengths)
    )
    return f"Check the rank logs after launch. {statement}.\n\n{runs}\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    above=st.sampled_from(_ABOVE),
    verb=st.sampled_from(_VERBS),
    at_work=st.sampled_from(_AT_WORK),
    shape=st.sampled_from(_RUNS),
    lengths=_lengths(),
)
def test_a_length_said_to_show_speculation_above_one_counts_the_target_token(
    read: Read, name: str, above: str, verb: str, at_work: str, shape: str, lengths: list[int]
) -> None:
    text = _paste(f"{name} {above} {verb} {at_work}", shape, lengths)
    got = read(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert [r.accept_length for r in got] == [v / 100 for v in lengths]
    assert all(f"{above} {verb}" in r.bonus.rule for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    statement=st.sampled_from(
        [
            # another threshold: a length above zero or two shows nothing of the token counted
            "`Mean acceptance length` above zero confirms speculative decoding is active",
            "`Mean acceptance length` above two shows speculation is working",
            "`Mean acceptance length` above 1.5 means the drafts are being accepted",
            # a negation, a conjecture, speculation said off
            "`Mean acceptance length` above one does not confirm speculative decoding is active",
            "`Mean acceptance length` above one may mean speculation is working",
            "`Mean acceptance length` above one confirms speculative decoding is not active",
            # a rate's name, not a length's
            "`Acceptance rate` above one confirms speculative decoding is active",
            # no statement at all
            "`Mean acceptance length` is reported once a minute",
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
    text = "`Mean acceptance length` above one confirms speculative decoding is active.\n"
    assert read(text).records == ()
