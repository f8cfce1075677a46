"""Per-position rates beside the run's accepted count, no steps printed (positions_counted.py):
where whole steps N give the count as whole counts a position with the rates unconditional (N x
the sum) and no N fits them as conditional (N x the running products), the length is 1 + the
sum, bonus included; in a JSON body whole or cut off inside (its per-position list read by name
among the members: interpret.json_members). Near misses: conditional rates, a count no N fits,
rising rates, one position, an output count below the steps' tokens, and a cut body's list
under a name of no figure."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import positions_counted as PCN
from tests.support.examples import examples

_POS_KEY = st.sampled_from(
    ["acceptance_by_depth", "per_position_acceptance", "acceptance_rate_per_position"]
)
_ACC_KEY = st.sampled_from(["accepted_drafts", "num_accepted_tokens", "total_accepted"])
_ENGINE = st.sampled_from(["mlx-mtp", "homegrown", "drafter-x"])
_NOTE = st.sampled_from(
    [
        "one prompt only, the multiplier is noisy but the trunk stays the faster one",
        "warm cache, greedy; the head was requantised before this run",
    ]
)


@st.composite
def _counts(draw: st.DrawFn) -> tuple[int, list[int]]:
    """Verify steps and the accepted count at each position (never rising, none above them)."""
    steps = draw(st.integers(8, 300))
    depth = draw(st.integers(2, 5))
    first = draw(st.integers(max(1, steps // 4), steps))
    counts = [first]
    for _ in range(depth - 1):
        counts.append(draw(st.integers(1, counts[-1])))
    return steps, counts


def _whole(x: float) -> bool:
    return abs(x - round(x)) < 1e-6


def _fits(rates: list[float], accepted: int) -> bool:
    """Whether some whole N gives ``accepted`` as whole counts N x rate (the test's own check)."""
    s = sum(rates)
    n_lo, n_hi = max(1, math.floor(accepted / s) - 2), math.ceil(accepted / s) + 2
    return any(
        all(_whole(n * r) for r in rates) and round(sum(n * r for r in rates)) == accepted
        for n in range(n_lo, n_hi + 1)
    )


def _running(rates: list[float]) -> list[float]:
    out, p = [], 1.0
    for r in rates:
        p *= r
        out.append(p)
    return out


def _body(members: dict[str, object], engine: str, note: str, cut: bool) -> str:
    doc = {"engine": engine, "speed_evidence": {**members, "note": note}, "seed": 0}
    text = json.dumps(doc, indent=2)
    if cut:
        # cut inside the note's string: the body does not parse
        text = text[: text.index(note) + len(note) // 2]
    return text + "\n"


def _members(pos_key: str, acc_key: str, rates: list[float], acc: int, out: int) -> dict:
    return {pos_key: rates, acc_key: acc, "generated_tokens": out, "tok_s": 101.5}


@settings(max_examples=examples(30), deadline=None)
@given(
    run=_counts(),
    pos_key=_POS_KEY,
    acc_key=_ACC_KEY,
    engine=_ENGINE,
    note=_NOTE,
    cut=st.booleans(),
    extra=st.integers(0, 12),
)
def test_counted_unconditional_rates_give_the_length(
    read,
    run: tuple[int, list[int]],
    pos_key: str,
    acc_key: str,
    engine: str,
    note: str,
    cut: bool,
    extra: int,
) -> None:
    steps, counts = run
    rates = [c / steps for c in counts]
    acc = sum(counts)
    # (each rate printed with the digits to fix its count: a JSON float of many decimals)
    assume(all(len(repr(r).partition(".")[2]) >= 8 for r in rates))
    # (the rates read as conditional must fit no step count: else two readings)
    assume(not _fits(_running(rates), acc))
    text = _body(_members(pos_key, acc_key, rates, acc, steps + acc + extra), engine, note, cut)
    got = [r for r in read(text).records if r.per_position]
    assert len(got) == 1
    assert got[0].accept_length == pytest.approx(1 + acc / steps, abs=1e-5)
    assert got[0].bonus.value == "included"


@settings(max_examples=examples(30), deadline=None)
@given(
    run=_counts(),
    pos_key=_POS_KEY,
    acc_key=_ACC_KEY,
    engine=_ENGINE,
    note=_NOTE,
    cut=st.booleans(),
)
def test_conditional_rates_give_no_length(
    read,
    run: tuple[int, list[int]],
    pos_key: str,
    acc_key: str,
    engine: str,
    note: str,
    cut: bool,
) -> None:
    steps, counts = run
    # each position's rate given the one before accepted
    rates = [counts[0] / steps] + [b / a for a, b in zip(counts, counts[1:], strict=False)]
    acc = sum(counts)
    assume(not _fits(rates, acc))
    text = _body(_members(pos_key, acc_key, rates, acc, steps + acc), engine, note, cut)
    assert all(r.accept_length is None for r in read(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(
    run=_counts(),
    pos_key=_POS_KEY,
    acc_key=_ACC_KEY,
    engine=_ENGINE,
    note=_NOTE,
    cut=st.booleans(),
    case=st.sampled_from(["count", "rising", "one", "output"]),
    delta=st.integers(1, 5),
)
def test_near_misses_give_no_length(
    read,
    run: tuple[int, list[int]],
    pos_key: str,
    acc_key: str,
    engine: str,
    note: str,
    cut: bool,
    case: str,
    delta: int,
) -> None:
    steps, counts = run
    acc, out = sum(counts), sum(counts) + steps
    if case == "rising":
        assume(counts[-1] < counts[0])
        counts = counts[::-1]
    elif case == "one":
        counts = counts[:1]
        acc = counts[0]
    elif case == "output":
        out = steps + acc - delta
    rates = [c / steps for c in counts]
    if case == "count":
        acc += delta  # (a count the rates' steps do not give)
        assume(not _fits(rates, acc))
    text = _body(_members(pos_key, acc_key, rates, acc, out), engine, note, cut)
    assert all(r.accept_length is None for r in read(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(run=_counts(), acc_key=_ACC_KEY, engine=_ENGINE, note=_NOTE)
def test_cut_body_list_of_another_name_is_not_read(
    read, run: tuple[int, list[int]], acc_key: str, engine: str, note: str
) -> None:
    steps, counts = run
    rates = [c / steps for c in counts]
    members = {"latency_by_depth_ms": rates, acc_key: sum(counts), "tok_s": 88.0}
    text = _body(members, engine, note, True)
    assert all(not r.per_position for r in read(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(run=_counts(), digits=st.integers(1, 2))
def test_coarse_digits_decide_nothing(run: tuple[int, list[int]], digits: int) -> None:
    steps, counts = run
    rates = [round(c / steps, digits) for c in counts]
    half = 0.5 * 10.0**-digits
    # (N x the rounding reaching half a draft: each count not fixed by the digits)
    assume(steps * half >= 0.5)
    assert PCN.unconditional_steps(rates, sum(counts), half) is None
