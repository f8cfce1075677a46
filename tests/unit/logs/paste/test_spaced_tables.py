"""A table a web page copied with single spaces between its cells, under a title naming its
figure ('Average Acceptance Length', an image's alt text 'image' between them): a header of
words over rows of a label and figures, the last column's cell maybe words and a signed share
('B +8.3%', which method wins by how much). Rewritten as a pipe table (flat_table.spaced) and
read as one: one record per (row, configuration) cell, in row order, the comparison column no
figure; the sibling table under a title naming another figure gives nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.flat_table import spaced
from tests.support.examples import examples

_SETS = ["ChatSet", "MathSet", "CodeSet", "QA-Long", "Summ"]


def _table(values: list[tuple[int, int]], diff: bool) -> str:
    head = "Benchmark draft-a draft-b" + (" Difference" if diff else "")
    rows = []
    for name, (a, b) in zip(_SETS, values, strict=False):
        more = "draft-b" if b >= a else "draft-a"
        tail = f" {more} +{abs(b - a) / min(a, b) * 100:.1f}%" if diff else ""
        rows.append(f"{name} {a / 100:.2f} {b / 100:.2f}{tail}")
    return head + "\n" + "\n".join(rows) + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    values=st.lists(
        st.tuples(st.integers(150, 500), st.integers(150, 500)), min_size=2, max_size=len(_SETS)
    ),
    diff=st.booleans(),
    image=st.booleans(),
)
def test_a_spaced_table_under_its_figures_title_reads_every_cell(
    read, values: list[tuple[int, int]], diff: bool, image: bool
) -> None:
    pic = "image\n\n" if image else ""
    speeds = [(20000 + a, 20000 + b) for a, b in values]
    text = (
        "Two draft heads compared, batch size 1.\n\nThroughput Comparison\n\n"
        + pic
        + _table(speeds, diff)
        + "\nAverage Acceptance Length\n\n"
        + pic
        + _table(values, diff)
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [x / 100 for ab in values for x in ab]
    assert all(r.accept_length is None for r in got)


def test_only_a_header_over_rows_of_one_shape_is_rewritten() -> None:
    good = [(1, "Set a b Difference"), (2, "x 1.5 2.5 b +6.0%"), (3, "y 2.0 2.1 b +5.0%")]
    assert spaced(good) == [
        (1, "| Set | a | b | Difference |"),
        (1, "|---|---|---|---|"),
        (2, "| x | 1.5 | 2.5 | b +6.0% |"),
        (3, "| y | 2.0 | 2.1 | b +5.0% |"),
    ]
    # rows of other shapes, a header holding a figure or ending a sentence: as they are
    for lines in (
        [(1, "Set a b Difference"), (2, "x 1.5 2.5 b +6.0%"), (3, "y 2.0 b +5.0%")],
        [(1, "Set 4 b"), (2, "x 1.5 2.5"), (3, "y 2.0 2.1")],
        [(1, "We measured these:"), (2, "x 1.5 2.5"), (3, "y 2.0 2.1")],
        [(1, "Set a b"), (2, "x 1.5 2.5")],
        [(1, "Set a b"), (2, "x 1.5  2.5"), (3, "y 2.0 2.1")],
        [(1, "The runs were short"), (2, "we saw 1.5 then 2.5 at most"), (3, "and 2.0 later")],
    ):
        assert spaced(lines) == lines


def test_a_list_of_key_value_bullets_under_a_title_is_no_table() -> None:
    # a title of three words over '- name: value rest' bullets: a list, not a table copied with
    # single spaces (its rows would split '0 / 120 or so' into cells and lose the hedge)
    text = "EAGLE draft, k=2\n- acceptance rate: 0 / 120 or so\n- throughput: 41.2 tok/s\n"
    got = read_paste(text).records
    assert all(r.structure != "markdown table (transposed)" for r in got)
    assert all(r.accept_length is None for r in got)
