"""A table's 'Depth' column holding one draft depth a run (the same depth on every row of a
run's words) is each row's setting: a rate on a row at depth 1 is the accepted drafts per step
(length 1 + rate), at a deeper row no length. A 'Depth' column listing several depths for one
run's words is the draft position of a rate: no setting, no length. A bare 'accept' header
after a tool's name ('Zed accept') over percentages is an acceptance rate, as 'accept' alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEAD = ["Checkpoint", "Workload", "Depth", "Zed tok/s", "Zed accept"]


def _rows(deep: str, shallow: str) -> list[list[str]]:
    return [
        ["ring-9b", "sorting", "4", "31.5", deep],
        ["ring-9b", "parsing", "4", "30.2", "88.0%"],
        ["kite-2b", "sorting", "1", "77.0", shallow],
        ["kite-2b", "parsing", "1", "75.1", "58.0%"],
    ]


def test_depth_one_rows_give_one_plus_rate(read: Read) -> None:
    got = read(pipe_table(_HEAD, _rows("93.0%", "61.5%"))).records
    assert [r.accept_length for r in got] == [None, None, 1.615, 1.58]
    assert [r.printed_rate for r in got] == [0.93, 0.88, 0.615, 0.58]


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=1000))
def test_any_rate_at_depth_one(read: Read, permille: int) -> None:
    cell = f"{permille / 10:.1f}%"
    got = read(pipe_table(_HEAD, _rows("90.0%", cell))).records
    assert got[2].accept_length == pytest.approx(1 + permille / 1000, abs=1e-6)
    assert got[0].accept_length is None


def test_negative_control_depth_lists_positions_of_one_run(read: Read) -> None:
    # one checkpoint's rows at depths 1, 2, 3: the rate at each draft position, no run at k=1
    rows = [["ring-9b", "1", "81.0%"], ["ring-9b", "2", "62.0%"], ["ring-9b", "3", "40.5%"]]
    got = read(pipe_table(["Checkpoint", "Depth", "Zed accept"], rows)).records
    assert all(r.accept_length is None for r in got)


def test_negative_control_depth_column_alone(read: Read) -> None:
    rows = [["1", "81.0%"], ["2", "62.0%"]]
    got = read(pipe_table(["Depth", "Zed accept"], rows)).records
    assert all(r.accept_length is None for r in got)


def test_negative_control_accept_after_a_measure_or_without_percent(read: Read) -> None:
    # 'speedup accept' names a measure of its own; 'Zed accept' over plain numbers says no rate
    for head, cell in (("speedup accept", "61.5%"), ("Zed accept", "0.615")):
        got = read(pipe_table(["Checkpoint", "Depth", head], [["kite-2b", "1", cell]])).records
        assert all(r.accept_length is None for r in got)
