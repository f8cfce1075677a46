"""A rate's values each named by its draft position before the rate's name, no separator before
the value (`pos1 acceptance rate 0.83, pos2 acceptance rate 0.64, pos3 acceptance rate 0.41`), are
one run's profile: one record of per-position rates and no overall rate (the first position's rate
is not the run's). Before, each item was read as the run's acceptance rate, a record each. A lone
item is that position's rate, as with a colon (`pos1 acceptance rate: 0.83`); items with a gap in
their numbers give no record. Near misses: another figure at a position (`pos2 latency 12 ms`), and
the run's own overall rate beside them, still read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_POS = st.sampled_from(["pos{}", "pos {}", "position {}", "pos_{}", "Pos{}", "draft pos {}"])
_NAME = st.sampled_from(["acceptance rate", "accept rate", "acceptance", "acceptance rate:"])
_JOIN = st.sampled_from([", ", "; ", " and ", ", and "])


@given(
    pos=_POS,
    name=_NAME,
    join=_JOIN,
    first=st.sampled_from([0, 1]),
    rates=st.lists(st.integers(1, 99), min_size=2, max_size=6),
    pct=st.booleans(),
)
def test_position_first_items_are_one_profile(
    read: Read, pos: str, name: str, join: str, first: int, rates: list[int], pct: bool
) -> None:
    items = [
        f"{pos.format(first + i)} {name} {f'{r}%' if pct else f'{r / 100:.2f}'}"
        for i, r in enumerate(rates)
    ]
    got = read(f"EAGLE run on the chat set.\n{join.join(items)}\n").records
    assert len(got) == 1
    assert list(got[0].per_position) == [pytest.approx(r / 100) for r in rates]
    assert got[0].printed_rate is None and got[0].accept_rate is None


@given(pos=_POS, name=_NAME, at=st.integers(0, 9), rate=st.integers(1, 99))
def test_one_position_alone_is_no_run_rate(
    read: Read, pos: str, name: str, at: int, rate: int
) -> None:
    text = f"EAGLE run on the chat set.\n{pos.format(at)} {name} {rate / 100:.2f}\n"
    got = read(text).records
    assert all(r.printed_rate is None for r in got)
    # (read as with a colon before the value: that position's rate)
    colon = f"EAGLE run on the chat set.\n{pos.format(at)} {name.rstrip(':')}: {rate / 100:.2f}\n"
    assert [r.per_position for r in got] == [r.per_position for r in read(colon).records]


def test_a_gap_in_the_positions_gives_no_run_rate(read: Read) -> None:
    text = "EAGLE run.\npos1 acceptance rate 0.83, pos3 acceptance rate 0.41\n"
    assert all(r.printed_rate is None for r in read(text).records)


def test_a_length_beside_the_profile_is_decided_by_the_sum(read: Read) -> None:
    text = (
        "EAGLE run.\n"
        "pos0 acceptance rate 88%, pos1 acceptance rate 70% and pos2 acceptance rate 51%; "
        "accept length 3.09\n"
    )
    got = read(text).records
    assert [(r.per_position, r.accept_length, r.bonus.value) for r in got] == [
        ((0.88, 0.7, 0.51), 3.09, "included")
    ]


def test_another_figure_at_a_position_is_left_alone(read: Read) -> None:
    text = "EAGLE run.\npos1 latency 12.5, pos2 latency 13.1, overall acceptance rate 0.61\n"
    got = read(text).records
    assert [(r.printed_rate, r.per_position) for r in got] == [(0.61, ())]
