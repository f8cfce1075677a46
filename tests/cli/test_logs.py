"""CLI tests of ``specdiag logs``: flags, JSON keys, exports, checks, bad input, exit codes."""

from __future__ import annotations

import csv
import gzip
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import paths
from tests.support.cli import run_cli
from tests.support.loggen import sgl_lines

DATA = paths.TEST_DATA / "logs"
NGRAM = str(DATA / "vllm_serve_ngram.log")
TRACE = str(DATA / "llamacpp_serve_draft_noisy_trace.log")
SAMPLES = str(DATA / "engine_log_samples.txt")
NOSTATS = str(DATA / "llamacpp_serve_md_without_spectype.log")


def test_human_output_real_vllm_capture() -> None:
    r = run_cli(["logs", NGRAM])
    assert r.exit_code == 0, r.stderr
    assert "vllm: 1 records" in r.stdout and "vllm >= 0.10" in r.stdout
    assert "1.590" in r.stdout and "0.205" in r.stdout  # accept length, rate 27/132
    assert "Per position" in r.stdout and "0.563" in r.stdout  # 0.196 / 0.348 conditional
    assert "bonus INCLUDED" in r.stdout
    assert r.stderr == ""


def test_json_document_keys_and_values() -> None:
    r = run_cli(["logs", "--json", SAMPLES])
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    for key in ("files", "engines", "summary", "skipped_lines", "combined", "window"):
        assert key in doc
    assert doc["engines"] == ["sglang", "vllm", "llamacpp", "trtllm"]
    assert doc["skipped_lines"] == 0
    for eng, s in doc["summary"].items():
        for key in ("records", "accept_length", "accept_rate", "per_position", "warnings", "ranks"):
            assert key in s, (eng, key)
        assert set(s["accept_length"]) == {
            "n",
            "mean",
            "weighted_mean",
            "p5",
            "p50",
            "p95",
            "min",
            "max",
        }
    v = doc["summary"]["vllm"]
    assert v["records"] == 7 and "vllm 0.8.5" in v["versions"]
    assert [round(p["unconditional"], 4) for p in v["per_position"]][0] > 0.7
    assert doc["summary"]["sglang"]["ranks"].keys() == {"", "TP0", "DP0 TP0"}
    assert doc["summary"]["trtllm"]["accept_length"]["mean"] == 2.875
    assert doc["files"][0]["path"] == SAMPLES and doc["files"][0]["lines"] == 96
    assert r.stderr.count("warning:") >= 1  # several versions of one engine in one file


def test_many_files_glob_per_file_and_combined(tmp_path: Path) -> None:
    (tmp_path / "rank0.log").write_text(sgl_lines([3.0, 3.0, 3.0], " DP0 TP0"))
    (tmp_path / "rank1.log").write_text(sgl_lines([2.0, 2.0], " DP1 TP0"))
    r = run_cli(["logs", "--json", str(tmp_path / "rank*.log")])
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    assert [Path(f["path"]).name for f in doc["files"]] == ["rank0.log", "rank1.log"]
    assert [f["engines"]["sglang"]["accept_length"]["mean"] for f in doc["files"]] == [3.0, 2.0]
    s = doc["summary"]["sglang"]
    assert s["records"] == 5 and s["accept_length"]["mean"] == pytest.approx(2.6)
    assert set(s["ranks"]) == {"DP0 TP0", "DP1 TP0"}
    human = run_cli(["logs", str(tmp_path / "rank0.log"), str(tmp_path / "rank1.log")])
    assert "Per rank" in human.stdout and "Per file" in human.stdout


def test_stdin_and_gzip(tmp_path: Path) -> None:
    text = sgl_lines([2.5, 3.5])
    r = run_cli(["logs", "--json", "-"], input=text)
    assert r.exit_code == 0 and r.json()["summary"]["sglang"]["accept_length"]["mean"] == 3.0
    gz = tmp_path / "old.log.gz"
    gz.write_bytes(gzip.compress(Path(NGRAM).read_bytes()))
    r = run_cli(["logs", "--json", str(gz)])
    assert r.exit_code == 0 and r.json()["summary"]["vllm"]["accepted_tokens"] == 27


def test_engine_override_and_version() -> None:
    r = run_cli(["logs", "--json", "--engine", "llamacpp", SAMPLES])
    assert r.exit_code == 0 and r.json()["engines"] == ["llamacpp"]
    r = run_cli(["logs", "--engine-version", "0.5.10", SAMPLES])
    assert r.exit_code == 2 and "--engine" in r.stderr


def test_records_export_csv_and_jsonl(tmp_path: Path) -> None:
    out = tmp_path / "recs.csv"
    r = run_cli(["logs", TRACE, "--records", str(out)])
    assert r.exit_code == 0, r.stderr
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 68 and {row["kind"] for row in rows} == {"step", "request"}
    first = rows[0]
    assert (
        first["engine"] == "llamacpp" and first["accept_length"] == "3.0" and first["line"] == "13"
    )
    assert json.loads(first["raw"])["task"] == "0"
    assert "wrote 68 records" in r.stdout
    out = tmp_path / "recs.jsonl"
    r = run_cli(["logs", "--json", NGRAM, "--records", str(out)])
    rec = json.loads(out.read_text().splitlines()[0])
    assert rec["accept_length"] == 1.59 and rec["per_position"] == [0.348, 0.196, 0.043]
    assert r.json()["records_written"] == 1
    r = run_cli(["logs", NGRAM, "--records", str(tmp_path / "x.txt")])
    assert r.exit_code == 2
    r = run_cli(["logs", NGRAM, "--records", str(tmp_path / "nodir" / "x.csv")])
    assert r.exit_code == 3


def test_min_accept_len_gate() -> None:
    r = run_cli(["logs", NGRAM, "--min-accept-len", "1.5"])
    assert r.exit_code == 0
    r = run_cli(["logs", "--json", NGRAM, "--min-accept-len", "2.0"])
    assert r.exit_code == 1 and "below --min-accept-len" in r.stderr
    assert r.json()["min_accept_len"] == {"threshold": 2.0, "combined_mean": 1.59, "passed": False}
    assert run_cli(["logs", NGRAM, "--min-accept-len", "0.5"]).exit_code == 2


def test_acc_comparison_reuses_expected_accept() -> None:
    r = run_cli(["logs", "--json", NGRAM, "--acc", "0.8", "--steps", "3"])
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    c = doc["summary"]["vllm"]["comparison"]
    assert doc["prediction"]["expected_accept_length"] == pytest.approx(1 + 0.8 + 0.64 + 0.512)
    assert c["verdict"] == "below" and c["observed_accept_length"] == pytest.approx(1.59)
    assert c["ratio"] == pytest.approx(0.59 / (0.8 + 0.64 + 0.512))
    assert [p["observed"] for p in c["per_position"]] == [0.348, 0.196, 0.043]
    # a single value takes the draft length the logs show (3 positions)
    r2 = run_cli(["logs", "--json", NGRAM, "--acc", "0.8"])
    assert r2.json()["prediction"]["steps"] == 3
    human = run_cli(["logs", NGRAM, "--acc", "0.8"])
    assert "vs prediction" in human.stdout and "below" in human.stdout
    collapsed = run_cli(["logs", str(DATA / "vllm_serve_eagle3.log"), "--acc", "0.7"])
    assert "collapsed" in collapsed.stdout
    plain = run_cli(["logs", "--json", str(DATA / "vllm_serve_eagle3.log")])
    causes = plain.json()["summary"]["vllm"]["collapse"]["causes"]
    assert any("aux hidden-state layer ids" in c for c in causes)
    assert (
        "usual causes of a collapse"
        in run_cli(["logs", str(DATA / "vllm_serve_eagle3.log")]).stdout
    )
    assert run_cli(["logs", NGRAM, "--steps", "3"]).exit_code == 2


def test_since_until(tmp_path: Path) -> None:
    f = tmp_path / "s.log"
    f.write_text(sgl_lines([2.0] * 120))  # 08:00:00 .. 08:01:59
    r = run_cli(["logs", "--json", str(f), "--since", "2026-11-29 08:01", "--until", "08:01:29"])
    assert r.exit_code == 0
    doc = r.json()
    assert doc["combined"]["records"] == 30 and doc["window"]["outside"] == 90
    assert run_cli(["logs", str(f), "--since", "tomorrow"]).exit_code == 2
    r = run_cli(["logs", str(f), "--since", "09:00"])
    assert r.exit_code == 1 and "outside --since/--until" in r.stderr


def test_no_stats_exit_1() -> None:
    r = run_cli(["logs", NOSTATS])
    assert r.exit_code == 1
    assert "no speculative-decoding statistics found" in r.stderr and "hint:" in r.stderr
    assert r.stdout == ""
    r = run_cli(["logs", "--json", NOSTATS])
    assert r.exit_code == 1 and r.json()["combined"]["records"] == 0
    # one file without stats among others: a warning, not a failure
    r = run_cli(["logs", NGRAM, NOSTATS])
    assert r.exit_code == 0 and "no speculative-decoding statistics in this file" in r.stderr


def test_binary_garbage(tmp_path: Path) -> None:
    f = tmp_path / "core"
    f.write_bytes(bytes(range(256)) * 500 + b"accept len: \x00\xff\n")
    r = run_cli(["logs", str(f)])
    assert r.exit_code == 1 and "binary" in r.stderr and "1 statistics-like lines" in r.stderr


def test_mixed_engines_and_bad_lines(tmp_path: Path) -> None:
    f = tmp_path / "mixed.log"
    f.write_bytes(
        Path(NGRAM).read_bytes()
        + sgl_lines([3.0]).encode()
        + b"[2026-11-29 08:00:01] Decode batch, accept len: \xff\xfe, cuda graph: True\n"
        + b"x" * 10
    )
    r = run_cli(["logs", "--json", str(f)])
    assert r.exit_code == 0
    doc = r.json()
    assert doc["engines"] == ["sglang", "vllm"] and doc["skipped_lines"] == 1
    assert doc["files"][0]["skipped_examples"][0]["line"] == 146
    human = run_cli(["logs", str(f)])
    assert "skipped: 1 x SGLang accept len is not a number" in human.stdout


def test_expand_paths_globs_stdin_and_errors(tmp_path: Path) -> None:
    from specdiag.cli._framework import expand_paths
    from specdiag.errors import InputError, UsageError

    for name in ("b.log", "a.log", "[x].log"):
        (tmp_path / name).write_text("x\n")
    (tmp_path / "d.log").mkdir()
    assert expand_paths([str(tmp_path / "*.log")], True) == [
        str(tmp_path / n) for n in ("[x].log", "a.log", "b.log")
    ]  # sorted, directories left out
    literal = str(tmp_path / "[x].log")  # an existing name is never a pattern
    assert expand_paths([literal, "-"], True) == [literal, "-"]
    assert expand_paths(None, False) == ["-"]  # piped: stdin
    with pytest.raises(UsageError, match="no log files given"):
        expand_paths([], True)
    with pytest.raises(InputError, match="no file matches"):
        expand_paths([str(tmp_path / "*.nothing")], True)


def test_unreadable_and_missing_files(tmp_path: Path) -> None:
    r = run_cli(["logs", str(tmp_path / "missing.log")])
    assert r.exit_code == 3 and "no such file" in r.stderr
    r = run_cli(["logs", str(tmp_path)])
    assert r.exit_code == 3 and "directory" in r.stderr
    r = run_cli(["logs", str(tmp_path / "*.nothing")])
    assert r.exit_code == 3 and "no file matches" in r.stderr
    if os.geteuid() != 0:
        locked = tmp_path / "locked.log"
        locked.write_text("x\n")
        locked.chmod(0)
        r = run_cli(["logs", NGRAM, str(locked)])
        assert r.exit_code == 3 and r.stdout == ""
    assert "Traceback" not in r.stderr


def test_follow_with_idle_timeout(tmp_path: Path) -> None:
    f = tmp_path / "live.log"
    f.write_text(sgl_lines([2.0, 3.0]))
    r = run_cli(["logs", "--json", "--follow", "--idle-timeout", "0.3", str(f)])
    assert r.exit_code == 0, r.stderr
    assert r.json()["summary"]["sglang"]["records"] == 2
    assert run_cli(["logs", str(f), "--idle-timeout", "1"]).exit_code == 2
    gz = tmp_path / "x.log.gz"
    gz.write_bytes(gzip.compress(b"x"))
    assert run_cli(["logs", "--follow", str(gz)]).exit_code == 2


def test_help_lists_flags() -> None:
    r = run_cli(["logs", "--help"])
    assert r.exit_code == 0
    for flag in (
        "--engine",
        "--json",
        "--records",
        "--min-accept-len",
        "--follow",
        "--since",
        "--until",
        "--acc",
        "--year",
        "--idle-timeout",
        "--workers",
    ):
        assert flag in r.stdout


def test_startup_stays_light() -> None:
    code = (
        "import sys; from specdiag.cli.app import build_app; build_app(); "
        "bad = [m for m in ('numpy', 'torch', 'httpx') if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert shutil.which("true") is not None


def test_combined_is_never_a_mean_across_engines(tmp_path: Path) -> None:
    sgl = tmp_path / "sglang.log"
    sgl.write_text(sgl_lines([3.0, 3.2]))
    r = run_cli(["logs", "--json", str(sgl), NGRAM])  # SGLang 3.0, 3.2 and vLLM 1.59
    assert r.exit_code == 0, r.stderr
    combined = r.json()["combined"]
    assert combined["records"] == 3 and combined["accept_length"] is None
    assert "2 engines (sglang, vllm)" in combined["omitted"]
    human = run_cli(["logs", str(sgl), NGRAM])
    assert "no combined mean accept length: records of 2 engines" in " ".join(human.stdout.split())
    r = run_cli(["logs", "--min-accept-len", "1.5", str(sgl), NGRAM])
    assert r.exit_code == 1 and "no combined mean accept length" in r.stderr
    assert "--engine" in r.stderr
    one = run_cli(["logs", "--min-accept-len", "1.5", "--engine", "sglang", str(sgl), NGRAM])
    assert one.exit_code == 0, one.stderr


def test_combined_over_one_engines_ranks(tmp_path: Path) -> None:
    f = tmp_path / "ranks.log"
    f.write_text(sgl_lines([2.0, 2.2], " DP0 TP0") + sgl_lines([3.0], " DP1 TP0", start=5))
    doc = run_cli(["logs", "--json", str(f)]).json()
    combined = doc["combined"]
    assert set(doc["summary"]["sglang"]["ranks"]) == {"DP0 TP0", "DP1 TP0"}
    assert combined["omitted"] is None and combined["accept_length"]["n"] == 3
    assert combined["accept_length"]["mean"] == pytest.approx((2.0 + 2.2 + 3.0) / 3)
    assert combined["accept_length"] == doc["summary"]["sglang"]["accept_length"]
