"""Each flavor's endpoints: the fact sheet's fields, the real captures' shapes, consistent numbers."""

from __future__ import annotations

from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.support.refserver import capture_events, load, missing_keys, serve, sse_events

SGLANG_META_SPEC = (
    "spec_accept_rate",
    "spec_accept_length",
    "spec_num_correct_drafts",
    "spec_num_proposed_drafts",
    "spec_verify_ct",
    "spec_correct_drafts_histogram",
)
SGLEXT_FIELDS = (
    "spec_accept_rate",
    "spec_accept_length",
    "spec_cap_length",
    "spec_block_accept_length",
    "spec_num_correct_drafts",
    "spec_num_proposed_drafts",
    "spec_verify_ct",
    "spec_correct_drafts_histogram",
    "spec_cap_lens_histogram",
)
VLLM_SPEC_FIELDS = (
    "mean_acceptance_length",
    "draft_acceptance_rate",
    "acceptance_histogram",
    "num_spec_steps",
    "num_accepted_draft_tokens",
    "num_draft_tokens",
    "num_spec_tokens",
)


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def value(text: str, name: str, **labels: str) -> float:
    found = [
        v
        for (n, lab), v in samples(text).items()
        if n == name and dict(lab).items() >= labels.items()
    ]
    assert len(found) == 1, (name, labels, found)
    return found[0]


# ---------------------------------------------------------------------------- sglang


def _check_sglang_spec(meta: dict[str, Any], steps: int, ndt: int) -> None:
    for key in SGLANG_META_SPEC:
        assert key in meta, key
    v = meta["spec_verify_ct"]
    assert v > 0
    assert meta["spec_accept_length"] == pytest.approx(meta["completion_tokens"] / v)
    assert meta["spec_num_proposed_drafts"] == v * (ndt - 1)
    assert meta["spec_accept_rate"] == pytest.approx(
        meta["spec_num_correct_drafts"] / meta["spec_num_proposed_drafts"]
    )
    hist = meta["spec_correct_drafts_histogram"]
    # like SGLang 0.5.23 (measured): it ends at the largest count seen
    assert len(hist) <= steps + 1 and hist[-1] > 0
    assert sum(hist) == v
    assert sum(j * c for j, c in enumerate(hist)) == meta["spec_num_correct_drafts"]


def test_sglang_generate_meta_info_and_truth() -> None:
    with serve(flavor="sglang", steps=4, acceptance="0.8,0.7,0.6,0.5") as (srv, c):
        metas = []
        for i in range(5):
            r = c.post(
                "/generate",
                json={"text": f"tell me {i}", "sampling_params": {"max_new_tokens": 40}},
            )
            assert r.status_code == 200
            body = r.json()
            assert set(body) == {"text", "output_ids", "meta_info"}
            meta = body["meta_info"]
            assert meta["finish_reason"] == {"type": "length", "length": 40}
            assert meta["completion_tokens"] == 40 == len(body["output_ids"])
            _check_sglang_spec(meta, 4, 5)
            metas.append(meta)
        truth = srv.truth()
        assert truth["counts"]["verify_steps"] == sum(m["spec_verify_ct"] for m in metas)
        assert truth["counts"]["accepted_drafts"] == sum(
            m["spec_num_correct_drafts"] for m in metas
        )
        want = truth["counts"]["accept_histogram"]
        hist = [0] * len(want)
        for m in metas:
            for j, n in enumerate(m["spec_correct_drafts_histogram"]):
                hist[j] += n
        assert want == hist


def test_sglang_generate_stream_is_cumulative_with_spec_fields_at_the_end() -> None:
    with serve(flavor="sglang", steps=3, acceptance="0.9") as (_, c):
        r = c.post(
            "/generate",
            json={"text": "hi", "sampling_params": {"max_new_tokens": 30}, "stream": True},
        )
        events = sse_events(r.text)
        assert events[-1] == "[DONE]"
        chunks = events[:-1]
        texts = [e["text"] for e in chunks]
        assert all(texts[i + 1].startswith(texts[i]) for i in range(len(texts) - 1))
        assert all(e["meta_info"]["finish_reason"] is None for e in chunks[:-1])
        assert "spec_verify_ct" not in chunks[0]["meta_info"]
        _check_sglang_spec(chunks[-1]["meta_info"], 3, 4)
        # speculative servers stream several tokens per chunk
        assert len(chunks) < 30


def test_sglang_openai_spec_tokens_details() -> None:
    with serve(flavor="sglang", steps=3, acceptance="0.7") as (_, c):
        plain = c.post("/v1/completions", json={"prompt": "a", "max_tokens": 20}).json()
        assert "sglext" not in plain
        assert set(plain["usage"]) >= {"prompt_tokens", "completion_tokens", "total_tokens"}
        for path, body in (
            ("/v1/completions", {"prompt": "a", "max_tokens": 20}),
            (
                "/v1/chat/completions",
                {"messages": [{"role": "user", "content": "a"}], "max_tokens": 20},
            ),
        ):
            r = c.post(path, json={**body, "return_spec_tokens_details": True}).json()
            d = r["sglext"]["spec_tokens_details"]
            assert set(d) == set(SGLEXT_FIELDS)
            assert d["spec_accept_length"] == pytest.approx(20 / d["spec_verify_ct"])
            assert r["choices"][0]["finish_reason"] == "length"
            s = c.post(path, json={**body, "return_spec_tokens_details": True, "stream": True}).text
            events = sse_events(s)
            assert events[-1] == "[DONE]"
            assert events[-2]["choices"][0]["finish_reason"] == "length"
            assert set(events[-2]["sglext"]["spec_tokens_details"]) == set(SGLEXT_FIELDS)


def test_sglang_server_info_flush_cache_metrics() -> None:
    with serve(flavor="sglang", steps=5, acceptance="0.75", decode_log_interval=5) as (srv, c):
        for path in ("/server_info", "/get_server_info"):
            info = c.get(path).json()
            assert info["speculative_num_steps"] == 5
            assert info["speculative_eagle_topk"] == 1
            assert info["speculative_num_draft_tokens"] == 6
            assert info["speculative_algorithm"] == "EAGLE3"
            assert "avg_spec_accept_length" not in info["internal_states"][0]
        for i in range(4):
            c.post("/generate", json={"text": f"x{i}", "sampling_params": {"max_new_tokens": 64}})
        truth = srv.truth()
        avg = c.get("/server_info").json()["internal_states"][0]["avg_spec_accept_length"]
        assert avg == pytest.approx(truth["measured"]["accept_length"])
        metrics = c.get("/metrics").text
        assert value(metrics, "sglang:spec_verify_calls_total") == truth["counts"]["verify_steps"]
        assert 1.0 <= value(metrics, "sglang:spec_accept_length", engine_type="unified") <= 6.0
        assert value(metrics, "sglang:generation_tokens_total") == 4 * 64
        assert c.post("/flush_cache").status_code == 200
        assert "avg_spec_accept_length" not in c.get("/server_info").json()["internal_states"][0]
        assert c.get("/health").status_code == 200
        assert c.get("/v1/models").json()["data"][0]["id"] == srv.config.model_name
        assert c.get("/get_model_info").json()["is_generation"] is True


def test_sglang_tree_drafting_counts_num_draft_tokens() -> None:
    with serve(flavor="sglang", steps=3, topk=4, num_draft_tokens=8, acceptance="0.8") as (_, c):
        meta = c.post(
            "/generate", json={"text": "t", "sampling_params": {"max_new_tokens": 40}}
        ).json()["meta_info"]
        _check_sglang_spec(meta, 3, 8)


def test_no_spec_fields_without_speculation() -> None:
    with serve(flavor="sglang", steps=0) as (_, c):
        meta = c.post(
            "/generate", json={"text": "t", "sampling_params": {"max_new_tokens": 8}}
        ).json()["meta_info"]
        assert not any(k.startswith("spec_") for k in meta)
        assert c.get("/server_info").json()["speculative_algorithm"] is None


# ---------------------------------------------------------------------------- vllm


def test_vllm_shapes_match_the_real_captures() -> None:
    with serve(flavor="vllm", steps=3, acceptance="0.6", per_request_metrics="detailed") as (_, c):
        comp = c.post(
            "/v1/completions", json={"prompt": "the quick brown fox", "max_tokens": 64}
        ).json()
        assert missing_keys(load("vllm/ngram_detailed.completion1.json"), comp) == []
        chat = c.post(
            "/v1/chat/completions",
            json={"messages": [{"role": "user", "content": "hello"}], "max_tokens": 64},
        ).json()
        assert missing_keys(load("vllm/ngram_detailed.chat.json"), chat) == []
        assert missing_keys(load("vllm/ngram.models.json"), c.get("/v1/models").json()) == []
        spec = comp["metrics"]["speculative_decoding"]
        assert set(spec) == set(VLLM_SPEC_FIELDS) | {"per_step_accepted", "per_step_drafted"}
        assert spec["mean_acceptance_length"] == pytest.approx(
            1 + spec["num_accepted_draft_tokens"] / spec["num_spec_steps"]
        )
        assert spec["num_draft_tokens"] == 3 * spec["num_spec_steps"]
        assert sum(spec["per_step_accepted"]) == spec["num_accepted_draft_tokens"]
        assert sum(spec["acceptance_histogram"]) == spec["num_spec_steps"]
        assert comp["usage"]["completion_tokens"] == 64
        assert c.get("/version").json()["version"]
        assert c.get("/health").status_code == 200


def test_vllm_summary_and_no_per_request_metrics() -> None:
    with serve(flavor="vllm", steps=2, acceptance="0.6", per_request_metrics="summary") as (_, c):
        spec = c.post("/v1/completions", json={"prompt": "a", "max_tokens": 20}).json()["metrics"][
            "speculative_decoding"
        ]
        assert set(spec) == set(VLLM_SPEC_FIELDS)
    with serve(flavor="vllm", steps=2, acceptance="0.6") as (_, c):
        assert (
            c.post("/v1/completions", json={"prompt": "a", "max_tokens": 20}).json()["metrics"]
            is None
        )


def test_vllm_stream_with_usage_and_metrics_counters() -> None:
    with serve(flavor="vllm", steps=3, acceptance="0.8,0.6,0.4") as (srv, c):
        r = c.post(
            "/v1/chat/completions",
            json={
                "messages": [{"role": "user", "content": "hi"}],
                "max_tokens": 50,
                "stream": True,
                "stream_options": {"include_usage": True},
            },
        )
        events = sse_events(r.text)
        assert events[-1] == "[DONE]"
        usage = events[-2]
        assert usage["choices"] == [] and usage["usage"]["completion_tokens"] == 50
        assert events[0]["choices"][0]["delta"]["role"] == "assistant"
        assert events[-3]["choices"][0]["finish_reason"] == "length"
        text = "".join(e["choices"][0]["delta"].get("content") or "" for e in events[:-2])
        full = c.post(
            "/v1/chat/completions",
            json={"messages": [{"role": "user", "content": "hi"}], "max_tokens": 50},
        ).json()
        assert text == full["choices"][0]["message"]["content"]
        truth = srv.truth()["counts"]
        m = c.get("/metrics").text
        assert value(m, "vllm:spec_decode_num_drafts_total") == truth["verify_steps"]
        assert value(m, "vllm:spec_decode_num_draft_tokens_total") == truth["drafted_tokens"]
        assert value(m, "vllm:spec_decode_num_accepted_tokens_total") == truth["accepted_drafts"]
        for i in range(3):
            assert (
                value(m, "vllm:spec_decode_num_accepted_tokens_per_pos_total", position=str(i))
                == truth["accepted_per_position"][i]
            )
        # the real page's spec-decode families are all there
        real = {f.name for f in text_string_to_metric_families(load_text("vllm/ngram.metrics.txt"))}
        ours = {f.name for f in text_string_to_metric_families(m)}
        assert {n for n in real if n.startswith("vllm:spec_decode")} <= ours


def _no_nulls(obj: Any) -> bool:
    if isinstance(obj, dict):
        return all(v is not None and _no_nulls(v) for v in obj.values())
    if isinstance(obj, list):
        return all(_no_nulls(v) for v in obj)
    return True


def test_vllm_stream_chunks_are_shaped_as_vllm_sends_them() -> None:
    """vLLM's stream generators: the last step's text rides on the chunk with finish_reason,
    chat chunks are dumped with exclude_unset (no usage, stop_reason only when finishing),
    and the final usage chunk (exclude_none) carries the per-request metrics."""
    with serve(flavor="vllm", steps=3, acceptance="0.6", per_request_metrics="summary") as (
        srv,
        c,
    ):
        chat = sse_events(
            c.post(
                "/v1/chat/completions",
                json={
                    "messages": [{"role": "user", "content": "hi"}],
                    "max_tokens": 40,
                    "stream": True,
                    "stream_options": {"include_usage": True},
                },
            ).text
        )
        assert chat[-1] == "[DONE]"
        role, *steps, finishing, usage = chat[:-1]
        assert role["choices"][0]["delta"] == {"role": "assistant", "content": ""}
        for chunk in [role, *steps, finishing]:
            assert "usage" not in chunk and "metrics" not in chunk
        for chunk in steps:
            choice = chunk["choices"][0]
            assert set(choice) == {"index", "delta", "logprobs", "finish_reason", "token_ids"}
            assert choice["delta"]["content"] and choice["finish_reason"] is None
        end = finishing["choices"][0]
        assert end["finish_reason"] == "length" and "stop_reason" in end
        assert end["delta"]["content"]  # the last step's text, not an empty extra chunk
        truth = srv.truth(include_requests=True)["requests"][-1]
        assert len(steps) + 1 == 1 + truth["verify_steps"]  # prefill token, then one per step
        assert usage["choices"] == [] and _no_nulls(usage)
        assert usage["usage"]["completion_tokens"] == 40
        spec = usage["metrics"]["speculative_decoding"]
        assert set(spec) == set(VLLM_SPEC_FIELDS)
        assert spec["num_spec_steps"] == truth["verify_steps"]

        comp = sse_events(
            c.post("/v1/completions", json={"prompt": "a", "max_tokens": 20, "stream": True}).text
        )
        assert comp[-1] == "[DONE]"
        *steps, finishing = comp[:-1]
        for chunk in comp[:-1]:
            assert "usage" not in chunk and "metrics" not in chunk  # no include_usage
            assert set(chunk["choices"][0]) == {
                "index",
                "text",
                "logprobs",
                "finish_reason",
                "stop_reason",
                "prompt_token_ids",
                "token_ids",
            }
            assert chunk["choices"][0]["text"]
        assert [ch["choices"][0]["finish_reason"] for ch in comp[:-1]] == [None] * len(steps) + [
            "length"
        ]
        assert "system_fingerprint" in finishing and "system_fingerprint" not in steps[0]


def load_text(path: str) -> str:
    from tests.support.refserver import DATA

    return (DATA / path).read_text(encoding="utf-8")


def test_vllm_rejects_an_unknown_model() -> None:
    with serve(flavor="vllm", steps=1, acceptance="0.5") as (_, c):
        r = c.post("/v1/completions", json={"model": "nope", "prompt": "a"})
        assert r.status_code == 404
        assert r.json()["error"]["code"] == 404


# ---------------------------------------------------------------------------- llama.cpp


def test_llamacpp_shapes_match_the_real_captures() -> None:
    with serve(flavor="llamacpp", steps=5, acceptance="0.5") as (srv, c):
        comp = c.post("/completion", json={"prompt": "the quick brown fox", "n_predict": 64}).json()
        assert missing_keys(load("llamacpp/noisy.completion.json"), comp) == []
        chat = c.post(
            "/v1/chat/completions",
            json={"messages": [{"role": "user", "content": "x"}], "max_tokens": 48},
        ).json()
        assert missing_keys(load("llamacpp/noisy.chat.json"), chat) == []
        v1 = c.post("/v1/completions", json={"prompt": "hello", "max_tokens": 48}).json()
        assert missing_keys(load("llamacpp/noisy.v1completions.json"), v1) == []
        assert c.get("/health").json() == load("llamacpp/noisy.health.json")
        slots = c.get("/slots").json()
        real_slots = load("llamacpp/noisy.slots.json")
        assert missing_keys(real_slots, slots) == []
        # /slots shows the metrics-only params (no stop, grammar, logit_bias, ...)
        assert set(slots[0]["params"]) == set(real_slots[0]["params"])
        assert slots[0]["speculative"] is True
        t = comp["timings"]
        assert t["predicted_n"] == 64 == comp["tokens_predicted"]
        assert comp["generation_settings"]["speculative.types"] == "none,draft-simple"
        truth = srv.truth(include_requests=True)
        first = truth["requests"][0]
        assert t["draft_n"] == first["drafted_tokens"] == 5 * first["verify_steps"]
        assert t["draft_n_accepted"] == first["accepted_drafts"]
        props = c.get("/props").json()
        # as llama.cpp 0c1e570: no n_max, default request settings say "none"; /slots knows
        params = props["default_generation_settings"]["params"]
        assert "speculative.n_max" not in params
        assert params["speculative.types"] == "none"
        assert props["default_generation_settings"]["speculative"] is True
        assert slots[0]["params"]["speculative.types"] == "none,draft-simple"


def test_llamacpp_streams_one_token_per_chunk_like_the_capture() -> None:
    with serve(flavor="llamacpp", steps=3, acceptance="0.9") as (_, c):
        events = sse_events(
            c.post("/completion", json={"prompt": "x", "n_predict": 16, "stream": True}).text
        )
        real = capture_events("llamacpp/noisy.completion_stream.txt")
        assert [e["tokens_predicted"] for e in events[:-1]] == list(range(1, 17))
        assert missing_keys(real[0], events[0]) == []
        assert missing_keys(real[-1], events[-1]) == []
        assert events[-1]["stop"] is True and "[DONE]" not in events
        chat = sse_events(
            c.post(
                "/v1/chat/completions",
                json={
                    "messages": [{"role": "user", "content": "x"}],
                    "max_tokens": 16,
                    "stream": True,
                },
            ).text
        )
        real_chat = capture_events("llamacpp/noisy.chat_stream.txt")
        assert chat[-1] == real_chat[-1] == "[DONE]"
        assert missing_keys(real_chat[-2], chat[-2]) == []  # usage + timings chunk
        assert chat[-2]["timings"]["draft_n"] > 0
        assert chat[-3]["choices"][0]["finish_reason"] == "length"
        assert chat[0]["choices"][0]["delta"] == real_chat[0]["choices"][0]["delta"]


def test_llamacpp_metrics_are_integer_counters_equal_to_the_truth() -> None:
    with serve(flavor="llamacpp", steps=5, acceptance="0.6") as (srv, c):
        for i in range(3):
            c.post("/completion", json={"prompt": f"p{i}", "n_predict": 30})
        page = c.get("/metrics").text
        truth = srv.truth()["counts"]
        assert f"llamacpp:spec_decode_num_drafts_total {truth['verify_steps']}\n" in page
        assert f"llamacpp:spec_decode_num_draft_tokens_total {truth['drafted_tokens']}\n" in page
        assert (
            f"llamacpp:spec_decode_num_accepted_tokens_total {truth['accepted_drafts']}\n" in page
        )
        assert "llamacpp:tokens_predicted_total 90\n" in page
        real = {
            f.name for f in text_string_to_metric_families(load_text("llamacpp/noisy.metrics.txt"))
        }
        ours = {f.name for f in text_string_to_metric_families(page)}
        assert real <= ours
        for i, n in enumerate(truth["accepted_per_position"]):
            assert (
                f'llamacpp:spec_decode_num_accepted_tokens_per_pos_total{{position="{i}"}} {n}\n'
                in page
            )


def test_llamacpp_without_speculation_has_no_draft_fields() -> None:
    with serve(flavor="llamacpp", steps=0) as (_, c):
        comp = c.post("/completion", json={"prompt": "x", "n_predict": 8}).json()
        assert "draft_n" not in comp["timings"]
        assert comp["generation_settings"]["speculative.types"] == "none"
        page = c.get("/metrics").text
        assert "llamacpp:spec_decode_num_drafts_total 0\n" in page
        assert "per_pos" not in page


# ---------------------------------------------------------------------------- common


@pytest.mark.parametrize("flavor", ["sglang", "vllm", "llamacpp"])
def test_bad_requests_are_400_in_the_flavors_shape(flavor: str) -> None:
    with serve(flavor=flavor, steps=1, acceptance="0.5", max_model_len=64) as (_, c):
        r = c.post("/v1/completions", content=b"{not json")
        assert r.status_code == 400
        r = c.post("/v1/completions", json={"prompt": "a", "max_tokens": 100})
        assert r.status_code == 400
        assert "maximum context length" in str(r.json())
        r = c.post("/v1/chat/completions", json={"messages": []})
        assert r.status_code == 400


@pytest.mark.parametrize(
    ("flavor", "path", "body"),
    [
        ("sglang", "/generate", {"text": "a", "sampling_params": {"max_new_tokens": 4}}),
        ("vllm", "/v1/completions", {"prompt": "a", "max_tokens": 4}),
        ("llamacpp", "/completion", {"prompt": "a", "n_predict": 4}),
    ],
)
def test_api_key(flavor: str, path: str, body: dict[str, Any]) -> None:
    with serve(flavor=flavor, steps=1, acceptance="0.5", api_key="s3cret") as (srv, c):
        assert c.post(path, json=body).status_code == 401
        bad = c.post(path, json=body, headers={"Authorization": "Bearer nope"})
        assert bad.status_code == 401
        ok = c.post(path, json=body, headers={"Authorization": "Bearer s3cret"})
        assert ok.status_code == 200
        assert c.get("/health").status_code == 200  # health stays public
        # Prometheus scrapes without the key on SGLang (/health* and /metrics* are exempt)
        # and vLLM (only /v1 is checked); llama.cpp guards /metrics too
        assert c.get("/metrics").status_code == (401 if flavor == "llamacpp" else 200)
        assert c.get("/_specdiag/truth").status_code == 200
        assert "s3cret" not in c.get("/_specdiag/truth").text


def test_stop_strings_finish_with_stop() -> None:
    with serve(flavor="vllm", steps=3, acceptance="0.7") as (_, c):
        full = c.post("/v1/completions", json={"prompt": "go", "max_tokens": 30}).json()
        words = full["choices"][0]["text"].split(" ")
        stop = " " + words[5]
        r = c.post(
            "/v1/completions", json={"prompt": "go", "max_tokens": 30, "stop": [stop]}
        ).json()
        choice = r["choices"][0]
        assert choice["finish_reason"] == "stop"
        assert choice["stop_reason"] == stop
        assert full["choices"][0]["text"].startswith(choice["text"])
        assert stop not in choice["text"]
        streamed = sse_events(
            c.post(
                "/v1/completions",
                json={"prompt": "go", "max_tokens": 30, "stop": [stop], "stream": True},
            ).text
        )
        assert "".join(e["choices"][0]["text"] for e in streamed[:-1]) == choice["text"]


@pytest.mark.parametrize("flavor", ["sglang", "vllm", "llamacpp"])
def test_lossless_over_http(flavor: str) -> None:
    """Greedy text is the same with speculation off, low and perfect acceptance."""
    prompts = ["the sea", "a long story about the moon and the river", "x"]

    def texts(steps: int, acc: str | None) -> list[str]:
        with serve(flavor=flavor, steps=steps, acceptance=acc) as (_, c):
            out = []
            for p in prompts:
                out.append(
                    c.post("/v1/completions", json={"prompt": p, "max_tokens": 40}).json()[
                        "choices"
                    ][0]["text"]
                )
                out.append(
                    c.post(
                        "/v1/chat/completions",
                        json={"messages": [{"role": "user", "content": p}], "max_tokens": 40},
                    ).json()["choices"][0]["message"]["content"]
                )
            return out

    base = texts(0, None)
    assert len(set(base)) == len(base)  # different prompts, different outputs
    assert texts(4, "0.3") == base
    assert texts(2, "1.0") == base


@pytest.mark.parametrize(
    ("flavor", "body"),
    [
        ("sglang", {"detail": "Not Found"}),
        ("vllm", {"detail": "Not Found"}),
        (
            "llamacpp",
            {"error": {"code": 404, "message": "File Not Found", "type": "not_found_error"}},
        ),
    ],
)
def test_unknown_paths_are_json_404s(flavor: str, body: dict[str, Any]) -> None:
    with serve(flavor=flavor, steps=1, acceptance="0.5") as (_, c):
        r = c.get("/props" if flavor != "llamacpp" else "/server_info")
        assert r.status_code == 404
        assert r.json() == body
        assert c.get("/v1/completions").status_code == 405
