"""A spaced table (tables._spaced_table) whose header names the label column in two or three
words, then one setting's assignment a column ('Prompt Kind n=2 n=3 n=4'), over rows of a label
of one to three words and one number a column: the label column's name one cell, each
assignment its own, one record per cell under a title naming the figure. Near misses: a header
whose assignments are mixed with plain words, counts that differ, a title naming another
measure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tables
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = [["Prompt", "Kind"], ["Task", "Family", "Name"], ["Workload", "Group"]]
_WORDS = ["Essay", "Puzzle", "Chat", "Translation", "Proof", "Recipe", "Story", "Query"]
_SETTING = ["n", "k", "gamma", "depth"]


def _grid(text: str) -> list[tables.Grid]:
    return tables.find(list(enumerate(text.splitlines(), 1)))[0]


def _table(lead: list[str], name: str, cols: int, rows: list[tuple[list[str], list[int]]]) -> str:
    head = " ".join([*lead, *(f"{name}={i}" for i in range(1, cols + 1))])
    body = "\n".join(" ".join([*w, *(f"{v / 100:.2f}" for v in vals)]) for w, vals in rows)
    return head + "\n" + body + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEAD),
    name=st.sampled_from(_SETTING),
    cols=st.integers(2, 6),
    data=st.data(),
)
def test_a_settings_header_reads_every_cell_under_its_title(
    read: Read, lead: list[str], name: str, cols: int, data: st.DataObject
) -> None:
    n_rows = data.draw(st.integers(2, 4))
    rows = [
        (
            data.draw(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=3)),
            data.draw(st.lists(st.integers(120, 450), min_size=cols, max_size=cols)),
        )
        for _ in range(n_rows)
    ]
    table = _table(lead, name, cols, rows)
    (g,) = _grid(table)
    assert g.header == [[" ".join(lead), *(f"{name}={i}" for i in range(1, cols + 1))]]
    got = read("Mean acceptance length\n\n" + table).records
    assert [r.printed_length for r in got] == [v / 100 for _, vals in rows for v in vals]
    assert all(r.structure == "spaced table" for r in got)
    assert [dict(r.labels).get("column") for r in got] == [
        f"{name}={i}" for _ in rows for i in range(1, cols + 1)
    ]


def test_the_header_alone_is_split_at_its_settings() -> None:
    assert tables._settings_head("Prompt Kind n=1 n=2 n=3") == ["Prompt Kind", "n=1", "n=2", "n=3"]
    assert tables._settings_head("Kind T=0.0 T=0.7") == []  # one word: the plain header reads it
    assert tables._settings_head("Prompt Kind n=1 Speed n=2") == []  # a word among them
    assert tables._settings_head("Prompt Kind n=1") == []  # one setting: no sweep
    assert tables._settings_head("Run 2 Kind n=1 n=2") == []  # a number in the lead


def test_a_word_among_the_settings_is_no_such_header() -> None:
    text = "Prompt Kind n=1 Speed n=2\nEssay 1.71 30.5 2.20\nProof 1.80 31.0 2.35\n"
    assert not any(g.header[0][:1] == ["Prompt Kind"] for g in _grid(text))


def test_rows_of_another_count_are_no_table(read: Read) -> None:
    text = "Mean acceptance length\n\nPrompt Kind n=1 n=2 n=3\nEssay 1.71 2.20\nProof 1.80 2.35\n"
    assert _grid(text.split("\n\n", 1)[1]) == []
    assert read(text).records == ()


def test_under_a_title_of_another_measure_nothing(read: Read) -> None:
    text = "Throughput comparison\n\nPrompt Kind n=1 n=2 n=3\nEssay 1.71 2.20 2.52\nProof 1.80 2.35 2.64\n"
    assert read(text).records == ()
