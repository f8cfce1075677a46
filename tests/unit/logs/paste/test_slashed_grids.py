"""A grid whose cells each hold one slash-joined run of values, the run's labels in the header
(`| tokens a step at K = 1 / 2 / 4 / 8 |` over `| 1.07 / 1.10 / 1.10 / 1.11 |`): one record a
value, read as the header's figure; a sibling column of runs of the same count is the same figure
(its header a qualifier); a cell holding a range, words or another count is no run."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import slashed_grid as SG
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_PROSE = "Replay through a lookup drafter; a step emits accepted + 1.\n\n"


def _lengths(read: Read, text: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.accept_length) for r in read(text).records]


def test_grid_of_runs_reads_one_record_a_cell(read: Read) -> None:
    text = _PROSE + pipe_table(
        ["corpus", "short matches: tokens a step at K = 1 / 2 / 4", "long matches", "other"],
        [
            [
                "ChatLogs",
                "1.21 / 1.34 / 1.40 (drafts on 80 steps)",
                "1.11 / 1.15 / 1.18",
                "1.02-1.05",
            ],
            ["CodeBase", "1.45 / 1.62 / 1.70", "1.30 / 1.33 / 1.39", "1.01-1.04"],
        ],
    )
    got = _lengths(read, text)
    want = [1.21, 1.34, 1.40, 1.11, 1.15, 1.18, 1.45, 1.62, 1.70, 1.30, 1.33, 1.39]
    assert [p for p, _ in got] == want
    assert [a for _, a in got] == want  # tokens a step: the target's own token counted


@pytest.mark.parametrize(
    "row",
    [
        ["A", "1.21-1.30 / 1.34 / 1.40"],  # a range in the run
        ["A", "1.21 / 1.34"],  # another count
        ["A", "about the same"],  # words
    ],
)
def test_cells_that_are_no_run_leave_the_grid_unsplit(row: list[str]) -> None:
    lines = pipe_table(["corpus", "tokens a step at K = 1 / 2 / 4"], [row]).splitlines()
    assert SG.split_grids(lines) == lines


def test_two_labelled_columns_lend_no_figure_to_a_third() -> None:
    head = ["c", "tokens a step at K = 1 / 2", "accept rate at K = 1 / 2", "plain"]
    lines = pipe_table(head, [["A", "1.2 / 1.3", "20% / 15%", "1.1 / 1.2"]]).splitlines()
    out = SG.split_grids(lines)
    assert "1.1 / 1.2" in out[2]  # the third column: whose figure is not told


def test_ranges_only_grid_reads_nothing(read: Read) -> None:
    text = _PROSE + pipe_table(
        ["corpus", "tokens a step at K = 1 / 2"], [["A", "1.04-1.06"], ["B", "1.01-1.03"]]
    )
    assert _lengths(read, text) == []


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(101, 399), min_size=3, max_size=3), min_size=1, max_size=4))
def test_split_writes_each_value_in_its_own_cell(rows: list[list[int]]) -> None:
    body = [[f"r{i}", " / ".join(f"{v / 100:.2f}" for v in r)] for i, r in enumerate(rows)]
    out = SG.split_grids(pipe_table(["run", "tokens a step at K = 1 / 2 / 4"], body).splitlines())
    assert out[0].count("K=") == 3
    for line, r in zip(out[2:], rows, strict=True):
        assert [c.strip() for c in line.strip("|").split("|")][1:] == [f"{v / 100:.2f}" for v in r]
