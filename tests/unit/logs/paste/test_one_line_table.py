"""A paper's table flattened to one line under its header ('Task w/o X w/ X' over 'SetA 3.11
3.52 SetB 2.40 2.93'), and a numbered caption right above a table naming its figure: the rows
back as a pipe table, the caption its title."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.flat_table import one_line

_CAPTION = "Table 4. Mean accepted-token lengths on a small model with and without the extra stage."


def _paste(caption: str, header: str, row: str) -> str:
    return f"{caption}\n\n#### {header}\n\n{row}\n\nThe second stage helps on every task.\n"


def _read(text: str) -> list[tuple[str, str, float | None]]:
    return [
        (dict(r.labels).get("task", ""), dict(r.labels).get("column", ""), r.printed_length)
        for r in read_paste(text).records
    ]


def test_a_flattened_table_under_its_caption() -> None:
    text = _paste(
        _CAPTION, "Task w/o Stage w/ Stage", "alpha 3.11 3.52 beta 2.40 2.93 big set 1.95 2.31"
    )
    assert _read(text) == [
        ("alpha", "w/o Stage", 3.11),
        ("alpha", "w/ Stage", 3.52),
        ("beta", "w/o Stage", 2.4),
        ("beta", "w/ Stage", 2.93),
        ("big set", "w/o Stage", 1.95),
        ("big set", "w/ Stage", 2.31),
    ]
    assert all(r.accept_length is None for r in read_paste(text).records)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.tuples(st.integers(110, 700), st.integers(110, 700)), min_size=2, max_size=5),
)
def test_rows_of_any_figures_come_back(vals: list[tuple[int, int]]) -> None:
    names = ["alpha", "beta", "gamma", "delta", "omega"]
    row = " ".join(
        f"{n} {a / 100:.2f} {b / 100:.2f}" for n, (a, b) in zip(names, vals, strict=False)
    )
    got = _read(_paste(_CAPTION, "Task Base Ours", row))
    assert [v for _, _, v in got] == [round(x / 100, 2) for ab in vals for x in ab]


def test_near_misses_stay_as_they_are() -> None:
    row = "alpha 3.11 3.52 beta 2.40 2.93"
    # no acceptance named above: another measure's table
    plain = [
        (1, "Table 4. Speedups of our drafter."),
        (2, ""),
        (3, "Task Base Ours"),
        (4, ""),
        (5, row),
    ]
    assert one_line(plain) == plain
    # rows of different widths, or a header closed like a sentence: no table
    odd = [(1, "Acceptance lengths below"), (2, "Task Base Ours"), (3, "alpha 3.11 3.52 beta 2.40")]
    assert one_line(odd) == odd
    told = [(1, "Acceptance lengths below"), (2, "We compare Base and Ours."), (3, row)]
    assert one_line(told) == told
    # two such lines: rows of another shape (another reader's), never one flattened table
    two = [(1, "Acceptance lengths below"), (2, "Task Base Ours"), (3, row), (4, row)]
    assert one_line(two) == two
    # a line stating a figure is no header, and '/' no row's label: a list of rates under a length
    listed = [(1, "Mean acceptance length: 1.20"), (2, "Per-position acceptance 0.100 / 0.100")]
    assert one_line(listed) == listed
    # a spaced table's one row, its units after figures ('tok/s'): no flattened rows
    spaced = [
        (1, "Task accepted/step Speed tok/s Latency ms"),
        (2, "chat 1.10 10.0 tok/s 11.0 12.0"),
    ]
    assert one_line(spaced) == spaced
    got = read_paste("\n".join(t for _, t in listed) + "\n").records
    assert [(r.printed_length, r.per_position) for r in got] == [(1.2, (0.1, 0.1))]


def test_a_caption_above_a_pipe_table_titles_it() -> None:
    table = (
        "| Task | Base | Ours |\n|---|---|---|\n| alpha | 3.11 | 3.52 |\n| beta | 2.40 | 2.93 |\n"
    )
    got = read_paste(f"{_CAPTION}\n\n{table}").records
    assert [r.printed_length for r in got] == [3.11, 3.52, 2.4, 2.93]
    # a caption naming another measure titles nothing: no acceptance figure
    assert read_paste(f"Table 4. Speedups of our drafter on each task.\n\n{table}").records == ()
    # an unnumbered sentence is no caption
    assert read_paste(f"We measured it on each task, as shown.\n\n{table}").records == ()
