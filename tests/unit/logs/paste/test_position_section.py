"""A section row naming per-position acceptance, its value cells empty, over rows of bare
positions in a table whose rows are metrics: each position row is that run's acceptance at the
position, so each run's column gets its per-position rates, and 1 + their sum equal to the
printed length decides the bonus. Near-misses: a section naming another figure, a single
position row, positions out of order: no per-position rates."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_SECTION = st.sampled_from(
    [
        "**Per-position acceptance (%)**",
        "Per-position acceptance rate (%)",
        "__per-position acceptance (%)__",
    ]
)
_ROW = st.sampled_from(["Position {n}", "pos {n}", "Draft position {n}"])


def _table(section: str, row: str, runs: list[list[int]], order: list[int], change: bool) -> str:
    names = [f"arm {chr(65 + j)}" for j in range(len(runs))]
    head = ["Measure", *names, *(["Delta"] if change else [])]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]

    def row_of(label: str, vals: list[str]) -> None:
        extra = ["-1.00%"] if change else []
        lines.append("| " + " | ".join([label, *vals, *extra]) + " |")

    row_of("Output throughput (tok/s)", [f"{900 + 37 * j}.50" for j in range(len(runs))])
    row_of("Acceptance length", [f"{1 + sum(r) / 100:.2f}" for r in runs])
    lines.append("| " + " | ".join([section, *[""] * (len(head) - 1)]) + " |")
    for i in order:
        row_of(row.format(n=i), [f"{r[i]}.00" for r in runs])
    return "\n".join(lines) + "\n"


def _runs(tops: list[int], depth: int) -> list[list[int]]:
    return [[max(t - 11 * i, 1) for i in range(depth)] for t in tops]


@settings(max_examples=examples(25), deadline=None)
@given(
    section=_SECTION,
    row=_ROW,
    depth=st.integers(2, 6),
    tops=st.lists(st.integers(60, 95), min_size=2, max_size=3, unique=True),
    change=st.booleans(),
)
def test_section_positions_decide_the_length(
    read, section: str, row: str, depth: int, tops: list[int], change: bool
) -> None:
    runs = _runs(tops, depth)
    recs = read(_table(section, row, runs, list(range(depth)), change)).records
    assert len(recs) == len(runs)
    for rec, r in zip(recs, runs, strict=True):
        assert [round(x, 4) for x in rec.per_position] == [v / 100 for v in r]
        assert rec.accept_length is not None
        assert abs(rec.accept_length - (1 + sum(r) / 100)) < 0.006


@settings(max_examples=examples(25), deadline=None)
@given(
    row=_ROW,
    miss=st.sampled_from(["other", "single", "order"]),
    depth=st.integers(3, 5),
    tops=st.lists(st.integers(60, 95), min_size=2, max_size=2, unique=True),
)
def test_near_misses_give_no_positions(
    read, row: str, miss: str, depth: int, tops: list[int]
) -> None:
    runs = _runs(tops, depth)
    section = "**Per-position acceptance (%)**"
    if miss == "other":
        section = "**Latency by position (ms)**"
    order = list(range(depth))
    if miss == "single":
        order = [0]
    elif miss == "order":
        order = [order[1], order[0], *order[2:]]
    recs = read(_table(section, row, runs, order, False)).records
    assert all(not r.per_position for r in recs)
    assert all(r.accept_length is None for r in recs)
