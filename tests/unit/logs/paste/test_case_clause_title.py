"""A title's adverb of a general behaviour ('usually', 'normally', 'typically') in a clause
opened by a word pointing at the case shown ('here', 'in this run', 'this time'): what the run
shown did, no statement of what usually happens, so the block below it is read
(reader._generic). The same adverb in a clause of no such word still marks the block's figures
as not measured."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OPENERS = (
    "This is not the crash from the other thread",
    "Not the old regression",
    "Unrelated to the OOM we saw last week",
)
_BREAKS = (" — ", "; ", ". ")
_CASES = ("here", "in this run", "this time", "In this case")
_TELLS = (
    "the draft proposes normally and is usually accepted",
    "the head typically matched",
    "proposals were generally kept",
)
_ENDS = (" Stats:", ":", " Counters below:")


def _table(rates: list[int]) -> str:
    head = "Depth:     " + "".join(str(i + 1).rjust(6) for i in range(len(rates)))
    return head + "\nAcceptance:" + "".join(f"{r}%".rjust(6) for r in rates) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    opener=st.sampled_from(_OPENERS),
    brk=st.sampled_from(_BREAKS),
    case=st.sampled_from(_CASES),
    tell=st.sampled_from(_TELLS),
    end=st.sampled_from(_ENDS),
    rates=st.lists(st.integers(20, 95), min_size=3, max_size=5),
)
def test_an_adverb_of_the_case_shown_leaves_the_block_read(
    read: Read, opener: str, brk: str, case: str, tell: str, end: str, rates: list[int]
) -> None:
    rates = sorted(rates, reverse=True)
    title = f"{opener}{brk}{case} {tell}.{end}".replace("..", ".")
    text = f"EAGLE-3 draft, k={len(rates)}.\n\n{title}\n\n```\n{_table(rates)}```\n"
    got = read(text)
    assert [r.printed_rate for r in got.records] == [r / 100 for r in rates]


@settings(max_examples=examples(30), deadline=None)
@given(
    # (no opener of one's own run: 'we', 'our' make any title a run's, as before)
    opener=st.sampled_from(_OPENERS[:2]),
    brk=st.sampled_from((" — ", "; ", ". ")),
    tell=st.sampled_from(_TELLS),
    rates=st.lists(st.integers(20, 95), min_size=3, max_size=5),
    case_before=st.booleans(),
)
def test_an_adverb_of_no_such_clause_still_marks_the_figures(
    read: Read, opener: str, brk: str, tell: str, rates: list[int], case_before: bool
) -> None:
    rates = sorted(rates, reverse=True)
    # the word of the case in an earlier sentence, or none: the adverb's clause is general
    lead = "Here is the dump. " if case_before else ""
    title = f"{lead}{opener}{brk}{tell[0].upper() if brk == '. ' else tell[0]}{tell[1:]}:"
    text = f"EAGLE-3 draft, k={len(rates)}.\n\n{title}\n\n```\n{_table(rates)}```\n"
    got = read(text)
    assert got.records == ()
    assert any("not measured" in b.reason for b in got.unread)
