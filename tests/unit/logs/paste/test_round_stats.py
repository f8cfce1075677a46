"""A cell of a run's statistics per round (round_stats.py): `A accepted/round, R% of drafted,
avg draft D` under a column naming no figure; where A / D = R (and (A - 1) / D = R does not
hold) A counts accepted drafts only: length 1 + A, rate R, one record per row; a placeholder
cell no record; without the identity nothing is read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.round_stats import proven, stats
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_SHAPES = [
    "{a} accepted/round, {r}% of drafted, avg draft {d} over {n} rounds",
    "{a} accepted/round, {r}% of drafted, avg draft {d}",
    "{r}% of drafted; avg draft {d}; {a} accepted per round",
    "**{a} accepted/step, {r}% of draft tokens, mean draft {d} over {n} steps**",
]


def _table(rows: list[list[str]]) -> str:
    return "Runs on one M3 Max, 256 new tokens each.\n\n" + pipe_table(
        ["model", "mode", "gen tok/s", "spec stats", "peak mem"], rows
    )


def _cell(shape: str, acc: float, drafted: float, n: int) -> str:
    return shape.format(a=f"{acc:.2f}", r=f"{100 * acc / drafted:.1f}", d=f"{drafted:.2f}", n=n)


@settings(max_examples=examples(25), deadline=None)
@given(
    shape=st.sampled_from(_SHAPES),
    drafted=st.integers(250, 800).map(lambda x: x / 100),
    share=st.integers(20, 95).map(lambda x: x / 100),
    n=st.integers(20, 900),
)
def test_identity_proves_accepted_drafts(
    read: Read, shape: str, drafted: float, share: float, n: int
) -> None:
    acc = round(drafted * share, 2)
    cell = _cell(shape, acc, drafted, n)
    rows = [["m-7b", "plain", "41.2", "n/a", "6.1 GB"], ["m-7b", "spec", "63.9", cell, "6.8 GB"]]
    got = read(_table(rows)).records
    assert len(got) == 1
    assert got[0].printed_length == pytest.approx(acc)
    assert got[0].accept_length == pytest.approx(1 + acc)
    assert got[0].bonus.rule.startswith("identity")  # the cell's own proof, said
    assert got[0].printed_rate == pytest.approx(round(acc / drafted, 3), abs=6e-4)


def test_two_runs_two_records(read: Read) -> None:
    rows = [
        ["m-7b", "plain", "41.2", "—", "6.1 GB"],
        ["m-7b", "spec", "63.9", "1.85 accepted/round, 46.3% of drafted, avg draft 4.00", "6.8 GB"],
        ["m-14b", "spec", "30.2", "3.12 accepted/round, 52.0% of drafted, avg draft 6.00", "11 GB"],
    ]
    got = read(_table(rows)).records
    assert [r.accept_length for r in got] == [pytest.approx(2.85), pytest.approx(4.12)]


@pytest.mark.parametrize(
    "cell",
    [
        # the rate is A / D with A the accepted tokens less the target's: no identity as printed
        "2.85 accepted/round, 46.3% of drafted, avg draft 4.00",
        # no identity at all
        "1.85 accepted/round, 61.0% of drafted, avg draft 4.00",
        # the accepted figure alone: undecided as before (no record from this reader)
        "1.85 accepted/round",
        # no drafted mean to check against
        "1.85 accepted/round, 46.3% of drafted",
        # another figure the cell's three do not account for
        "1.85 accepted/round, 46.3% of drafted, avg draft 4.00, 12.1 GB",
    ],
)
def test_no_identity_no_length(read: Read, cell: str) -> None:
    rows = [["m-7b", "spec", "63.9", cell, "6.8 GB"]]
    assert all(r.accept_length is None for r in read(_table(rows)).records)


def test_one_failing_cell_leaves_the_column(read: Read) -> None:
    rows = [
        ["a", "spec", "63.9", "1.85 accepted/round, 46.3% of drafted, avg draft 4.00", "6 GB"],
        ["b", "spec", "60.1", "1.85 accepted/round, 70.0% of drafted, avg draft 4.00", "6 GB"],
    ]
    assert all(r.accept_length is None for r in read(_table(rows)).records)


def test_cell_parts() -> None:
    s = stats("2.44 accepted/round, 62.1% of drafted, avg draft 3.93 over 149 rounds")
    assert s is not None and (s.accepted, s.rate, s.drafted) == ("2.44", "62.1", "3.93")
    assert proven(s)
    assert stats("2.44 accepted, 62.1% of drafted, avg draft 3.93") is None
    # a mean accepted above the mean drafted is no such run
    big = stats("4.50 accepted/round, 62.1% of drafted, avg draft 3.93")
    assert big is not None and not proven(big)


def test_a_column_naming_a_figure_is_left_to_its_name(read: Read) -> None:
    # under an acceptance header the cell is that column's, not split here
    text = pipe_table(
        ["model", "acceptance length"],
        [["m-7b", "1.85 accepted/round, 46.3% of drafted, avg draft 4.00"]],
    )
    assert all(r.accept_length != pytest.approx(2.85) for r in read(text).records)
