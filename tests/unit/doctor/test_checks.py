"""Every doctor check, one fault at a time: a failing (or warning) case and a passing case each."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specdiag.core.doctor.catalog import load_all
from specdiag.core.doctor.context import DoctorInputs
from specdiag.core.doctor.model import ImpactKind, Status
from specdiag.core.doctor.run import run_doctor
from tests.support import paths
from tests.support.doctor import (
    by_id,
    fake_context,
    sglang_args,
    write_draft,
    write_sglang_log,
    write_target,
)
from tests.support.examples import examples

DATA = paths.TEST_DATA / "logs"


def doctor(**kw: Any) -> dict[str, Any]:
    return by_id(run_doctor(DoctorInputs(**kw)))


def pair(
    tmp: Path, draft_kw: dict[str, Any] | None = None, target_kw: dict[str, Any] | None = None
) -> tuple[Path, Path]:
    return write_draft(tmp / "draft", **(draft_kw or {})), write_target(
        tmp / "target", **(target_kw or {})
    )


# ----------------------------------------------------------------------------- aux layer ids


def test_aux_ids_broken_story_without_training_evidence_guesses_nothing(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": [-1, 2, 30]})
    c = doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"]
    # SGLang 0.5.23 captures -1 (the embedding): a warning, and which layers training used is
    # unknown, so no fix is offered; the command that decides it is
    assert c.status is Status.WARN
    assert "-1" in c.message and "embedding" in c.message and "unknown" in c.message
    assert "suggested_ids" not in c.details and c.fix is None and c.snippet is None
    assert (
        c.details["decide"].startswith("specdiag inspect-dump")
        and "--target" in c.details["decide"]
    )
    assert c.confirm[0] == c.details["decide"]


def test_aux_ids_good_sglang(tmp_path: Path) -> None:
    d, t = pair(tmp_path)
    c = doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"]
    assert c.status is Status.PASS, c.message


def test_aux_ids_last_layer_on_sglang(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": [2, 30, 61]})
    c = doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"]
    assert c.status is Status.FAIL and "sglang#32334" in c.message


def test_aux_ids_vllm_negative_id_gets_the_vllm_convention(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": [-1, 0, 1], "where": "top"}, {"layers": 2})
    c = doctor(draft=str(d), target=str(t), engine="vllm")["aux-layer-ids"]
    assert c.status is Status.FAIL and "cannot capture" in c.message
    assert "suggested_ids" not in c.details and "decide" in c.details


def test_aux_ids_vllm_last_layer_is_fine(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": [0, 1, 2], "where": "top"}, {"layers": 2})
    c = doctor(draft=str(d), target=str(t), engine="vllm")["aux-layer-ids"]
    assert c.status is Status.PASS, c.message


def test_aux_ids_count_against_fc_width(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"chunks": 4})
    c = doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"]
    assert c.status is Status.FAIL and "fc takes 4 hidden states" in c.message


def test_aux_ids_five_layers_are_not_assumed_three(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": [2, 15, 30, 45, 58], "chunks": 5})
    assert (
        doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"].status is Status.PASS
    )


def test_aux_ids_top_and_nested_disagree(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"where": "both", "top_ids": [3, 31, 59]})
    c = doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"]
    assert c.status is Status.WARN and "differ" in c.message


def test_aux_ids_sglang_ignores_the_top_level_key(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"where": "top", "ids": [3, 31, 57]})
    c = doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"]
    assert (
        c.status is Status.FAIL and "eagle_config" in c.message and "either convention" in c.message
    )


def test_aux_ids_absent_warns(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": None})
    c = doctor(draft=str(d), target=str(t), engine="vllm")["aux-layer-ids"]
    assert c.status is Status.WARN and "default" in c.message


def test_aux_ids_not_ascending_and_duplicates(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": [30, 2, 58]})
    assert (
        doctor(draft=str(d), target=str(t), engine="sglang")["aux-layer-ids"].status is Status.WARN
    )
    d2 = write_draft(tmp_path / "dup", ids=[2, 2, 58])
    assert (
        doctor(draft=str(d2), target=str(t), engine="sglang")["aux-layer-ids"].status is Status.FAIL
    )


def test_aux_ids_against_the_training_log(tmp_path: Path) -> None:
    d, t = pair(tmp_path, {"ids": [2, 30, 58]})
    log = tmp_path / "train.log"
    log.write_text(
        "args: aux_hidden_state_layer_ids=[1, 29, 57]\n{'eval/acc_0': 0.8, 'eval/acc_1': 0.7}\n"
    )
    c = doctor(draft=str(d), target=str(t), engine="sglang", training_log=str(log))["aux-layer-ids"]
    assert c.status is Status.FAIL and c.details["suggested_ids"] == [1, 29, 57]
    c = doctor(draft=str(d), target=str(t), engine="vllm", training_log=str(log))["aux-layer-ids"]
    # vLLM reads [2, 30, 58] as inputs of those layers = outputs of 1, 29, 57: what training used
    assert c.status is Status.PASS, c.message


def test_aux_ids_against_the_training_dump_identified_by_reference(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from specdiag.workflows import synthetic

    case = synthetic.make_case("matching")  # 8-layer tiny target, training ids (1, 3, 5)
    train = synthetic.save_record(case.training_record, tmp_path / "train" / "data_0.ckpt")
    ref = tmp_path / "ref.pt"
    torch.save({"hidden_states": case.reference, "input_ids": case.input_ids}, ref)
    d, t = pair(
        tmp_path,
        {"ids": [-1, 1, 3], "target_hidden": 48, "hidden": 48},
        {"layers": 8, "hidden": 48},
    )
    c = doctor(
        draft=str(d), target=str(t), engine="sglang", training_dump=str(train), reference=str(ref)
    )["aux-layer-ids"]
    assert c.status is Status.FAIL
    assert c.details["training_hf"] == [2, 4, 6]
    assert c.details["suggested_ids"] == [1, 3, 5]


# ----------------------------------------------------------------------------- vocab map


@pytest.mark.parametrize("fault", ["missing", "arange", "zeros", "range"])
def test_d2t_faults(tmp_path: Path, fault: str) -> None:
    d = write_draft(tmp_path / "d", d2t=fault)
    c = doctor(draft=str(d))["d2t-t2d"]
    assert c.status is Status.FAIL, (fault, c.message)


def test_d2t_ok_and_full_vocab(tmp_path: Path) -> None:
    assert doctor(draft=str(write_draft(tmp_path / "a")))["d2t-t2d"].status is Status.PASS
    full = write_draft(tmp_path / "b", draft_vocab=128)
    assert doctor(draft=str(full))["d2t-t2d"].status is Status.PASS


# ----------------------------------------------------------------------------- weights


def test_draft_shapes(tmp_path: Path) -> None:
    assert doctor(draft=str(write_draft(tmp_path / "a")))["draft-shapes"].status is Status.PASS
    bad = write_draft(tmp_path / "b", lm_head_rows=40)
    c = doctor(draft=str(bad))["draft-shapes"]
    assert c.status is Status.FAIL and "lm_head" in c.message


def test_norm_before_fc(tmp_path: Path) -> None:
    assert doctor(draft=str(write_draft(tmp_path / "a")))["norm-before-fc"].status is Status.PASS
    c = doctor(draft=str(write_draft(tmp_path / "b", norm_before_fc=True)))["norm-before-fc"]
    assert c.status is Status.FAIL
    c = doctor(draft=str(write_draft(tmp_path / "c", prefc_norm_tensor=True)))["norm-before-fc"]
    assert c.status is Status.WARN and "norm_before_fc" in (c.fix or "")
    ok = write_draft(tmp_path / "d", norm_before_fc=True, prefc_norm_tensor=True)
    assert doctor(draft=str(ok))["norm-before-fc"].status is Status.PASS


# ----------------------------------------------------------------------------- MTP


def test_mtp_weights(tmp_path: Path) -> None:
    args = 'vllm serve ./target --speculative-config \'{"method": "deepseek_mtp", "num_speculative_tokens": 1}\''
    good = write_target(tmp_path / "good", layers=4, nextn=1, arch="DeepseekV3ForCausalLM")
    assert doctor(target=str(good), server_args=args)["mtp-weights"].status is Status.PASS
    bad = write_target(
        tmp_path / "bad", layers=4, nextn=1, mtp_present=False, arch="DeepseekV3ForCausalLM"
    )
    c = doctor(target=str(bad), server_args=args)["mtp-weights"]
    assert c.status is Status.FAIL and "[4]" in c.message


def test_mtp_missing_from_the_log(tmp_path: Path) -> None:
    log = tmp_path / "v.log"
    log.write_text(
        "ValueError: MTP speculative decoding layer 78 weights missing from checkpoint. The "
        "checkpoint may have been quantized without including the MTP layers.\n"
    )
    assert doctor(logs=(str(log),))["mtp-weights"].status is Status.FAIL


# ----------------------------------------------------------------------------- rope


def test_rope_positions(tmp_path: Path) -> None:
    d, t = pair(tmp_path)
    assert doctor(draft=str(d), target=str(t))["rope-positions"].status is Status.PASS
    short = write_draft(tmp_path / "short", max_pos=2048)
    args = sglang_args(short, t)  # --context-length 8192
    c = doctor(draft=str(short), server_args=args)["rope-positions"]
    assert c.status is Status.FAIL and "2048" in c.message
    theta = write_draft(tmp_path / "theta", rope_theta=10000.0)
    assert doctor(draft=str(theta), target=str(t))["rope-positions"].status is Status.FAIL
    yarn = write_target(tmp_path / "yarn", rope_scaling={"rope_type": "yarn", "factor": 4.0})
    c = doctor(draft=str(d), target=str(yarn))["rope-positions"]
    assert c.status is Status.FAIL and "scaling" in c.message


# ----------------------------------------------------------------------------- tokenizer


def test_vocab_size(tmp_path: Path) -> None:
    d, t = pair(tmp_path)
    assert doctor(draft=str(d), target=str(t))["vocab-size"].status is Status.PASS
    other = write_draft(tmp_path / "other", vocab=100, draft_vocab=100, arch="LlamaForCausalLM")
    c = doctor(draft=str(other), target=str(t))["vocab-size"]
    assert c.status is Status.FAIL and "tokenise differently" in c.message


def test_special_tokens(tmp_path: Path) -> None:
    d, t = pair(tmp_path)
    assert doctor(draft=str(d), target=str(t))["special-tokens"].status is Status.PASS
    eos = write_draft(tmp_path / "eos", eos=7)
    c = doctor(draft=str(eos), target=str(t))["special-tokens"]
    assert c.status is Status.FAIL and "eos_token_id" in c.message


# ----------------------------------------------------------------------------- server args


def test_server_args_checks(tmp_path: Path) -> None:
    assert doctor(server_args=sglang_args("d"))["server-args"].status is Status.PASS
    c = doctor(server_args="llama-server -m t.gguf -md d.gguf --spec-draft-n-max 5")["server-args"]
    assert c.status is Status.FAIL and "--spec-type" in c.message
    c = doctor(server_args="vllm serve m --speculative-config '{\"method\": eagle3}'")[
        "server-args"
    ]
    assert c.status is Status.FAIL and "JSON" in c.message
    c = doctor(
        server_args="llama-server -m t.gguf -md d.gguf --spec-type draft-simple --draft-max 16"
    )["server-args"]
    assert c.status is Status.WARN and "removed" in c.message


def test_synthetic_acceptance_real_llamacpp_log() -> None:
    c = doctor(logs=(str(DATA / "llamacpp_serve_synth_rates.log"),))["synthetic-acceptance"]
    assert c.status is Status.FAIL
    c = doctor(logs=(str(DATA / "llamacpp_serve_draft_same.log"),))["synthetic-acceptance"]
    assert c.status is Status.PASS


# ----------------------------------------------------------------------------- tree


@pytest.mark.parametrize(
    ("steps", "topk", "ndt", "status"),
    [
        (5, 1, 6, Status.PASS),
        (5, 1, 4, Status.FAIL),
        (3, 1, 8, Status.WARN),
        (3, 4, 38, Status.FAIL),  # 4 + 2*16 candidates + the root = 37
        (3, 4, 37, Status.PASS),
        (5, 8, 64, Status.PASS),  # SGLang's documented Llama-3.1-8B EAGLE settings
        (5, 4, 8, Status.PASS),
        (5, 4, 4, Status.WARN),
    ],
)
def test_tree_settings(steps: int, topk: int, ndt: int, status: Status) -> None:
    c = doctor(server_args=sglang_args("d", steps=steps, topk=topk, ndt=ndt))["tree-settings"]
    assert c.status is status, c.message


# ----------------------------------------------------------------------------- sampling


def test_sampling() -> None:
    assert doctor(acc=(0.7,), steps=3, temperature=0.0)["sampling"].status is Status.PASS
    c = doctor(acc=(0.7,), steps=3, temperature=0.8, top_k=1)["sampling"]
    assert c.status is Status.WARN and "greedy" in c.message
    c = doctor(server_args="llama-server -m t -md d --spec-type draft-simple --temp 0.7")[
        "sampling"
    ]
    assert c.status is Status.WARN and "0.7" in c.message


# ----------------------------------------------------------------------------- logs-derived


def test_cuda_graph_share(tmp_path: Path) -> None:
    ok = write_sglang_log(tmp_path / "ok.log", [2.5] * 20)
    assert doctor(logs=(str(ok),))["cuda-graph"].status is Status.PASS
    half = write_sglang_log(
        tmp_path / "half.log", [2.5] * 20, cuda_graph=[i % 2 == 0 for i in range(20)]
    )
    c = doctor(logs=(str(half),))["cuda-graph"]
    assert c.status is Status.WARN and "50%" in c.message
    assert doctor(server_args="vllm serve m --enforce-eager")["cuda-graph"].status is Status.WARN


def test_accept_trend(tmp_path: Path) -> None:
    down = write_sglang_log(tmp_path / "down.log", [3.2 - 0.02 * i for i in range(80)])
    c = doctor(logs=(str(down),))["accept-trend"]
    assert c.status is Status.WARN and "falls" in c.message
    flat = write_sglang_log(tmp_path / "flat.log", [2.5 + 0.05 * ((-1) ** i) for i in range(80)])
    assert doctor(logs=(str(flat),))["accept-trend"].status is Status.PASS


def test_rank_outlier(tmp_path: Path) -> None:
    ranks = ["DP0 TP0", "DP1 TP0", "DP2 TP0", "DP3 TP0"] * 10
    bad = write_sglang_log(
        tmp_path / "bad.log", [1.4 if r.startswith("DP1") else 2.8 for r in ranks], ranks=ranks
    )
    c = doctor(logs=(str(bad),))["rank-outlier"]
    assert c.status is Status.WARN and "DP1" in c.message
    good = write_sglang_log(tmp_path / "good.log", [2.8] * 40, ranks=ranks)
    assert doctor(logs=(str(good),))["rank-outlier"].status is Status.PASS


def _spec(check_id: str) -> Any:
    return next(s for s in load_all() if s.id == check_id)


def _probe(by_category: list[tuple[str, float]], pooled: float = 2.5, mean: float = 2.5) -> Any:
    rows = [SimpleNamespace(category=c, accept_length=v) for c, v in by_category]
    accept = SimpleNamespace(pooled=pooled, per_request_mean=mean, source="per-request")
    return SimpleNamespace(
        url="http://127.0.0.1:1",
        report=SimpleNamespace(main=SimpleNamespace(by_category=rows, accept=accept)),
        server_info=None,
    )


def test_category_outlier() -> None:
    fn = _spec("category-outlier").fn
    bad = fn(fake_context(server=_probe([("chat", 2.8), ("code", 2.9), ("math", 1.3)])))
    assert bad.status is Status.WARN and "math" in bad.message
    good = fn(fake_context(server=_probe([("chat", 2.8), ("code", 2.9), ("math", 2.6)])))
    assert good.status is Status.PASS


def test_lifetime_vs_run_and_pooled_vs_mean_with_a_fake_probe() -> None:
    srv = _probe([("chat", 2.5)], pooled=2.5, mean=2.0)
    srv.server_info = {"internal_states": [{"avg_spec_accept_length": 3.4}]}
    c = _spec("lifetime-vs-run").fn(fake_context(server=srv))
    assert c.status is Status.WARN and "3.40" in c.message
    c = _spec("pooled-vs-mean").fn(fake_context(server=srv))
    assert c.status is Status.WARN
    srv2 = _probe([("chat", 2.5)], pooled=2.5, mean=2.48)
    srv2.server_info = {"internal_states": [{"avg_spec_accept_length": 2.51}]}
    assert _spec("lifetime-vs-run").fn(fake_context(server=srv2)).status is Status.PASS
    assert _spec("pooled-vs-mean").fn(fake_context(server=srv2)).status is Status.PASS


def test_lifetime_and_pooled_from_real_llamacpp_logs() -> None:
    r = doctor(logs=(str(DATA / "llamacpp_serve_draft_noisy05_lv4.log"),))
    assert r["lifetime-vs-run"].status in (Status.PASS, Status.WARN)
    assert "lifetime" in r["lifetime-vs-run"].message
    assert r["pooled-vs-mean"].status is Status.PASS


def test_bonus_convention(tmp_path: Path) -> None:
    log = tmp_path / "train.log"
    log.write_text("{'eval/acc_0': 0.75, 'eval/acc_1': 0.6, 'eval/simulated_acc_len': 1.2}\n")
    c = doctor(training_log=str(log))["bonus-convention"]
    assert c.status is Status.WARN and "2.20" in c.message
    c = doctor(acc=(0.7,), steps=3, engine="vllm", engine_version="0.8.5")["bonus-convention"]
    assert c.status is Status.WARN and "bonus" in c.message
    assert doctor(acc=(0.7,), steps=3)["bonus-convention"].status is Status.PASS


def test_log_errors(tmp_path: Path) -> None:
    log = tmp_path / "s.log"
    log.write_text(
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (7x8640 and 5760x2880)\n"
    )
    c = doctor(logs=(str(log),))["log-errors"]
    assert c.status is Status.FAIL and "8640" in c.message
    assert doctor(logs=(str(DATA / "vllm_serve_eagle3.log"),))["log-errors"].status is Status.PASS


# ----------------------------------------------------------------------------- hidden states


def _dumps(tmp_path: Path, scenario: str) -> tuple[Path, Path, Path]:
    torch = pytest.importorskip("torch")
    from specdiag.workflows import synthetic

    case = synthetic.make_case(scenario)
    train = synthetic.save_record(
        case.training_record, tmp_path / f"{scenario}-train" / "data_0.ckpt"
    )
    served = synthetic.save_record(case.served_record(), tmp_path / f"{scenario}-served.pt")
    ref = tmp_path / f"{scenario}-ref.pt"
    torch.save({"hidden_states": case.reference, "input_ids": case.input_ids}, ref)
    return train, served, ref


def test_training_dump_and_served_vs_training(tmp_path: Path) -> None:
    train, served, ref = _dumps(tmp_path, "matching")
    r = doctor(training_dump=str(train.parent), served_dump=str(served), reference=str(ref))
    assert r["training-dump"].status is Status.PASS, r["training-dump"].message
    assert r["served-vs-training"].status is Status.PASS, r["served-vs-training"].message
    train2, served2, ref2 = _dumps(tmp_path, "collapsed")
    r = doctor(
        training_dump=str(train2), served_dump=str(served2), reference=str(ref2), engine="sglang"
    )
    c = r["served-vs-training"]
    assert c.status is Status.FAIL
    assert c.details["suggested_layer_ids"]["sglang"] == [1, 3, 5]
    # the target says H = 64, the dump holds H = 48
    t = write_target(tmp_path / "t", hidden=64, layers=8)
    assert doctor(training_dump=str(train), target=str(t))["training-dump"].status is Status.FAIL


# ----------------------------------------------------------------------------- expected


def test_expected_vs_observed(tmp_path: Path) -> None:
    healthy = write_sglang_log(tmp_path / "h.log", [3.2] * 20)
    c = doctor(logs=(str(healthy),), acc=(0.75,), steps=5)["expected-vs-observed"]
    assert c.status is Status.PASS and c.details["verdict"] == "healthy"
    below = write_sglang_log(tmp_path / "b.log", [2.4] * 20)
    c = doctor(logs=(str(below),), acc=(0.75,), steps=5)["expected-vs-observed"]
    assert c.status is Status.FAIL and c.details["verdict"] == "below"
    assert round(c.details["ratio"], 2) == 0.61
    assert doctor(logs=(str(below),))["expected-vs-observed"].status is Status.SKIPPED
    # 1.95 of 2.29 predicted drafts (85%): below, but above the 75% line: a warn, as documented
    mild = write_sglang_log(tmp_path / "m.log", [2.95] * 20)
    c = doctor(logs=(str(mild),), acc=(0.75,), steps=5)["expected-vs-observed"]
    assert c.status is Status.WARN and c.details["verdict"] == "below"
    assert 0.75 < c.details["ratio"] < 0.9


def test_every_registered_check_is_exercised() -> None:
    """The doctor tests name each check id (keeps the list honest when a check is added)."""
    text = "".join(
        p.read_text()
        for p in [
            *(paths.TESTS / "unit" / "doctor").glob("test_*.py"),
            *paths.TESTS.glob("*/test_doctor*.py"),
        ]
    )
    for spec in load_all():
        assert f'"{spec.id}"' in text, spec.id


def test_catalogue_entries_are_well_formed() -> None:
    """checks.json: every entry has the catalogue's keys as text, families contiguous (the
    report and docs/doctor.md group by family), one entry per function; every cause has a fix
    or an impact of a known kind, and is named by exactly one finding in the code."""
    entries = json.loads((paths.REPO / "specdiag/core/doctor/checks.json").read_text())
    keys = {"id", "family", "title", "reads", "decides", "refs"}
    families: list[str] = []
    causes: dict[str, dict[str, Any]] = {}
    for e in entries:
        assert keys <= set(e) <= keys | {"versions", "causes"}, e["id"]
        texts = [e[k] for k in set(e) - {"refs", "causes"}]
        assert all(isinstance(t, str) and t.strip() == t and t for t in texts), e["id"]
        assert all(isinstance(r, str) and r for r in e["refs"]), e["id"]
        if not families or families[-1] != e["family"]:
            assert e["family"] not in families, f"family {e['family']} split in the catalogue"
            families.append(e["family"])
        assert not set(e.get("causes", {})) & set(causes), e["id"]
        causes |= e.get("causes", {})
    assert [s.id for s in load_all()] == [e["id"] for e in entries]
    kinds = {k.value for k in ImpactKind}
    code = "".join(p.read_text() for p in (paths.REPO / "specdiag/core/doctor").glob("*.py"))
    in_code = [
        n
        for arg in re.findall(r'\bcause=("[\w-]+"(?: if .+? else "[\w-]+")?)', code)
        for n in re.findall(r'"(.+?)"', arg)
    ]
    assert sorted(in_code) == sorted(causes), "a cause named in the code is not in checks.json"
    for name, c in causes.items():
        assert set(c) <= {"fix", "impact", "how", "snippet", "confirm"} and c, name
        assert ("impact" in c) == ("how" in c) and c.get("impact", "none") in kinds, name
        texts = [c[k] for k in ("fix", "how", "snippet") if k in c] + c.get("confirm", [])
        assert all(isinstance(t, str) and t.strip() == t and t for t in texts), name


def test_docs_describe_every_check() -> None:
    doc = (paths.DOCS / "doctor.md").read_text()
    for spec in load_all():
        assert f"`{spec.id}`: {spec.title} |" in doc, spec.id
        for text in (spec.reads, spec.decides, spec.versions):
            assert text.replace("|", "\\|") in doc, f"docs/doctor.md is out of date for {spec.id}"


# ----------------------------------------------------------------------------- deployment


def test_quantization(tmp_path: Path) -> None:
    t = write_target(tmp_path / "t")
    assert doctor(target=str(t))["quantization"].status is Status.PASS
    c = doctor(server_args=sglang_args("d", extra="--kv-cache-dtype fp8_e4m3"))["quantization"]
    assert c.status is Status.WARN and "fp8_e4m3" in c.message
    q = write_target(tmp_path / "q")
    cfg = json.loads((q / "config.json").read_text())
    cfg["quantization_config"] = {"quant_method": "fp8"}
    (q / "config.json").write_text(json.dumps(cfg))
    assert doctor(target=str(q))["quantization"].status is Status.WARN


def test_parallelism(tmp_path: Path) -> None:
    assert doctor(server_args=sglang_args("d"))["parallelism"].status is Status.PASS
    c = doctor(server_args=sglang_args("d", extra="--enable-dp-attention --dp-size 4"))[
        "parallelism"
    ]
    assert c.status is Status.WARN and "2.35" in c.message
    yml = tmp_path / "opts.yml"
    yml.write_text(
        "enable_attention_dp: true\nspeculative_config:\n  decoding_type: Eagle3\n  max_draft_len: 3\n"
        "  speculative_model_dir: /models/draft\n  eagle3_layers_to_capture: [1, 17, 33]\n"
    )
    r = doctor(server_args=f"trtllm-serve /models/target --extra_llm_api_options {yml}")
    assert r["parallelism"].status is Status.WARN
    assert r["server-args"].status is Status.PASS
    assert any("Eagle3" in e.value for e in r["server-args"].evidence)


def test_trtllm_unreadable_options_file_is_not_called_no_speculation(tmp_path: Path) -> None:
    """The method lives in the options file: unread, it is unknown, not "does not speculate"."""
    missing = tmp_path / "nope.yml"
    c = doctor(server_args=f"trtllm-serve /m --backend pytorch --extra_llm_api_options {missing}")[
        "server-args"
    ]
    assert c.status is Status.WARN
    assert "could not be read" in c.message and "does not speculate" not in c.message
    c = doctor(server_args="trtllm-serve /m --backend pytorch")["server-args"]
    assert c.status is Status.WARN and "does not speculate" in c.message


def test_trtllm_layers_to_capture_are_read(tmp_path: Path) -> None:
    yml = tmp_path / "opts.yml"
    yml.write_text(
        "speculative_config:\n  decoding_type: Eagle3\n  eagle3_layers_to_capture: [-1, 2, 30]\n"
    )
    d, t = pair(tmp_path)
    r = doctor(
        draft=str(d), target=str(t), server_args=f"trtllm-serve {t} --extra_llm_api_options {yml}"
    )
    c = r["aux-layer-ids"]
    assert c.status is Status.FAIL and "eagle3_layers_to_capture" in c.message


def test_chat_template(tmp_path: Path) -> None:
    tok_a = {
        "chat_template": "{% for m in messages %}{{ m.content }}{% endfor %}",
        "eos_token": "</s>",
    }
    tok_b = {
        "chat_template": "<think>{% for m in messages %}{{ m.content }}{% endfor %}",
        "eos_token": "</s>",
    }
    d = write_draft(tmp_path / "d", tokenizer=tok_a)
    same = write_target(tmp_path / "same", tokenizer=tok_a)
    other = write_target(tmp_path / "other", tokenizer=tok_b)
    assert doctor(draft=str(d), target=str(same))["chat-template"].status is Status.PASS
    assert doctor(draft=str(d), target=str(other))["chat-template"].status is Status.WARN
    c = doctor(server_args=sglang_args("d", extra="--chat-template qwen3-nothink"))["chat-template"]
    assert c.status is Status.WARN


# ----------------------------------------------------------------------------- hostile input


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.text(max_size=300))
def test_server_args_parser_never_raises(text: str) -> None:
    from specdiag.core.doctor.server_args import parse_server_args

    a = parse_server_args(text)
    assert a.text == text


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**70), 2**70)
        | st.floats()
        | st.text(max_size=8),
        lambda c: (
            st.lists(c, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "eagle_config",
                        "eagle_aux_hidden_state_layer_ids",
                        "vocab_size",
                        "draft_vocab_size",
                        "hidden_size",
                        "num_hidden_layers",
                        "max_position_embeddings",
                        "rope_scaling",
                        "architectures",
                        "norm_before_fc",
                    ]
                ),
                c,
                max_size=6,
            )
        ),
        max_leaves=12,
    )
)
def test_any_config_json_gives_a_report(tmp_path: Path, cfg: Any) -> None:
    d = tmp_path / "hd"
    d.mkdir(exist_ok=True)
    (d / "config.json").write_text(json.dumps(cfg, allow_nan=True))
    rep = run_doctor(DoctorInputs(draft=str(d), target=str(d), engine="sglang"))
    for c in rep.checks:
        assert "internal error" not in c.message, (c.check, c.message)


_SCALARS = (
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=6)
)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.fixed_dictionaries(
        {},
        optional={
            k: _SCALARS | st.lists(_SCALARS, max_size=4)
            for k in (
                "hidden_size",
                "target_hidden_size",
                "vocab_size",
                "draft_vocab_size",
                "eagle_aux_hidden_state_layer_ids",
                "max_position_embeddings",
                "rope_theta",
                "rope_scaling",
                "norm_before_fc",
                "fc_norm",
                "num_hidden_layers",
                "num_nextn_predict_layers",
                "eos_token_id",
            )
        },
    )
)
def test_any_config_beside_real_weights_gives_a_report(tmp_path: Path, cfg: dict[str, Any]) -> None:
    d = tmp_path / "fw"
    if not (d / "model.safetensors").exists():
        write_draft(d)
        write_target(tmp_path / "ft", layers=8)
    cfg["architectures"] = ["LlamaForCausalLMEagle3"]
    (d / "config.json").write_text(json.dumps(cfg, allow_nan=True))
    rep = run_doctor(
        DoctorInputs(draft=str(d), target=str(tmp_path / "ft"), engine="vllm", acc=(0.7,), steps=3)
    )
    for c in rep.checks:
        assert "internal error" not in c.message, (c.check, c.message)


def test_per_position_from_real_vllm_logs() -> None:
    c = doctor(logs=(str(DATA / "vllm_serve_eagle3.log"),), acc=(0.8, 0.6, 0.4))["per-position"]
    assert c.status is Status.FAIL and "position 1" in c.message  # a random draft: 0%
    c = doctor(logs=(str(DATA / "vllm_serve_eagle3_perm.log"),), acc=(1.0, 0.0, 0.0))[
        "per-position"
    ]
    assert c.status is Status.PASS, c.message  # the permutation pair: exactly (1, 0, 0)


def test_tokenizer_overlap(tmp_path: Path) -> None:
    def tok(root: Path, vocab: dict[str, int]) -> None:
        (root / "tokenizer.json").write_text(
            json.dumps({"model": {"type": "BPE", "vocab": vocab}, "added_tokens": []})
        )

    base = {f"t{i}": i for i in range(100)}
    d, t = pair(tmp_path, {"arch": "LlamaForCausalLM", "draft_vocab": 128}, {})
    tok(d, base)
    tok(t, base)
    assert doctor(draft=str(d), target=str(t))["special-tokens"].status is Status.PASS
    shifted = {f"t{i}": (i + 1) % 100 if i >= 80 else i for i in range(100)}
    tok(d, shifted)
    c = doctor(draft=str(d), target=str(t))["special-tokens"]
    assert c.status is Status.FAIL and "80.0% of the draft's tokens" in c.message


# ----------------------------------------------------------------------------- read on real SGLang


def test_disaggregation_mode_null_is_off() -> None:
    """SGLang's /server_info (and its default) says disaggregation_mode "null" for "off"
    (measured on 0.5.23): no PD-disaggregation warning then; a real mode still warns."""
    off = doctor(server_args=sglang_args("d", extra="--disaggregation-mode null"))["parallelism"]
    assert off.status is Status.PASS, off.message
    on = doctor(server_args=sglang_args("d", extra="--disaggregation-mode decode"))["parallelism"]
    assert on.status is Status.WARN and "PD disaggregation (decode)" in on.message


def _token_only_stack(ids: Any, layers: int = 6, hidden: int = 16) -> Any:
    """hidden_states [L+1, T, H] of a model whose layers do not mix context: every layer's output
    is a function of the token alone (the harness's tiny SGLang targets are built so)."""
    import torch

    g = torch.Generator().manual_seed(0)
    tables = torch.randn(layers + 1, 64, hidden, generator=g)
    return torch.stack([tables[k][ids] for k in range(layers + 1)])


def test_identified_layers_override_the_embedding_heuristic(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from specdiag.workflows.synthetic import random_ids, save_record, specforge_record

    ids = random_ids(40, 64, seed=1)  # 40 draws of 63 ids: repeated tokens
    stack = _token_only_stack(ids)
    ref = tmp_path / "ref.pt"
    torch.save({"hidden_states": stack, "input_ids": ids}, ref)

    def check(trained: tuple[int, ...], with_ref: bool) -> Any:
        rec = specforge_record(stack, trained, ids, dtype=torch.float32)
        train = save_record(rec, tmp_path / f"t{trained}{with_ref}" / "data_0.ckpt")
        kw = {"reference": str(ref)} if with_ref else {}
        return doctor(training_dump=str(train), **kw)["training-dump"]

    # the heuristic alone: repeated-token rows identical -> looks like the embedding
    assert check((1, 3, 4), False).status is Status.WARN
    # identified against the reference as layer outputs: the identification decides
    c = check((1, 3, 4), True)
    assert c.status is Status.PASS, c.message
    assert any("set aside" in str(e.value) for e in c.evidence)
    # a chunk identified AS the embedding keeps the warning
    assert check((-1, 1, 3), True).status is Status.WARN


def test_expand_logs_keeps_what_matches_nothing(tmp_path: Path) -> None:
    from specdiag.core.doctor.context import expand_logs

    for name in ("b.log", "a.log"):
        (tmp_path / name).write_text("")
    got = expand_logs([str(tmp_path / "*.log"), str(tmp_path / "none*.log"), "plain.log"])
    assert got == (
        str(tmp_path / "a.log"),
        str(tmp_path / "b.log"),
        str(tmp_path / "none*.log"),  # reported unreadable when read, as a plain path is
        "plain.log",
    )
