"""HTML table cells spanning columns or rows (`colspan`, `rowspan`), as model cards write a
group title over two columns and a model's name over its baseline and method rows: a column span
is its text then empty cells (a spanning title over its columns, as a pipe table writes it), a row
span its text again in the rows below at its column. No span runs past its table's end."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import text as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _row(cells: list[str], one_line: bool) -> list[str]:
    if one_line:
        return ["<tr>" + "".join(cells) + "</tr>"]
    return ["  <tr>", *(f"    {c}" for c in cells), "  </tr>"]


def _table(group: str, models: list[tuple[str, float]], one_line: bool) -> str:
    """A card's table: 'Model', 'Method', a group title over a speed and a length column; each
    model's name spans its baseline row (length 1) and its method row."""
    lines = ["<table><thead>"]
    lines += _row(["<th>Model</th>", "<th>Method</th>", f'<th colspan="2">{group}</th>'], one_line)
    names = ["<td>tokens/s</td>", "<td>accept length</td>"]
    lines += _row(["<td></td>", "<td></td>", *names], one_line)
    lines += ["</thead>", "<tbody>"]
    for i, (name, length) in enumerate(models):
        lines += _row(
            [
                f'<td rowspan="2">{name}</td>',
                "<td>Plain</td>",
                f"<td>{50 + i}.5</td>",
                "<td>1</td>",
            ],
            one_line,
        )
        lines += _row(
            ["<td>Chain</td>", f"<td>{90 + i}.5</td>", f"<td>{length:.2f}</td>"], one_line
        )
    lines += ["</tbody>", "</table>"]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    lengths=st.lists(st.integers(120, 480), min_size=1, max_size=3),
    group=st.sampled_from(["SetA", "Long docs", "Speech-7"]),
    one_line=st.booleans(),
    heading=st.sampled_from(["#### 4.1 Some model", "### Results", ""]),
)
def test_spans_read_as_a_two_row_header_and_repeated_names(
    read: Read,
    lengths: list[int],
    group: str,
    one_line: bool,
    heading: str,
) -> None:
    models = [(f"model-{chr(97 + i)}", v / 100) for i, v in enumerate(lengths)]
    text = (heading + "\n\n" if heading else "") + _table(group, models, one_line)
    recs = read(text).records
    assert [r.printed_length for r in recs] == [round(v, 2) for _, v in models]
    # the baseline rows of length 1 in the same column decide the bonus: included
    assert [r.accept_length for r in recs] == [round(v, 2) for _, v in models]
    assert all(dict(r.labels).get("column") == group for r in recs)


def test_a_row_span_carries_its_text_down() -> None:
    raw = [
        "<tr><td rowspan='3'>m1</td><td>a</td><td>1.5</td></tr>",
        "<tr><td>b</td><td>2.5</td></tr>",
        "<tr><td>c</td><td>3.5</td></tr>",
        "<tr><td>m2</td><td>d</td><td>4.5</td></tr>",
    ]
    assert T._html_rows(raw) == [
        "| m1 | a | 1.5 |",
        "| m1 | b | 2.5 |",
        "| m1 | c | 3.5 |",
        "| m2 | d | 4.5 |",
    ]


def test_a_column_span_is_a_title_then_empty_cells() -> None:
    raw = [
        "<tr><th>Run</th><th colspan=3>Set</th></tr>",
        "<tr><td>r</td><td>1</td><td>2</td><td>3</td></tr>",
    ]
    assert T._html_rows(raw)[0] == "| Run | Set |  |  |"


def test_no_span_runs_past_its_table() -> None:
    """A row span whose rows are cut short by the table's end, or by a line of text, carries
    nothing into the next table's rows."""
    for between in ["</table>", "<table>", "Second table below."]:
        raw = [
            "<tr><td rowspan='4'>m1</td><td>a</td><td>1.5</td></tr>",
            between,
            "<tr><td>m2</td><td>b</td><td>2.5</td></tr>",
        ]
        assert T._html_rows(raw)[2] == "| m2 | b | 2.5 |"


def test_a_huge_span_is_capped() -> None:
    raw = ["<tr><th>Run</th><th colspan='99999'>Set</th></tr>"]
    assert T._html_rows(raw)[0].count("|") <= T._MAX_SPAN + 3


@settings(max_examples=examples(20), deadline=None)
@given(one_line=st.booleans(), group=st.sampled_from(["Speed", "Latency"]))
def test_a_group_of_other_measures_is_no_acceptance(read: Read, one_line: bool, group: str) -> None:
    """The same shape whose columns are a speed and a latency: nothing read."""
    lines = ["<table>"]
    lines += _row(["<th>Model</th>", "<th>Method</th>", f'<th colspan="2">{group}</th>'], one_line)
    lines += _row(["<td></td>", "<td></td>", "<td>tokens/s</td>", "<td>ms/token</td>"], one_line)
    lines += _row(
        ['<td rowspan="2">m</td>', "<td>Plain</td>", "<td>50.5</td>", "<td>20.1</td>"], one_line
    )
    lines += _row(["<td>Chain</td>", "<td>90.5</td>", "<td>11.2</td>"], one_line)
    lines += ["</table>"]
    assert read("\n".join(lines) + "\n").records == ()
