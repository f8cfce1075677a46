"""Endpoints of each flavor, shaped like the engines' real responses (see the docs page)."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from specdiag.refserver.config import ENGINE_VERSIONS, Flavor
from specdiag.refserver.engine import Request as EngineRequest
from specdiag.refserver.helpers import (
    SSE_DONE,
    EventStream,
    _int,
    _stop,
    chat_ids,
    check_length,
    fault_response,
    finish_body,
    json_response,
    new_id,
    prompt_ids,
    read_json,
    sglang_spec_fields,
    sse,
    stream_faults,
    token_updates,
    vllm_metrics,
)
from specdiag.refserver.logfmt import timings
from specdiag.refserver.state import BadRequest, ServerState

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response

Route = tuple[str, Callable[["Request"], Awaitable["Response"]], list[str], bool]

CHAT_DEFAULT_MAX_TOKENS = 256


def routes(state: ServerState) -> list[Route]:
    by_flavor = {Flavor.SGLANG: _sglang_routes, Flavor.VLLM: _vllm_routes}
    return by_flavor.get(state.config.flavor, _llamacpp_routes)(state)


# ---------------------------------------------------------------------------- shared pieces


def _usage(state: ServerState, req: EngineRequest) -> dict[str, Any]:
    n_p, n_c = len(req.prompt_ids), len(req.out_ids)
    flavor = state.config.flavor
    if flavor is Flavor.LLAMACPP:
        return {
            "completion_tokens": n_c,
            "prompt_tokens": n_p,
            "total_tokens": n_p + n_c,
            "prompt_tokens_details": {"cached_tokens": 0},
        }
    usage: dict[str, Any] = {
        "prompt_tokens": n_p,
        "total_tokens": n_p + n_c,
        "completion_tokens": n_c,
        "prompt_tokens_details": None,
    }
    if flavor is Flavor.SGLANG:
        usage["reasoning_tokens"] = 0
    usage["completion_tokens_details"] = None
    return usage


def _llama_timings(state: ServerState, req: EngineRequest) -> dict[str, Any]:
    t: dict[str, Any] = timings(req)
    if req.drafted > 0:
        t["draft_n"] = req.drafted
        t["draft_n_accepted"] = req.accepted
    return t


def _sglext(state: ServerState, req: EngineRequest) -> dict[str, Any]:
    f = sglang_spec_fields(state, req)
    return {
        "spec_tokens_details": {
            "spec_accept_rate": f.get("spec_accept_rate"),
            "spec_accept_length": f.get("spec_accept_length"),
            "spec_cap_length": None,
            "spec_block_accept_length": None,
            "spec_num_correct_drafts": f.get("spec_num_correct_drafts", 0),
            "spec_num_proposed_drafts": f.get("spec_num_proposed_drafts", 0),
            "spec_verify_ct": f.get("spec_verify_ct", 0),
            "spec_correct_drafts_histogram": f.get("spec_correct_drafts_histogram"),
            "spec_cap_lens_histogram": None,
        }
    }


@functools.lru_cache(maxsize=1)
def _shapes() -> dict[str, Any]:
    """The fixed parts of the engines' answers (engine_shapes.json), read once."""
    shapes: dict[str, Any] = json.loads((Path(__file__).parent / "engine_shapes.json").read_text())
    return shapes


def _models(state: ServerState) -> dict[str, Any]:
    cfg = state.config
    created = int(state.engine.started_wall)
    entry: dict[str, Any] = {"id": cfg.model_name, "object": "model", "created": created}
    if cfg.flavor is Flavor.VLLM:
        perm: dict[str, Any] = {"id": "modelperm-" + new_id("", Flavor.VLLM)}
        perm |= {"object": "model_permission", "created": created}
        perm |= _shapes()["vllm_model_permission"]
        entry |= {"owned_by": "vllm", "root": cfg.model_name, "parent": None}
        entry |= {"max_model_len": cfg.max_model_len, "permission": [perm]}
    elif cfg.flavor is Flavor.SGLANG:
        entry |= {"owned_by": "sglang", "root": cfg.model_name, "max_model_len": cfg.max_model_len}
    else:
        entry.update(
            {
                "owned_by": "llamacpp",
                "meta": {
                    "vocab_type": 2,
                    "n_vocab": state.tok.vocab_size,
                    "n_ctx_train": cfg.max_model_len,
                    "n_embd": 48,
                    "n_params": 0,
                    "size": 0,
                },
            }
        )
    return {"object": "list", "data": [entry]}


class OpenAIRequest:
    """A parsed /v1/completions or /v1/chat/completions request."""

    def __init__(self, state: ServerState, body: dict[str, Any], chat: bool) -> None:
        cfg = state.config
        self.chat = chat
        if chat:
            self.ids = chat_ids(state, body.get("messages"))
            default = min(CHAT_DEFAULT_MAX_TOKENS, max(1, cfg.max_model_len - len(self.ids)))
            max_tokens = _int(body, "max_completion_tokens", "max_tokens", default=default)
        else:
            if "prompt" not in body:
                raise BadRequest("prompt is required")
            self.ids = prompt_ids(state, body["prompt"])
            max_tokens = _int(body, "max_tokens", default=16)
        assert max_tokens is not None
        self.max_tokens = max_tokens
        check_length(state, len(self.ids), max_tokens)
        n = _int(body, "n", default=1)
        if n != 1:
            raise BadRequest("only n=1 is supported by the reference server")
        self.stop = _stop(body.get("stop"))
        self.stream = bool(body.get("stream", False))
        opts = body.get("stream_options") or {}
        self.include_usage = bool(isinstance(opts, dict) and opts.get("include_usage"))
        self.spec_details = bool(body.get("return_spec_tokens_details", False))
        model = body.get("model")
        if cfg.flavor is Flavor.VLLM and model not in (None, cfg.model_name):
            raise BadRequest(f"The model `{model}` does not exist.", status=404)
        self.model = (
            cfg.model_name if cfg.flavor is not Flavor.LLAMACPP else (model or cfg.model_name)
        )


def _head(o: OpenAIRequest, rid: str, created: int, chunk: bool) -> dict[str, Any]:
    """The first keys of a vLLM or SGLang answer (choices follow)."""
    obj = ("chat.completion.chunk" if chunk else "chat.completion") if o.chat else "text_completion"
    return {"id": rid, "object": obj, "created": created, "model": o.model}


def _llama_chunk(
    state: ServerState, o: OpenAIRequest, rid: str, created: int, choices: list[Any]
) -> dict[str, Any]:
    """A llama.cpp stream chunk's keys, in its order (usage and timings may follow)."""
    return {
        "choices": choices,
        "created": created,
        "id": rid,
        "model": o.model,
        "system_fingerprint": state.fingerprint,
        "object": "chat.completion.chunk" if o.chat else "text_completion",
    }


def _openai_full(
    state: ServerState, o: OpenAIRequest, req: EngineRequest, rid: str
) -> dict[str, Any]:
    flavor = state.config.flavor
    created = int(time.time())
    fr = req.finish_reason
    if o.chat:
        message: dict[str, Any] = {"role": "assistant", "content": req.text}
        if flavor is Flavor.VLLM:
            message.update(dict.fromkeys(("refusal", "annotations", "audio", "function_call")))
            message["reasoning"] = None
        elif flavor is Flavor.SGLANG:
            message.update({"reasoning_content": None, "tool_calls": None})
        choice: dict[str, Any] = {"index": 0, "message": message}
        choice.update({"logprobs": None, "finish_reason": fr})
    else:
        choice = {"index": 0, "text": req.text, "logprobs": None, "finish_reason": fr}
    head = {**_head(o, rid, created, chunk=False), "choices": [choice]}
    if flavor is Flavor.VLLM:
        choice.update({"stop_reason": req.matched_stop, "token_ids": None})
        if not o.chat:
            choice.update({"prompt_logprobs": None, "prompt_token_ids": None})
        choice["routed_experts"] = None
        body: dict[str, Any] = {**head, "service_tier": None}
        body.update({"system_fingerprint": state.fingerprint, "usage": _usage(state, req)})
        if o.chat:
            body.update({"prompt_logprobs": None, "prompt_token_ids": None, "prompt_text": None})
        body.update({"kv_transfer_params": None, "ec_transfer_params": None})
        body["metrics"] = vllm_metrics(state, req)
        return body
    if flavor is Flavor.SGLANG:
        choice["matched_stop"] = req.matched_stop
        body = {**head, "usage": _usage(state, req), "metadata": None}
        if o.spec_details:
            body["sglext"] = _sglext(state, req)
        return body
    # llama.cpp
    if o.chat:
        choice = {
            "finish_reason": fr,
            "index": 0,
            "message": {"role": "assistant", "content": req.text},
        }
    else:
        choice = {"text": req.text, "index": 0, "logprobs": None, "finish_reason": fr}
    return {
        "choices": [choice],
        "created": created,
        "model": o.model,
        "system_fingerprint": state.fingerprint,
        "object": "chat.completion" if o.chat else "text_completion",
        "usage": _usage(state, req),
        "id": rid,
        "timings": _llama_timings(state, req),
    }


def _chunk(
    state: ServerState,
    o: OpenAIRequest,
    rid: str,
    created: int,
    delta: str | None,
    fr: str | None,
    first: bool = False,
    req: EngineRequest | None = None,
) -> dict[str, Any]:
    flavor = state.config.flavor
    if o.chat:
        d: dict[str, Any] = {}
        if first:
            d["role"] = "assistant"
            d["content"] = None if flavor is Flavor.LLAMACPP else ""
        elif delta is not None:
            d["content"] = delta
        choice: dict[str, Any] = {"index": 0, "delta": d, "logprobs": None, "finish_reason": fr}
    else:
        choice = {"index": 0, "text": delta or "", "logprobs": None, "finish_reason": fr}
    if flavor is Flavor.LLAMACPP:
        if o.chat:
            del choice["logprobs"]  # llama.cpp's chat chunks carry none (see the capture)
        return _llama_chunk(state, o, rid, created, [choice])
    body = {**_head(o, rid, created, chunk=True), "choices": [choice]}
    if flavor is Flavor.VLLM:
        # vLLM dumps its stream choices with exclude_unset: chat chunks carry stop_reason only
        # when finishing and token_ids (null) after the role chunk; completion chunks set every
        # field. No chunk has a usage key (the usage chunk at the end is separate).
        if not o.chat:
            choice["stop_reason"] = req.matched_stop if (req is not None and fr) else None
            choice.update({"prompt_token_ids": None, "token_ids": None})
        elif not first:
            if fr:
                choice["stop_reason"] = req.matched_stop if req is not None else None
            choice["token_ids"] = None
        if fr and not o.include_usage:
            body["system_fingerprint"] = state.fingerprint  # the terminal chunk's stamp
        return body
    choice["matched_stop"] = req.matched_stop if (req is not None and fr) else None
    return {**body, "usage": None}


def _drop_nones(obj: Any) -> Any:
    """pydantic's exclude_none, recursively (vLLM's final usage chunk)."""
    if isinstance(obj, dict):
        return {k: _drop_nones(v) for k, v in obj.items() if v is not None}
    if isinstance(obj, list):
        return [_drop_nones(v) for v in obj]
    return obj


async def _openai_stream(
    state: ServerState, o: OpenAIRequest, req: EngineRequest, rid: str, fault: str | None
) -> AsyncIterator[Any]:
    flavor = state.config.flavor
    created = int(time.time())
    index = 0
    if o.chat:
        yield sse(_chunk(state, o, rid, created, None, None, first=True))
        index += 1
    sent = 0  # characters of req.text already sent (req.text is cut before a stop string)
    finished_sent = False
    async for ids in token_updates(req):
        pieces = [state.tok.piece(t) for t in ids]
        # llama.cpp streams one token per chunk; vLLM and SGLang one chunk per step
        groups = pieces if flavor is Flavor.LLAMACPP else ["".join(pieces)]
        for piece in groups:
            if (special := stream_faults(state, fault, index)) is not None:
                yield special  # DROP_CLOSE ends the stream there
            index += 1
            text = req.text[sent : sent + len(piece)]
            sent += len(text)
            if flavor is Flavor.VLLM and req.finished and req.finish_reason != "abort":
                # vLLM sends the last step's text on the chunk that carries finish_reason
                yield sse(_chunk(state, o, rid, created, text, req.finish_reason, req=req))
                finished_sent = True
            elif text:
                yield sse(_chunk(state, o, rid, created, text, None))
    if req.finish_reason == "abort":
        return
    fr = req.finish_reason
    if not finished_sent:
        final = _chunk(state, o, rid, created, "" if not o.chat else None, fr, req=req)
        if o.chat and flavor is not Flavor.LLAMACPP:
            final["choices"][0]["delta"] = {"content": ""}
        if flavor is Flavor.SGLANG and o.spec_details:
            final["sglext"] = _sglext(state, req)
        yield sse(final)
    if flavor is Flavor.LLAMACPP:
        usage = {"usage": _usage(state, req), "timings": _llama_timings(state, req)}
        yield sse(_llama_chunk(state, o, rid, created, []) | usage)
    elif o.include_usage:
        last = {**_head(o, rid, created, chunk=True), "choices": [], "usage": _usage(state, req)}
        if flavor is Flavor.VLLM:
            # vLLM: exclude_none; per-request metrics ride on this chunk (only with
            # include_usage), with just the fields that are set
            metrics = vllm_metrics(state, req)
            spec_metrics = metrics and metrics.get("speculative_decoding")
            last["system_fingerprint"] = state.fingerprint
            last["metrics"] = {"speculative_decoding": spec_metrics} if spec_metrics else None
            last = _drop_nones(last)
        yield sse(last)
    yield SSE_DONE


def _openai_handler(state: ServerState, chat: bool) -> Callable[[Request], Awaitable[Response]]:
    async def handler(request: Request) -> Response:
        o = OpenAIRequest(state, await read_json(request), chat)
        fault, early = await fault_response(state)
        if early is not None:
            return early
        req = state.engine.submit(o.ids, o.max_tokens, o.stop)
        rid = new_id(
            "chatcmpl-" if (chat or state.config.flavor is Flavor.LLAMACPP) else "cmpl-",
            state.config.flavor,
        )
        if o.stream:
            return EventStream(state, _openai_stream(state, o, req, rid, fault), req)  # type: ignore[return-value]
        return await finish_body(
            request, state, req, fault, lambda: _openai_full(state, o, req, rid)
        )

    return handler


def _json(build: Callable[[], object]) -> Callable[[Request], Awaitable[Response]]:
    """A GET handler answering ``build()`` as JSON."""

    async def handler(request: Request) -> Response:
        return json_response(build())

    return handler


async def _empty_ok(request: Request) -> Response:
    from starlette.responses import Response

    return Response(status_code=200)


def _metrics_handler(state: ServerState) -> Callable[[Request], Awaitable[Response]]:
    async def handler(request: Request) -> Response:
        from prometheus_client import CONTENT_TYPE_LATEST
        from starlette.responses import Response

        from specdiag.refserver.metrics import render

        return Response(render(state.engine, state.registry), media_type=CONTENT_TYPE_LATEST)

    return handler


# ---------------------------------------------------------------------------- sglang


def _sglang_server_info(state: ServerState) -> dict[str, Any]:
    cfg = state.config
    e = state.engine
    internal: dict[str, Any] = {
        "last_gen_throughput": e.last_gen_throughput,
        "memory_usage": {
            "weight": 0.0,
            "kvcache": 0.0,
            "token_capacity": e.kv_capacity,
            "graph": 0.0,
        },
    }
    if cfg.speculative and e.life_forward_ct > 0:
        internal["avg_spec_accept_length"] = e.life_accept_tokens / e.life_forward_ct
    return {
        "model_path": cfg.model_name,
        "tokenizer_path": cfg.model_name,
        "served_model_name": cfg.model_name,
        "host": cfg.host,
        "port": state.engine.config.port,
        "context_length": cfg.max_model_len,
        "max_running_requests": cfg.max_running_requests,
        "tp_size": 1,
        "dp_size": 1,
        "random_seed": cfg.seed,
        "decode_log_interval": cfg.decode_log_interval,
        "enable_metrics": True,
        "speculative_algorithm": "EAGLE3" if cfg.speculative else None,
        "speculative_draft_model_path": "specdiag/reference-draft" if cfg.speculative else None,
        "speculative_num_steps": cfg.steps if cfg.speculative else None,
        "speculative_eagle_topk": cfg.topk if cfg.speculative else None,
        "speculative_num_draft_tokens": cfg.resolved_num_draft_tokens if cfg.speculative else None,
        "speculative_accept_threshold_single": 1.0,
        "speculative_accept_threshold_acc": 1.0,
        "internal_states": [internal],
        "version": ENGINE_VERSIONS[Flavor.SGLANG],
    }


def _sglang_meta(
    state: ServerState, req: EngineRequest, rid: str, finished: bool
) -> dict[str, Any]:
    fr: Any = None
    if finished:
        if req.finish_reason == "length":
            fr = {"type": "length", "length": req.max_tokens}
        elif req.finish_reason == "stop":
            fr = {"type": "stop", "matched": req.matched_stop}
        else:
            fr = {"type": "abort", "message": "aborted"}
    meta: dict[str, Any] = {
        "id": rid,
        "finish_reason": fr,
        "prompt_tokens": len(req.prompt_ids),
        "weight_version": "default",
        "total_retractions": 0,
        "completion_tokens": len(req.out_ids),
        "cached_tokens": 0,
        "e2e_latency": ((req.t_finished or time.perf_counter()) - req.arrival),
    }
    if finished:
        meta.update(sglang_spec_fields(state, req))
    return meta


def _sglang_routes(state: ServerState) -> list[Route]:
    async def generate(request: Request) -> Response:
        body = await read_json(request)
        if "text" in body and body["text"] is not None:
            if isinstance(body["text"], list):
                raise BadRequest("batched /generate is not supported; send one text per request")
            if not isinstance(body["text"], str):
                raise BadRequest("text must be a string")
            ids = [state.tok.bos_id, *state.tok.encode(body["text"])]
        elif "input_ids" in body:
            ids = prompt_ids(state, body["input_ids"])
        else:
            raise BadRequest("Either text or input_ids should be provided.")
        sp = body.get("sampling_params") or {}
        if not isinstance(sp, dict):
            raise BadRequest("sampling_params must be an object")
        max_new = _int(sp, "max_new_tokens", default=128)
        assert max_new is not None
        check_length(state, len(ids), max_new)
        stop = _stop(sp.get("stop"))
        fault, early = await fault_response(state)
        if early is not None:
            return early
        req = state.engine.submit(ids, max_new, stop)
        rid = str(body.get("rid") or new_id("", Flavor.SGLANG))

        def _generate_body(finished: bool) -> dict[str, Any]:
            meta = _sglang_meta(state, req, rid, finished)
            return {"text": req.text, "output_ids": list(req.out_ids), "meta_info": meta}

        if body.get("stream"):

            async def chunks() -> AsyncIterator[Any]:
                index = 0
                async for _ in token_updates(req):
                    if (special := stream_faults(state, fault, index)) is not None:
                        yield special  # DROP_CLOSE ends the stream there
                    index += 1
                    if req.finish_reason == "abort":
                        return
                    yield sse(_generate_body(req.finished))
                if req.finish_reason != "abort":
                    yield SSE_DONE

            return EventStream(state, chunks(), req)  # type: ignore[return-value]
        return await finish_body(request, state, req, fault, lambda: _generate_body(True))

    server_info = _json(lambda: _sglang_server_info(state))
    model_info = _json(
        lambda: {
            "model_path": state.config.model_name,
            "tokenizer_path": state.config.model_name,
            "is_generation": True,
            "preferred_sampling_params": None,
            "weight_version": "default",
        }
    )

    async def flush_cache(request: Request) -> Response:
        from starlette.responses import PlainTextResponse

        e = state.engine
        if e.num_running or e.num_waiting:
            return PlainTextResponse(
                "Cache not flushed because there are pending requests. "
                f"#queue-req: {e.num_waiting}, #running-req: {e.num_running}",
                status_code=400,
            )
        e.flush_cache()
        return PlainTextResponse(
            "Cache flushed.\nPlease check backend logs for more details. (When there are running "
            "or waiting requests, the operation will not be performed.)\n"
        )

    return [
        ("/generate", generate, ["POST"], False),
        ("/v1/completions", _openai_handler(state, chat=False), ["POST"], False),
        ("/v1/chat/completions", _openai_handler(state, chat=True), ["POST"], False),
        ("/server_info", server_info, ["GET"], False),
        ("/get_server_info", server_info, ["GET"], False),
        ("/get_model_info", model_info, ["GET"], False),
        ("/model_info", model_info, ["GET"], False),
        ("/flush_cache", flush_cache, ["POST", "GET"], False),
        ("/metrics", _metrics_handler(state), ["GET"], False),
        ("/health", _empty_ok, ["GET"], True),
        ("/health_generate", _empty_ok, ["GET"], True),
        ("/v1/models", _json(lambda: _models(state)), ["GET"], False),
    ]


# ---------------------------------------------------------------------------- vllm


def _vllm_routes(state: ServerState) -> list[Route]:
    return [
        ("/v1/completions", _openai_handler(state, chat=False), ["POST"], False),
        ("/v1/chat/completions", _openai_handler(state, chat=True), ["POST"], False),
        ("/v1/models", _json(lambda: _models(state)), ["GET"], False),
        ("/metrics", _metrics_handler(state), ["GET"], False),
        ("/version", _json(lambda: {"version": ENGINE_VERSIONS[Flavor.VLLM]}), ["GET"], False),
        ("/health", _empty_ok, ["GET"], True),
    ]


# ---------------------------------------------------------------------------- llama.cpp


def _llama_settings(
    state: ServerState,
    n_predict: int,
    stream: bool,
    stop: tuple[str, ...],
    active: bool = True,
) -> dict[str, Any]:
    """llama.cpp's ``generation_settings`` / slot ``params`` (the capture's keys, in order).

    ``active=False`` for /props' default request settings, which say ``speculative.types``
    "none" even on a speculating server (as llama.cpp 0c1e570 does).
    """
    per_request = {"stop": list(stop), "max_tokens": n_predict, "n_predict": n_predict}
    # 0c1e570 prints no n_max/n_min/p_min here; the draft length shows in the log
    # ("n_max=K") and in /metrics' per-position family
    spec = "none,draft-simple" if state.config.speculative and active else "none"
    defaults = _shapes()["llamacpp_generation_settings"]
    return {**defaults, **per_request, "stream": stream, "speculative.types": spec}


# /slots shows each slot's params with only_metrics=true: these are left out (see the capture)
_SLOT_HIDDEN_PARAMS = frozenset(
    (
        "dry_sequence_breakers",
        "stop",
        "logit_bias",
        "grammar",
        "grammar_lazy",
        "grammar_triggers",
        "preserved_tokens",
    )
)


def _llamacpp_routes(state: ServerState) -> list[Route]:
    cfg = state.config

    def final_completion(
        req: EngineRequest, prompt_text: str, n_predict: int, stream: bool, stop: tuple[str, ...]
    ) -> dict[str, Any]:
        return {
            "index": 0,
            "content": "" if stream else req.text,
            "tokens": [],
            "id_slot": max(req.slot, 0),
            "stop": True,
            "model": cfg.model_name,
            "tokens_predicted": len(req.out_ids),
            "tokens_evaluated": len(req.prompt_ids),
            "generation_settings": _llama_settings(state, n_predict, stream, stop),
            "prompt": prompt_text,
            "has_new_line": "\n" in req.text,
            "truncated": False,
            "stop_type": "word" if req.finish_reason == "stop" else "limit",
            "stopping_word": req.matched_stop or "",
            "tokens_cached": len(req.prompt_ids) + len(req.out_ids),
            "timings": _llama_timings(state, req),
        }

    async def completion(request: Request) -> Response:
        body = await read_json(request)
        if "prompt" not in body:
            raise BadRequest('"prompt" must be provided')
        ids = prompt_ids(state, body["prompt"])
        prompt_text = state.tok.decode(ids)
        n_predict = _int(body, "n_predict", "max_tokens", default=-1)
        assert n_predict is not None
        if n_predict < 0:
            n_predict = cfg.max_model_len - len(ids)
        check_length(state, len(ids), n_predict)
        stop = _stop(body.get("stop"))
        stream = bool(body.get("stream", False))
        fault, early = await fault_response(state)
        if early is not None:
            return early
        req = state.engine.submit(ids, n_predict, stop)
        if stream:

            async def chunks() -> AsyncIterator[Any]:
                index = 0
                async for new in token_updates(req):
                    for tid in new:
                        if (special := stream_faults(state, fault, index)) is not None:
                            yield special  # DROP_CLOSE ends the stream there
                        index += 1
                        yield sse(
                            {
                                "index": 0,
                                "content": state.tok.piece(tid),
                                "tokens": [tid],
                                "stop": False,
                                "id_slot": -1,
                                "tokens_predicted": index,
                                "tokens_evaluated": len(req.prompt_ids),
                            }
                        )
                if req.finish_reason != "abort":
                    yield sse(final_completion(req, prompt_text, n_predict, True, stop))

            return EventStream(state, chunks(), req)  # type: ignore[return-value]
        return await finish_body(
            request,
            state,
            req,
            fault,
            lambda: final_completion(req, prompt_text, n_predict, False, stop),
        )

    async def props(request: Request) -> Response:
        return json_response(
            {
                "default_generation_settings": {
                    "id": 0,
                    "id_task": -1,
                    "n_ctx": cfg.max_model_len,
                    "speculative": cfg.speculative,
                    "is_processing": False,
                    "params": _llama_settings(state, -1, False, (), active=False),
                },
                "total_slots": cfg.max_running_requests,
                "model_path": cfg.model_name,
                "modalities": {"vision": False, "audio": False},
                "chat_template": "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}",
                "bos_token": "<|begin_of_text|>",
                "eos_token": "<|end_of_text|>",
                "build_info": ENGINE_VERSIONS[Flavor.LLAMACPP],
            }
        )

    async def slots(request: Request) -> Response:
        busy = {r.slot: r for r in state.engine.running if r.slot >= 0}
        out = []
        for i in range(cfg.max_running_requests):
            r = busy.get(i)
            out.append(
                {
                    "id": i,
                    "n_ctx": cfg.max_model_len,
                    "speculative": cfg.speculative,
                    "is_processing": r is not None,
                    "id_task": r.serial if r is not None else -1,
                    "n_prompt_tokens": len(r.prompt_ids) if r is not None else 0,
                    "n_prompt_tokens_processed": len(r.prompt_ids) if r is not None else 0,
                    "n_prompt_tokens_cache": 0,
                    "params": {
                        k: v
                        for k, v in _llama_settings(
                            state, r.max_tokens if r else -1, False, ()
                        ).items()
                        if k not in _SLOT_HIDDEN_PARAMS
                    },
                    "next_token": [
                        {
                            "has_next_token": r is not None,
                            "has_new_line": False,
                            "n_remain": (r.max_tokens - len(r.out_ids)) if r is not None else -1,
                            "n_decoded": len(r.out_ids) if r is not None else 0,
                        }
                    ],
                }
            )
        return json_response(out)

    health = _json(lambda: {"status": "ok"})
    return [
        ("/completion", completion, ["POST"], False),
        ("/completions", completion, ["POST"], False),
        ("/v1/completions", _openai_handler(state, chat=False), ["POST"], False),
        ("/v1/chat/completions", _openai_handler(state, chat=True), ["POST"], False),
        ("/chat/completions", _openai_handler(state, chat=True), ["POST"], False),
        ("/metrics", _metrics_handler(state), ["GET"], False),
        ("/props", props, ["GET"], False),
        ("/slots", slots, ["GET"], False),
        ("/health", health, ["GET"], True),
        ("/v1/health", health, ["GET"], True),
        ("/models", _json(lambda: _models(state)), ["GET"], False),
        ("/v1/models", _json(lambda: _models(state)), ["GET"], False),
    ]
