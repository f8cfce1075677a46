"""A run's summary written as a script's comments ('# acceptance length: 1.62', then
'#   position 0: 41.20%' ...): the position lines are read inside the comment, their rates as
percentages too, so 1 + their sum equal to the printed length decides the bonus included.
Rates that miss the length decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_RATES = st.lists(st.integers(1, 9000), min_size=2, max_size=5, unique=True).map(
    lambda xs: sorted(xs, reverse=True)
)


def _text(mark: str, length: str, cells: list[str]) -> str:
    lines = [
        f"{mark} Results on ChatSet (40 prompts):",
        f"{mark} acceptance rate: 12.00%",
        f"{mark} acceptance length: {length}",
        f"{mark} per-position acceptance:",
        *(f"{mark}   position {i}: {c}" for i, c in enumerate(cells)),
        f"{mark} output throughput: ~150 tok/s",
    ]
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(rates=_RATES, mark=st.sampled_from(["#", "//", "##"]), percent=st.booleans())
def test_commented_position_lines_decide_the_length(
    rates: list[int], mark: str, percent: bool
) -> None:
    cells = [f"{r / 100:.2f}%" if percent else f"{r / 10000:.4f}" for r in rates]
    length = round(1 + sum(rates) / 10000, 2)
    got = read_paste(_text(mark, f"{length:.2f}", cells)).records
    assert [r.accept_length for r in got] == pytest.approx([length])
    assert got[0].per_position == pytest.approx([r / 10000 for r in rates])


@settings(max_examples=examples(30), deadline=None)
@given(rates=_RATES, mark=st.sampled_from(["#", "//"]))
def test_commented_rates_missing_the_length_decide_nothing(rates: list[int], mark: str) -> None:
    cells = [f"{r / 100:.2f}%" for r in rates]
    wrong = 1 + sum(rates) / 10000 + 0.09
    got = read_paste(_text(mark, f"{wrong:.2f}", cells)).records
    assert got and all(r.accept_length is None for r in got)
