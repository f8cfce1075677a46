"""A table cell of one run's rate and length joined by a slash (rate_slash_length.py):
`77.8% / 3.33` under an acceptance column is one record, the rate 0.778 and the printed length
3.33 (its convention untold: no k, no tool), never two runs' rates. Cells of one form twice
(`65.0% / 70.5%`), a whole number after the slash, a plain share below 1 or a value past a
step's tokens are read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.rate_slash_length import rate_and_length
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEADERS = ["EAGLE accept", "acceptance", "Draft accept", "accept"]


def _table(header: str, cells: list[str]) -> str:
    rows = [[f"S{i + 1}", str(100 + 7 * i), c] for i, c in enumerate(cells)]
    return "Warm benchmark, one node.\n\n" + pipe_table(["scene", "tok/s", header], rows)


def _pct(tenths: int) -> str:
    return f"{tenths / 10:.1f}%"


@settings(max_examples=examples(40), deadline=None)
@given(
    header=st.sampled_from(_HEADERS),
    rates=st.lists(st.integers(300, 990), min_size=1, max_size=2, unique=True),
    lens=st.lists(st.integers(105, 790), min_size=2, max_size=2, unique=True),
    length_first=st.booleans(),
    bold=st.booleans(),
    spaced=st.booleans(),
)
def test_a_rate_and_a_length_are_one_run(
    read: Read,
    header: str,
    rates: list[int],
    lens: list[int],
    length_first: bool,
    bold: bool,
    spaced: bool,
) -> None:
    sep = " / " if spaced else "/"
    cells = []
    for r, ln in zip(rates, lens, strict=False):
        rate = f"**{_pct(r)}**" if bold else _pct(r)
        length = f"{ln / 100:.2f}"
        cells.append(f"{length}{sep}{rate}" if length_first else f"{rate}{sep}{length}")
    got = read(_table(header, cells)).records
    assert len(got) == len(cells)
    for rec, r, ln in zip(got, rates, lens, strict=False):
        assert rec.printed_rate == pytest.approx(r / 1000)
        assert rec.printed_length == pytest.approx(ln / 100)
        assert rec.accept_length is None  # no k, no tool: the convention untold


@settings(max_examples=examples(40), deadline=None)
@given(
    header=st.sampled_from(_HEADERS),
    ab=st.lists(st.integers(300, 990), min_size=2, max_size=2, unique=True),
    n=st.integers(2, 8),
)
def test_near_misses_read_as_before(read: Read, header: str, ab: list[int], n: int) -> None:
    a, b = ab
    # both percentages: two runs' rates, no length
    got = read(_table(header, [f"{_pct(a)} / {_pct(b)}"])).records
    assert len(got) == 2
    assert [r.printed_rate for r in got] == [pytest.approx(a / 1000), pytest.approx(b / 1000)]
    assert all(r.printed_length is None for r in got)
    # a whole number after the slash (a most, a k): no length read from it
    got = read(_table(header, [f"{_pct(a)} / {n}"])).records
    assert all(r.printed_length is None for r in got)
    # a speed past a step's tokens after the rate: never a length
    got = read(_table(header, [f"{_pct(a)} / {b / 10 + 20:.1f}"])).records
    assert all(r.printed_length is None for r in got)


def test_the_cell() -> None:
    assert rate_and_length("77.8% / 3.33") is not None
    assert rate_and_length("**85.0%** / 3.55") is not None
    assert rate_and_length("3.10 / 71.5%") is not None
    assert rate_and_length("77.8% / 70.5%") is None  # two rates
    assert rate_and_length("2.22 / 2.25") is None  # two lengths, no share
    assert rate_and_length("77.8% / 4") is None  # a whole number: a most
    assert rate_and_length("77.8% / 0.93") is None  # a share written as a fraction
    assert rate_and_length("77.8% / 120.5") is None  # a speed
    assert rate_and_length("177.8% / 3.33") is None  # no share


@settings(max_examples=examples(40), deadline=None)
@given(
    header=st.sampled_from(["mean accept rate", "Draft acceptance rate", "acc %", "accept (%)"]),
    ab=st.lists(st.integers(10, 990), min_size=2, max_size=2),
    decimals=st.integers(1, 2),
    bold=st.booleans(),
)
def test_a_percent_written_once_after_the_last_rate_is_every_ones(
    read: Read, header: str, ab: list[int], decimals: int, bold: bool
) -> None:
    a, b = (f"{x / 10:.{decimals}f}" for x in ab)
    cell = f"{a} / {b}%"
    got = read(_table(header, [f"**{cell}**" if bold else cell])).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 1000) for x in ab]
    assert all(r.printed_length is None for r in got)


def test_a_pair_written_unalike_or_under_no_rate_stays_one_run(read: Read) -> None:
    # a length and a rate printed with their own decimals: one run's pair, whatever the header
    for header in ("mean accept rate", "acceptance", "EAGLE accept"):
        got = read(_table(header, ["3.10 / 71.5%"])).records
        assert [(r.printed_length, r.printed_rate) for r in got] == [(3.1, pytest.approx(0.715))]
    # written alike under a header naming no rate: the pair, as before
    got = read(_table("EAGLE accept", ["2.5 / 61.5%"])).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [(2.5, pytest.approx(0.615))]
    assert rate_and_length("2.5 / 61.5%", rate_named=True) is None
    assert rate_and_length("2.50 / 61.5%", rate_named=True) is not None
    assert rate_and_length("61.5% / 2.5", rate_named=True) is not None
