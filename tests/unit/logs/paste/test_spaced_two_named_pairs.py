"""A spaced table whose header names two acceptance figures in two words each ('Suite Plain
tok/s Spec tok/s Gain Acc Rate Acc Len'): each adjacent pair naming a figure, neither word alone
naming one, is one cell (tables._named_pair_head), so the header has as many cells as the rows
(a label, then figures) and the table is read, one record a row, a mean row included. Near
misses: two pairs of one figure, overlapping pairs, rows of another count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tables
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RATES = [["Acc", "Rate"], ["Accept", "Rate"]]
_LENGTHS = [["Acc", "Len"], ["Accept", "Length"], ["Acc", "Length"], ["Accept", "Len"]]
_LEADS = ["Suite", "Corpus", "Workload"]
_SPEEDS = [["Plain", "tok/s", "Spec", "tok/s"], ["Base", "tok/s", "Draft7", "tok/s"], []]
_NAMES = ["Poems", "Riddles-v2", "CodeSet", "Recipes", "LongDocs"]


def _grid(text: str) -> list[tables.Grid]:
    return tables.find(list(enumerate(text.splitlines(), 1)))[0]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    speeds=st.sampled_from(_SPEEDS),
    rate=st.sampled_from(_RATES),
    length=st.sampled_from(_LENGTHS),
    length_first=st.booleans(),
    mean=st.booleans(),
    data=st.data(),
)
def test_two_two_word_acceptance_columns_are_two_cells(
    read: Read,
    lead: str,
    speeds: list[str],
    rate: list[str],
    length: list[str],
    length_first: bool,
    mean: bool,
    data: st.DataObject,
) -> None:
    n_rows = data.draw(st.integers(2, 5))
    names = data.draw(st.lists(st.sampled_from(_NAMES), min_size=n_rows, max_size=n_rows))
    counts = data.draw(st.lists(st.integers(20, 300), min_size=n_rows, max_size=n_rows))
    labels = [f"{nm} ({c})" for nm, c in zip(names, counts, strict=True)] + (["Mean"] * mean)
    figures = [
        (data.draw(st.integers(300, 900)), data.draw(st.integers(1100, 4800))) for _ in labels
    ]
    pairs = [length, rate] if length_first else [rate, length]
    lines = [" ".join([lead, *speeds, "Gain", *pairs[0], *pairs[1]])]
    for label, (r, v) in zip(labels, figures, strict=True):
        cells = [label]
        if speeds:
            cells += ["101.5", "180.2"]
        cells += ["1.78x"]
        pair = [f"{v / 1000:.2f}", f"{r / 10:.1f}%"]
        cells += pair if length_first else pair[::-1]
        lines.append(" ".join(cells))
    text = "Results\n\n" + "\n".join(lines) + "\n"
    (g,) = _grid(text)
    assert " ".join(rate) in g.header[0] and " ".join(length) in g.header[0]
    got = read(text).records
    assert [r.printed_length for r in got] == [round(v / 1000, 2) for _, v in figures]
    assert [round(r.printed_rate or 0, 4) for r in got] == [r / 1000 for r, _ in figures]
    assert all(r.structure == "spaced table" for r in got)


def test_the_header_alone_joins_each_pair() -> None:
    head = "Suite Plain tok/s Gain Accept Rate Accept Length"
    assert tables._named_pair_head(head) == [
        "Suite",
        "Plain tok/s",
        "Gain",
        "Accept Rate",
        "Accept Length",
    ]
    # two pairs of one figure: which is the column is not told (as before)
    assert tables._named_pair_head("Suite Acc Len Accept Length") == []
    # no pair names a figure
    assert tables._named_pair_head("Suite Plain tok/s Gain Tok Step") == []


def test_rows_of_another_count_are_no_table(read: Read) -> None:
    text = "Suite Gain Acc Rate Acc Len\nPoems 1.42x 61.0% 2.95 0.4\nRecipes 1.31x 55.5% 2.61 0.7\n"
    assert not any("Acc Len" in " ".join(g.header[0]) for g in _grid(text))
    assert read(text).records == ()
