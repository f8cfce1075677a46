"""Acceptance profiles: reading every source shape, the intervals, and each engine's unit."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core import accept
from specdiag.core.accprofile import (
    Conditions,
    Target,
    from_rates,
    profile_document,
    read_profile,
    replay,
    wilson,
)
from specdiag.errors import InputError, UsageError
from tests.support.examples import examples

DEMO = Path(__file__).parents[2] / "data" / "report" / "demo-seed.json"


def _probe_doc() -> dict:
    demo = json.loads(DEMO.read_text())
    return next(s["result"] for s in demo["steps"] if s["name"] == "probe")


def test_probe_document_gives_the_measured_profile_with_intervals() -> None:
    doc = _probe_doc()
    p = read_profile(doc)
    hist = doc["accept_length"]["histogram"]
    n = sum(hist)
    # from the histogram: P(pos i accepted) = steps with >= i accepted / all steps
    assert p.unconditional == pytest.approx([sum(hist[i:]) / n for i in range(1, len(hist))])
    assert p.accept_length == pytest.approx(doc["accept_length"]["pooled"], abs=1e-9)
    assert p.conditions.verify_steps == n == doc["accept_length"]["verify_steps"]
    assert p.conditions.engine == "sglang" and p.conditions.engine_version == "0.5.23"
    assert p.conditional_ci is not None and p.unconditional_ci is not None
    for (lo, hi), u in zip(p.unconditional_ci, p.unconditional, strict=True):
        assert lo < u < hi
    # later positions are reached by fewer steps: wider conditional intervals
    widths = [hi - lo for lo, hi in p.conditional_ci]
    assert widths[-1] > widths[0]


def test_expected_accept_document_is_a_prediction() -> None:
    p = read_profile({"acc": [0.8, 0.7, 0.6], "engine_reports": [], "steps": 3, "topk": 1})
    assert not p.measured and p.conditional_ci is None
    assert p.unconditional == pytest.approx([0.8, 0.56, 0.336])
    assert p.accept_length == pytest.approx(1 + 0.8 + 0.56 + 0.336)


def test_modelopt_profile_shape_is_read() -> None:
    # the values ModelOpt validated on a DFlash draft (field-scan)
    doc = {
        "schema_version": "1.0",
        "num_speculative_tokens": 3,
        "conditional_accept_rates": [0.816, 0.777, 0.750],
        "marginal_accept_rates": [0.816, 0.634, 0.475],
        "mean_accept_length": 2.925,
        "measurement_conditions": {"dataset": "mt-bench"},
    }
    p = read_profile(doc)
    assert p.steps == 3 and p.conditions.dataset == "mt-bench"
    assert p.accept_length == pytest.approx(1 + 0.816 + 0.634 + 0.475)
    assert any("ModelOpt" in n for n in p.notes)
    stub = {"schema_version": None, "measured": False, "conditional_accept_rates": [0.5, 0.5]}
    assert not read_profile(stub).measured


def test_written_profile_reads_back_the_same() -> None:
    p = read_profile(_probe_doc())
    back = read_profile(json.loads(json.dumps(profile_document(p))))
    assert back.unconditional == pytest.approx(p.unconditional, abs=1e-6)
    assert back.conditions.verify_steps == p.conditions.verify_steps
    assert back.conditional_ci is not None and p.conditional_ci is not None
    flat = [x for pair in p.conditional_ci for x in pair]
    assert [x for pair in back.conditional_ci for x in pair] == pytest.approx(flat, abs=1e-5)


def test_mean_only_logs_profile() -> None:
    demo = json.loads(DEMO.read_text())
    logs = next(s["result"] for s in demo["steps"] if s["name"] == "logs")
    p = read_profile(logs)
    assert p.conditional is None and p.steps == 5
    assert any("mean accept length only" in n for n in p.notes)
    r = replay(p, Target.DYNAMO)
    assert r.replays == "mean only" and any("assume" in n for n in r.notes)


def test_each_engine_gets_its_own_unit() -> None:
    p = from_rates(measured=True, conditions=Conditions("test"), conditional=[0.8, 0.5, 0.5])
    unc = [0.8, 0.4, 0.2]
    al = 1 + sum(unc)
    vllm = replay(p, Target.VLLM)
    assert vllm.config is not None
    assert vllm.config["synthetic_acceptance_rates"] == pytest.approx(unc)  # unconditional
    assert json.loads(vllm.flags[1])["num_speculative_tokens"] == 3
    sg = dict(replay(p, Target.SGLANG).env)
    assert float(sg["SGLANG_SIMULATE_ACC_LEN"]) == pytest.approx(al, abs=1e-4)  # AL, bonus in
    trt = dict(replay(p, Target.TRTLLM).env)
    assert float(trt["TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS"]) == pytest.approx(
        al - 1, abs=1e-4
    )
    dyn = replay(p, Target.DYNAMO).flags
    assert dyn[dyn.index("--aic-nextn-accept-rates") + 1] == "0.8,0.5,0.5"  # conditional
    lc = replay(p, Target.LLAMACPP).flags
    assert lc[lc.index("--spec-synth-rates") + 1] == "0.8,0.4,0.2"  # unconditional
    assert lc[lc.index("--spec-draft-n-max") + 1] == "3"
    ref = replay(p, Target.REFERENCE).flags
    assert ref[ref.index("--acceptance") + 1] == "0.8,0.5,0.5"


def test_dynamo_refuses_more_steps_than_it_samples() -> None:
    p = from_rates(measured=True, conditions=Conditions("t"), conditional=[0.7] * 6)
    with pytest.raises(UsageError):
        replay(p, Target.DYNAMO)


def test_unknown_and_unusable_documents() -> None:
    with pytest.raises(InputError):
        read_profile({"hello": 1})
    with pytest.raises(InputError):
        read_profile({"similarity": [], "alignment": {}})  # compare-hidden: no profile
    with pytest.raises(InputError):
        read_profile({"conditional_accept_rates": [1.5]})


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 10_000))
def test_wilson_interval_holds_the_estimate(k: int, n: int) -> None:
    k = min(k, n)
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=8))
def test_replays_agree_on_the_mean(cond: list[float]) -> None:
    p = from_rates(measured=False, conditions=Conditions("t"), conditional=cond)
    al = 1 + math.fsum(accept.to_unconditional(cond))
    assert p.accept_length == pytest.approx(al)
    vllm = replay(p, Target.VLLM).config
    assert vllm is not None
    assert 1 + sum(vllm["synthetic_acceptance_rates"]) == pytest.approx(al, abs=1e-3)
    rates = vllm["synthetic_acceptance_rates"]
    assert all(
        a >= b for a, b in zip(rates, rates[1:], strict=False)
    )  # vLLM requires non-increasing


def test_fleet_profile_pools_replicas_by_verify_steps() -> None:
    fleet = json.loads((DEMO.parent / "fleet.json").read_text())
    reps = [r for r in fleet["replicas"] if r["per_position_unconditional"]]
    total = sum(r["verify_steps"] for r in reps)
    want = [
        sum(r["per_position_unconditional"][i] * r["verify_steps"] for r in reps) / total
        for i in range(3)
    ]
    p = read_profile(fleet)
    assert p.unconditional == pytest.approx(want)
    assert p.conditions.replicas == len(reps) and p.conditions.verify_steps == int(total)
    one = read_profile(fleet, replica="vllm/a:8000")
    assert one.unconditional == pytest.approx(reps[0]["per_position_unconditional"])
