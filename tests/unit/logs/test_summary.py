"""Tests of scanning, aggregation, time windows and following (the core below the CLI)."""

from __future__ import annotations

import gzip
import io
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.batch import RecordBatch
from specdiag.core.logs.follow import follow
from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.records import LogRecord
from specdiag.core.logs.scan import Scanner, open_stream
from specdiag.core.logs.summary import SPARK_WIDTH, SeriesAccumulator, _Hist
from specdiag.core.logs.window import window_and_year
from specdiag.errors import UsageError
from tests.support import paths
from tests.support.examples import examples

DATA = paths.TEST_DATA / "logs"


def sgl(
    length: float, rate: float | None = None, *, sec: int = 0, rank: str = "", graph: bool = True
) -> str:
    rate = (length - 1) / 3 if rate is None else rate
    return (
        f"[2026-11-29 08:{sec // 60:02d}:{sec % 60:02d}{rank}] Decode batch, #running-req: 4, "
        f"#token: 100, token usage: 0.01, accept len: {length:.2f}, accept rate: {rate:.2f}, "
        f"cuda graph: {graph}, gen throughput (token/s): 100.00, #queue-req: 0"
    )


def analyze(text: str | bytes, label: str = "x.log", **kw: object) -> LogAnalyzer:
    a = LogAnalyzer(**kw)  # type: ignore[arg-type]
    data = text.encode() if isinstance(text, str) else text
    a.scan(label, io.BytesIO(data))
    return a


# --------------------------------------------------------------------------- histogram


@settings(deadline=None, max_examples=examples(60))
@given(st.lists(st.integers(100, 600), min_size=1, max_size=300))
def test_quantiles_match_numpy_for_two_decimal_values(values: list[int]) -> None:
    xs = [v / 100 for v in values]
    h = _Hist(1000.0)
    for part in (xs[: len(xs) // 2], xs[len(xs) // 2 :]):  # two batches
        h.add(np.array(part))
    d = h.dist()
    assert d is not None
    assert [d.p5, d.p50, d.p95] == pytest.approx(list(np.percentile(xs, [5, 50, 95])), abs=1e-9)
    assert (d.min, d.max, d.n) == (min(xs), max(xs), len(xs))
    assert d.mean == pytest.approx(float(np.mean(xs)))


def test_histogram_memory_is_bounded_by_distinct_values() -> None:
    h = _Hist(1000.0)
    for _ in range(20):
        h.add(1.0 + (np.arange(10_000) % 300) / 100)
    assert len(h.folded()[0]) == 300 and h.n == 200_000


def test_weighted_mean_and_merge() -> None:
    a, b = _Hist(1000.0), _Hist(1000.0)
    a.add(np.array([2.0]), np.array([100]))
    b.add(np.array([3.0]), np.array([300]))
    a.merge(b)
    d = a.dist()
    assert d is not None and d.mean == 2.5 and d.weighted_mean == pytest.approx(2.75)


# --------------------------------------------------------------------------- series


def test_collapse_stretches_graph_share_sparkline() -> None:
    lengths = [3.0] * 10 + [1.0, 1.1, 1.05, 1.2] + [3.0] * 5 + [1.0] * 2 + [3.0]
    lines = [sgl(x, sec=i, graph=i % 4 != 0) for i, x in enumerate(lengths)]
    r = analyze("\n".join(lines) + "\n").report()
    s = r.summary["sglang"].stats
    assert s.records == len(lengths)
    assert s.collapse_stretch_count == 1  # the 2-record dip is too short
    st_ = s.collapse_stretches[0]
    assert (st_.records, st_.first_line, st_.last_line) == (4, 11, 14)
    assert st_.first_time == "2026-11-29 08:00:10" and st_.mean_accept_length == pytest.approx(
        1.0875
    )
    assert s.collapsed_records == 6
    assert s.cuda_graph_false_share == pytest.approx(6 / 22)
    assert any("cuda graph: False" in w for w in s.warnings)
    assert any("stretch" in w for w in s.warnings)
    assert len(s.sparkline) == len(lengths) and s.sparkline[0] == "█" and s.sparkline[10] == "▁"
    assert s.duration_s == 21 and s.first_time == "2026-11-29 08:00:00"


def test_whole_series_collapsed_is_reported_even_if_short() -> None:
    r = analyze(sgl(1.0) + "\n" + sgl(1.01, sec=1) + "\n").report()
    s = r.summary["sglang"].stats
    assert s.collapse_stretch_count == 1
    assert any(w.startswith("collapsed") for w in s.warnings)


def test_sparkline_is_bounded() -> None:
    acc = SeriesAccumulator("sglang")
    rec = next(iter(LineParser().parse(sgl(2.0)) or ()))
    assert isinstance(rec, LogRecord)
    batch = RecordBatch.of("", [rec] * 10_000)
    for part in np.array_split(np.arange(10_000), 7):
        acc.add_rows(batch, part)
    assert len(acc.spark.buckets) < 2 * SPARK_WIDTH
    assert len(acc.finish().sparkline) == SPARK_WIDTH


def test_ranks_and_inference_in_summary() -> None:
    lines = [sgl(3.21, 0.74, sec=i, rank=" DP0 TP0") for i in range(3)]
    lines += [sgl(2.5, 0.5, sec=i, rank=" DP1 TP0") for i in range(3)]  # ambiguous alone
    r = analyze("\n".join(lines)).report()
    es = r.summary["sglang"]
    assert set(es.ranks) == {"DP0 TP0", "DP1 TP0"}
    assert es.stats.rate_inference is not None and es.stats.rate_inference.formula == "0.5.11"
    assert es.ranks["DP0 TP0"].rate_inference.num_draft_tokens == 4  # type: ignore[union-attr]
    assert es.stats.draft_positions == 3


def test_old_sglang_rate_is_normalised_in_summary() -> None:
    lines = [sgl(x, x / 4, sec=i) for i, x in enumerate([3.21, 2.5, 3.0, 3.5])]
    s = analyze("\n".join(lines)).report().summary["sglang"].stats
    assert s.rate_inference is not None and s.rate_inference.formula == "0.5.10"
    assert s.rate_inference.num_draft_tokens == 4
    assert s.accept_rate is not None
    assert s.accept_rate.mean == pytest.approx((np.mean([3.21, 2.5, 3.0, 3.5]) - 1) / 3)


def test_llamacpp_capture_headline_steps_and_lifetime() -> None:
    a = LogAnalyzer()
    for name in ("llamacpp_serve_draft_noisy_trace.log", "llamacpp_serve_draft_noisy05_lv4.log"):
        with open(DATA / name, "rb") as f:
            a.scan(name, f)
    es = a.report().summary["llamacpp"]
    assert es.series == "main" and es.stats.records == 8  # 5 + 3 requests
    assert es.verify_steps is not None and es.verify_steps.records == 63
    assert es.lifetime is not None and es.lifetime.lifetime is not None
    assert es.lifetime.lifetime.accepted_tokens == 27  # the last statistics line of the lv4 file
    pp = es.stats.per_position
    assert len(pp) == 5 and pp[0].unconditional > pp[1].unconditional
    acc = 38 + 34 + 34 + 8 + 9 + 7 + 5 + 15
    gen = 121 + 62 + 62 + 27 + 25 + 265 + 199 + 148
    assert (es.stats.accepted_tokens, es.stats.drafted_tokens) == (acc, gen)
    assert es.stats.pooled_accept_rate == pytest.approx(acc / gen)


def test_pooled_rate_exact_for_vllm_captures() -> None:
    a = LogAnalyzer()
    for name in ("vllm_serve_ngram.log", "vllm_serve_eagle3.log", "vllm_serve_eagle3_perm.log"):
        with open(DATA / name, "rb") as f:
            a.scan(name, f)
    r = a.report()
    s = r.summary["vllm"].stats
    assert (s.accepted_tokens, s.drafted_tokens) == (27 + 0 + 104, 132 + 756 + 312)
    assert s.accept_length is not None
    assert s.accept_length.mean == pytest.approx((1.59 + 1.0 + 2.0) / 3)
    assert s.accept_length.weighted_mean == pytest.approx((1.59 * 132 + 756 + 2 * 312) / 1200)
    assert [f.engines["vllm"].records for f in r.files] == [1, 1, 1]


# --------------------------------------------------------------------------- scanning


def test_chunk_boundaries_do_not_matter() -> None:
    data = (DATA / "engine_log_samples.txt").read_bytes() + (
        DATA / "llamacpp_serve_draft_noisy05_lv4.log"
    ).read_bytes()
    results = set()
    for size in (1, 3, 17, 256, 4096, 1 << 20):
        a = LogAnalyzer()
        a.scan("x", io.BytesIO(data), chunk_size=size)
        r = a.report()
        f = r.files[0]
        results.add(
            (f.lines, f.records, f.skipped_lines)
            + tuple(
                (e, s.stats.records, s.stats.accept_length.mean if s.stats.accept_length else None)
                for e, s in r.summary.items()
            )
        )
    assert len(results) == 1
    (res,) = results
    assert res[0] == data.count(b"\n")


def test_two_line_llamacpp_across_chunk_boundary() -> None:
    data = b"noise\nslot print_timing: id  3 | task 9 | \ndraft acceptance rate = 0.57576 (   57 accepted /    99 generated)\n"
    for size in (1, 10, 50, 1000):
        batches: list[RecordBatch] = []
        sc = Scanner(LineParser(), batches.append)
        for i in range(0, len(data), size):
            sc.feed(data[i : i + size])
        sc.close()
        recs = [r for b in batches for r in b.records()]
        assert len(recs) == 1 and dict(recs[0].raw)["slot"] == "3", size
        assert recs[0].line_no == 3


def test_bad_input_is_counted_not_raised() -> None:
    junk = (
        b"\x00\x01\xff\xfe binary accept len: \xff\xfe\n"
        + sgl(2.5).encode()[: sgl(2.5).index("accept len: ") + 12]
        + b"\n"  # truncated line
        + sgl(2.5).encode().replace(b"2.50", b"2.\xff0")
        + b"\n"  # invalid UTF-8 in a number
        + b"x" * 5000
        + b" accept len: 3.0 "
        + b"y" * 5000
        + b"\n"  # overlong
        + sgl(2.5).encode()
        + b"\n"
        + b"last line without newline accept len: 9"
    )
    a = LogAnalyzer(max_line=4096)
    a.scan("junk", io.BytesIO(junk), chunk_size=1000)
    r = a.report()
    f = r.files[0]
    assert f.records == 1 and f.binary
    assert f.skipped_lines == 5
    assert any("overlong" in why for why, _ in f.skipped_reasons)
    assert f.lines == 6
    assert all("\\x" in ex[2] or ex[2].isascii() for ex in f.skipped_examples)


def test_overlong_line_spanning_many_chunks() -> None:
    data = b"a" * 50_000 + b"accept len" + b"b" * 50_000 + b"\n" + sgl(2.0).encode() + b"\n"
    a = LogAnalyzer(max_line=1000)
    a.scan("x", io.BytesIO(data), chunk_size=4096)
    f = a.report().files[0]
    assert (f.records, f.skipped_lines, f.lines) == (1, 1, 2)
    assert a.report().files[0].engines["sglang"].records == 1


def test_gzip_by_magic_and_truncated_gzip() -> None:
    text = "\n".join(sgl(2.0 + i / 100, sec=i) for i in range(200)).encode()
    gz = gzip.compress(text)
    a = LogAnalyzer()
    a.scan("x.log", open_stream(io.BytesIO(gz)))  # name does not say gzip
    assert a.report().combined_records == 200

    class Pipe(io.RawIOBase):  # not seekable, like stdin
        def __init__(self, data: bytes) -> None:
            self.data = data

        def readable(self) -> bool:
            return True

        def readinto(self, b: bytearray) -> int:  # type: ignore[override]
            n = min(len(b), len(self.data), 7)
            b[:n] = self.data[:n]
            self.data = self.data[n:]
            return n

    a = LogAnalyzer()
    a.scan("-", open_stream(Pipe(gz)))  # type: ignore[arg-type]
    assert a.report().combined_records == 200
    a = LogAnalyzer()
    a.scan("cut.gz", open_stream(io.BytesIO(gz[: len(gz) // 2])))
    r = a.report()
    assert r.files[0].truncated and 0 < r.combined_records < 200


# --------------------------------------------------------------------------- windows


def test_time_window_forms() -> None:
    lines = "\n".join(sgl(2.0, sec=i * 60) for i in range(10))  # 08:00 .. 08:09
    w = window_and_year("2026-11-29 08:03", "08:05:30", 2026)[0]
    r = analyze(lines, window=w).report()
    assert r.combined_records == 3 and r.outside_window == 7
    w = window_and_year("+5m", None, 2026)[0]
    assert analyze(lines, window=w).report().combined_records == 5
    # llama.cpp relative clock: offsets work, clock times cannot place the records
    llama = (DATA / "llamacpp_serve_synth_rates.log").read_bytes()
    w = window_and_year("+2s", None, 2026)[0]
    assert analyze(llama, window=w).report().combined_records == 3  # 0.02.1xx = 2.1 s after start
    w = window_and_year("08:00", None, 2026)[0]
    r = analyze(llama, window=w).report()
    assert r.combined_records == 0 and r.untimed_records == 3
    # vLLM: no year printed; the assumed year comes from the bound
    v = (DATA / "vllm_serve_ngram.log").read_bytes()
    w = window_and_year("2026-11-29 08:52", None, 2026)[0]
    assert analyze(v, window=w, year=2026).report().combined_records == 1
    w = window_and_year("11-29 08:53", None, 2026)[0]
    assert analyze(v, window=w, year=2026).report().combined_records == 0


@pytest.mark.parametrize("bad", ["yesterday", "2026-13-01 00:00", "25:00", "+5x", ""])
def test_bad_bounds(bad: str) -> None:
    with pytest.raises(UsageError):
        window_and_year(bad, None, 2026)


def test_until_before_since() -> None:
    with pytest.raises(UsageError):
        window_and_year("08:05", "2026-11-29 08:00", 2026)[0]
        window_and_year("+5m", "+1m", 2026)[0]
    with pytest.raises(UsageError):
        window_and_year("+5m", "+1m", 2026)[0]


# --------------------------------------------------------------------------- follow


def test_follow_growing_file_with_rotation(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text(sgl(2.0, sec=0) + "\n" + sgl(2.0, sec=1)[:50])  # a partial last line
    a = LogAnalyzer()
    stop = threading.Event()
    ticks: list[int] = []

    def writer() -> None:
        time.sleep(0.15)
        with open(log, "a") as f:
            f.write(sgl(2.0, sec=1)[50:] + "\n")
        time.sleep(0.15)
        log.rename(tmp_path / "server.log.1")  # rotation
        log.write_text(sgl(4.0, sec=2) + "\n")
        time.sleep(0.3)
        with open(log, "a") as f:
            f.write(sgl(4.0, sec=3) + "\n")
        time.sleep(0.3)
        stop.set()

    t = threading.Thread(target=writer)
    t.start()
    follow(
        a,
        [str(log)],
        poll_interval=0.02,
        on_tick=lambda: ticks.append(a.report().combined_records),
        tick_interval=0.05,
        should_stop=stop.is_set,
    )
    t.join()
    r = a.report()
    assert r.combined_records == 4
    assert r.summary["sglang"].stats.accept_length is not None
    assert r.summary["sglang"].stats.accept_length.mean == 3.0
    assert [f.path for f in r.files] == [str(log), f"{log} (rotated 1)"]
    assert ticks and ticks[0] <= ticks[-1]


def test_follow_idle_timeout_and_pipe(tmp_path: Path) -> None:
    a = LogAnalyzer()
    t0 = time.monotonic()
    follow(a, [str(tmp_path / "not-yet.log")], poll_interval=0.01, idle_timeout=0.2)
    assert 0.15 < time.monotonic() - t0 < 5
    assert a.report().combined_records == 0
    a = LogAnalyzer()
    follow(a, ["-"], stdin=io.BytesIO((sgl(2.5) + "\n").encode()), poll_interval=0.01)
    assert a.report().combined_records == 1


def test_utf16_and_crlf_logs() -> None:
    """A Windows paste: PowerShell writes UTF-16 with a byte-order mark and CRLF line ends."""
    text = "\r\n".join(sgl(2.0 + i / 10, sec=i) for i in range(5)) + "\r\n"
    for data in (
        text.encode("utf-16"),
        text.encode("utf-16-be").join([b"\xfe\xff", b""]),
        text.encode(),
    ):
        a = LogAnalyzer()
        a.scan("win.log", open_stream(io.BytesIO(data)))
        r = a.report()
        assert r.combined_records == 5 and r.files[0].lines == 5
        assert r.summary["sglang"].stats.accept_length.mean == pytest.approx(2.2)  # type: ignore[union-attr]
        assert r.summary["sglang"].stats.cuda_graph_false_share == 0.0
