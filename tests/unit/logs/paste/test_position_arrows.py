"""Rates by draft position joined by arrows under a per-position name (`Per-position acceptance:
0.81 -> 0.64 -> 0.52, mean accept length 2.97`, `acceptance rate by depth over the run: 0.9 → 0.7
→ 0.4`) are one run's profile: one record of per-position rates, no overall rate; a length in the
same clause equal to 1 + their sum counts the bonus token, equal to the sum leaves it out (the
identity slashes and commas already had). Before, the arrows read as a change, each side a run,
or nothing at all. Near misses: arrows under a plain rate's name (a change), rising values, two
values only."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(
    [
        "Per-position acceptance",
        "per-position acceptance rate",
        "Acceptance rate per position",
        "Acceptance rate per position over the run",
        "acceptance by depth",
        "Draft acceptance by position",
    ]
)
_ARROW = st.sampled_from([" -> ", " → ", "->", " => ", " ⟶ "])


def _falling(draw_rates: list[int]) -> list[int]:
    return sorted(set(draw_rates), reverse=True)


@st.composite
def _profile(draw: st.DrawFn) -> list[int]:
    rates = draw(st.lists(st.integers(5, 95), min_size=3, max_size=6))
    got = _falling(rates)
    if len(got) < 3:
        got = [90, 60, 30]
    return got


@given(name=_NAME, arrow=_ARROW, rates=_profile(), pct=st.booleans())
def test_arrows_under_a_per_position_name_are_one_profile(
    read: Read, name: str, arrow: str, rates: list[int], pct: bool
) -> None:
    shown = arrow.join(f"{r}%" if pct else f"{r / 100:.2f}" for r in rates)
    got = read(f"Speculative decoding, EAGLE head.\n{name}: {shown}\n").records
    assert len(got) == 1
    assert list(got[0].per_position) == [pytest.approx(r / 100) for r in rates]
    assert got[0].printed_rate is None and got[0].accept_length is None


@given(
    name=_NAME,
    arrow=_ARROW,
    rates=_profile(),
    bonus=st.booleans(),
    length_name=st.sampled_from(["mean accept length", "accept length", "AL"]),
)
def test_a_length_beside_them_is_decided_by_their_sum(
    read: Read, name: str, arrow: str, rates: list[int], bonus: bool, length_name: str
) -> None:
    total = sum(rates) / 100
    chain, run = 0.0, 1.0
    for r in rates:
        run *= r / 100
        chain += run
    # (a length a chain of conditional rates could give as well decides nothing: kept apart)
    assume(min(abs(total - chain), abs(total - 1 - chain)) > 0.1)
    shown = arrow.join(f"{r / 100:.2f}" for r in rates)
    length = 1 + total if bonus else total
    text = f"Speculative decoding run.\n{name}: {shown}, {length_name} {length:.2f}\n"
    got = read(text).records
    assert len(got) == 1
    assert got[0].printed_length == pytest.approx(round(length, 2))
    assert got[0].accept_length == pytest.approx(round(1 + total, 2))
    assert got[0].bonus.value == ("included" if bonus else "excluded")


def test_arrows_under_a_plain_rate_stay_a_change(read: Read) -> None:
    text = "Speculative decoding run.\nacceptance rate 0.78 -> 0.66 -> 0.57 after the update\n"
    got = read(text).records
    assert [r.per_position for r in got] == [(), (), ()]
    assert [r.printed_rate for r in got] == [0.78, 0.66, 0.57]


def test_rising_values_are_no_profile(read: Read) -> None:
    text = "Speculative decoding run.\nPer-position acceptance improved: 0.50 -> 0.60 -> 0.70\n"
    assert all(not r.per_position for r in read(text).records)


def test_two_values_are_no_profile(read: Read) -> None:
    text = "Speculative decoding run.\nPer-position acceptance: 0.80 -> 0.60\n"
    assert all(len(r.per_position) != 2 for r in read(text).records)
