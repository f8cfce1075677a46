"""A length joined by 'and' to its per-position rates in prose ('reached mean length 3.2 and
per-position 0.9 / 0.7 / 0.6'), perhaps wrapped between them: read where 1 + the rates' sum
gives the length (bonus included); the sum alone, a rising list or another length read
nothing (position_sum.py)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["mean length", "average length", "Mean length", "avg length", "length"]
_POS = ["per-position", "per position", "per-depth", "by position"]
_LEADS = ["Quiet windows reached", "The second run hit", "with calmer batches reaching"]
_HEAD = "## Acceptance notes\n\nThe server log shows the drafter's acceptance.\n\n"


def _rates(drops: list[int], first: int) -> list[float]:
    """A chain's rates in thousandths, never rising: ``first`` less the running drops."""
    out, r = [], first
    for d in drops:
        out.append(r / 1000)
        r = max(r - d, 10)
    return out


def _line(
    lead: str, name: str, pos: str, x: str, rates: list[float], tick: bool, wrap: bool
) -> str:
    listed = " / ".join(f"{r:.3f}" for r in rates)
    listed = f"`{listed}`" if tick else listed
    sep = "\n" if wrap else " "
    return f"{lead} {name} {x} and {pos}{sep}{listed} over the window."


_ARGS = {
    "lead": st.sampled_from(_LEADS),
    "name": st.sampled_from(_NAMES),
    "pos": st.sampled_from(_POS),
    "drops": st.lists(st.integers(0, 200), min_size=2, max_size=4),
    "first": st.integers(600, 990),
    "tick": st.booleans(),
    "wrap": st.booleans(),
}


@settings(max_examples=examples(30), deadline=None)
@given(**_ARGS)
def test_a_length_one_more_than_its_rates_sum_is_read(
    lead: str, name: str, pos: str, drops: list[int], first: int, tick: bool, wrap: bool
) -> None:
    rates = _rates(drops, first)
    x = round(1 + sum(rates), 2)
    got = read_paste(_HEAD + _line(lead, name, pos, f"{x:.2f}", rates, tick, wrap)).records
    assert len(got) == 1
    assert got[0].printed_length == x
    assert got[0].per_position == tuple(rates)
    assert got[0].bonus.value == "included"


@settings(max_examples=examples(30), deadline=None)
@given(**_ARGS, how=st.sampled_from(["sum", "off", "rising"]), off=st.integers(8, 60))
def test_other_lengths_or_lists_read_nothing(
    lead: str,
    name: str,
    pos: str,
    drops: list[int],
    first: int,
    tick: bool,
    wrap: bool,
    how: str,
    off: int,
) -> None:
    rates = _rates(drops, first)
    if how == "rising":
        assume(rates[-1] < rates[0])
        rates = rates[::-1]
        x = round(1 + sum(rates), 2)
    elif how == "sum":
        x = round(sum(rates), 2)
    else:
        x = round(1 + sum(rates) + off / 100, 2)
    assume(x >= 1.0)
    got = read_paste(_HEAD + _line(lead, name, pos, f"{x:.2f}", rates, tick, wrap)).records
    assert not any(r.per_position == tuple(rates) for r in got)
    assert not any(r.printed_length == x for r in got)
