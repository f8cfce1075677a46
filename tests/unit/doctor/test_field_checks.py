"""The checks from the 2026 field scan, each with a failing and a passing case on made inputs:
forced acceptance, quantization leaking into the draft / MTP head, a sliding-window draft,
greedy drafting at T > 0, prefix-cache-restored tokens for DFlash, a hybrid target's step to 0,
short outputs, DFlash layer ids."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specdiag.core.doctor.context import DoctorInputs
from specdiag.core.doctor.field import short_outputs
from specdiag.core.doctor.model import Status
from specdiag.core.doctor.run import run_doctor
from tests.support import paths
from tests.support.doctor import by_id, fake_context, sglang_args, write_draft, write_target
from tests.support.examples import examples


def doctor(**kw: Any) -> dict[str, Any]:
    return by_id(run_doctor(DoctorInputs(**kw)))


def _vllm_args(draft: str, spec: dict[str, Any], env: str = "", extra: str = "") -> str:
    spec = {"method": "eagle3", "model": draft, "num_speculative_tokens": 5, **spec}
    return f"{env} vllm serve meta/target --speculative-config '{json.dumps(spec)}' {extra}".strip()


# ----------------------------------------------------------------------------- forced acceptance


@pytest.mark.parametrize(
    "args",
    [
        "SGLANG_SIMULATE_ACC_LEN=2.4 " + sglang_args("d"),
        "TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS=1.4 trtllm-serve meta/target",
        _vllm_args(
            "d", {"rejection_sample_method": "synthetic", "synthetic_acceptance_length": 2.4}
        ),
        "docker run -e SGLANG_SIMULATE_ACC_LEN=3 lmsysorg/sglang:v0.5.23 " + sglang_args("d"),
    ],
)
def test_forced_acceptance_in_the_launch(args: str) -> None:
    c = doctor(server_args=args)["synthetic-acceptance"]
    assert c.status is Status.FAIL and "forced or synthetic" in c.message, c.message


def test_forced_acceptance_in_a_log_and_a_clean_launch(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text("[2026-11-29 08:00:00] environment: SGLANG_SIMULATE_ACC_LEN=2.5\n")
    assert doctor(logs=(str(log),))["synthetic-acceptance"].status is Status.FAIL
    assert doctor(server_args=sglang_args("d"))["synthetic-acceptance"].status is Status.PASS


# ----------------------------------------------------------------------------- quantization leak


def _mtp_target(root: Path, quant: dict[str, Any], eh_dtype: str, scale: bool = False) -> Path:
    import torch
    from safetensors.torch import save_file

    t = write_target(root, layers=2, nextn=1)
    cfg = json.loads((t / "config.json").read_text())
    cfg["quantization_config"] = quant
    (t / "config.json").write_text(json.dumps(cfg))
    dtype = {"bf16": torch.bfloat16, "fp8": torch.float8_e4m3fn}[eh_dtype]
    w = {
        "model.embed_tokens.weight": torch.zeros(8, 16, dtype=torch.bfloat16),
        "model.layers.2.eh_proj.weight": torch.zeros(16, 32).to(dtype),
        "model.layers.2.self_attn.q_proj.weight": torch.zeros(16, 16).to(dtype),
    }
    if scale:
        w["model.layers.2.eh_proj.weight_scale"] = torch.ones(1)
    save_file(w, str(t / "model.safetensors"))
    return t


def test_quantization_leaks_into_the_mtp_head(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    fp8 = {"quant_method": "fp8"}
    bad = _mtp_target(tmp_path / "bad", fp8, "bf16")
    c = doctor(target=str(bad))["draft-quantization"]
    assert c.status is Status.FAIL and "eh_proj" in c.message and "not exclude" in c.message
    noscale = _mtp_target(tmp_path / "noscale", fp8, "fp8")
    c = doctor(target=str(noscale))["draft-quantization"]
    assert c.status is Status.FAIL and "weight_scale" in c.message
    ok = _mtp_target(tmp_path / "ok", {**fp8, "modules_to_not_convert": ["eh_proj"]}, "bf16")
    assert doctor(target=str(ok))["draft-quantization"].status is Status.PASS
    scaled = _mtp_target(tmp_path / "scaled", fp8, "fp8", scale=True)
    assert doctor(target=str(scaled))["draft-quantization"].status is Status.PASS


def test_a_draft_that_copied_the_targets_quantization(tmp_path: Path) -> None:
    q = {"quant_method": "fp8"}
    t = write_target(tmp_path / "t")
    cfg = json.loads((t / "config.json").read_text())
    (t / "config.json").write_text(json.dumps({**cfg, "quantization_config": q}))
    d = write_draft(tmp_path / "d", extra_config={"quantization_config": q})
    c = doctor(draft=str(d), target=str(t))["draft-quantization"]
    assert c.status is Status.FAIL and "copied" in c.message
    d2 = write_draft(tmp_path / "d2")
    assert doctor(draft=str(d2), target=str(t))["draft-quantization"].status is Status.PASS


# ----------------------------------------------------------------------------- sliding window


def test_sliding_window_draft_served_past_its_window(tmp_path: Path) -> None:
    swa = {"layer_types": ["sliding_attention", "full_attention"], "sliding_window": 2048}
    d = write_draft(tmp_path / "d", extra_config=swa)
    c = doctor(draft=str(d), server_args=sglang_args(d))["sliding-window-draft"]  # 8192 served
    assert c.status is Status.WARN and "2048" in c.message and "8192" in c.message
    short = sglang_args(d).replace("--context-length 8192", "--context-length 2048")
    assert doctor(draft=str(d), server_args=short)["sliding-window-draft"].status is Status.PASS
    full = write_draft(tmp_path / "full")
    assert doctor(draft=str(full))["sliding-window-draft"].status is Status.PASS


# ----------------------------------------------------------------------------- draft sampling


def test_greedy_drafting_at_temperature(tmp_path: Path) -> None:
    greedy = _vllm_args("d", {"draft_sample_method": "greedy"})
    c = doctor(server_args=greedy, temperature=0.7)["draft-sampling"]
    assert c.status is Status.WARN and "greedy drafting" in c.message
    assert c.snippet is not None and "probabilistic" in c.snippet
    log = tmp_path / "boot.log"
    log.write_text("INFO 09-01 10:00:00 [rejection_sampler.py] draft_logits=False\n")
    c = doctor(logs=(str(log),), temperature=1.0, engine="vllm")["draft-sampling"]
    assert c.status is Status.WARN and "draft_logits=False" in c.message
    prob = _vllm_args("d", {"draft_sample_method": "probabilistic"})
    assert doctor(server_args=prob, temperature=0.7)["draft-sampling"].status is Status.PASS
    assert doctor(server_args=greedy, temperature=0.0)["draft-sampling"].status is Status.PASS


# ----------------------------------------------------------------------------- prefix cache


def test_prefix_cache_starves_a_dflash_drafter() -> None:
    dflash = _vllm_args("d", {"method": "dflash"})
    c = doctor(server_args=dflash)["prefix-cache-draft-context"]
    assert c.status is Status.WARN and "vllm#47926" in c.message
    off = _vllm_args("d", {"method": "dflash"}, extra="--no-enable-prefix-caching")
    assert doctor(server_args=off)["prefix-cache-draft-context"].status is Status.PASS
    eagle = _vllm_args("d", {})
    assert doctor(server_args=eagle)["prefix-cache-draft-context"].status is Status.PASS


def _cache_log(path: Path, drop: bool) -> Path:
    """An SGLang 0.5.23 log (the real server's line formats): requests one at a time, each a
    Prefill batch line then its Decode batch lines; every other request repeats a long prompt
    (107 of 109 tokens from the cache). With `drop`, the repeated ones accept fewer drafts."""
    lines = []
    t = 0
    for i in range(12):
        hit = i % 2 == 1
        new, cached = (2, 107) if hit else (109, 0)
        lines.append(
            f"[2026-12-01 22:{t // 60:02d}:{t % 60:02d}] Prefill batch, #new-seq: 1, #new-token: "
            f"{new}, #cached-token: {cached}, token usage: 0.03, #running-req: 0, #queue-req: 0, "
            "#pending-token: 0, cpu graph: False, input throughput (token/s): 7.94"
        )
        al = 1.2 if hit and drop else 2.6
        for _ in range(4):
            t += 1
            lines.append(
                f"[2026-12-01 22:{t // 60:02d}:{t % 60:02d}] Decode batch, #running-req: 1, "
                f"#token: 121, token usage: 0.03, accept len: {al:.2f}, accept rate: "
                f"{(al - 1) / 3:.2f}, cpu graph: False, gen throughput (token/s): 0.48, "
                "#queue-req: 0"
            )
    path.write_text("\n".join(lines) + "\n")
    return path


def test_prefix_cache_from_the_log_fails_when_acceptance_drops_with_hits(tmp_path: Path) -> None:
    log = _cache_log(tmp_path / "drop.log", drop=True)
    # the method alone (EAGLE-3) would pass: the log's evidence decides
    c = doctor(logs=(str(log),), server_args=sglang_args("d"))["prefix-cache-draft-context"]
    assert c.status is Status.WARN, c.message
    assert "1.20" in c.message and "2.60" in c.message and "drops" in c.message
    assert any("#cached-token: 107" in str(e.value) for e in c.evidence)


def test_prefix_cache_from_the_log_passes_when_acceptance_holds(tmp_path: Path) -> None:
    log = _cache_log(tmp_path / "hold.log", drop=False)
    dflash = _vllm_args("d", {"method": "dflash"})
    # a DFlash launch would warn from the configuration; the log shows no drop
    c = doctor(logs=(str(log),), server_args=dflash)["prefix-cache-draft-context"]
    assert c.status is Status.PASS and "does not drop" in c.message, c.message


def test_prefix_cache_vllm_hit_rate_lines(tmp_path: Path) -> None:
    lines = []
    for i in range(10):
        hit = 80.0 if i >= 5 else 0.0
        al = 1.3 if i >= 5 else 2.9
        lines.append(
            f"INFO 12-01 10:00:{i:02d} [loggers.py:123] Engine 000: Avg prompt throughput: 10.0 "
            "tokens/s, Avg generation throughput: 50.0 tokens/s, Running: 2 reqs, Waiting: 0 reqs, "
            f"GPU KV cache usage: 1.0%, Prefix cache hit rate: {hit:.1f}%"
        )
        lines.append(
            f"INFO 12-01 10:00:{i:02d} [metrics.py:96] SpecDecoding metrics: Mean acceptance "
            f"length: {al:.2f}, Accepted throughput: 1.00 tokens/s, Drafted throughput: 3.00 "
            "tokens/s, Accepted: 100 tokens, Drafted: 300 tokens, Per-position acceptance rate: "
            "0.500, 0.300, 0.100, Avg Draft acceptance rate: 30.0%"
        )
    log = tmp_path / "vllm.log"
    log.write_text("\n".join(lines) + "\n")
    c = doctor(logs=(str(log),))["prefix-cache-draft-context"]
    assert c.status is Status.WARN and "vllm prefix cache hit rate" in str(c.evidence), c.message


def test_prefix_cache_log_without_hits_falls_back_to_the_configuration(tmp_path: Path) -> None:
    log = tmp_path / "cold.log"
    log.write_text(_cache_log(tmp_path / "x.log", drop=True).read_text().replace("107", "0"))
    eagle = _vllm_args("d", {})
    c = doctor(logs=(str(log),), server_args=eagle)["prefix-cache-draft-context"]
    assert c.status is Status.PASS and "recomputes" in c.message


# ----------------------------------------------------------------------------- hybrid target


def _sglang_log(path: Path, lengths: list[float]) -> Path:
    lines = [
        f"[2026-11-29 08:{i // 60:02d}:{i % 60:02d}] Decode batch, #running-req: 4, #token: 1200, "
        f"token usage: 0.02, accept len: {x:.2f}, accept rate: {(x - 1) / 5:.2f}, cuda graph: "
        "True, gen throughput (token/s): 410.00, #queue-req: 0"
        for i, x in enumerate(lengths)
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_hybrid_target_steps_to_zero_and_stays(tmp_path: Path) -> None:
    t = write_target(tmp_path / "t", arch="Qwen3NextForCausalLM")
    cfg = json.loads((t / "config.json").read_text())
    cfg["layer_types"] = ["linear_attention", "linear_attention", "full_attention"]
    (t / "config.json").write_text(json.dumps(cfg))
    step = _sglang_log(tmp_path / "step.log", [3.0] * 30 + [1.0] * 15)
    c = doctor(target=str(t), logs=(str(step),))["hybrid-collapse"]
    assert c.status is Status.FAIL and "stays" in c.message
    steady = _sglang_log(tmp_path / "steady.log", [3.0] * 45)
    assert doctor(target=str(t), logs=(str(steady),))["hybrid-collapse"].status is Status.PASS
    # a recovery is not a step that stays
    dip = _sglang_log(tmp_path / "dip.log", [3.0] * 20 + [1.0] * 10 + [3.0] * 15)
    assert doctor(target=str(t), logs=(str(dip),))["hybrid-collapse"].status is Status.PASS


def test_hybrid_target_told_by_the_boot_log(tmp_path: Path) -> None:
    """Without --target, vLLM's boot line that turns prefix-cache reuse off for a hybrid
    target under speculation says the target is hybrid: the step is a fail, with the line."""
    step = _sglang_log(tmp_path / "step.log", [3.0] * 30 + [1.0] * 15)
    assert doctor(logs=(str(step),))["hybrid-collapse"].status is Status.WARN
    said = (
        "WARNING 11-29 08:00:00 [config.py:512] Mamba cache mode: prefix-cache reuse across "
        "requests will be disabled"
    )
    step.write_text(said + "\n" + step.read_text())
    c = doctor(logs=(str(step),))["hybrid-collapse"]
    assert c.status is Status.FAIL and "hybrid recurrent target" in c.message
    assert any(e.value == said for e in c.evidence)


# ----------------------------------------------------------------------------- short outputs


def _probe_ctx(tokens: list[int], finish: str = "stop") -> Any:
    results = [SimpleNamespace(ok=True, output_tokens=n, finish_reason=finish) for n in tokens]
    report = SimpleNamespace(main=SimpleNamespace(results=results))
    return fake_context(server=SimpleNamespace(report=report, url="http://h:1"))


def test_short_outputs() -> None:
    from specdiag.core.doctor.catalog import load_all

    assert "short-outputs" in {s.id for s in load_all()}
    c = short_outputs(_probe_ctx([64] * 8, "length"))
    assert c.status is Status.WARN and "median 64" in c.message and "8 of 8" in c.message
    assert short_outputs(_probe_ctx([400, 512, 380, 600])).status is Status.PASS
    assert short_outputs(fake_context()).status is Status.SKIPPED


# ----------------------------------------------------------------------------- DFlash ids


def _dflash(root: Path, ids: list[int]) -> Path:
    return write_draft(
        root,
        ids=None,
        arch="DFlashDraftModel",
        extra_config={"dflash_config": {"target_layer_ids": ids}},
    )


def test_dflash_ids_are_decoder_indices(tmp_path: Path) -> None:
    t = write_target(tmp_path / "t", layers=62)
    last = _dflash(tmp_path / "last", [2, 30, 61])  # the last decoder layer: fine on vLLM
    c = doctor(draft=str(last), target=str(t), engine="vllm")["aux-layer-ids"]
    assert c.status is Status.PASS and c.details["method"] == "dflash", c.message
    c = doctor(draft=str(last), target=str(t), engine="sglang")["aux-layer-ids"]
    assert c.status is Status.FAIL and "last layer" in c.message  # sglang#32204
    neg = _dflash(tmp_path / "neg", [-1, 2, 30])
    c = doctor(draft=str(neg), target=str(t), engine="vllm")["aux-layer-ids"]
    assert c.status is Status.FAIL and "cannot capture" in c.message
    # training used decoder layers 2, 30, 58; ids written as EAGLE boundaries are one off
    log = tmp_path / "train.log"
    log.write_text("target_layer_ids: [2, 30, 58]\n")
    off = _dflash(tmp_path / "off", [3, 31, 59])
    c = doctor(draft=str(off), target=str(t), engine="vllm", training_log=str(log))
    aux = c["aux-layer-ids"]
    assert aux.status is Status.FAIL and aux.details["suggested_ids"] == [2, 30, 58]
    assert aux.snippet == '"dflash_config": {"target_layer_ids": [2, 30, 58]}'


# ----------------------------------------------------------------------------- fix consistency


def test_deepseek_target_gets_a_fix_it_does_not_flag(tmp_path: Path) -> None:
    t = write_target(tmp_path / "t", arch="DeepseekV3ForCausalLM", layers=62)
    log = tmp_path / "train.log"
    log.write_text("eagle_aux_hidden_state_layer_ids: [2, 30, 58]\n")
    d = write_draft(tmp_path / "d", ids=[2, 30, 58])
    c = doctor(draft=str(d), target=str(t), engine="sglang", training_log=str(log))
    aux = c["aux-layer-ids"]
    # these model files use ids verbatim unless the first is 1: HF [2, 30, 58], one layer early
    assert aux.status is Status.FAIL and aux.details["suggested_ids"] == [3, 31, 59]
    fixed = write_draft(tmp_path / "fixed", ids=aux.details["suggested_ids"])
    again = doctor(draft=str(fixed), target=str(t), engine="sglang", training_log=str(log))
    assert again["aux-layer-ids"].status is Status.PASS and again["aux-layer-ids"].fix is None


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    trained=st.lists(st.integers(0, 58), min_size=3, max_size=3, unique=True).map(sorted),
    served=st.lists(st.integers(-1, 61), min_size=3, max_size=3, unique=True).map(sorted),
    engine=st.sampled_from(["sglang", "vllm"]),
    arch=st.sampled_from(["LlamaForCausalLM", "DeepseekV3ForCausalLM"]),
)
def test_applying_the_fix_passes(
    tmp_path_factory: pytest.TempPathFactory,
    trained: list[int],
    served: list[int],
    engine: str,
    arch: str,
) -> None:
    """Whatever the config says, the fix offered makes the check pass: no finding contradicts
    its own fix, and a config already right gets no fix."""
    tmp = tmp_path_factory.mktemp("fix")
    t = write_target(tmp / "t", arch=arch, layers=62)
    log = tmp / "train.log"
    log.write_text(f"eagle_aux_hidden_state_layer_ids: {trained}\n")
    where = "nested" if engine == "sglang" else "top"
    d = write_draft(tmp / "d", ids=served, where=where)
    aux = doctor(draft=str(d), target=str(t), engine=engine, training_log=str(log))["aux-layer-ids"]
    if aux.status is Status.PASS:
        assert aux.fix is None
        return
    fix = aux.details.get("suggested_ids")
    if fix is None:
        return  # no id list reaches the trained layers on this engine: said, not guessed
    assert fix != served
    d2 = write_draft(tmp / "d2", ids=fix, where=where)
    again = doctor(draft=str(d2), target=str(t), engine=engine, training_log=str(log))
    assert again["aux-layer-ids"].status is Status.PASS, again["aux-layer-ids"].message


def test_log_lines_data_is_well_formed() -> None:
    """log_lines.json: every pattern and forced knob compiles (a knob's first group is its
    value), the keywords are text, and every kind of line is read by a check."""
    doc = json.loads((paths.REPO / "specdiag/core/doctor/log_lines.json").read_text())
    code = "".join(p.read_text() for p in (paths.REPO / "specdiag/core/doctor").glob("*.py"))
    for kind, p in doc["patterns"].items():
        re.compile(p["regex"])
        assert p["from"] and f'"{kind}"' in code, kind
    for k in doc["forced_knobs"]:
        assert re.compile(k["regex"]).groups >= 1 and k["engine"] and k["unit"], k
    assert all(isinstance(k, str) and k for k in doc["keywords"])
