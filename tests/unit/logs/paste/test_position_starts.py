"""Per-position rates keep the positions they were printed for: a list read from a later position
('at token 2' alone) or with gaps is never listed from the first position."""

from __future__ import annotations

from itertools import accumulate
from operator import mul

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SPELLINGS = [
    "Acceptance rate at token {i}: {v}",
    "acceptance rate at position {i}: {v}",
    "Accept rate @ token {i} = {v}",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    start=st.integers(0, 4),
    rates=st.lists(st.integers(5, 95), min_size=1, max_size=5),
    gap=st.booleans(),
    spelling=st.sampled_from(_SPELLINGS),
    length=st.booleans(),
)
def test_positions_are_listed_only_from_the_first(
    start: int, rates: list[int], gap: bool, spelling: str, length: bool
) -> None:
    positions = [start + i + (1 if gap and i >= 1 else 0) for i in range(len(rates))]
    gap = gap and len(rates) > 1
    lines = [
        spelling.format(i=p, v=f"{r / 100:.2f}") for p, r in zip(positions, rates, strict=True)
    ]
    if length:
        lines.append("Mean acceptance length: 2.40")
    got = read_paste("\n".join(lines) + "\n").records
    listed = [r.per_position for r in got if r.per_position]
    if start in (0, 1) and not gap:
        printed = tuple(r / 100 for r in rates)
        # as printed; or, where the length beside them fits only their running products (it
        # may by chance: 2.40 is fixed here), as the marginal rates those products are, and
        # the rule says so (evidence._by_positions)
        chained = any("running products" in r.bonus.rule for r in got)
        want = tuple(accumulate(printed, mul)) if chained else printed
        assert listed == [pytest.approx(want, abs=1e-6)]
    else:
        # never a rate at a position it was not printed for
        assert listed == []
        assert all(r.printed_length == 2.4 for r in got) and len(got) == int(length)


def test_the_first_two_tokens_are_listed() -> None:
    (r,) = read_paste(
        "Acceptance rate at token 1: 0.55\nAcceptance rate at token 2: 0.41\n"
    ).records
    assert r.per_position == (0.55, 0.41)


def test_a_later_token_alone_is_not_listed_as_the_first() -> None:
    assert read_paste("Acceptance rate at token 2: 0.41\n").records == ()
    (r,) = read_paste("Acceptance rate at token 2: 0.41\nMean acceptance length: 2.1\n").records
    assert r.per_position == () and r.printed_length == 2.1
    assert any("position 2" in n for n in r.notes)
