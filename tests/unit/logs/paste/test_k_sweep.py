"""A K sweep told twice: a table of runs keyed by K with one rate a row ('| K | tok/s | TPOT |
Accept |') beside a table of per-position rates keyed by the same K ('| K | P0 | P1 | ... |',
a dash beyond K). Where the mean of a row's K rates is its rate, the rate is accepted drafts /
(K x steps) and the length 1 + K x rate; the per-position rates are that row's, no record of
their own."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import k_sweep as KS
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import tables as TB
from specdiag.core.logs.paste.model import INCLUDED, PER_DRAFT, UNKNOWN, PasteRecord
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

# per-position rates (% of the steps) of a chain drafter, K = 2..5
_POSITIONS = {
    2: ["81", "60"],
    3: ["80", "59", "41"],
    4: ["80", "58", "40", "27"],
    5: ["79", "57", "39", "26", "17"],
}
# the sweep's rate of each K: the mean of accepted drafts over K x steps (printed to 0.1%)
_ACCEPT = {2: "70.4%", 3: "60.2%", 4: "51.3%", 5: "43.8%"}


def _sweep(accept: dict[int, str], k_name: str = "K") -> str:
    return pipe_table(
        [k_name, "tok/s (bs=1)", "TPOT", "Accept"],
        [[str(k), str(300 - 12 * k), f"{2.6 + 0.2 * k:.2f}ms", a] for k, a in accept.items()],
    )


def _positions(
    positions: dict[int, list[str]], k_name: str = "K", pos: str = "P{}", width: int = 5
) -> str:
    return pipe_table(
        [k_name, *(pos.format(i) for i in range(width))],
        [
            [str(k), *(f"{p}%" for p in ps), *["-"] * (width - len(ps))]
            for k, ps in positions.items()
        ],
    )


def _paste(
    accept: dict[int, str] = _ACCEPT,
    positions: dict[int, list[str]] = _POSITIONS,
    k_name: str = "K",
    pos: str = "P{}",
) -> str:
    return (
        "EAGLE3 draft sweep on our HumanEval split, chain drafting, temperature 0.\n\n"
        + _sweep(accept, k_name)
        + "\n**Per-position acceptance**\n\n"
        + _positions(positions, k_name, pos)
    )


def test_each_row_is_proven_by_its_positions(read: Read) -> None:
    recs = read(_paste()).records
    assert len(recs) == 4  # the sweep rows only: the position rows join them
    # 1 + K x Accept: 1 + 2 x 0.704, 1 + 3 x 0.602, 1 + 4 x 0.513, 1 + 5 x 0.438
    assert [r.accept_length for r in recs] == pytest.approx([2.408, 2.806, 3.052, 3.19])
    assert all(r.bonus.value == INCLUDED for r in recs)
    assert all(r.rate_basis.value == PER_DRAFT for r in recs)
    assert [r.accept_rate for r in recs] == pytest.approx([0.704, 0.602, 0.513, 0.438])
    assert recs[1].per_position == (0.80, 0.59, 0.41)
    assert recs[0].printed_length is None  # no length was printed: computed, said so
    assert "mean of the 3 per-position rates" in recs[1].bonus.rule


def test_named_position_columns_join_their_rows() -> None:
    # 'acc pos 0' columns are read as per-position records of their own: joined here
    recs = read_paste(_paste(pos="acc pos {}")).records
    assert len(recs) == 4
    assert [r.accept_length for r in recs] == pytest.approx([2.408, 2.806, 3.052, 3.19])


def test_the_sum_is_taken_where_the_positions_are_the_finer() -> None:
    accept = {2: "70%", 3: "60%"}
    positions = {2: ["80.6", "60.1"], 3: ["79.8", "59.3", "40.7"]}
    recs = read_paste(_paste(accept, positions)).records
    # K x half a unit of '70%' (0.01) is coarser than two half units of 0.1% (0.001)
    assert [r.accept_length for r in recs] == pytest.approx([2.407, 2.798])


def test_a_row_whose_mean_misses_its_rate_claims_nothing() -> None:
    accept = dict(_ACCEPT)
    accept[4] = "55.0%"  # the positions' mean is 51.25%
    recs = read_paste(_paste(accept)).records
    assert [r.accept_length for r in recs] == pytest.approx([2.408, 2.806, None, 3.19])
    assert recs[2].bonus.value == UNKNOWN
    assert recs[2].per_position == ()


def test_rising_positions_are_no_shares_of_the_steps() -> None:
    # conditional rates may rise along a row; a chain's shares of the steps never do
    positions = dict(_POSITIONS)
    positions[3] = ["41", "59", "80"]
    recs = read_paste(_paste(positions=positions)).records
    assert recs[1].accept_length is None


def test_a_row_with_fewer_rates_than_k_claims_nothing() -> None:
    positions = dict(_POSITIONS)
    positions[4] = ["80", "58", "40"]
    recs = read_paste(_paste(positions=positions)).records
    assert recs[2].accept_length is None
    assert recs[3].accept_length == pytest.approx(3.19)


def test_tables_of_other_k_sets_are_not_paired() -> None:
    positions = {k + 1: ps for k, ps in _POSITIONS.items()}  # keyed 3..6
    recs = read_paste(_paste(positions=positions)).records
    assert len(recs) == 4
    assert all(r.accept_length is None and not r.per_position for r in recs)


def test_k_columns_of_other_names_are_not_paired() -> None:
    text = (
        _sweep(_ACCEPT, "K")
        + "\n**Per-position acceptance**\n\n"
        + _positions(_POSITIONS, "num_speculative_tokens")
    )
    assert all(r.accept_length is None for r in read_paste(text).records)


def test_a_positions_table_alone_is_read_as_before() -> None:
    text = "**Per-position acceptance**\n\n" + _positions(_POSITIONS)
    assert read_paste(text).records == ()
    named = "**Per-position acceptance**\n\n" + _positions(_POSITIONS, pos="acc pos {}")
    recs = read_paste(named).records
    assert len(recs) == 4  # one per row, as the table reader reads them
    assert all(r.per_position and r.accept_length is None for r in recs)


def test_a_sweep_alone_claims_nothing() -> None:
    recs = read_paste(_sweep(_ACCEPT)).records
    assert len(recs) == 4
    assert all(r.accept_length is None for r in recs)


def _folded(accept: dict[int, str], name: str) -> list[PasteRecord]:
    """The sweep's records under a K column named ``name`` folded with the positions table."""
    sweep = [
        dataclasses.replace(r, labels=((name, v),))
        for r in read_paste(_sweep(accept)).records
        for _, v in r.labels
    ]
    lines = list(enumerate(_positions(_POSITIONS, name).splitlines(), start=20))
    (grid,) = TB.find(lines)[0]
    table = KS.positions_table(grid)
    assert table is not None
    return KS.fold(sweep, [0] * len(sweep), [(1, table)])[0]


def test_a_maximum_proves_nothing_unless_every_row_holds() -> None:
    # llama.cpp's 'draft-max' and 'n_max' columns are configurations (draft maxima): every row
    # holding proves K drafts every step, through the whole reader too
    for name in ("draft-max", "n_max"):
        got = [r.accept_length for r in read_paste(_paste(k_name=name)).records]
        assert got == pytest.approx([2.408, 2.806, 3.052, 3.19]), name
    accept = dict(_ACCEPT)
    accept[4] = "55.0%"
    for name in ("draft max", "n max"):
        # one row missing: a step may have drafted fewer than the maximum, nothing is proven
        assert all(r.accept_length is None for r in _folded(accept, name)), name
        # every row holding: K drafts every step, whatever the name says
        got = [r.accept_length for r in _folded(_ACCEPT, name)]
        assert got == pytest.approx([2.408, 2.806, 3.052, 3.19])
    # a K column: the failing row alone claims nothing
    got = [r.accept_length for r in _folded(accept, "k")]
    assert got == pytest.approx([2.408, 2.806, None, 3.19])


def test_each_positions_table_pairs_with_its_own_sweep() -> None:
    other = {2: "63.0%", 3: "52.3%"}
    other_pos = {2: ["72", "54"], 3: ["71", "52", "34"]}
    text = (
        "HumanEval:\n\n"
        + _sweep(_ACCEPT)
        + "\nPer-position acceptance:\n\n"
        + _positions(_POSITIONS)
        + "\nMT-Bench:\n\n"
        + _sweep(other)
        + "\nPer-position acceptance:\n\n"
        + _positions(other_pos)
    )
    recs = read_paste(text).records
    assert [r.accept_length for r in recs] == pytest.approx(
        [2.408, 2.806, 3.052, 3.19, 2.26, 2.569]
    )


def test_approximate_positions_prove_nothing() -> None:
    positions = dict(_POSITIONS)
    positions[2] = ["~81", "~60"]
    recs = read_paste(_paste(positions=positions)).records
    assert recs[0].accept_length is None


@settings(max_examples=examples(60), deadline=None)
@given(
    ks=st.sets(st.integers(1, 9), min_size=2, max_size=6),
    first=st.integers(55, 95),
    decay=st.integers(35, 90),
    shift=st.sampled_from([0.0, 0.0, 2.5, -3.0]),
)
def test_generated_sweeps(ks: set[int], first: int, decay: int, shift: float) -> None:
    width = max(ks)
    positions: dict[int, list[str]] = {}
    accept: dict[int, str] = {}
    for k in sorted(ks):
        shares = [first * (decay / 100) ** i for i in range(k)]
        positions[k] = [f"{s:.0f}" for s in shares]
        accept[k] = f"{sum(shares) / k + shift:.1f}%"
    text = _sweep(accept) + "\n**Per-position acceptance**\n\n" + _positions(positions, width=width)
    recs = read_paste(text).records
    assert len(recs) == len(ks)
    for k, r in zip(sorted(ks), recs, strict=True):
        if shift and k == 1:
            # one draft a step decides the K = 1 row without its positions (one_draft.py)
            assert r.accept_length == pytest.approx(1 + float(accept[k].rstrip("%")) / 100)
        elif shift:
            # a rate the positions' mean misses by more than the rounding: nothing claimed
            assert r.accept_length is None and r.bonus.value == UNKNOWN
        else:
            rate = float(accept[k].rstrip("%")) / 100
            assert r.accept_length == pytest.approx(1 + k * rate, abs=1e-6)
            assert r.bonus.value == INCLUDED


def test_the_positions_may_come_first_and_print_fractions() -> None:
    positions = {2: ["0.812", "0.603"], 3: ["0.801", "0.594", "0.412"]}
    text = (
        "Per-position acceptance (share of verify steps):\n\n"
        + pipe_table(
            ["K", "pos 0", "pos 1", "pos 2"], [["2", *positions[2], "-"], ["3", *positions[3]]]
        )
        + "\nSweep:\n\n"
        + pipe_table(
            ["K", "tok/s", "acceptance rate"], [["2", "271", "0.708"], ["3", "262", "0.602"]]
        )
    )
    recs = read_paste(text).records
    assert len(recs) == 2
    # K x half a unit of the rate (0.001, 0.0015) against the positions' (0.001, 0.0015): the rate
    assert [r.accept_length for r in recs] == pytest.approx([2.416, 2.806])
    assert recs[1].per_position == (0.801, 0.594, 0.412)
