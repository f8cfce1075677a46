"""Rates joined by arrows just before a rate's noun ('37.2% → 55.1% acceptance'): a change,
each side its own run (before, after), rates with no length; a throughput joined the same way
('13.53 → 18.87 tok/s') is no acceptance figure."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste

SETUP = (
    "Same prompts and seeds, MTP drafter with a fixed depth vs the adaptive one, block size 4:\n"
)


def _rates(text: str) -> list[float | None]:
    got = read_paste(SETUP + text).records
    assert all(r.printed_length is None and r.accept_length is None for r in got)
    return [round(r.printed_rate, 6) if r.printed_rate is not None else None for r in got]


def test_bullets_of_changes_each_side_a_run() -> None:
    text = (
        "- chat: 41.5% → 58.0% acceptance; 21.40 → 27.95 tok/s\n"
        "- code: 52.3% → 66.9% acceptance; 24.10 → 31.22 tok/s\n"
    )
    assert _rates(text) == [0.415, 0.58, 0.523, 0.669]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("acceptance moved 40% -> 52% -> 61% acceptance", [0.4, 0.52, 0.61]),
        ("draft acceptance after the fix: 38.5% => 47% draft acceptance", [0.385, 0.47]),
        ("- summarise: ~44% ⟶ 50.5% accept rate", [0.44, 0.505]),
    ],
)
def test_arrow_kinds_and_chains(text: str, want: list[float]) -> None:
    assert _rates(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a throughput change beside one rate: the rate alone
        ("21.40 → 27.95 tok/s at 58.0% acceptance", [0.58]),
        # a number that is no percentage before the arrow: not a rate of the change
        ("depth 2 → 58.0% acceptance", [0.58]),
        # throughput alone: nothing
        ("- chat: 21.40 → 27.95 tok/s", []),
    ],
)
def test_no_change_of_rates(text: str, want: list[float]) -> None:
    assert _rates(text) == want
