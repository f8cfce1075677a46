"""An HTML table pasted with one tag a line (a page's source, raw HTML in a comment): each row's
'<tr>' alone on its line, its cells on the lines below, the wrapper tags ('<table>', '<thead>',
'<tbody>') on lines of their own, the paste perhaps cut before its closing tags. Read as a pipe
table: one record a row of figures. And a 'Draft acc' column of percentages (the word 'draft'
before a bare 'acc' or 'accept') is the drafts' acceptance rate, as a bare 'acc' is; not in a
trainer's table (a loss or epoch column beside it: an accuracy)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _html(header: list[str], rows: list[list[str]], attrs: str, wrappers: bool, cut: bool) -> str:
    def row(tag: str, cells: list[str]) -> list[str]:
        return [f"<tr{attrs}>", *(f"  <{tag}>{c}</{tag}>" for c in cells), "</tr>"]

    lines = ["<table>"] if wrappers else []
    lines += (["<thead>"] if wrappers else []) + row("th", header)
    lines += ["</thead>", "<tbody>"] if wrappers else []
    for r in rows:
        lines += row("td", r)
    if not cut:
        lines += ["</tbody>", "</table>"] if wrappers else []
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=st.lists(st.one_of(st.none(), st.integers(50, 950)), min_size=2, max_size=6),
    metric=st.sampled_from(["Draft acc", "Draft accept", "Acceptance rate", "acc"]),
    attrs=st.sampled_from(["", ' class="r"']),
    wrappers=st.booleans(),
    cut=st.booleans(),
    bold=st.booleans(),
)
def test_rows_written_one_cell_a_line(
    read: Read,
    rates: list[int | None],
    metric: str,
    attrs: str,
    wrappers: bool,
    cut: bool,
    bold: bool,
) -> None:
    header = ["Device", "Setting", "Tokens/s", metric, "Verdict"]
    rows = []
    for i, r in enumerate(rates):
        speed = f"<b>{30 + i}.25</b>" if bold else f"{30 + i}.25"
        rows.append(["gpu0", f"s{i}", speed, "—" if r is None else f"{r / 10:.1f}%", "ok"])
    got = read(_html(header, rows, attrs, wrappers, cut))
    want = [round(r / 1000, 6) for r in rates if r is not None]
    assert [round(x.printed_rate or 0, 6) for x in got.records] == want
    assert all(x.printed_length is None for x in got.records)


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(2, 5), spread=st.integers(2, 4))
def test_a_row_whose_cells_span_lines(read: Read, n: int, spread: int) -> None:
    """A cell's text over several lines (an editor's wrapping) stays the row's."""
    lines = ["<tr>", "<th>Run</th>", "<th>Accept length</th>", "</tr>"]
    for i in range(n):
        lines += ["<tr>", "<td>", f"run {i}", "</td>"]
        lines += ["<td>"] + [""] * (spread - 2) + [f"{2 + i / 10:.2f}", "</td>", "</tr>"]
    got = read("\n".join(lines) + "\n")
    assert [x.printed_length for x in got.records] == [round(2 + i / 10, 2) for i in range(n)]


def test_a_lone_row_tag_in_prose_is_no_row() -> None:
    """'<tr>' named in a sentence's line, no cells below it: nothing folded, nothing read."""
    text = "<tr>\nthe row tag above opens a table row; acceptance was not measured\n</tr>\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    train=st.sampled_from(["loss", "Epoch", "epochs", "lr"]),
    metric=st.sampled_from(["Draft acc", "draft accept", "Drafter acc"]),
    vals=st.lists(st.integers(100, 900), min_size=2, max_size=4),
)
def test_draft_acc_in_a_trainers_table_is_no_rate(train: str, metric: str, vals: list[int]) -> None:
    rows = [[str(i + 1), f"{2 - i / 10:.2f}", f"{v / 10:.1f}%"] for i, v in enumerate(vals)]
    got = read_paste(pipe_table(["Step", train, metric], rows))
    assert all(r.printed_rate is None for r in got.records)


@settings(max_examples=examples(20), deadline=None)
@given(
    metric=st.sampled_from(["Draft acc", "Draft accept", "drafter acc"]),
    vals=st.lists(st.integers(100, 900), min_size=1, max_size=4),
)
def test_draft_acc_of_plain_numbers_is_not_read_as_a_rate(metric: str, vals: list[int]) -> None:
    """Without '%' the column says no unit: no rate read from it."""
    rows = [[f"cfg{i}", f"{40 + i}.5", f"{v}"] for i, v in enumerate(vals)]
    got = read_paste(pipe_table(["Config", "Decode tok/s", metric], rows))
    assert all(r.printed_rate is None for r in got.records)
