"""Regression tests from the acceptance audit of ``specdiag logs``: each test pins a
gap found by running the command on the fact sheet's formats and on nasty input."""

from __future__ import annotations

import gzip
import io
from pathlib import Path

from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.window import window_and_year
from tests.support import paths
from tests.support.cli import run_cli
from tests.support.parseline import parse_line

DATA = paths.TEST_DATA / "logs"

TRT = (
    '{"iter": 1203, "iterLatencyMS": 21.4, "numActiveRequests": 8, "specDecodingStats": '
    '{"numDraftTokens": 24, "numAcceptedTokens": 15, "numRequestsWithDraftTokens": 8, '
    '"acceptanceLength": 2.875, "iterLatencyMS": 3.1, "draftOverhead": 0.1449}}'
)


def analyze(text: str, **kw: object) -> LogAnalyzer:
    a = LogAnalyzer(**kw)  # type: ignore[arg-type]
    a.scan("x.log", io.BytesIO(text.encode()))
    return a


def test_trtllm_json_after_a_bracketed_prefix() -> None:
    """TensorRT-LLM's own logger prefix is '[TRT-LLM] [I] ': the JSON is found after it."""
    for prefix in ("[TRT-LLM] [I] iteration stats: ", "[11/29/2026-08:40:12] [TRT-LLM] [I] "):
        out = parse_line(prefix + TRT)
        assert isinstance(out, tuple) and len(out) == 1, (prefix, out)
        assert out[0].accept_length == 2.875 and out[0].accept_rate == 15 / 24
    out = parse_line("[TRT-LLM] [I] [" + TRT + ", " + TRT + "]")
    assert isinstance(out, tuple) and len(out) == 2


def test_sglang_055_only_log_infers_its_formula() -> None:
    """A log of only 0.5.5 lines (trailing comma: rate = accept len / (steps + 1)) keeps its
    accept rate in the summary, with num_draft_tokens inferred, and no false warning."""
    lines = "".join(
        f"[2025-11-03 09:15:4{i} TP0] Decode batch, #running-req: 8, #token: 9120, token usage: "
        f"0.04, accept len: {length}, accept rate: {rate}, cuda graph: True, gen throughput "
        "(token/s): 905.31, #queue-req: 0, \n"
        for i, (length, rate) in enumerate((("2.84", "0.71"), ("2.88", "0.72"), ("2.92", "0.73")))
    )
    s = analyze(lines).report().summary["sglang"].stats
    assert s.accept_rate is not None
    assert abs(s.accept_rate.mean - (2.88 - 1) / 3) < 1e-9
    assert s.rate_inference is not None and s.rate_inference.formula == "0.5.10"
    assert s.rate_inference.num_draft_tokens == 4 and s.draft_positions == 3
    assert not any("fits no known" in w for w in s.warnings)


def test_offsets_count_from_each_engines_first_record() -> None:
    """'+3m' in a file mixing engines counts from each engine's first record (their clocks
    differ: SGLang prints the year, vLLM does not)."""
    sgl = "".join(
        f"[2026-11-29 08:0{i}:00] Decode batch, #running-req: 4, #token: 100, token usage: 0.01, "
        "accept len: 2.50, accept rate: 0.50, cuda graph: True, gen throughput (token/s): 1.00, "
        "#queue-req: 0\n"
        for i in range(10)
    )
    vllm = "".join(
        f"INFO 11-29 09:0{m}:00 [metrics.py:120] SpecDecoding metrics: Mean acceptance length: "
        "2.00, Accepted throughput: 1.00 tokens/s, Drafted throughput: 3.00 tokens/s, Accepted: "
        "10 tokens, Drafted: 30 tokens, Per-position acceptance rate: 0.500, 0.300, 0.200, "
        "Avg Draft acceptance rate: 33.3%\n"
        for m in (0, 5)
    )
    w = window_and_year("+3m", None, 2026)[0]
    r = analyze(sgl + vllm, window=w, year=2026).report()
    assert r.summary["sglang"].stats.records == 7
    assert r.summary["vllm"].stats.records == 1


def test_unreadable_gzip_exits_3(tmp_path: Path) -> None:
    """A gzip file of which nothing can be decompressed is an unreadable file (exit 3); a
    truncated one keeps what was read (exit 0, warning)."""
    bad = tmp_path / "bad.log.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00garbage")
    r = run_cli(["logs", str(bad)])
    assert r.exit_code == 3, r.stderr
    assert "cannot read" in r.stderr and "gzip" in r.stderr and "Traceback" not in r.stderr
    text = "".join(
        f"[2026-11-29 08:00:{i % 60:02d}] Decode batch, #running-req: 4, #token: 100, token usage: "
        "0.01, accept len: 2.50, accept rate: 0.50, cuda graph: True, gen throughput (token/s): "
        "1.00, #queue-req: 0\n"
        for i in range(2000)
    ).encode()
    gz = gzip.compress(text)
    cut = tmp_path / "cut.log.gz"
    cut.write_bytes(gz[: len(gz) // 2])
    r = run_cli(["logs", str(cut)])
    assert r.exit_code == 0 and "truncated" in r.stderr


def test_trtllm_camel_case_without_acceptance_length_reaches_the_parser() -> None:
    """camelCase stats without 'acceptanceLength' hold no lowercase 'acc' ('numAcceptedTokens'):
    the scanner's anchor must still offer the line to the parser."""
    line = (
        '{"iter": 5, "specDecodingStats": {"numDraftTokens": 24, "numAcceptedTokens": 15, '
        '"numRequestsWithDraftTokens": 8}}\n'
    )
    r = analyze("noise\n" + line).report()
    assert r.combined_records == 1
    assert r.summary["trtllm"].stats.accept_length is not None
    assert r.summary["trtllm"].stats.accept_length.mean == (15 + 8) / 8


# --------------------------------------------------------------------------- SGLang ndt per part


def _sgl_old(length: float, ndt: int, sec: int) -> str:
    return (
        f"[2026-11-29 08:00:{sec:02d}] Decode batch, #running-req: 4, #token: 100, token usage: "
        f"0.01, accept len: {length:.2f}, accept rate: {length / ndt:.2f}, cuda graph: True, gen "
        "throughput (token/s): 1.00, #queue-req: 0\n"
    )


def test_sglang_files_with_different_num_draft_tokens_keep_their_own_rates() -> None:
    """Two 0.5.10 deployments (bonus-inclusive rate) with num_draft_tokens 4 and 6: each file's
    lines are normalised with its own num_draft_tokens in the combined summary too (never a
    rate above 1), and the disagreement is reported."""
    a_lens = [3.21, 2.5, 3.0, 3.5, 2.8]
    b_lens = [4.5, 5.1, 4.8]
    a = LogAnalyzer()
    a.scan("a.log", io.BytesIO("".join(_sgl_old(x, 4, i) for i, x in enumerate(a_lens)).encode()))
    a.scan("b.log", io.BytesIO("".join(_sgl_old(x, 6, i) for i, x in enumerate(b_lens)).encode()))
    r = a.report()
    fa, fb = (f.engines["sglang"] for f in r.files)
    assert fa.rate_inference is not None and fa.rate_inference.num_draft_tokens == 4
    assert fb.rate_inference is not None and fb.rate_inference.num_draft_tokens == 6
    s = r.summary["sglang"].stats
    assert s.accept_rate is not None
    expected = [(x - 1) / 3 for x in a_lens] + [(x - 1) / 5 for x in b_lens]
    assert abs(s.accept_rate.mean - sum(expected) / len(expected)) < 1e-9
    assert s.accept_rate.max <= 1.0 and abs(s.accept_rate.max - max(expected)) < 1e-4
    assert any("num_draft_tokens" in w and "differ" in w for w in s.warnings), s.warnings


# --------------------------------------------------------------------------- gzip, --workers 2


def _pipelined_inputs(tmp_path: Path) -> list[Path]:
    logs = b"".join(p.read_bytes() for p in sorted(DATA.glob("*.log")))
    samples = (DATA / "engine_log_samples.txt").read_bytes()
    text = samples + logs + b"\r\n".join(logs.splitlines()[:400])
    nasty = (
        b"\x00\x01 binary accept len: \xff\n"
        + b"x" * 5000
        + b" accept len: 3.0\n"
        + samples
        + b"y" * 3000
        + b"SpecDecoding metrics"
        + b"z" * 3000
        + b"\nslot print_timing: id  0 | task 0 | \ndraft acceptance rate = 0.5 (1 accepted / 2"
        b" generated)\nlast line accept len: 9"
    )
    gz = gzip.compress(text * 3)
    out = []
    for name, data in (
        ("plain.log", text),
        ("nasty.log", nasty),
        ("whole.log.gz", gz),
        ("cut.log.gz", gz[: len(gz) * 2 // 3]),
        ("utf16.log", b"\xff\xfe" + samples.decode().encode("utf-16-le")),
    ):
        (tmp_path / name).write_bytes(data)
        out.append(tmp_path / name)
    return out


def test_gzip_read_in_blocks_gives_the_records_of_its_text(tmp_path: Path) -> None:
    """read1's small pieces are fed a block at a time: the same records as the text at any
    block size; a cut stream keeps the records of what decompressed, and says it was cut."""
    from specdiag.core.logs.records import LogRecord
    from specdiag.core.logs.scan import open_path

    text = _pipelined_inputs(tmp_path)[0].read_bytes() * 3
    gz = gzip.compress(text)
    for chunk in (1000, 4096, 1 << 20):
        got = []
        for data in (text, gz, gz[: len(gz) * 2 // 3]):
            (tmp_path / "in").write_bytes(data)
            recs: list[LogRecord] = []
            a = LogAnalyzer(max_line=4096, on_record=recs.append)
            stream = open_path(str(tmp_path / "in"))
            try:
                a.scan("x", stream, chunk_size=chunk)
            finally:
                stream.close()
            got.append((recs, a.sources[0].scanner.counts.truncated))
        (plain, none), (whole, none_too), (cut, note) = got
        assert plain and whole == plain and none is none_too is None
        assert 0 < len(cut) < len(plain) and cut == plain[: len(cut)] and note is not None


def test_workers_2_cli_output_is_byte_identical(tmp_path: Path) -> None:
    paths = [str(p) for p in _pipelined_inputs(tmp_path)]
    runs = []
    for extra in ([], ["--workers", "2"]):
        rec = tmp_path / f"records{len(extra)}.jsonl"
        r = run_cli(["logs", "--json", *paths, "--records", str(rec), *extra])
        assert r.exit_code == 0, r.stderr
        runs.append((r.stdout.replace(str(rec), "R"), r.stderr, rec.read_bytes()))
    assert runs[0] == runs[1]
    bad = tmp_path / "bad.log.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00garbage")
    assert run_cli(["logs", str(bad), "--workers", "2"]).exit_code == 3
    assert run_cli(["logs", paths[0], "--workers", "-1"]).exit_code == 2
    assert run_cli(["logs", paths[0], "--workers", "2", "--follow"]).exit_code == 2
