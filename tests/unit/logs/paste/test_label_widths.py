"""A table a web page copied with single spaces whose rows' labels differ in their count of
words ('long doc 1.31x 2.06' over 'qa 1.12x 1.74'): the words are no cells
(tables._other_label_width), so the spaced-table reader leaves it and flat_table.respaced puts it
back with a label column; a speedup cell written with its multiple ('1.31x') is a figure cell.
One record a row, its figure from the acceptance column, never a speedup read as a length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tables
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INTRO = "Draft head for a small chat model, greedy decoding on one card.\n\n"
_WORDS = ["chat", "long", "doc", "qa", "tool", "calls", "summary", "short", "story"]
_FIGURES = ["accept length", "mean accepted length", "acceptance length"]
_FIRST = ["task", "workload", "set"]


@settings(max_examples=examples(60), deadline=None)
@given(
    widths=st.lists(st.integers(1, 3), min_size=2, max_size=5).filter(lambda w: len(set(w)) > 1),
    figure=st.sampled_from(_FIGURES),
    first=st.sampled_from(_FIRST),
    mark=st.sampled_from(["x", "×", ""]),
    data=st.data(),
)
def test_rows_of_varied_label_widths_read_one_record_a_row(
    read: Read, widths: list[int], figure: str, first: str, mark: str, data: st.DataObject
) -> None:
    lengths = data.draw(st.lists(st.integers(120, 390), min_size=len(widths), max_size=len(widths)))
    rows = []
    for i, (w, a) in enumerate(zip(widths, lengths, strict=True)):
        label = data.draw(st.lists(st.sampled_from(_WORDS), min_size=w, max_size=w))
        rows.append(f"{' '.join(label)} 1.{20 + i}{mark} {a / 100:.2f}")
    table = f"{first} speedup {figure}\n" + "\n".join(rows) + "\n"
    # (no word-per-cell reading of the first row: its label's words are no columns)
    assert not any(g.structure == "spaced table" for g in tables.find(_lines(table))[0])
    got = read(_INTRO + table).records
    assert [r.printed_length for r in got] == [a / 100 for a in lengths]


def _lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.splitlines(), 1))


@settings(max_examples=examples(30), deadline=None)
@given(
    width=st.integers(1, 3),
    count=st.integers(2, 4),
    data=st.data(),
)
def test_labels_of_one_width_stay_a_spaced_table(
    read: Read, width: int, count: int, data: st.DataObject
) -> None:
    # every row's label of one count of words: a header word a cell, as before
    names = ["Mode", "Target", "Draft"][:width]
    head = [*names, "accepted/step", "Speed"]
    rows = []
    for i in range(count):
        label = data.draw(st.lists(st.sampled_from(_WORDS), min_size=width, max_size=width))
        rows.append(f"{' '.join(label)} {2 + i / 10:.2f} {30 + i}.5")
    table = " ".join(head) + "\n" + "\n".join(rows) + "\n"
    (g,) = tables.find(_lines(table))[0]
    assert g.structure == "spaced table" and len(g.rows) == count
    assert [r.printed_length for r in read(_INTRO + table).records] == [
        2 + i / 10 for i in range(count)
    ]


def test_a_key_line_under_the_rows_keeps_the_table() -> None:
    # a line of a key and its values under the rows is no row of another label width
    table = "Mode Draft accepted/step Speed\nfast tiny 2.10 31.5\nslow tiny 2.30 28.5\nStep: 4 5\n"
    (g,) = tables.find(_lines(table))[0]
    assert g.structure == "spaced table" and len(g.rows) == 2


def test_varied_labels_under_a_header_naming_no_acceptance_give_nothing(read: Read) -> None:
    # the same shape under a header of other measures: put back as no table, no record
    table = "task speedup latency ms\nlong doc 1.31x 20.5\nqa 1.12x 18.25\ntool calls 1.4x 19.75\n"
    assert read(_INTRO + table).records == ()


def test_a_sentence_under_the_rows_names_no_row(read: Read) -> None:
    # a sentence ending the block with a full stop is no row: the rows read as before
    table = (
        "Mode Draft accepted/step Speed\nfast tiny 2.10 31.5\nslow tiny 2.30 28.5\n"
        "Both were run on the same card with 2 drafts.\n"
    )
    assert [r.printed_length for r in read(_INTRO + table).records] == [2.10, 2.30]
