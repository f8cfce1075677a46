"""``specdiag doctor`` end to end: the deployment story, JSON, exit codes, broken inputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support import paths
from tests.support.cli import run_cli
from tests.support.doctor import sglang_args, write_draft, write_sglang_log, write_target


def story(tmp_path: Path, ids: list[int], accept_len: float) -> list[str]:
    """The deployment this project was created from: a 62-layer target served by SGLang with an
    EAGLE-3 draft, 5 steps, trained at 75% per position; SpecForge's log names the ids trained."""
    target = write_target(tmp_path / "target", layers=62)
    draft = write_draft(tmp_path / "draft", ids=ids)
    log = write_sglang_log(tmp_path / "sglang.log", [accept_len] * 40)
    train_log = tmp_path / "train.log"
    train_log.write_text("draft config: eagle_aux_hidden_state_layer_ids: [2, 30, 58]\n")
    return [
        "doctor",
        "--training-log",
        str(train_log),
        "--draft",
        str(draft),
        "--logs",
        str(log),
        "--server-args",
        sglang_args(draft, target),
        "--acc",
        "0.75",
        "--steps",
        "5",
    ]


def test_broken_story_names_the_aux_ids_first(tmp_path: Path) -> None:
    r = run_cli([*story(tmp_path, [-1, 2, 30], 1.12), "--json"])
    assert r.exit_code == 1, r.stderr
    doc = r.json()
    assert doc["status"] == "fail"
    first = doc["findings"][0]
    assert first["check"] == "aux-layer-ids"
    assert "[2, 30, 58]" in first["fix"]
    assert first["explains"] == 1.0
    assert doc["gap"]["verdict"] == "collapsed"
    assert "[2, 30, 58]" in doc["summary"]
    assert "error: " in r.stderr and "aux-layer-ids" in r.stderr


def test_repaired_story_is_below_not_healthy(tmp_path: Path) -> None:
    r = run_cli(story(tmp_path, [2, 30, 58], 2.40))
    assert r.exit_code == 1, r.stderr  # 61% of the prediction is a failed check
    assert "below (61% of the predicted accepted drafts)" in r.stdout
    assert "would look healthy" in r.stdout
    r = run_cli([*story(tmp_path, [2, 30, 58], 2.40), "--json"])
    doc = r.json()
    assert doc["gap"]["verdict"] == "below"
    assert round(doc["gap"]["ratio"], 2) == 0.61
    aux = next(c for c in doc["checks"] if c["check"] == "aux-layer-ids")
    assert aux["status"] == "pass"


def test_healthy_deployment_exits_0(tmp_path: Path) -> None:
    args = story(tmp_path, [2, 30, 58], 3.2)
    r = run_cli([*args, "--json"])
    assert r.exit_code == 0, r.stdout
    doc = r.json()
    assert doc["status"] == "ok"
    assert doc["gap"]["verdict"] == "healthy"
    assert all(c["status"] != "fail" for c in doc["checks"])


def test_json_is_one_document_with_every_check(tmp_path: Path) -> None:
    r = run_cli([*story(tmp_path, [-1, 2, 30], 1.12), "--json"])
    doc = json.loads(r.stdout)  # exactly one document
    ids = [c["check"] for c in doc["checks"]]
    assert len(ids) == len(set(ids)) >= 20
    for c in doc["checks"]:
        assert c["status"] in ("pass", "warn", "fail", "skipped")
        assert c["message"]
        if c["status"] in ("warn", "fail"):
            assert c["evidence"] or c["check"] in ("synthetic-acceptance",)
    assert doc["ranking_method"].startswith("Each warn/fail finding")


def test_server_args_from_a_file(tmp_path: Path) -> None:
    f = tmp_path / "launch.sh"
    f.write_text(
        "python -m sglang.launch_server --speculative-algorithm EAGLE3 \\\n  --speculative-num-steps 5 --speculative-eagle-topk 1 --speculative-num-draft-tokens 4\n"
    )
    r = run_cli(["doctor", "--server-args", f"@{f}", "--json"])
    tree = next(c for c in r.json()["checks"] if c["check"] == "tree-settings")
    assert tree["status"] == "fail" and r.exit_code == 1


def test_usage_errors() -> None:
    r = run_cli(["doctor"])
    assert r.exit_code == 2 and "no evidence given" in r.stderr and "hint:" in r.stderr
    r = run_cli(["doctor", "--acc", "1.5", "--steps", "3"])
    assert r.exit_code == 2
    r = run_cli(["doctor", "--server-args", "@/nonexistent/launch.sh"])
    assert r.exit_code == 3 and "cannot read" in r.stderr


def test_broken_inputs_clear_messages_other_checks_run(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    draft = broken / "draft"
    draft.mkdir(parents=True)
    (draft / "config.json").write_text(
        '{"architectures": ["LlamaForCausalLMEagle3"], "hidden_size": 16,'
    )
    (draft / "model.safetensors").write_bytes(b"\x00\x01garbage, not a safetensors header")
    target = broken / "target"  # sharded weights without their index
    write_target(target)
    (target / "model.safetensors").rename(target / "model-00001-of-00002.safetensors")
    write_target(broken / "t2")
    (broken / "t2" / "model.safetensors").rename(target / "model-00002-of-00002.safetensors")
    logs_dir = broken / "logs.d"
    logs_dir.mkdir()
    good_log = write_sglang_log(tmp_path / "ok.log", [2.0] * 10)
    argv = [
        "doctor",
        "--draft",
        str(draft),
        "--target",
        str(target),
        "--logs",
        str(logs_dir),
        "--logs",
        str(good_log),
        "--acc",
        "0.75",
        "--steps",
        "5",
        "--json",
    ]
    r = run_cli(argv)
    doc = r.json()
    probs = {p["path"]: p["message"] for p in doc["input_problems"]}
    assert any("invalid JSON" in m for m in probs.values()), probs
    assert any("not a readable safetensors file" in m for m in probs.values()), probs
    assert any("model.safetensors.index.json" in p and "missing" in m for p, m in probs.items()), (
        probs
    )
    assert any("is a directory" in m for m in probs.values()), probs
    checks = {c["check"]: c for c in doc["checks"]}
    assert checks["aux-layer-ids"]["status"] == "skipped"
    assert "config.json could not be read" in checks["aux-layer-ids"]["message"]
    assert checks["expected-vs-observed"]["status"] != "skipped"  # the good log still counts
    assert checks["mtp-weights"]["status"] == "skipped"
    assert "warning:" in r.stderr  # the problems are said on stderr too
    # inputs given that could not be read: incomplete, never a pass (exit 3) ...
    assert r.exit_code == 3 and doc["status"] == "incomplete"
    uses = {(e["source"], e["path"]): e for e in doc["evidence"]}
    assert uses[("logs", str(logs_dir))]["status"] == "unreadable"
    assert uses[("logs", str(good_log))]["status"] == "used"
    assert uses[("draft", str(draft))]["status"] == "unreadable"
    assert "error: incomplete" in r.stderr and "--allow-missing" in r.stderr
    # ... unless --allow-missing: then judged on the rest (2.0 vs 3.29 expected: below)
    r = run_cli([*argv, "--allow-missing"])
    assert r.exit_code == 1 and r.json()["status"] == "fail"
    assert r.json()["gap"]["verdict"] == "below"


def test_nothing_readable_could_not_run(tmp_path: Path) -> None:
    r = run_cli(["doctor", "--draft", str(tmp_path / "nope"), "--json"])
    assert r.exit_code == 3
    assert r.json()["status"] == "could-not-run"
    assert "no check could decide" in r.stderr


def test_real_llamacpp_logs() -> None:
    data = paths.TEST_DATA / "logs"
    r = run_cli(
        [
            "doctor",
            "--logs",
            str(data / "llamacpp_serve_draft_random_lv4.log"),
            "--acc",
            "0.6",
            "--steps",
            "5",
            "--json",
        ]
    )
    doc = r.json()
    assert doc["engine"] == "llamacpp"
    assert doc["gap"]["verdict"] == "collapsed"
    assert r.exit_code == 1
    r = run_cli(["doctor", "--logs", str(data / "llamacpp_serve_draft_same.log"), "--json"])
    assert r.exit_code == 0, r.stdout


@pytest.mark.parametrize("flag", ["--help"])
def test_help_lists_the_evidence_flags(flag: str) -> None:
    r = run_cli(["doctor", flag])
    for f in (
        "--server",
        "--logs",
        "--draft",
        "--target",
        "--server-args",
        "--training-dump",
        "--served-dump",
        "--training-log",
    ):
        assert f in r.stdout


def test_every_finding_names_a_command_that_confirms_it(tmp_path: Path) -> None:
    from tests.support.doctor import write_draft as wd

    draft = wd(tmp_path / "bad", d2t="arange", lm_head_rows=40)
    log = write_sglang_log(tmp_path / "s.log", [1.1] * 20, cuda_graph=[False] * 20)
    args = sglang_args(draft, write_target(tmp_path / "t"), ndt=4)
    r = run_cli(
        [
            "doctor",
            "--draft",
            str(draft),
            "--logs",
            str(log),
            "--server-args",
            args,
            "--acc",
            "0.75",
            "--json",
        ]
    )
    doc = r.json()
    assert len(doc["findings"]) >= 4
    for f in doc["findings"]:
        assert f["confirm"], f["check"]


def test_logs_from_stdin(tmp_path: Path) -> None:
    log = write_sglang_log(tmp_path / "s.log", [2.4] * 12)
    r = run_cli(
        ["doctor", "--logs", "-", "--acc", "0.75", "--steps", "5", "--json"], input=log.read_text()
    )
    doc = r.json()
    assert doc["engine"] == "sglang"
    assert doc["gap"]["verdict"] == "below" and round(doc["gap"]["ratio"], 2) == 0.61


def test_pipes_and_deep_json_in_a_checkpoint_are_reported_not_hung(tmp_path: Path) -> None:
    """A FIFO named config.json / model.safetensors / tokenizer.json used to block the run forever
    (safetensors' open ignores SIGTERM); a deeply nested config.json was an internal error."""
    import os

    fifo = write_draft(tmp_path / "fifo")
    for name in ("config.json", "model.safetensors", "tokenizer.json"):
        (fifo / name).unlink(missing_ok=True)
        os.mkfifo(fifo / name)
    deep = tmp_path / "deep"
    deep.mkdir()
    (deep / "config.json").write_text("[" * 100_000 + "]" * 100_000)
    r = run_cli(["doctor", "--draft", str(fifo), "--target", str(deep), "--json"])
    assert r.exit_code == 3, r.stderr
    probs = {p["path"]: p["message"] for p in r.json()["input_problems"]}
    for name in ("config.json", "model.safetensors", "tokenizer.json"):
        assert "named pipe (FIFO)" in probs[str(fifo / name)], probs
    assert "nested too deeply" in probs[str(deep / "config.json")], probs
    assert "internal error" not in r.stderr


def test_logs_from_a_named_fifo_are_read_once_not_hung(tmp_path: Path) -> None:
    """The error-line scan re-opened every --logs path: a named FIFO blocked forever."""
    import os
    import threading

    src = write_sglang_log(tmp_path / "s.log", [2.4] * 20)
    fifo = tmp_path / "logs.fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "wb") as w:
            w.write(src.read_bytes())

    t = threading.Thread(target=feed, daemon=True)
    t.start()
    r = run_cli(["doctor", "--logs", str(fifo), "--acc", "0.75", "--steps", "5", "--json"])
    t.join(5)
    assert r.exit_code == 1, r.stderr
    assert r.json()["gap"]["verdict"] == "below"
    assert "a pipe: read once" in r.stderr


def test_a_signal_while_reading_the_logs_is_not_swallowed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """run_logs returns a partial result on Ctrl-C / SIGTERM; doctor used to carry on, exit 0/1."""
    from types import SimpleNamespace

    import specdiag.core.logs.run as logs_run

    real = logs_run.run_logs

    def interrupted(paths: list[str], options: object, **kw: object) -> object:
        res = real(paths, options, **kw)  # type: ignore[arg-type]
        return SimpleNamespace(report=res.report, interrupted=True)

    monkeypatch.setattr(logs_run, "run_logs", interrupted)
    log = write_sglang_log(tmp_path / "s.log", [2.4] * 5)
    r = run_cli(["doctor", "--logs", str(log), "--acc", "0.75", "--steps", "5"])
    assert r.exit_code == 130, r.stderr
