"""Reliability of ``specdiag logs`` under hostile input (docs/reliability.md): pipes, FIFOs, outputs that are
inputs, numbers that overflow, signals, and a hypothesis suite driven through the CLI in-process.

The property of the fuzz suite is the documented contract: exit code in {0, 1, 2, 3, 130, 143},
never "internal error", ``--json`` stdout exactly one JSON document, no input file changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import paths
from tests.support.cli import run_cli
from tests.support.examples import examples

DATA = paths.TEST_DATA / "logs"
SAMPLES = DATA / "engine_log_samples.txt"

SGL = (
    "[2026-11-29 08:40:12 TP0] Decode batch, #running-req: 4, #token: 100, token usage: 0.01, "
    "accept len: {L}, accept rate: 0.50, cuda graph: True, gen throughput (token/s): {T}, "
    "#queue-req: 0"
)
VLLM = (
    "(APIServer pid=1) INFO 11-29 08:40:12 [metrics.py:120] SpecDecoding metrics: Mean acceptance "
    "length: 1.59, Accepted throughput: 2.70 tokens/s, Drafted throughput: 13.20 tokens/s, "
    "Accepted: {A} tokens, Drafted: 132 tokens, Per-position acceptance rate: 0.348, 0.196, "
    "Avg Draft acceptance rate: 20.5%"
)
TRT = (
    '[TRT-LLM] [I] {{"iter": 3, "specDecodingStats": {{"acceptanceLength": {L}, '
    '"numAcceptedTokens": {A}, "numDraftTokens": 9, "numRequestsWithDraftTokens": 2}}}}'
)
GOOD = SGL.format(L="2.50", T="100.00")


def _digest(paths: list[Path]) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


# --------------------------------------------------------------------------- pipes, FIFOs


def test_process_substitution_pipe_reads_every_line(tmp_path: Path) -> None:
    """`specdiag logs <(cat f)`: the pipe is opened once, its first block not swallowed."""
    log = tmp_path / "s.log"
    log.write_text("\n".join([GOOD] * 50) + "\n")
    r, w = os.pipe()

    def writer() -> None:
        with os.fdopen(w, "wb") as fh:
            fh.write(log.read_bytes())

    t = threading.Thread(target=writer)
    t.start()
    try:
        res = run_cli(["logs", "--json", f"/dev/fd/{r}"])
    finally:
        t.join()
        os.close(r)
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    assert doc["files"][0]["lines"] == 50
    assert doc["summary"]["sglang"]["records"] == 50


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_named_fifo_is_opened_once(tmp_path: Path) -> None:
    fifo = tmp_path / "live.fifo"
    os.mkfifo(fifo)
    payload = ("\n".join([GOOD] * 20) + "\n").encode()
    opens: list[int] = []

    def writer() -> None:
        with open(fifo, "wb") as fh:  # blocks until the reader opens; a second open would hang
            opens.append(1)
            fh.write(payload)

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    res = run_cli(["logs", "--json", str(fifo)])
    t.join(timeout=10)
    assert not t.is_alive()
    assert res.exit_code == 0, res.stderr
    assert res.json()["summary"]["sglang"]["records"] == 20


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_follow_reads_a_fifo_to_its_end(tmp_path: Path) -> None:
    fifo = tmp_path / "live.fifo"
    os.mkfifo(fifo)

    def writer() -> None:
        with open(fifo, "wb") as fh:
            fh.write((GOOD + "\n").encode() * 3)

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    res = run_cli(["logs", "--json", "--follow", "--idle-timeout", "5", str(fifo)])
    t.join(timeout=10)
    assert res.exit_code == 0, res.stderr
    assert res.json()["summary"]["sglang"]["records"] == 3


# --------------------------------------------------------------------------- outputs vs inputs


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink", "relative"])
def test_records_pointing_at_an_input_is_refused_before_writing(
    tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "run.jsonl"  # a log whose name is also a valid --records name
    log.write_text(GOOD + "\n")
    before = log.read_bytes()
    target = log
    if how == "symlink":
        target = tmp_path / "link.jsonl"
        target.symlink_to(log)
    elif how == "hardlink":
        target = tmp_path / "hard.csv"
        os.link(log, target)
    elif how == "relative":
        monkeypatch.chdir(tmp_path)
        target = Path("./run.jsonl")
    res = run_cli(["logs", str(log), "--records", str(target)])
    assert res.exit_code == 2, res.stderr
    assert "the same file as the input" in res.stderr and "hint:" in res.stderr
    assert log.read_bytes() == before
    assert res.stdout == ""


def test_records_on_stdin_file_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "run.csv"
    log.write_text(GOOD + "\n")
    with open(log, "rb") as fh:
        p = subprocess.run(
            [sys.executable, "-m", "specdiag", "logs", "--records", str(log)],
            stdin=fh,
            capture_output=True,
            env={**os.environ, "NO_COLOR": "1"},
            timeout=60,
        )
    assert p.returncode == 2, p.stderr
    assert log.read_text() == GOOD + "\n"


def test_records_directory_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "d.jsonl").mkdir()
    log = tmp_path / "s.log"
    log.write_text(GOOD + "\n")
    res = run_cli(["logs", str(log), "--records", str(tmp_path / "d.jsonl")])
    assert res.exit_code == 2 and "hint:" in res.stderr


# --------------------------------------------------------------------------- numbers


OVERFLOW_LINES = [
    SGL.format(L="1e308", T="100.00"),
    SGL.format(L="2.50", T="9" * 400),
    SGL.format(L="9" * 400, T="100.00"),
    VLLM.format(A="9" * 400),
    TRT.format(L="1e308", A="4"),
    TRT.format(L="1.5", A="1" + "0" * 400),
    "0.42.118.223 I slot print_timing: id  0 | task 7 | draft acceptance rate = 0.50000 "
    f"({'9' * 400} accepted / {'9' * 401} generated)",
    "0.42.118.223 I statistics draft: #calls(b,g,a) = 1 1 1, #gen drafts = "
    f"{'9' * 400}, #acc drafts = 1, #gen tokens = {'9' * 401}, #acc tokens = 5",
    f"{'9' * 400}.42.118.223 I slot print_timing: id  0 | task 7 | draft acceptance rate = "
    "0.50000 (    5 accepted /    10 generated), mean len = 2.00",
]


@pytest.mark.parametrize("line", OVERFLOW_LINES, ids=range(len(OVERFLOW_LINES)))
def test_overflowing_numbers_are_counted_skips_and_the_report_survives(
    tmp_path: Path, line: str
) -> None:
    log = tmp_path / "s.log"
    log.write_text(GOOD + "\n" + line + "\n" + GOOD + "\n")
    res = run_cli(["logs", "--json", str(log)])
    assert res.exit_code == 0, res.stderr
    assert "internal error" not in res.stderr
    doc = res.json()
    assert doc["summary"]["sglang"]["records"] == 2
    # the line was either skipped (counted) or read with sane numbers
    total = sum(s["records"] for s in doc["summary"].values())
    assert doc["skipped_lines"] + total == 3
    for s in doc["summary"].values():
        if s["accept_length"] is not None:
            assert 1.0 <= s["accept_length"]["max"] <= 1025.0


def test_overflow_in_follow_keeps_the_summary(tmp_path: Path) -> None:
    log = tmp_path / "s.log"
    log.write_text("\n".join([GOOD, *OVERFLOW_LINES, GOOD]) + "\n")
    res = run_cli(["logs", "--json", "--follow", "--idle-timeout", "0.3", str(log)])
    assert res.exit_code == 0, res.stderr
    assert res.json()["summary"]["sglang"]["records"] == 2


@pytest.mark.parametrize(
    "line",
    [
        VLLM.format(A="-27"),
        TRT.format(L="1.5", A="-15"),
    ],
)
def test_negative_accepted_counts_are_rejected(tmp_path: Path, line: str) -> None:
    log = tmp_path / "s.log"
    log.write_text(line + "\n")
    res = run_cli(["logs", "--json", str(log)])
    assert res.exit_code == 1, res.stderr
    doc = res.json()
    assert doc["skipped_lines"] == 1
    assert "negative token count" in doc["files"][0]["skipped_reasons"]


@pytest.mark.parametrize("year", ["0", "-5", "10000"])
def test_year_out_of_range_is_a_usage_error(year: str) -> None:
    res = run_cli(["logs", str(SAMPLES), "--year", year])
    assert res.exit_code == 2
    assert "--year" in res.stderr and "hint:" in res.stderr
    assert "llama.cpp" not in res.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["MISSING.log"],
        ["nomatch*.log"],
        [str(DATA)],
        [str(SAMPLES), "--records", "x.txt"],
        [str(SAMPLES), "--workers", "-1"],
        [str(SAMPLES), "--idle-timeout", "1"],
        [str(SAMPLES), "--follow", "--idle-timeout", "0"],
        [str(SAMPLES), "--steps", "3"],
        [str(SAMPLES), "--acc", "0.7", "--eagle-topk", "0"],
        [str(SAMPLES), "--acc", "0.7", "--steps", "0"],
        [str(SAMPLES), "--acc", "1.5", "--steps", "3"],
        [str(DATA / "llamacpp_serve_md_without_spectype.log"), "--acc", "0.7"],
        [str(SAMPLES), "--min-accept-len", "0.5"],
        [str(SAMPLES), "--engine-version", "0.5.10"],
        [str(SAMPLES), "--since", "yesterday"],
        [str(SAMPLES), "--since", "11-29 09:00", "--until", "11-29 08:00"],
        ["-", "-"],
        [str(SAMPLES), "--workers", "2", "--follow"],
    ],
)
def test_every_error_has_a_hint(args: list[str], tmp_path: Path) -> None:
    res = run_cli(["logs", *args], input="")
    assert res.exit_code in (1, 2, 3), (args, res.stderr)
    assert res.stderr.count("error:") == 1, (args, res.stderr)
    assert "hint:" in res.stderr, (args, res.stderr)
    assert "internal error" not in res.stderr


def test_symlink_loop_is_named(tmp_path: Path) -> None:
    a, b = tmp_path / "a.log", tmp_path / "b.log"
    a.symlink_to(b)
    b.symlink_to(a)
    res = run_cli(["logs", str(a)])
    assert res.exit_code == 3 and "symbolic link loop" in res.stderr and "hint:" in res.stderr


# --------------------------------------------------------------------------- signals


def _spawn(args: list[str], stdin: int | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "specdiag", "logs", *args],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
    )


def _wait_for_records(path: Path, n: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists() and path.read_text().count("\n") >= n:
            return
        time.sleep(0.05)
    raise AssertionError("the records never appeared")


@pytest.mark.integration  # end to end: a real process and a real signal
@pytest.mark.parametrize("follow", [True, False])
def test_sigterm_prints_the_partial_summary_and_exits_143(tmp_path: Path, follow: bool) -> None:
    """SIGTERM (what timeout, systemd and Kubernetes send): the summary so far, exit 143."""
    rec = tmp_path / "rec.jsonl"
    r, w = os.pipe()
    args = ["--json", "--records", str(rec)] + (["--follow"] if follow else []) + ["-"]
    p = _spawn(args, stdin=r)
    os.close(r)
    with os.fdopen(w, "wb") as fh:
        fh.write(((GOOD + "\n") * 3).encode())
        fh.flush()
        _wait_for_records(rec, 3)  # records are flushed as they are read
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=30)
    assert p.returncode == 143, err
    doc = json.loads(out)
    assert doc["summary"]["sglang"]["records"] == 3
    assert b"interrupted" in err
    assert rec.read_text().count("\n") == 3


# --------------------------------------------------------------------------- fuzz


def _mutate_numbers(line: str, draw: st.DrawFn) -> str:
    import re

    nums = list(re.finditer(r"-?\d+(?:\.\d+)?", line))
    if not nums:
        return line
    out = []
    last = 0
    for m in nums:
        out.append(line[last : m.start()])
        if draw(st.integers(0, 3)) == 0:
            out.append(
                draw(
                    st.sampled_from(
                        [
                            "1e308",
                            "-1e308",
                            "9" * 400,
                            "-27",
                            "0",
                            "nan",
                            "inf",
                            "1.2.3",
                            "",
                            "0.0000001",
                            "18446744073709551617",
                            "1" + "0" * 30,
                            "-0",
                            "1e-400",
                        ]
                    )
                )
            )
        else:
            out.append(m.group(0))
        last = m.end()
    out.append(line[last:])
    return "".join(out)


def _sample_lines() -> list[str]:
    """Every engine's server lines, bench / example summaries and JSON bodies."""
    return [
        ln
        for path in (SAMPLES, DATA / "formats_2026.txt")
        for ln in path.read_text(encoding="utf-8").splitlines()
        if ln.strip() and not ln.startswith("#")
    ]


SAMPLE_LINES = _sample_lines()


@st.composite
def hostile_logs(draw: st.DrawFn) -> bytes:
    n = draw(st.integers(1, 40))
    lines: list[bytes] = []
    for _ in range(n):
        base = draw(st.sampled_from(SAMPLE_LINES))
        kind = draw(st.integers(0, 9))
        if kind <= 5:
            text = _mutate_numbers(base, draw)
            lines.append(text.encode("utf-8"))
        elif kind == 6:  # byte damage
            b = bytearray(base.encode("utf-8"))
            for _ in range(draw(st.integers(1, 4))):
                if b:
                    b[draw(st.integers(0, len(b) - 1))] = draw(st.integers(0, 255))
            lines.append(bytes(b))
        elif kind == 7:  # truncated
            lines.append(base.encode()[: draw(st.integers(0, len(base)))])
        elif kind == 8:
            lines.append(draw(st.binary(max_size=80)))
        else:
            lines.append(base.encode())
    sep = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    return sep.join(lines)


# 250 examples of up to 40 lines (about 5,000 lines): an overflow defect once found by it was hit in
# every 5,000-line batch; SPECDIAG_FUZZ_EXAMPLES raises it for a longer hunt.
FUZZ_EXAMPLES = int(os.environ.get("SPECDIAG_FUZZ_EXAMPLES") or examples(250))
FOLLOW = ["--follow", "--idle-timeout", "0.01"]


@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=hostile_logs(), flags=st.integers(0, 19).map(lambda i: FOLLOW if i == 0 else []))
def test_fuzzed_logs_keep_the_contract(tmp_path: Path, data: bytes, flags: list[str]) -> None:
    log = tmp_path / "fuzz.log"
    log.write_bytes(data)
    rec = tmp_path / "fuzz-records.jsonl"
    before = _digest([log])
    res = run_cli(["logs", "--json", str(log), "--records", str(rec), *flags])
    assert res.exit_code in (0, 1, 2, 3, 130, 143), res.stderr
    assert "internal error" not in res.stderr, res.stderr
    if res.exit_code in (0, 1):
        json.loads(res.stdout)  # exactly one JSON document
    else:  # could not run (an unreadable file): the error on stderr, nothing on stdout
        assert res.stdout == "" and "hint:" in res.stderr
    assert _digest([log]) == before
    for row in rec.read_text().splitlines():
        json.loads(row)


def test_fuzz_strategy_produces_the_overflow_class() -> None:
    """The strategy reaches the overflow class: lines with an overflowing number in a known
    statistics layout."""
    from hypothesis import find

    found = find(
        hostile_logs(), lambda b: b"accept len: 1e308" in b or b'acceptanceLength": 1e308' in b
    )
    assert found
