"""Rows that are draft positions named by their number alone ('pos 2', 'depth 3', '位置 1')
under a first header cell naming positions, a title naming acceptance above the table, and runs
as the other columns: each run's column is one record of per-position rates. A title naming no
acceptance, a gap in the positions, or a row that is no position reads nothing of the kind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_HEAD = st.sampled_from(["Position", "pos", "Draft position", "depth", "位置"])
_ROW = st.sampled_from(["pos {n}", "Position {n}", "depth {n}", "位置 {n}", "pos{n}"])
_TITLE = st.sampled_from(
    [
        "Acceptance by draft position, two settings:",
        "**Per-position acceptance, batch 1 vs 8**",
        "### 各位置的草稿接受率对比",
    ]
)


def _rates(top: int, n: int) -> list[int]:
    return [max(top - 13 * i, 1) for i in range(n)]


def _table(head: str, row: str, start: int, runs: list[list[int]], change: bool, note: bool) -> str:
    names = [f"run {chr(65 + j)}" for j in range(len(runs))]
    cols = [head, *names, *(["gain"] if change else [])]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for i in range(len(runs[0])):
        label = row.format(n=start + i) + (" (first draft)" if note and i == 0 else "")
        cells = [f"{r[i]}%" for r in runs]
        if change:
            cells.append(f"+{runs[-1][i] - runs[0][i]}%")
        lines.append("| " + " | ".join([label, *cells]) + " |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    head=_HEAD,
    row=_ROW,
    title=_TITLE,
    start=st.sampled_from([0, 1]),
    depth=st.integers(2, 5),
    tops=st.lists(st.integers(60, 95), min_size=1, max_size=3, unique=True),
    change=st.booleans(),
    note=st.booleans(),
)
def test_position_rows_give_each_run_its_rates(
    read,
    head: str,
    row: str,
    title: str,
    start: int,
    depth: int,
    tops: list[int],
    change: bool,
    note: bool,
) -> None:
    runs = [_rates(t, depth) for t in tops]
    if change and len(runs) < 2:
        change = False
    recs = read(f"{title}\n{_table(head, row, start, runs, change, note)}").records
    got = sorted(tuple(round(x, 4) for x in r.per_position) for r in recs)
    assert got == sorted(tuple(v / 100 for v in r) for r in runs)
    assert all(r.accept_length is None and r.printed_length is None for r in recs)


@settings(max_examples=examples(25), deadline=None)
@given(
    head=_HEAD,
    row=_ROW,
    miss=st.sampled_from(["title", "gap", "label"]),
    depth=st.integers(3, 5),
    top=st.integers(60, 95),
)
def test_near_misses_read_no_positions(
    read, head: str, row: str, miss: str, depth: int, top: int
) -> None:
    title = "Latency by position, two settings:" if miss == "title" else "Acceptance by position:"
    text = _table(head, row, 1, [_rates(top, depth), _rates(top - 5, depth)], False, False)
    lines = text.splitlines()
    if miss == "gap":
        lines.pop(3)  # position 2 left out: 1, 3, 4...
    if miss == "label":
        lines[3] = lines[3].replace(row.format(n=2), "warm-up", 1)
    recs = read(title + "\n" + "\n".join(lines) + "\n").records
    assert not any(r.per_position for r in recs)
