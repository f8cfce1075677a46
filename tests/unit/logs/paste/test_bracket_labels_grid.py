"""A grid column whose header closes with its runs' labels in a bracket joined by '/'
(slashed_grid._BRACKET_LABELS): '| mean accept (r1 / r2) |' over '| 1.31 / 1.42 |' is one
column a label, each value read as its own cell (as 'K = 1 / 2' labels are). Cells of another
count, a word among the values, or repeated labels leave the column unsplit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import slashed_grid as SG
from tests.support.examples import examples

_LABELS = st.sampled_from(
    [["r1", "r2"], ["greedy", "sampled"], ["T=0", "T=1"], ["a", "b", "c"], ["fp8", "bf16"]]
)
_NAMES = st.sampled_from(["mean accept", "accept length", "AL", "mean acceptance length"])


@settings(max_examples=examples(50), deadline=None)
@given(
    labels=_LABELS,
    name=_NAMES,
    rows=st.lists(
        st.lists(st.integers(1100, 4800), min_size=3, max_size=3), min_size=1, max_size=4
    ),
    spaced=st.booleans(),
)
def test_each_label_of_a_bracket_is_a_column(
    labels: list[str], name: str, rows: list[list[int]], spaced: bool
) -> None:
    sep = " / " if spaced else "/"
    n = len(labels)
    head = f"| ctx | {name} ({sep.join(labels)}) |"
    body = [
        f"| {128 * (i + 1)} | {sep.join(f'{v / 1000:.3f}' for v in r[:n])} |"
        for i, r in enumerate(rows)
    ]
    text = "Draft runs on one GPU:\n\n" + "\n".join([head, "|---:|---|", *body]) + "\n"
    got = [r.printed_length for r in read_paste(text).records]
    assert got == [v / 1000 for r in rows for v in r[:n]]


def test_negative_control_a_cell_of_another_count_leaves_the_column() -> None:
    lines = ["| ctx | AL (a / b) |", "|---|---|", "| 1 | 2.10 / 2.20 |", "| 2 | 2.30 |"]
    assert SG.split_grids(lines) == lines


def test_negative_control_repeated_labels_leave_the_column() -> None:
    lines = ["| ctx | AL (a / a) |", "|---|---|", "| 1 | 2.10 / 2.20 |"]
    assert SG.split_grids(lines) == lines


def test_negative_control_words_in_a_cell_leave_the_column() -> None:
    lines = ["| ctx | AL (a / b) |", "|---|---|", "| 1 | 2.10 / n.a. |"]
    assert SG.split_grids(lines) == lines


def test_negative_control_draft_positions_in_the_bracket_stay_one_column() -> None:
    """'(d0 / d1)', '(p1/p2)', '(0/1/2)': a rate per draft position (the positions reader's),
    never one run a label; runs ('r1/r2') and a depth column's short labels are split."""
    for labels in ("d0 / d1", "p1/p2", "pos1 / pos2 / pos3", "0/1/2"):
        n = len(labels.split("/"))
        lines = [
            f"| ctx | accept ({labels}) |",
            "|---|---|",
            "| 1 | " + " / ".join(["0.50"] * n) + " |",
        ]
        assert SG.split_grids(lines) == lines
    lines = ["| ctx | AL (r1 / r2) |", "|---|---|", "| 1 | 2.10 / 2.20 |"]
    assert SG.split_grids(lines)[0] == "| ctx | AL (r1) | AL (r2) |"
