"""A column pairing the accepted and proposed counts by '/' ('accepted/proposed (before →
after)', '接受数/提议数（旧 → 新）') over cells of a change whose every side holds the two whole
counts ('412/500 → 430/500'): each side its own run's counts, a record each (before, after),
rate accepted / proposed; a placeholder ('—') a row without them. Sides of another count of
values, or decimals, read no counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import change_table
from tests.unit.logs.paste.pipeline import Read

_HEADER = st.sampled_from(
    [
        "accepted/proposed (old → new)",
        "accepted/drafted (before → after)",
        "接受数/提议数（旧 → 新）",
        "接受数/提议数",
    ]
)
_ARROW = st.sampled_from([" → ", " -> ", "→"])


@settings(max_examples=examples(40), deadline=None)
@given(
    header=_HEADER,
    arrow=_ARROW,
    runs=st.lists(
        st.tuples(st.integers(200, 2000), st.integers(10, 95), st.integers(10, 95)),
        min_size=1,
        max_size=3,
    ),
)
def test_each_side_is_a_run_of_counts(
    read: Read, header: str, arrow: str, runs: list[tuple[int, int, int]]
) -> None:
    cells, want = [], []
    for total, p1, p2 in runs:
        a, b = total * p1 // 100, total * p2 // 100
        cells.append(f"{a}/{total}{arrow}{b}/{total}")
        want += [(a, total), (b, total)]
    got = read(change_table(header, cells)).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == want
    assert [r.accept_rate for r in got] == [pytest.approx(a / d, abs=1e-5) for a, d in want]


def test_negative_control_sides_of_another_shape() -> None:
    got = read_paste(
        change_table("accepted/proposed (old → new)", ["412/500 → 430", "2.5/3 → 2.6/3"])
    )
    assert all(r.accepted_tokens is None for r in got.records)
