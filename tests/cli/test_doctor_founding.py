"""The founding deployment on its own evidence: a 61-layer tiny target (random weights, made
here), a SpecForge dump captured at [2, 30, 58], the draft config changed to [-1, 2, 30], an SGLang
log, 0.75 x 5 steps. doctor must name the aux ids first and give [2, 30, 58] for SGLang (and
[3, 31, 59] for vLLM) from the evidence, never a guess; repaired, 2.40 is `below` (61%)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import run_cli
from tests.support.founding import (
    BROKEN,
    TRAINED,
    Founding,
    doctor_argv,
    make_founding,
    make_target,
    training_log,
)

pytest.importorskip("transformers")

SNIPPET = '"eagle_config": {"eagle_aux_hidden_state_layer_ids": [2, 30, 58], "use_aux_hidden_state": true}'


@pytest.fixture(scope="module")
def founding(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Founding]:
    root = tmp_path_factory.mktemp("founding")
    with pytest.MonkeyPatch.context() as mp:
        _run_the_target_once_per_sample(mp)
        yield make_founding(root, make_target(root / "target"))


def _run_the_target_once_per_sample(mp: pytest.MonkeyPatch) -> None:
    """Every doctor run here runs the same random-weight target over the same sample (its
    forward is deterministic on the CPU): the first run computes the hidden states, the later
    ones of this module reuse them. Each run still goes through doctor's own call of
    ``hf_hidden_states`` (test_the_target_is_loaded_once counts those calls)."""
    from specdiag.core.hidden import capture_hf

    real = capture_hf.hf_hidden_states
    seen: dict[str, Any] = {}

    def once(model_dir: Any, token_ids: Any, **kw: Any) -> Any:
        key = repr((str(model_dir), list(token_ids), sorted(kw.items())))
        if key not in seen:
            seen[key] = real(model_dir, token_ids, **kw)
        return seen[key]

    mp.setattr(capture_hf, "hf_hidden_states", once)


def _aux(doc: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in doc["checks"] if c["check"] == "aux-layer-ids")


def _one_fix(doc: dict[str, Any]) -> None:
    first = doc["findings"][0]
    assert first["check"] == "aux-layer-ids" and first["status"] == "fail"
    assert first["snippet"] == SNIPPET
    assert "[2, 30, 58]" in first["fix"] and "vllm" in first["fix"]
    aux = _aux(doc)
    assert aux["details"]["suggested_ids"] == list(TRAINED)
    assert aux["details"]["fix_ids"]["sglang"]["ids"] == [2, 30, 58]
    assert aux["details"]["fix_ids"]["vllm"]["ids"] == [3, 31, 59]
    assert aux["details"]["training_hf"] == [3, 31, 59]
    # nothing else offered as the fix: no other finding names layer ids
    for f in doc["findings"][1:]:
        assert "layer_ids" not in (f["fix"] or "") and "aux" not in (f["fix"] or "")
        assert f["snippet"] is None


def test_training_dump_with_target_gives_the_fix(tmp_path: Path, founding: Founding) -> None:
    argv = doctor_argv(
        tmp_path, founding, BROKEN, 1.12, "--training-dump", str(founding.train_dir), "--json"
    )
    r = run_cli(argv)
    assert r.exit_code == 1, r.stderr
    doc = r.json()
    _one_fix(doc)
    assert doc["gap"]["verdict"] == "collapsed"
    uses = {e["source"]: e["status"] for e in doc["evidence"]}
    assert uses["training-dump"] == "used" and uses["draft"] == "used"
    # the engine's version is not in this evidence: the rule says what it assumed
    assert "assumed" in _aux(doc)["details"]["rule"]


def test_the_human_view_fits_one_screen(tmp_path: Path, founding: Founding) -> None:
    argv = doctor_argv(
        tmp_path,
        founding,
        BROKEN,
        1.12,
        "--training-dump",
        str(founding.train_dir),
        "--engine-version",
        "0.5.23",
    )
    for width in (100, 80):
        r = run_cli(argv, env={"COLUMNS": str(width)})
        lines = r.stdout.splitlines()
        assert len(lines) <= 32, r.stdout
        assert "measured on SGLang 0.5.23" in r.flat()
        assert SNIPPET in lines[[i for i, x in enumerate(lines) if SNIPPET in x][0]]  # whole
        # every line fits but the snippet (printed whole, to paste) and a lone long path
        body = [x for x in lines if SNIPPET not in x and len(x.split()) > 1]
        assert all(len(x) <= width for x in body), [x for x in body if len(x) > width]
        assert "[2, 30, 58]" in r.stdout and "[3, 31, 59]" in r.stdout
    r = run_cli([*argv, "--verbose"], env={"COLUMNS": "100"})
    assert "all checks" in r.stdout and "ranking:" in r.stdout


def test_the_human_view_says_the_basis_whatever_the_path(
    tmp_path: Path, founding: Founding
) -> None:
    """The fix names the draft's config path, then the rule's basis: the word wrap falls where
    the path's length puts it, inside "measured on SGLang 0.5.23" for a long one (as a test's
    tmp path is under xdist, with a pytest-N of two digits, run as root). The view still says
    it all, and every line but the snippet and a lone path fits."""
    for depth in (0, 1, 3):
        base = tmp_path.joinpath(*["a-deeper-folder"] * depth)
        argv = doctor_argv(
            base,
            founding,
            BROKEN,
            1.12,
            "--training-dump",
            str(founding.train_dir),
            "--engine-version",
            "0.5.23",
        )
        r = run_cli(argv, env={"COLUMNS": "100"})
        assert "measured on SGLang 0.5.23" in r.flat(), r.stdout
        assert "(vLLM version unknown: 0.32.0's rules (measured) assumed)" in r.flat(), r.stdout
        body = [x for x in r.stdout.splitlines() if SNIPPET not in x and len(x.split()) > 1]
        assert all(len(x) <= 100 for x in body), [x for x in body if len(x) > 100]


def test_the_target_is_loaded_once(
    tmp_path: Path, founding: Founding, monkeypatch: pytest.MonkeyPatch
) -> None:
    from specdiag.core.hidden import capture_hf

    calls: list[str] = []
    real = capture_hf.hf_hidden_states

    def counted(model_dir: Any, *a: Any, **kw: Any) -> Any:
        calls.append(str(model_dir))
        return real(model_dir, *a, **kw)

    monkeypatch.setattr(capture_hf, "hf_hidden_states", counted)
    argv = doctor_argv(tmp_path, founding, BROKEN, 1.12, "--training-dump", str(founding.train_dir))
    r = run_cli([*argv, "--json"])
    assert r.json()["findings"][0]["check"] == "aux-layer-ids"
    assert calls == [str(founding.target)]
    r = run_cli([*argv, "--no-run-target", "--json"])
    assert calls == [str(founding.target)] and "decide" in _aux(r.json())["details"]


def test_repaired_is_below_not_healthy(tmp_path: Path, founding: Founding) -> None:
    argv = doctor_argv(
        tmp_path, founding, TRAINED, 2.40, "--training-dump", str(founding.train_dir), "--json"
    )
    r = run_cli(argv)
    doc = r.json()
    assert r.exit_code == 1 and doc["gap"]["verdict"] == "below"
    assert round(doc["gap"]["ratio"], 2) == 0.61
    aux = _aux(doc)
    assert aux["status"] == "pass" and aux["fix"] is None, aux["message"]


def test_only_a_training_log_naming_the_ids(tmp_path: Path, founding: Founding) -> None:
    log = training_log(tmp_path / "train.log")
    r = run_cli(doctor_argv(tmp_path, founding, BROKEN, 1.12, "--training-log", str(log), "--json"))
    _one_fix(r.json())
    # the config already at the trained ids: a pass, and no fix equal to the current value
    r = run_cli(
        doctor_argv(tmp_path, founding, TRAINED, 2.40, "--training-log", str(log), "--json")
    )
    aux = _aux(r.json())
    assert aux["status"] == "pass" and aux["fix"] is None


def test_a_specforge_config_naming_the_ids(tmp_path: Path, founding: Founding) -> None:
    cfg = tmp_path / "specforge_draft_config.json"
    cfg.write_text(
        '{"architectures": ["LlamaForCausalLMEagle3"], "eagle_config": '
        '{"eagle_aux_hidden_state_layer_ids": [2, 30, 58]}}'
    )
    r = run_cli(doctor_argv(tmp_path, founding, BROKEN, 1.12, "--training-log", str(cfg), "--json"))
    _one_fix(r.json())


def test_a_served_dump_with_the_reference(tmp_path: Path, founding: Founding) -> None:
    import torch

    from specdiag.core.hidden.capture_hf import hf_hidden_states

    ref = tmp_path / "ref.pt"
    st = hf_hidden_states(founding.target, list(founding.tokens)).stack
    torch.save({"hidden_states": st, "input_ids": torch.tensor(founding.tokens)}, ref)
    common = ["--served-dump", str(founding.served), "--training-dump", str(founding.train_file)]
    r = run_cli(
        doctor_argv(tmp_path, founding, BROKEN, 1.12, *common, "--reference", str(ref), "--json")
    )
    doc = r.json()
    _one_fix(doc)
    served = next(c for c in doc["checks"] if c["check"] == "served-vs-training")
    assert served["status"] == "fail" and served["fix"] is None  # one fix, not two


def test_a_served_dump_alone_says_what_is_unknown(tmp_path: Path, founding: Founding) -> None:
    common = ["--served-dump", str(founding.served), "--training-dump", str(founding.train_file)]
    r = run_cli(doctor_argv(tmp_path, founding, BROKEN, 1.12, *common, "--no-run-target", "--json"))
    doc = r.json()
    aux = _aux(doc)
    assert "suggested_ids" not in aux["details"] and aux["fix"] is None
    assert aux["details"]["decide"] == (
        f"specdiag inspect-dump {founding.train_file} --target {founding.target}"
    )
    assert all(f["snippet"] is None for f in doc["findings"])


def test_restart_log_is_two_segments(tmp_path: Path) -> None:
    def line(day: int, minute: int, al: float) -> str:
        return (
            f"[2026-11-{day:02d} 09:{minute:02d}:00] Decode batch, #running-req: 4, #token: 1200, "
            f"token usage: 0.02, accept len: {al:.2f}, accept rate: {(al - 1) / 5:.2f}, "
            "cuda graph: True, gen throughput (token/s): 410.00, #queue-req: 0"
        )

    log = tmp_path / "sglang.log"
    week = [line(20, m, 2.41) for m in range(40)] + [line(27, m, 1.12) for m in range(20)]
    log.write_text("\n".join(week) + "\n")
    r = run_cli(["doctor", "--logs", str(log), "--acc", "0.75", "--steps", "5", "--json"])
    doc = r.json()
    assert len(doc["segments"]) == 2
    assert [round(s["accept_length"], 2) for s in doc["segments"]] == [2.41, 1.12]
    assert "7.0 days" in doc["segments"][1]["starts_because"]
    checks = {c["check"]: c for c in doc["checks"]}
    assert checks["restarts"]["status"] == "warn"
    assert checks["accept-trend"]["status"] == "skipped"  # not "runtime drift"
    assert doc["gap"]["observed_accept_length"] == pytest.approx(1.12)
    # one deployment, no restart: one segment, a pass
    log.write_text("\n".join(week[:40]) + "\n")
    doc = run_cli(["doctor", "--logs", str(log), "--acc", "0.75", "--steps", "5", "--json"]).json()
    assert len(doc["segments"]) == 1
    assert next(c for c in doc["checks"] if c["check"] == "restarts")["status"] == "pass"


def test_missing_or_unreadable_evidence_exits_3(tmp_path: Path, founding: Founding) -> None:
    bad = tmp_path / "train.log"
    bad.mkdir()  # a directory where a log is expected
    argv = doctor_argv(tmp_path, founding, TRAINED, 3.2, "--training-log", str(bad), "--json")
    r = run_cli(argv)
    assert r.exit_code == 3 and r.json()["status"] == "incomplete", r.stderr
    r = run_cli([*argv[:-1], "--logs", str(tmp_path / "absent.log"), "--json"])
    assert r.exit_code == 3
    r = run_cli([*argv, "--allow-missing"])
    assert r.exit_code == 0, r.stderr  # 3.2 of 3.29: healthy on the rest
