"""A spaced table (tables._spaced_table) whose header names its acceptance column in two words
('Group Task Size Accept Len'), so the header has one word more than the rows have cells: the
one adjacent pair of words naming an acceptance figure (neither word naming one alone) is one
cell, the rows read as the spaced table's. Near misses: two such pairs, no pair naming a
figure, rows of another count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tables
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PAIRS = [["Acc", "Len"], ["Accept", "Len"], ["Acc", "Length"], ["Accept", "Length"]]
_LEADS = [["Kind", "Set"], ["Area", "Suite"], ["Domain", "Task"]]
_COUNTS = ["N", "Samples", "Items"]
_KINDS = ["Prose", "Logic", "Coding", "Vision", "Lookup"]
_SETS = ["SetAlpha", "QuizB", "Proofs7", "DocQA", "Trivia"]


def _grid(text: str) -> list[tables.Grid]:
    return tables.find(list(enumerate(text.splitlines(), 1)))[0]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    count=st.sampled_from(_COUNTS),
    pair=st.sampled_from(_PAIRS),
    pair_last=st.booleans(),
    data=st.data(),
)
def test_a_two_word_acceptance_column_is_one_cell(
    read: Read,
    lead: list[str],
    count: str,
    pair: list[str],
    pair_last: bool,
    data: st.DataObject,
) -> None:
    n_rows = data.draw(st.integers(2, 6))
    rows = [
        (
            data.draw(st.sampled_from(_KINDS)),
            data.draw(st.sampled_from(_SETS)),
            data.draw(st.integers(12, 900)),
            data.draw(st.integers(1100, 3900)),
        )
        for _ in range(n_rows)
    ]
    cols = [*lead, count, *pair] if pair_last else [*lead, *pair, count]
    lines = [" ".join(cols)]
    for kind, name, n, v in rows:
        cells = [kind, name, str(n), f"{v / 1000:.3f}"]
        if not pair_last:
            cells[2], cells[3] = cells[3], cells[2]
        lines.append(" ".join(cells))
    text = "\n".join(lines) + "\n"
    (g,) = _grid(text)
    assert " ".join(pair) in g.header[0]
    assert len(g.header[0]) == 4
    got = read(text).records
    assert [r.printed_length for r in got] == [v / 1000 for *_, v in rows]
    assert all(r.structure == "spaced table" for r in got)


def test_the_header_alone_joins_its_one_pair() -> None:
    assert tables._named_pair_head("Kind Set N Acc Len") == ["Kind", "Set", "N", "Acc Len"]
    # two pairs naming a figure: which is one column is not told
    assert tables._named_pair_head("Kind Acc Len Accept Length") == []
    # no pair names a figure
    assert tables._named_pair_head("Kind Set N Tok Step") == []
    # a word naming the figure alone stays its own cell ('Acceptance Rate' is read as before)
    assert tables._named_pair_head("Kind Set Acceptance Rate") == []


def test_rows_of_another_count_are_no_table(read: Read) -> None:
    text = "Kind Set N Acc Len\nProse SetAlpha 80 2.41 1.9\nLogic QuizB 70 2.77\n"
    assert not any("Acc Len" in g.header[0] for g in _grid(text))


def test_a_header_naming_no_figure_reads_nothing(read: Read) -> None:
    text = "Kind Set N Tok Step\nProse SetAlpha 80 2.41\nLogic QuizB 70 2.77\n"
    assert read(text).records == ()
