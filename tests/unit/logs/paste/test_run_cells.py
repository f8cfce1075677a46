"""A grid whose cells each hold a run ('| Method | code | chat |' over '| lookup | 41.2 ± 0.3
t/s, accept: 52.0% (65/125) | ... |'): one record per cell, labelled by its row and column, the
rate with its counts where they agree; a cell whose acceptance key holds no figure ('accept: no
draft') gives none; 0 accepted of N drafted is a length of 1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _grid(rows: list[list[str]]) -> str:
    return "Mean of 3 runs, n-gram drafting.\n\n" + pipe_table(["Method", "code", "chat"], rows)


def test_one_record_per_cell(read: Read) -> None:
    text = _grid(
        [
            [
                "lookup",
                "41.2 ± 0.3 t/s, accept: 52.0% (65/125)",
                "38.9 ± 0.1 t/s, accept: no draft",
            ],
            [
                "suffix",
                "44.0 ± 1.2 t/s, accept: 0.0% (0/40)",
                "39.5 ± 0.4 t/s, accept: 75.0% (9/12)",
            ],
        ]
    )
    recs = read(text).records
    assert [(dict(r.labels)["method"], dict(r.labels)["column"]) for r in recs] == [
        ("lookup", "code"),
        ("suffix", "code"),
        ("suffix", "chat"),
    ]
    assert [r.printed_rate for r in recs] == [0.52, 0.0, 0.75]
    assert [(r.accepted_tokens, r.drafted_tokens) for r in recs] == [(65, 125), (0, 40), (9, 12)]
    # nothing accepted: one token a step whatever k; the others have no step count
    assert [r.accept_length for r in recs] == [None, 1.0, None]


def test_counts_that_disagree_with_the_rate_are_not_claimed() -> None:
    text = _grid([["lookup", "41 t/s, accept: 52.0% (65/200)", "39 t/s, accept: 50.0% (1/2)"]])
    recs = read_paste(text).records
    assert [r.printed_rate for r in recs] == [0.52, 0.5]
    assert recs[0].accepted_tokens is None and recs[0].drafted_tokens is None


@pytest.mark.parametrize(
    "rows",
    [
        # no acceptance key in the cells: speeds only
        [["lookup", "41.2 t/s, mem: 12 GB", "38.9 t/s, mem: 12 GB"]],
        # one run cell alone
        [["lookup", "41.2 t/s, accept: 52.0% (65/125)", ""]],
    ],
)
def test_negative_controls(rows: list[list[str]]) -> None:
    assert all("column" not in dict(r.labels) for r in read_paste(_grid(rows)).records)


@settings(max_examples=examples(40), deadline=None)
@given(
    counts=st.lists(
        st.tuples(st.integers(0, 400), st.integers(1, 400)).map(lambda t: (min(t), max(t))),
        min_size=4,
        max_size=4,
    ),
)
def test_generated_grids(counts: list[tuple[int, int]]) -> None:
    cells = [
        f"{30 + i}.0 t/s, accept: {100 * a / d:.1f}% ({a}/{d})" for i, (a, d) in enumerate(counts)
    ]
    recs = read_paste(_grid([["lookup", *cells[:2]], ["suffix", *cells[2:]]])).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in recs] == counts
    assert [r.accept_length for r in recs] == [1.0 if a == 0 else None for a, _ in counts]
