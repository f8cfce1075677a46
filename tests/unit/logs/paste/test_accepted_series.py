"""A series (a column, or a row of a transposed table) of means of what a step accepts, named
without its unit ('avg_accept', a bare 'mean' after an acceptance rate in split cells), whose
values hold one below 1 (no length counting the target's own token can be) and one above 1 (no
rate can be): accepted drafts per step, the bonus left out, each value 1 + it; counts printed
beside it (cycles, proposed, a rate) are checked first. Never a rate's series, nor one with
values on one side of 1 only."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table


def _split(rows: list[tuple[str, str, str]]) -> str:
    return "Same prompt on both hosts:\n\n" + pipe_table(
        ["K", "host A acc / mean", "host B acc / mean"],
        [[k, a, b] for k, a, b in rows],
    )


def _lengths(text: str) -> list[float | None]:
    return [r.accept_length for r in read_paste(text).records]


def test_split_cells_mean_below_one_leaves_the_bonus_out() -> None:
    # each mean is k x rate: 2 x 0.24 = 0.48, 4 x 0.30 = 1.20 (what the reading says it is)
    text = _split([("2", "24.0% / 0.48", "25.5% / 0.51"), ("4", "30.0% / 1.20", "31.0% / 1.24")])
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [1.48, 1.51, 2.2, 2.24]
    assert all(r.bonus.rule.startswith("value: its series") for r in got)


def test_split_cells_without_k_keep_the_series_reading() -> None:
    # no k in the row: nothing contradicts the series' reading
    text = "Same prompt on both hosts:\n\n" + pipe_table(
        ["setup", "host A acc / mean", "host B acc / mean"],
        [["short", "48.0% / 0.48", "51.0% / 0.51"], ["long", "40.0% / 1.20", "41.0% / 1.23"]],
    )
    assert _lengths(text) == [1.48, 1.51, 2.2, 2.23]


@settings(max_examples=examples(30), deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.integers(2, 8), st.integers(150, 900)), min_size=1, max_size=3, unique=True
    ),
    fit=st.booleans(),
)
def test_the_rows_k_times_rate_checks_the_series(rows: list[tuple[int, int]], fit: bool) -> None:
    """Each row's mean k x rate ('| 4 | 30.0% / 1.20 |'): the series' reading holds, 1 + it.
    A mean that is no whole count of drafts up to k times the rate, nor 1 + k x rate, in its
    rows (1.5 times it, '| 4 | 30.0% / 0.45 |'): some other mean (of a window), so no row's
    convention is told (test_series_drafted_fewer.py: fewer drafts than k)."""
    cells, want = [], []
    for k, permille in rows:
        mean = round(k * permille / 1000 if fit else 1.5 * permille / 1000, 2)
        cells.append((str(k), f"{permille / 10:.1f}% / {mean:.2f}"))
        want.append(round(1 + mean, 6) if fit else None)
    cells.append(("6", "30.0% / 1.80"))  # (6 x 0.30, a mean above 1 in the series)
    want.append(2.8 if fit else None)
    text = "One host, one prompt:\n\n" + pipe_table(["K", "acc / mean"], [list(c) for c in cells])
    got = read_paste(text).records
    if not any(m < 0.995 for m in (float(c[1].split("/ ")[1]) for c in cells)):
        return  # (every mean above 1: no series reading to check)
    assert [r.accept_length for r in got] == want
    assert all(r.printed_length is not None for r in got)
    assert all(("contradicts" in r.bonus.rule) != fit for r in got)


def _transposed(q4: tuple[str, str, str, str], q8: tuple[str, str, str, str]) -> str:
    names = ["`cycles`", "`drafted`", "`accept_rate`", "`avg_accept`"]
    return "Draft quality differs:\n\n" + pipe_table(
        ["", "small", "large"], [[n, a, b] for n, a, b in zip(names, q4, q8, strict=True)]
    )


def test_metrics_as_rows_checked_against_the_counts() -> None:
    # 0.7500 x 120 = 90 accepted over 60 steps: 1.500; 0.6000 x 80 = 48 over 64 steps: 0.750
    text = _transposed(("60", "120", "75.00%", "1.500"), ("64", "80", "60.00%", "0.750"))
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [2.5, 1.75]
    assert all(
        r.bonus.rule.startswith("identity: accepted per step = accepted / steps") for r in got
    )


def test_counts_that_give_the_bonus_counted_win() -> None:
    # 0.7500 x 120 = 90 over 60 steps: 1 + 1.5 = 2.5 printed, and 0.750 below 1 elsewhere: the
    # counts decide the first, never the series' value
    text = _transposed(("60", "120", "75.00%", "2.500"), ("64", "80", "60.00%", "0.750"))
    got = read_paste(text).records
    assert got[0].accept_length == 2.5 and got[0].bonus.rule.startswith("identity")


def test_a_plain_column() -> None:
    text = pipe_table(
        ["run", "avg accept", "tok/s"], [["a", "0.82", "41.0"], ["b", "1.64", "55.2"]]
    )
    assert _lengths(text) == [1.82, 2.64]


@pytest.mark.parametrize(
    "rows",
    [
        # every mean below 1: a rate's series as well as accepted drafts
        [["a", "0.82", "41.0"], ["b", "0.64", "55.2"]],
        # every mean above 1: a length of either convention
        [["a", "1.82", "41.0"], ["b", "2.64", "55.2"]],
        # percentages: rates
        [["a", "82%", "41.0"], ["b", "64%", "55.2"]],
    ],
)
def test_negative_control_series_on_one_side_of_one(rows: list[list[str]]) -> None:
    got = read_paste(pipe_table(["run", "avg accept", "tok/s"], rows)).records
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize("name", ["acceptance rate", "accept rate", "acceptance %"])
def test_negative_control_a_rate_column_is_never_a_length(name: str) -> None:
    got = read_paste(pipe_table(["run", name], [["a", "0.82"], ["b", "0.64"]])).records
    assert all(r.accept_length is None and r.printed_length is None for r in got)


def test_negative_control_bare_mean_not_after_a_rate() -> None:
    # 'mean' after a column of plain numbers: a mean of something else
    text = pipe_table(
        ["K", "host A tok/s / mean", "host B tok/s / mean"],
        [["2", "48.0 / 0.48", "51.0 / 0.51"], ["4", "40.0 / 1.20", "41.0 / 1.23"]],
    )
    assert all(v is None for v in _lengths(text))


@settings(max_examples=examples(30), deadline=None)
@given(
    low=st.integers(1, 94),
    highs=st.lists(st.integers(106, 480), min_size=1, max_size=3),
)
def test_generated_series(low: int, highs: list[int]) -> None:
    vals = [low, *highs]
    rows = [[f"run-{i}", f"{v / 100:.2f}", f"{40 + i}.0"] for i, v in enumerate(vals)]
    got = read_paste(pipe_table(["run", "avg_accept", "tok/s"], rows)).records
    assert [r.accept_length for r in got] == [round(1 + v / 100, 6) for v in vals]
