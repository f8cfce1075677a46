"""A run's length followed, further down, by a markdown table of its per-position rates
('Per-position acceptance:' over '| Position | Acceptance |', rows '| 0 | 52.10% |'): the rows are
the run's per-position rates (no record of their own) where 1 + their sum is the printed
length within the rounding (the bonus counted). Rates that miss the length, or rise, decide
nothing and stay rows of their own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _text(length: str, cells: list[str], head: str) -> str:
    rows = "".join(f"| {i} | {c} |\n" for i, c in enumerate(cells))
    return (
        "### Draft two\n\nTwo epochs, measured on ChatSet:\n\n"
        "| Metric | Value |\n| --- | --- |\n"
        f"| Acceptance rate | 20.00% |\n| Acceptance length | {length} |\n\n"
        f"Per-position acceptance:\n\n| Position | {head} |\n| --- | --- |\n{rows}"
    )


_RATES = st.lists(st.integers(1, 9000), min_size=2, max_size=5, unique=True).map(
    lambda xs: sorted(xs, reverse=True)
)


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=_RATES,
    percent=st.booleans(),
    head=st.sampled_from(["Acceptance", "Accept rate", "acceptance rate"]),
)
def test_the_position_table_decides_the_length(rates: list[int], percent: bool, head: str) -> None:
    cells = [f"{r / 100:.2f}%" if percent else f"{r / 10000:.4f}" for r in rates]
    length = 1 + sum(rates) / 10000
    got = read_paste(_text(f"{length:.2f}", cells, head)).records
    assert [r.printed_length for r in got] == pytest.approx([round(length, 2)])
    assert got[0].accept_length == pytest.approx(round(length, 2))
    assert got[0].per_position == pytest.approx([r / 10000 for r in rates])


@settings(max_examples=examples(30), deadline=None)
@given(rates=_RATES, off=st.sampled_from([1, 2]))
def test_rates_missing_the_length_or_rising_decide_nothing(rates: list[int], off: int) -> None:
    cells = [f"{r / 100:.2f}%" for r in rates]
    wrong = 1 + sum(rates) / 10000 + off * 0.08
    got = read_paste(_text(f"{wrong:.2f}", cells, "Acceptance")).records
    assert all(r.accept_length is None for r in got)
    assert len(got) == 1 + len(rates)
    rising = read_paste(_text(f"{1 + sum(rates) / 10000:.2f}", cells[::-1], "Acceptance")).records
    assert all(r.accept_length is None for r in rising)
