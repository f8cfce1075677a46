"""Unit and property tests of the acceptance math (specdiag.core.accept / simulate)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core import accept
from specdiag.core.accept import AccKind, Engine, ObservedKind, Verdict
from specdiag.core.simulate import simulate
from specdiag.errors import UsageError
from tests.support.examples import examples

probs = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)
acc_lists = st.lists(probs, min_size=1, max_size=12)


# ---------------------------------------------------------------- closed forms


def test_seed_case_closed_form() -> None:
    p = accept.profile([0.75] * 5)
    # sum_{i=1..5} 0.75^i
    assert p.expected_accepted_drafts == pytest.approx(2.2880859375)
    assert p.expected_accept_length == pytest.approx(3.2880859375)
    assert p.unconditional == pytest.approx((0.75, 0.5625, 0.421875, 0.31640625, 0.2373046875))
    assert p.distribution[0] == pytest.approx(0.25)
    assert p.distribution[5] == pytest.approx(0.75**5)


@pytest.mark.parametrize("a", [0.0, 0.1, 0.5, 0.75, 0.9, 1.0])
@pytest.mark.parametrize("k", [1, 2, 5, 8])
def test_geometric_matches_leviathan(a: float, k: int) -> None:
    # Leviathan et al. Eq. 1: E[#tokens] = (1 - a^(k+1)) / (1 - a)
    p = accept.profile([a] * k)
    levi = (k + 1) if a == 1.0 else (1 - a ** (k + 1)) / (1 - a)
    assert p.expected_accept_length == pytest.approx(levi)
    assert accept.geometric_drafts(a, k) == pytest.approx(levi - 1)


def test_per_position_formula() -> None:
    acc = [0.82, 0.74, 0.68, 0.61, 0.55]
    p = accept.profile(acc)
    expected = 0.0
    prod = 1.0
    for a in acc:
        prod *= a
        expected += prod
    assert p.expected_accepted_drafts == pytest.approx(expected)
    # P(exactly j) = prod_{i<=j} a_i * (1 - a_{j+1})
    assert p.distribution[2] == pytest.approx(0.82 * 0.74 * (1 - 0.68))


def test_vllm_consistency_anchor() -> None:
    # eagle3.md 4: per-position rates 0.600/0.385/0.215/0.108/0.062 -> mean length 2.37
    p = accept.profile([0.600, 0.385, 0.215, 0.108, 0.062], AccKind.UNCONDITIONAL)
    assert round(p.expected_accept_length, 2) == 2.37


def test_leviathan_speedup_table() -> None:
    # eagle3.md 5.1, alpha 0.8, c 0.1 -> gamma* 6, E 3.95, S 2.47
    rows = accept.sweep([0.8] * 12, 0.1)
    best = next(r for r in rows if r.best)
    assert best.steps == 6
    assert best.expected_accept_length == pytest.approx(3.95, abs=0.005)
    assert best.speedup == pytest.approx(2.47, abs=0.005)
    assert sum(r.best for r in rows) == 1


def test_speedup_formula() -> None:
    assert accept.speedup(3.0, 4, 0.25) == pytest.approx(1.5)
    with pytest.raises(UsageError):
        accept.speedup(3.0, 4, -0.1)
    with pytest.raises(UsageError):
        accept.speedup(3.0, 4, float("nan"))


# ---------------------------------------------------------------- properties


@settings(deadline=None, max_examples=examples(200))
@given(acc_lists)
def test_length_within_bounds_and_distribution_sums_to_one(acc: list[float]) -> None:
    p = accept.profile(acc)
    assert 1.0 - 1e-12 <= p.expected_accept_length <= len(acc) + 1 + 1e-12
    assert math.fsum(p.distribution) == pytest.approx(1.0)
    assert all(x >= 0 for x in p.distribution)
    mean = math.fsum(j * x for j, x in enumerate(p.distribution))
    assert mean == pytest.approx(p.expected_accepted_drafts, abs=1e-9)


@settings(deadline=None, max_examples=examples(200))
@given(acc_lists, st.integers(min_value=0, max_value=11), probs)
def test_monotone_in_acc(acc: list[float], idx: int, bump: float) -> None:
    i = idx % len(acc)
    higher = list(acc)
    higher[i] = max(acc[i], bump)
    assert (
        accept.profile(higher).expected_accept_length
        >= accept.profile(acc).expected_accept_length - 1e-12
    )


@settings(deadline=None, max_examples=examples(200))
@given(st.lists(st.floats(min_value=0.01, max_value=1.0), min_size=1, max_size=12))
def test_conditional_unconditional_round_trip(acc: list[float]) -> None:
    unc = accept.to_unconditional(acc)
    back = accept.to_conditional(unc)
    assert back == pytest.approx(tuple(acc), rel=1e-9, abs=1e-12)
    # profiles agree whichever way the numbers were given
    a = accept.profile(acc, AccKind.CONDITIONAL)
    b = accept.profile(unc, AccKind.UNCONDITIONAL)
    assert a.expected_accept_length == pytest.approx(b.expected_accept_length)


@settings(deadline=None, max_examples=examples(200))
@given(probs, st.integers(min_value=1, max_value=16))
def test_inversion_round_trip(a: float, k: int) -> None:
    drafts = accept.geometric_drafts(a, k)
    implied = accept.implied_acceptance(drafts, k)
    assert accept.geometric_drafts(implied, k) == pytest.approx(drafts, abs=1e-9)
    if 0.0 < a < 1.0:
        assert implied == pytest.approx(a, abs=1e-7)


def test_unconditional_must_not_increase() -> None:
    with pytest.raises(UsageError, match="rises"):
        accept.to_conditional([0.5, 0.6])


def test_unconditional_zero_prefix() -> None:
    assert accept.to_conditional([0.5, 0.0, 0.0]) == (0.5, 0.0, 0.0)


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("values", "steps", "match"),
    [
        ([], 5, "no acceptance"),
        ([1.5], 5, "outside"),
        ([-0.1], 5, "outside"),
        ([float("nan")], 5, "NaN"),
        ([0.75], None, "needs --steps"),
        ([0.75], 0, "at least 1"),
        ([0.8, 0.7], 3, "does not match"),
        ([0.75], 100_000, "beyond any engine"),
    ],
)
def test_expand_acc_rejects(values: list[float], steps: int | None, match: str) -> None:
    with pytest.raises(UsageError, match=match):
        accept.expand_acc(values, steps)


def test_parse_float_list() -> None:
    assert accept.parse_float_list("0.8, 0.7,60%") == pytest.approx((0.8, 0.7, 0.6))
    for bad in ["", " , ", "0.8,,0.7", "abc"]:
        with pytest.raises(UsageError):
            accept.parse_float_list(bad)


# ---------------------------------------------------------------- observations and verdicts


def test_seed_verdict_below_and_naive_trap() -> None:
    p = accept.profile([0.75] * 5)
    obs = accept.convert_observed(2.4, ObservedKind.LENGTH, 5, engine=Engine.SGLANG)
    assert obs.accepted_drafts == pytest.approx(1.4)
    j = accept.judge(p, obs)
    assert j.verdict is Verdict.BELOW
    assert j.ratio == pytest.approx(1.4 / 2.2880859375)
    assert round(j.ratio, 2) == 0.61
    assert j.naive_ratio is not None and j.naive_ratio > 1.0  # the trap: 2.40 vs 2.29
    assert "mixes conventions" in j.explanation


@pytest.mark.parametrize(
    ("length", "verdict"),
    [
        (1.05, Verdict.COLLAPSED),
        (1.2, Verdict.COLLAPSED),
        (2.4, Verdict.BELOW),
        (3.2, Verdict.HEALTHY),
        (3.288, Verdict.HEALTHY),
        (5.9, Verdict.ABOVE),
    ],
)
def test_verdict_bands(length: float, verdict: Verdict) -> None:
    p = accept.profile([0.75] * 5)
    j = accept.judge(p, accept.convert_observed(length, ObservedKind.LENGTH, 5))
    assert j.verdict is verdict
    if verdict is Verdict.COLLAPSED:
        assert j.causes and any("layer ids" in c for c in j.causes)


def test_vllm_085_bonus_less_length() -> None:
    obs = accept.convert_observed(
        2.29, ObservedKind.LENGTH, 5, engine=Engine.VLLM, engine_version="0.8.5.post1"
    )
    assert obs.accept_length == pytest.approx(3.29)
    assert obs.notes
    newer = accept.convert_observed(
        2.29, ObservedKind.LENGTH, 5, engine=Engine.VLLM, engine_version="0.9.2"
    )
    assert newer.accept_length == pytest.approx(2.29)


@pytest.mark.parametrize(
    ("rate", "version", "length"),
    [
        (0.74, "0.5.11", 1 + 0.74 * 3),  # drafts / (ndt - 1)
        (0.80, "0.5.10", 0.80 * 4),  # len / ndt
        (0.80, "0.5.5", 0.80 * 4),  # len / (steps + 1)
    ],
)
def test_sglang_rate_formulas(rate: float, version: str, length: float) -> None:
    obs = accept.convert_observed(
        rate, ObservedKind.RATE, 3, engine=Engine.SGLANG, engine_version=version
    )
    assert obs.accept_length == pytest.approx(length)


def test_sglang_fact_sheet_example() -> None:
    # engines.md 1.2: steps 3, ndt 4, accept len 3.21 -> old rate 0.80, new rate 0.74
    p = accept.profile(accept.to_conditional([0.9, 0.75, 0.56]), AccKind.CONDITIONAL)
    reports = {(r.source, r.label): r for r in accept.engine_reports(p, 4)}
    length = p.expected_accept_length
    assert reports[("SGLang 0.5.10", "accept rate")].value == pytest.approx(length / 4)
    assert reports[("SGLang >= 0.5.11", "accept rate")].value == pytest.approx((length - 1) / 3)


def test_rate_needs_engine_and_old_sglang_has_none() -> None:
    with pytest.raises(UsageError, match="needs --engine"):
        accept.convert_observed(0.5, ObservedKind.RATE, 5)
    with pytest.raises(UsageError, match="no accept rate"):
        accept.convert_observed(
            0.5, ObservedKind.RATE, 5, engine=Engine.SGLANG, engine_version="0.4.6"
        )


def test_percent_rate_and_impossible_values() -> None:
    obs = accept.convert_observed(45.76, ObservedKind.RATE, 5, engine=Engine.VLLM)
    assert obs.accepted_drafts == pytest.approx(0.4576 * 5)
    with pytest.raises(UsageError, match="impossible"):
        accept.convert_observed(7.0, ObservedKind.LENGTH, 5)
    with pytest.raises(UsageError, match="impossible"):
        accept.convert_observed(0.5, ObservedKind.LENGTH, 5)


def test_engine_reports_cover_every_engine() -> None:
    p = accept.profile([0.75] * 5)
    sources = {r.source for r in accept.engine_reports(p, 6)}
    for needle in ["SGLang", "vLLM", "llama.cpp", "TensorRT-LLM", "SpecForge"]:
        assert any(needle in s for s in sources)
    tree = accept.engine_reports(p, None)
    assert any(r.value is None and "SGLang" in r.source for r in tree)


# ---------------------------------------------------------------- Monte-Carlo


@pytest.mark.parametrize(
    "acc", [[0.75] * 5, [0.82, 0.74, 0.68, 0.61, 0.55], [0.3, 0.9], [1.0, 0.0]]
)
def test_monte_carlo_agrees(acc: list[float]) -> None:
    p = accept.profile(acc)
    sim = simulate(p.acc, 200_000, 1, p.expected_accepted_drafts)
    assert sim.agrees
    assert sim.accepted_drafts_mean == pytest.approx(
        p.expected_accepted_drafts, abs=5 * sim.standard_error + 1e-12
    )
    for got, want in zip(sim.distribution, p.distribution, strict=True):
        assert got == pytest.approx(want, abs=0.01)
    for got, want in zip(sim.per_position_unconditional, p.unconditional, strict=True):
        assert got == pytest.approx(want, abs=0.01)


def test_monte_carlo_detects_a_wrong_analytic_value() -> None:
    p = accept.profile([0.75] * 5)
    sim = simulate(p.acc, 200_000, 1, p.expected_accepted_drafts + 0.1)
    assert not sim.agrees


def test_monte_carlo_is_seeded() -> None:
    a = simulate([0.6] * 4, 10_000, 7, 1.0)
    b = simulate([0.6] * 4, 10_000, 7, 1.0)
    assert a == b


@settings(deadline=None, max_examples=examples(100))
@given(acc_lists, st.floats(min_value=0.0, max_value=2.0, allow_nan=False))
def test_sweep_rows_equal_profiles_of_prefixes(acc: list[float], c: float) -> None:
    rows = accept.sweep(acc, c)
    assert [r.steps for r in rows] == list(range(1, len(acc) + 1))
    for r in rows:
        length = accept.profile(acc[: r.steps]).expected_accept_length
        assert r.expected_accept_length == pytest.approx(length)
        assert r.speedup == pytest.approx(accept.speedup(length, r.steps, c))
    assert sum(r.best for r in rows) == 1


def test_simulate_at_its_flag_bound_is_quick_and_small() -> None:
    """--simulate 10^9 with --steps 1024 (both at their bounds): once 10^12 draws and gigabytes
    of memory; the binomial thinning draws 1024 numbers."""
    import time
    import tracemalloc

    p = accept.profile([0.7] * 1024)
    tracemalloc.start()
    t0 = time.monotonic()
    try:
        sim = simulate(p.acc, 10**9, 1, p.expected_accepted_drafts)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.monotonic() - t0 < 5 and peak < 16 << 20
    assert sim.agrees and sum(sim.distribution) == pytest.approx(1.0)
