"""Unit tests of the log-line parsers: every format variant of the fact sheet, the real captures,
the inferences, and fuzzing (never raise; generated valid lines round-trip)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs import patterns as P
from specdiag.core.logs.infer import NEW, OLD, SGLangRateInference, sglang_candidates
from specdiag.core.logs.parse import LineParser, conditional_rates
from specdiag.core.logs.records import LogRecord, Skipped, Unrecognised
from specdiag.errors import UsageError
from tests.support import paths
from tests.support.examples import examples
from tests.support.parseline import parse_line

DATA = paths.TEST_DATA / "logs"
SAMPLES = DATA / "engine_log_samples.txt"


def one(line: str, **kw: str) -> LogRecord:
    out = parse_line(line, **kw)
    assert isinstance(out, tuple) and len(out) == 1, out
    return out[0]


# --------------------------------------------------------------------------- SGLang

SGL_0523 = (
    "[2026-11-29 08:40:12] Decode batch, #running-req: 32, #token: 41210, token usage: 0.19, "
    "accept len: 3.21, accept rate: 0.74, cuda graph: True, gen throughput (token/s): 2843.17, "
    "#queue-req: 0"
)


def test_sglang_0523_single_gpu() -> None:
    r = one(SGL_0523)
    assert r.engine == "sglang" and r.kind == "interval" and r.rank == ""
    assert r.accept_length == 3.21 and r.accepted_drafts == pytest.approx(2.21)
    assert r.accept_rate == pytest.approx(0.74)
    assert r.cuda_graph is True and r.throughput == 2843.17
    assert r.time_text == "2026-11-29 08:40:12" and r.clock == "absolute"
    assert r.timestamp == 1795941612.0  # 2026-11-29T08:40:12Z
    assert r.version_guess == "sglang >= 0.5.11"
    assert dict(r.raw)["#running-req"] == "32"


def test_sglang_ranks_ms_iter_and_graph_labels() -> None:
    r = one(
        "[2026-11-29 08:41:02.123 DP3 PP1 ATTN_CP0 MOE_DP0 TP0 EP2] Decode batch [17], "
        "#running-req: 16, #token: 20544, token usage: 0.10, accept len: 4.12, accept rate: 0.45, "
        "cpu graph: False, gen throughput (token/s): 1930.40, #queue-req: 0"
    )
    assert r.rank == "DP3 PP1 ATTN_CP0 MOE_DP0 TP0 EP2"
    assert r.timestamp is not None and r.timestamp % 1 == pytest.approx(0.123)
    assert r.cuda_graph is False
    assert dict(r.raw)["iter"] == "17"
    # tree (5, 4, 8): (4.12 - 1) / 7 = 0.4457
    assert r.accept_rate == pytest.approx(0.45)


def test_sglang_pd_decode_and_hybrid_fields() -> None:
    r = one(
        "[2026-11-29 08:42:30 TP0] Decode batch, #running-req: 48, #full token: 61000, full token "
        "usage: 0.28, #swa token: 100, swa token usage: 0.01, mamba num: 3, mamba usage: 0.02, "
        "accept len: 3.05, accept rate: 0.68, pre-allocated usage: 0.05, #prealloc-req: 2, "
        "#transfer-req: 1, #retracted-req: 0, cuda graph: True, gen throughput (token/s): 3377.81, "
        "#queue-req: 0, est. decode TFLOPS/s (per GPU): 1.20"
    )
    assert r.accept_length == 3.05 and r.cuda_graph is True and r.throughput == 3377.81
    assert dict(r.raw)["#prealloc-req"] == "2" and dict(r.raw)["mamba usage"] == "0.02"


def test_sglang_0510_old_rate_formula_inferred() -> None:
    # accept len 3.21 with ndt 4: 0.5.10 prints 3.21/4 = 0.80, >= 0.5.11 would print 0.74
    r = one(
        "[2026-02-10 12:00:05] Decode batch, #running-req: 32, #token: 41210, token usage: 0.19, "
        "accept len: 3.21, accept rate: 0.80, cuda graph: True, gen throughput (token/s): "
        "2843.17, #queue-req: 0"
    )
    assert r.version_guess == "sglang 0.5.10"
    assert r.accept_rate == pytest.approx(2.21 / 3)


def test_sglang_055_trailing_comma() -> None:
    r = one(
        "[2025-11-03 09:15:44 TP0] Decode batch, #running-req: 8, #token: 9120, token usage: "
        "0.04, accept len: 2.87, accept rate: 0.72, cuda graph: True, gen throughput (token/s): "
        "905.31, #queue-req: 0, "
    )
    assert r.version_guess == "sglang 0.5.5-0.5.9"
    assert r.accept_rate == pytest.approx(1.87 / 3)  # 2.87 / 0.72 = 3.99 -> steps + 1 = 4


def test_sglang_04x_period_no_rate() -> None:
    r = one(
        "[2025-05-20 14:02:33] Decode batch. #running-req: 8, #token: 5120, token usage: 0.02, "
        "accept len: 3.05, cuda graph: True, gen throughput (token/s): 812.44, #queue-req: 0"
    )
    assert r.version_guess == "sglang 0.4.x" and r.accept_rate is None and r.accept_length == 3.05
    assert any("no accept rate" in n for n in r.notes)


def test_sglang_engine_version_forces_formula() -> None:
    # 2.00 / 0.50 fits both formulas (ndt 3 new, ndt 4 old): the version decides
    line = SGL_0523.replace(
        "accept len: 3.21, accept rate: 0.74", "accept len: 2.00, accept rate: 0.50"
    )
    assert one(line, engine="sglang", engine_version="0.5.10").accept_rate == pytest.approx(1 / 3)
    assert one(line, engine="sglang", engine_version="0.5.11").accept_rate == pytest.approx(0.5)


def test_sglang_ambiguous_line_uses_earlier_lines() -> None:
    p = LineParser()
    old = SGL_0523.replace("accept rate: 0.74", "accept rate: 0.80")  # unambiguous 0.5.10
    amb = SGL_0523.replace(
        "accept len: 3.21, accept rate: 0.74", "accept len: 2.00, accept rate: 0.50"
    )
    p.parse(old)
    out = p.parse(amb)
    assert isinstance(out, tuple)
    r = out[0]
    assert r.accept_rate == pytest.approx(1 / 3)  # old formula, ndt 4
    assert any("ambiguous" in n for n in r.notes)
    best = p.sglang_inference[""].best()
    assert best.formula == OLD and best.num_draft_tokens == 4 and best.consistent == 2


@pytest.mark.parametrize(
    ("length", "rate", "expect"),
    [
        ("3.21", "0.74", {(NEW, 4)}),
        ("3.21", "0.80", {(OLD, 4)}),
        ("4.12", "0.45", {(NEW, 8)}),
    ],
)
def test_sglang_candidates(length: str, rate: str, expect: set[tuple[str, int]]) -> None:
    assert expect <= set(sglang_candidates(length, rate))
    formulas = {f for f, _ in sglang_candidates(length, rate)}
    assert formulas == {f for f, _ in expect}


def test_sglang_inference_majority_and_ambiguity() -> None:
    inf = SGLangRateInference()
    for _ in range(5):
        inf.add(sglang_candidates("3.21", "0.74"))
    inf.add(sglang_candidates("3.21", "0.80"))  # one odd line
    b = inf.best()
    assert b.formula == NEW and b.num_draft_tokens == 4 and b.consistent == 5 and b.total == 6
    amb = SGLangRateInference()
    amb.add(sglang_candidates("2.00", "0.50"))
    assert amb.best().formula_ambiguous and amb.best().notes


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (SGL_0523.replace("accept len: 3.21", "accept len: 0.00"), "no verify step"),
        (SGL_0523.replace("accept len: 3.21", "accept len: 0.50"), "impossible"),
        (SGL_0523.replace("accept len: 3.21", "accept len: x.yz"), "not a number"),
        (SGL_0523.replace("accept rate: 0.74", "accept rate: 1.74"), "not a rate"),
        ("accept len: 3.21 somewhere", "Decode batch"),
    ],
)
def test_sglang_bad_lines_are_skipped(line: str, reason: str) -> None:
    out = parse_line(line)
    assert isinstance(out, Skipped) and reason in out.reason


# --------------------------------------------------------------------------- vLLM

V033 = (
    "(APIServer pid=48211) INFO 11-29 08:40:12 [metrics.py:120] SpecDecoding metrics: Mean "
    "acceptance length: 2.52, Accepted throughput: 228.00 tokens/s, Drafted throughput: 450.00 "
    "tokens/s, Accepted: 2280 tokens, Drafted: 4500 tokens, Per-position acceptance rate: 0.720, "
    "0.480, 0.320, Avg Draft acceptance rate: 50.7%"
)


def test_vllm_033() -> None:
    p = LineParser(year=2026)
    out = p.parse(V033)
    assert isinstance(out, tuple)
    r = out[0]
    assert r.engine == "vllm" and r.version_guess == "vllm >= 0.10"
    assert r.accept_length == 2.52 and r.accepted_tokens == 2280 and r.drafted_tokens == 4500
    assert r.accept_rate == pytest.approx(2280 / 4500)
    assert r.per_position == (0.72, 0.48, 0.32)
    assert r.per_position_conditional == pytest.approx((0.72, 0.48 / 0.72, 0.32 / 0.48))
    assert r.throughput == 228.0 and dict(r.raw)["pid"] == "48211"
    assert r.time_text == "11-29 08:40:12" and r.clock == "no-year"
    assert r.timestamp == 1795941612.0


def test_vllm_0102_ansi_prefix_stripped() -> None:
    r = one(
        "\x1b[1;36m(APIServer pid=7731)\x1b[0;0m INFO 09-12 10:05:31 [metrics.py:96] SpecDecoding "
        "metrics: Mean acceptance length: 3.12, Accepted throughput: 254.40 tokens/s, Drafted "
        "throughput: 360.00 tokens/s, Accepted: 2544 tokens, Drafted: 3600 tokens, Per-position "
        "acceptance rate: 0.880, 0.720, 0.520, Avg Draft acceptance rate: 70.7%"
    )
    assert r.accept_length == 3.12 and dict(r.raw)["pid"] == "7731"


def test_vllm_092_bonus_included() -> None:
    r = one(
        "INFO 07-08 16:20:01 [metrics.py:87] SpecDecoding metrics: Draft acceptance rate: 50.7%, "
        "Mean acceptance length: 2.52, Accepted: 2280 tokens, Drafted: 4500 tokens, Per-position "
        "acceptance rate: 0.720, 0.480, 0.320"
    )
    assert r.version_guess == "vllm 0.9.x" and r.accept_length == 2.52 and not r.notes


def test_vllm_085_bonus_less_detected() -> None:
    r = one(
        "INFO 05-02 11:11:11 [metrics.py:82] SpecDecoding metrics: Draft acceptance rate: 50.7%, "
        "Mean acceptance length: 1.52, Accepted: 2280 tokens, Drafted: 4500 tokens, Per-position "
        "acceptance rate: 0.720, 0.480, 0.320"
    )
    assert r.version_guess == "vllm 0.8.5"
    assert r.accept_length == pytest.approx(2.52) and r.accepted_drafts == pytest.approx(1.52)
    assert any("0.8.5" in n for n in r.notes)


def test_vllm_085_by_engine_version_without_per_position() -> None:
    line = (
        "INFO 05-02 11:11:11 [metrics.py:82] SpecDecoding metrics: Draft acceptance rate: 50.7%, "
        "Mean acceptance length: 1.52, Accepted: 2280 tokens, Drafted: 4500 tokens"
    )
    assert one(line, engine="vllm", engine_version="0.8.5.post1").accept_length == pytest.approx(
        2.52
    )
    r = one(line)  # ambiguous alone: read as bonus included, and said so
    assert r.accept_length == 1.52 and any("per-position" in n for n in r.notes)


def test_vllm_early_v1_and_v0() -> None:
    r = one(
        "INFO 03-20 09:00:00 [metrics.py:60] SpecDecoding metrics: Draft acceptance rate: 50.7%, "
        "Accepted: 2280 tokens, Drafted: 4500 tokens"
    )
    assert r.accept_length is None and r.accept_rate == pytest.approx(2280 / 4500)
    v0 = (
        "INFO 02-20 10:15:30 metrics.py:477] Speculative metrics: Draft acceptance rate: 0.507, "
        "System efficiency: 0.630, Number of speculative tokens: 3, Number of accepted tokens: "
        "{a}, Number of draft tokens: {d}, Number of emitted tokens: {e}."
    )
    p = LineParser()
    first = p.parse(v0.format(a=2280, d=4500, e=3780))
    second = p.parse(v0.format(a=2280 + 300, d=4500 + 300, e=3780 + 400))
    assert isinstance(first, tuple) and isinstance(second, tuple)
    assert first[0].accept_length == pytest.approx(2.52)  # emitted * k / drafted
    assert second[0].accept_length == pytest.approx(400 * 3 / 300)  # interval from the deltas
    assert second[0].accepted_tokens == 300 and "difference" in second[0].notes[0]
    # more speculative tokens per step than drafts in all: inconsistent, not a division by 0
    huge = v0.replace("tokens: 3,", "tokens: " + "9" * 400 + ",")
    assert isinstance(LineParser().parse(huge.format(a=0, d=4500, e=3780)), Skipped)
    # the line pasted in bold markup ('**Speculative metrics: ... tokens: 161.**'): the same record
    bold = "**" + v0.split("] ", 1)[1].format(a=0, d=483, e=161) + "**"
    got = LineParser().parse(bold)
    assert isinstance(got, tuple) and got[0].accept_length == pytest.approx(1.0)


def test_vllm_real_captures() -> None:
    for name, length, acc, dra, pp in [
        ("vllm_serve_ngram.log", 1.59, 27, 132, (0.348, 0.196, 0.043)),
        ("vllm_serve_eagle3.log", 1.00, 0, 756, (0.0, 0.0, 0.0)),
        ("vllm_serve_eagle3_perm.log", 2.00, 104, 312, (1.0, 0.0, 0.0)),
    ]:
        p = LineParser()
        recs = [
            r
            for line in (DATA / name).read_text(encoding="utf-8").splitlines()
            for r in (p.parse(line) or ())
            if isinstance(r, LogRecord)
        ]
        assert len(recs) == 1, name
        r = recs[0]
        assert (r.accept_length, r.accepted_tokens, r.drafted_tokens, r.per_position) == (
            length,
            acc,
            dra,
            pp,
        )


# --------------------------------------------------------------------------- llama.cpp


def test_llamacpp_newest_with_mean_len() -> None:
    r = one(
        "0.42.118.244 I slot print_timing: id  0 | task 42 | draft acceptance = 0.62424 (  206 "
        "accepted /   330 generated), mean len =  2.87"
    )
    assert r.engine == "llamacpp" and r.kind == "request"
    assert r.accept_length == 2.87 and r.accept_rate == pytest.approx(206 / 330)
    assert (r.accepted_tokens, r.drafted_tokens) == (206, 330)
    assert r.timestamp == pytest.approx(42.118244)  # M.SS.mmm.uuu: 0 min 42 s 118 ms 244 us
    assert r.time_text == "0.42.118.244" and r.clock == "relative"
    assert dict(r.raw)["slot"] == "0" and dict(r.raw)["task"] == "42"


def test_llamacpp_old_variants() -> None:
    r = one(
        "1.05.002.117 I slot print_timing: id  1 | task 311 | draft acceptance = 0.62424 (  206 "
        "accepted /   330 generated)"
    )
    assert r.accept_length is None and r.version_guess == "llama.cpp 7c158fb (no mean len)"
    bare = "draft acceptance rate = 0.62424 (  206 accepted /   330 generated)"
    r = one(bare)
    assert r.version_guess == "llama.cpp SLT_CNT variant (bare line)"
    out = LineParser().parse(
        "draft acceptance rate = 0.57576 (   57 accepted /    99 generated)",
        2,
        prev_line="slot print_timing: id  0 | task 0 | ",
    )
    assert isinstance(out, tuple)
    assert out[0].version_guess == "llama.cpp 4227c9b (two-line form)"
    assert dict(out[0].raw)["slot"] == "0"


def test_llamacpp_per_pos_statistics_and_trace() -> None:
    pp = one(
        "0.02.152.151 I slot print_timing: id  0 | task 102 |      acc per pos = (0.258, 0.129, 0.032, 0.032, 0.032)"
    )
    assert pp.kind == "per_position" and pp.per_position == (0.258, 0.129, 0.032, 0.032, 0.032)
    stats = one(
        "0.02.152.191 I spec common_specu: statistics     draft-simple: #calls(b,g,a) =    3    "
        "127    127, #gen drafts =    127, #acc drafts =    19, #gen tokens =    612, #acc tokens "
        "=    27, #mean acc len = 1.21, #acc rate/pos = (0.150, 0.039, 0.008, 0.008, 0.008), "
        "dur(b,g,a) = 0.003, 42.875, 0.030 ms"
    )
    assert stats.kind == "cumulative" and stats.accept_length == pytest.approx(1 + 27 / 127)
    assert stats.accept_rate == pytest.approx(27 / 612) and len(stats.per_position) == 5
    old_stats = one(
        "1.05.002.121 I statistics     draft-simple: #calls(b,g,a) =    1    110    110, #gen "
        "drafts =    110, #acc drafts =    88, #gen tokens =    330, #acc tokens =   206"
    )
    assert old_stats.accept_length == pytest.approx(1 + 206 / 110)
    step = one("0.02.011.918 I slot   operator(): id  0 | task 0 | accepted  2/ 5 draft tokens")
    assert step.kind == "step" and step.accept_length == 3 and step.accept_rate == 0.4
    assert parse_line("we accepted the draft tokens policy") is None  # not a trace line
    assert isinstance(parse_line("0.1.2.3 I slot x: accepted  7/ 5 draft tokens"), Skipped)
    # totals in a sentence with other figures before them are no verify step (181 tokens)
    assert parse_line("Generation: 256 tokens, 41.2 t/s; accepted 180/256 draft tokens") is None
    assert one("accepted 3/4 draft tokens").accept_length == 4


def test_llamacpp_real_trace_capture() -> None:
    p = LineParser()
    recs = [
        r
        for i, line in enumerate(
            (DATA / "llamacpp_serve_draft_noisy_trace.log").read_text().splitlines()
        )
        for r in (p.parse(line, i + 1) or ())
        if isinstance(r, LogRecord)
    ]
    steps = [r for r in recs if r.kind == "step"]
    reqs = [r for r in recs if r.kind == "request"]
    assert len(reqs) == 5 and reqs[0].accept_length == 2.52 and reqs[0].accepted_tokens == 38
    # the first request's 25 trace steps add up to its summary line: 38 accepted / 121 drafted
    first = [s for s in steps if dict(s.raw)["task"] == "0"]
    assert sum(s.accepted_tokens or 0 for s in first) == 38
    assert sum(s.drafted_tokens or 0 for s in first) == 121
    assert 1 + 38 / len(first) == pytest.approx(2.52, abs=0.005)


# --------------------------------------------------------------------------- TensorRT-LLM

TRT = (
    '{"iter": 1203, "iterLatencyMS": 21.4, "numActiveRequests": 8, "specDecodingStats": '
    '{"numDraftTokens": 24, "numAcceptedTokens": 15, "numRequestsWithDraftTokens": 8, '
    '"acceptanceLength": 2.875, "iterLatencyMS": 3.1, "draftOverhead": 0.1449}}'
)


def test_trtllm_object_list_and_snake_case() -> None:
    r = one(TRT)
    assert r.engine == "trtllm" and r.accept_length == 2.875 and r.accept_rate == 15 / 24
    assert dict(r.raw)["iter"] == "1203"
    snake = (
        '[{"iter": 1, "spec_decoding_stats": {"num_draft_tokens": 30, "num_accepted_tokens": 10, '
        '"num_requests_with_draft_tokens": 10}}, ' + TRT + ', {"iter": 3, "specDecodingStats": '
        '{"numDraftTokens": 0, "numAcceptedTokens": 0, "numRequestsWithDraftTokens": 0, '
        '"acceptanceLength": 0}}]'
    )
    out = parse_line("INFO iteration stats: " + snake)
    assert isinstance(out, tuple) and len(out) == 2
    assert out[0].accept_length == 2.0 and "computed" in out[0].notes[0]
    assert isinstance(parse_line('{"specDecodingStats": {"numDraftTokens": 3,'), Skipped)


# --------------------------------------------------------------------------- general


def test_every_sample_line_is_read() -> None:
    """Each stats line of the fact sheet's samples gives a record, and holds the anchor."""
    p = LineParser()
    n = 0
    for line in SAMPLES.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        out = p.parse(line)
        assert not isinstance(out, Skipped), line
        if out:
            n += len(out)
            raw = line.encode()
            assert P.ANCHOR in raw and any(kw in raw for kw in P.ALL_KEYWORDS), line
    p.finish()
    n += sum(1 for _, _, item in p.ready if isinstance(item, LogRecord))
    # 20 server lines; also the bench lines (bench_serving, bench_one_batch_server,
    # vllm bench serve's section) and the llama.cpp response timings
    assert n == 24


def test_engine_override_ignores_other_engines() -> None:
    assert parse_line(V033, engine="sglang") is None
    assert isinstance(parse_line(V033, engine="vllm"), tuple)
    with pytest.raises(UsageError):
        LineParser(engine="nope")
    with pytest.raises(UsageError):
        LineParser(engine_version="0.5.10")


def test_conditional_rates_clamps_rounding() -> None:
    cond, changed = conditional_rates((0.5, 0.501, 0.25))
    assert changed and cond == pytest.approx((0.5, 1.0, 0.25 / 0.5))


# --------------------------------------------------------------------------- fuzzing

FRAGMENTS = st.sampled_from(
    [
        "accept len: ",
        "accept rate: ",
        "Decode batch, ",
        "Decode batch. ",
        "SpecDecoding metrics: ",
        "Speculative metrics: ",
        "Mean acceptance length: ",
        "Per-position acceptance rate: ",
        "Accepted: ",
        " tokens, ",
        "Drafted: ",
        "draft acceptance = ",
        "draft acceptance rate = ",
        " accepted / ",
        " generated)",
        "acc per pos = (",
        "#calls(b,g,a) = ",
        "accepted ",
        "/ 5 draft tokens",
        '{"specDecodingStats": {',
        '"acceptanceLength": ',
        "[2026-11-29 08:40:12 TP0] ",
        "Number of speculative tokens: ",
        "nan",
        "inf",
        "-1",
        "1e999",
        ", ",
        ")",
        "]",
        "\x1b[1;36m",
        "\x00",
        "\ufffd",
    ]
)


@settings(deadline=None, max_examples=examples(300))
@given(st.lists(st.one_of(FRAGMENTS, st.text(max_size=8), st.floats().map(str)), max_size=14))
def test_fuzz_parser_never_raises(parts: list[str]) -> None:
    p = LineParser()
    out = p.parse("".join(parts), 1, "".join(parts[:2]))
    assert out is None or isinstance(out, (Skipped, Unrecognised, tuple))
    if isinstance(out, tuple):
        for r in out:
            if r.accept_length is not None:
                assert r.accept_length >= 1.0
            if r.accept_rate is not None:
                assert 0.0 <= r.accept_rate <= 1.0


@settings(deadline=None, max_examples=examples(150))
@given(st.binary(max_size=400))
def test_fuzz_arbitrary_bytes(data: bytes) -> None:
    out = LineParser().parse(data.decode("utf-8", "replace"))
    assert out is None or isinstance(out, (Skipped, Unrecognised, tuple))


@settings(deadline=None, max_examples=examples(120))
@given(
    length=st.integers(100, 600),
    ndt=st.integers(2, 9),
    rank=st.sampled_from(["", " TP0", " DP1 TP0", " DP0 PP1 TP0 EP1"]),
    graph=st.booleans(),
)
def test_roundtrip_generated_sglang(length: int, ndt: int, rank: str, graph: bool) -> None:
    accept_len = min(length / 100.0, float(ndt))
    rate = (accept_len - 1) / (ndt - 1)
    line = (
        f"[2026-11-29 08:40:12{rank}] Decode batch, #running-req: 3, #token: 10, token usage: 0.01, "
        f"accept len: {accept_len:.2f}, accept rate: {rate:.2f}, cuda graph: {graph}, gen "
        f"throughput (token/s): 12.50, #queue-req: 0"
    )
    r = one(line, engine="sglang", engine_version="0.5.23")
    assert r.accept_length == pytest.approx(float(f"{accept_len:.2f}"))
    assert r.rank == rank.strip() and r.cuda_graph is graph
    assert r.accept_rate == pytest.approx(float(f"{rate:.2f}"))
    assert (NEW, ndt) in sglang_candidates(f"{accept_len:.2f}", f"{rate:.2f}")


@settings(deadline=None, max_examples=examples(120))
@given(
    steps=st.integers(1, 2000),
    k=st.integers(1, 6),
    data=st.data(),
    bonus_less=st.booleans(),
)
def test_roundtrip_generated_vllm(
    steps: int, k: int, data: st.DataObject, bonus_less: bool
) -> None:
    per = sorted(
        (data.draw(st.integers(0, steps)) for _ in range(k)), reverse=True
    )  # accepted at each position, non-increasing
    accepted = sum(per)
    rates = ", ".join(f"{a / steps:.3f}" for a in per)
    mean = accepted / steps + (0.0 if bonus_less else 1.0)
    line = (
        f"INFO 07-08 16:20:01 [metrics.py:87] SpecDecoding metrics: Draft acceptance rate: "
        f"{100 * accepted / (k * steps):.1f}%, Mean acceptance length: {mean:.2f}, Accepted: "
        f"{accepted} tokens, Drafted: {k * steps} tokens, Per-position acceptance rate: {rates}"
    )
    r = one(line)
    assert r.accept_length == pytest.approx(1 + accepted / steps, abs=0.0051)
    assert r.accepted_tokens == accepted and r.drafted_tokens == k * steps


@settings(deadline=None, max_examples=examples(100))
@given(acc=st.integers(0, 500), extra=st.integers(0, 500), steps=st.integers(1, 300))
def test_roundtrip_generated_llamacpp(acc: int, extra: int, steps: int) -> None:
    gen = acc + extra
    if gen == 0:
        return
    line = (
        f"0.02.035.188 I slot print_timing: id  0 | task 0 | draft acceptance = {acc / gen:0.5f} "
        f"({acc:5d} accepted / {gen:5d} generated), mean len = {1 + acc / steps:5.2f}"
    )
    r = one(line)
    assert (r.accepted_tokens, r.drafted_tokens) == (acc, gen)
    assert r.accept_length == pytest.approx(1 + acc / steps, abs=0.0051)


# --------------------------------------------------------------------------- llama.cpp statistics
# common/speculative.cpp's common_speculative_print_stats(): "statistics %s: #calls(b,g,a) = %zu
# %zu %zu, #gen drafts = %zu, #acc drafts = %zu, #gen tokens = %zu, #acc tokens = %zu%s" (the
# fields padded in some builds; '%s' is ", dur(b,g,a) = ... ms", or '#mean acc len' and '#acc
# rate/pos' before it); the older form "statistics %s: #calls = %zu, #gen drafts = ..." ('%s':
# ", dur = X ms" or ", dur(b,g,a) = ...").


@settings(max_examples=examples(60), deadline=None)
@given(
    impl=st.sampled_from(["draft", "ngram_simple", "ngram_mod", "draft-mtp", "draft-eagle3"]),
    older=st.booleans(),
    calls=st.integers(1, 5000),
    gd=st.integers(1, 5000),
    per=st.integers(1, 8),
    share=st.integers(0, 100),
    pad=st.sampled_from([1, 4, 6]),
    suffix=st.sampled_from(["", ", dur = 12.345 ms", ", dur(b,g,a) = 0.149, 0.347, 0.005 ms"]),
    prefix=st.sampled_from(["", "0.01.234.567 I ", "0.22.856.349 I spec common_specu: "]),
)
def test_llamacpp_statistics_both_forms(
    impl: str,
    older: bool,
    calls: int,
    gd: int,
    per: int,
    share: int,
    pad: int,
    suffix: str,
    prefix: str,
) -> None:
    gt = gd * per
    at = gt * share // 100
    ad = min(gd, at)
    w = f"{{:>{pad}}}"
    calls_text = (
        f"#calls = {w.format(calls)}"
        if older
        else f"#calls(b,g,a) = {w.format(1)} {w.format(calls)} {w.format(gd)}"
    )
    line = (
        f"{prefix}statistics {impl}: {calls_text}, #gen drafts = {w.format(gd)}, "
        f"#acc drafts = {w.format(ad)}, #gen tokens = {w.format(gt)}, "
        f"#acc tokens = {w.format(at)}{suffix}"
    )
    r = one(line)
    assert r.kind == "cumulative" and dict(r.raw)["impl"] == impl
    assert (r.accepted_tokens, r.drafted_tokens) == (at, gt)
    assert r.accept_length == pytest.approx(1 + at / gd)
    assert ("#calls" in dict(r.raw)) == older
    assert r.version_guess == (
        "llama.cpp statistics, older form ('#calls = N')"
        if older
        else "llama.cpp 7c158fb (no mean len)"
    )
    # both forms are candidate lines of the prefilter (any engine, and llama.cpp's)
    assert any(k.decode() in line for k in P.ALL_KEYWORDS)
    assert any(k.decode() in line for k in P.KEYWORDS_BY_ENGINE["llamacpp"])
