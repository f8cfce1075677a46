"""A paragraph saying the figures below it are not measured ('The table below is illustrative',
'The numbers are placeholders'): the blocks after it, to the next markdown heading, give no
record; a new section, 'illustrative of' or a 'hypothetical' sentence do not carry it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import reader as R
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_STATEMENTS = (
    "> The table below is **illustrative**: it shows what the report looks like.",
    "Note: the numbers are placeholders; your own runs will differ.",
    "> [!NOTE]\n> Illustrative values.",
    "The values shown are made up to show the layout.",
    "Placeholder values follow, for illustration only.",
)


def _table(lengths: list[int]) -> str:
    rows = "\n".join(f"| task-{i} | {v / 100:.2f} |" for i, v in enumerate(lengths))
    return f"```text\n| workload | accept length |\n|---|---|\n{rows}\n```"


def _json(length: int) -> str:
    return f'```json\n{{"spec_decode": {{"mean_acceptance_length": {length / 100:.2f}}}}}\n```'


@settings(max_examples=examples(30), deadline=None)
@given(
    statement=st.sampled_from(_STATEMENTS),
    lengths=st.lists(st.integers(120, 480), min_size=1, max_size=3, unique=True),
    gap=st.sampled_from(("", "Read it from left to right.\n\n")),
)
def test_blocks_below_a_statement_give_no_record(
    read: Read, statement: str, lengths: list[int], gap: str
) -> None:
    plain = f"## Speculative decoding report\n\n{_table(lengths)}\n"
    assert [r.printed_length for r in read(plain).records] == [v / 100 for v in lengths]
    text = f"## Speculative decoding report\n\n{statement}\n\n{gap}{_table(lengths)}\n\n"
    text += f"A second block:\n\n{_json(lengths[0])}\n"
    got = read(text)
    assert got.records == ()
    assert any("not measured" in b.reason and "text above" in b.reason for b in got.unread)


@settings(max_examples=examples(20), deadline=None)
@given(
    statement=st.sampled_from(_STATEMENTS),
    lengths=st.lists(st.integers(120, 480), min_size=1, max_size=3, unique=True),
)
def test_a_new_heading_ends_the_statement(read: Read, statement: str, lengths: list[int]) -> None:
    text = (
        f"## Report format\n\n{statement}\n\n{_table([250])}\n\n"
        f"## Our measured run\n\n{_table(lengths)}\n"
    )
    assert [r.printed_length for r in read(text).records] == [v / 100 for v in lengths]


def test_near_misses_do_not_carry() -> None:
    table = _table([231, 305])
    for above in (
        # 'illustrative of': typical of, real figures
        "These runs are illustrative of what we see on long prompts.",
        # a hypothetical in its own paragraph, then a measured table
        "Hypothetically a perfect draft would accept everything.\n\nOn our cluster we saw:",
        # a bare example
        "Here's an example from our cluster:",
        # a statement, then a paragraph saying what was measured
        "The values are placeholders.\n\nOn our cluster we measured:",
        "The numbers are placeholders.\n\nHere are our real results:",
    ):
        text = f"## Speculative decoding\n\n{above}\n\n{table}\n"
        assert [r.printed_length for r in read_paste(text).records] == [2.31, 3.05], above


@given(st.from_regex(R._MARKS_BELOW))
def test_every_statement_holds_a_word_of_the_cheap_test(s: str) -> None:
    """The reader searches for the statement line by line only where one of _MARK_WORDS is in
    the paste: every text the statement's pattern finds holds one of them."""
    assert any(w in s.casefold() for w in R._MARK_WORDS)
