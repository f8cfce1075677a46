"""Endpoints of each flavor, shaped like the engines' real responses (see the docs page), and the
starlette app that serves them."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

from specdiag.refserver.config import Flavor
from specdiag.refserver.engine import Request as EngineRequest
from specdiag.refserver.helpers import (
    SSE_DONE,
    EventStream,
    Handler,
    Reply,
    _int,
    _stop,
    chat_ids,
    check_length,
    fault_response,
    finish_body,
    guarded,
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
from specdiag.refserver.shapes import OMIT, JsonObject, engine_shapes, phrase, shape
from specdiag.refserver.state import BadRequest, ServerState

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

Route = tuple[str, Handler, list[str], bool]

CHAT_DEFAULT_MAX_TOKENS = 256


def build_app(state: ServerState) -> Starlette:
    """The starlette app: the flavor's routes, behind the key check and faults, and the truth
    endpoint."""
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.routing import Route as Endpoint

    async def truth(request: Request) -> Response:
        include = request.query_params.get("requests", "") not in ("", "0", "false", "no")
        return json_response(state.truth(include))

    served = [Endpoint("/_specdiag/truth", truth, methods=["GET"])]
    for path, handler, methods, public in routes(state):
        served.append(Endpoint(path, guarded(state, handler, public=public), methods=methods))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await state.startup()
        try:
            yield
        finally:
            await state.finish()

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        name = "not_found" if status == 404 else "method_not_allowed"
        return json_response(shape(state, name), status)  # SGLang and vLLM: FastAPI's

    return Starlette(
        routes=served, lifespan=lifespan, exception_handlers={404: not_found, 405: not_found}
    )


def routes(state: ServerState) -> list[Route]:
    by_flavor = {Flavor.SGLANG: _sglang_routes, Flavor.VLLM: _vllm_routes}
    return by_flavor.get(state.config.flavor, _llamacpp_routes)(state)


# ---------------------------------------------------------------------------- shared pieces


def _counts(req: EngineRequest) -> dict[str, int]:
    """The token counts an answer's usage (and llama.cpp's completion) gives."""
    n_p, n_c = len(req.prompt_ids), len(req.out_ids)
    return {"prompt_tokens": n_p, "completion_tokens": n_c, "total_tokens": n_p + n_c}


def _sglext(state: ServerState, req: EngineRequest) -> JsonObject:
    """SGLang's ``sglext`` (``return_spec_tokens_details``): before any verify step its unset
    values."""
    unset = shape(state, "spec_unset")
    return shape(state, "sglext", **unset | sglang_spec_fields(state, req))


def _answer(state: ServerState, req: EngineRequest) -> JsonObject:
    """The slots of a finished request's answer: its text, counts, usage and timings."""
    counts = _counts(req)
    drafts = {"draft_n": req.drafted, "draft_n_accepted": req.accepted} if req.drafted else {}
    return {
        **counts,
        "text": req.text,
        "finish_reason": req.finish_reason,
        "usage": shape(state, "usage", **counts),
        "timings": timings(req) | drafts,
    }


def _models(state: ServerState) -> JsonObject:
    return shape(
        state,
        "models",
        created=int(state.engine.started_wall),
        permission_id="modelperm-" + new_id("", Flavor.VLLM),
        n_vocab=state.tok.vocab_size,
    )


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
        self.max_tokens = max_tokens
        check_length(state, len(self.ids), max_tokens)
        n = _int(body, "n", default=1)
        if n != 1:
            raise BadRequest("only n=1 is supported by the reference server")
        self.stop = _stop(body.get("stop"))
        self.stream = bool(body.get("stream", False))
        opts = body.get("stream_options") or {}
        self.include_usage = bool(isinstance(opts, dict) and opts.get("include_usage"))
        spec_details = bool(body.get("return_spec_tokens_details", False))
        self.spec_details = spec_details and cfg.flavor is Flavor.SGLANG  # SGLang's own field
        model = body.get("model")
        if cfg.flavor is Flavor.VLLM and model not in (None, cfg.model_name):
            raise BadRequest(f"The model `{model}` does not exist.", status=404)
        self.model = (
            cfg.model_name if cfg.flavor is not Flavor.LLAMACPP else (model or cfg.model_name)
        )


def _openai_full(state: ServerState, o: OpenAIRequest, req: EngineRequest, rid: str) -> JsonObject:
    return shape(
        state,
        "chat_completion" if o.chat else "text_completion",
        **_answer(state, req),
        id=rid,
        created=int(time.time()),
        model=o.model,
        stop_reason=req.matched_stop,
        metrics=vllm_metrics(state, req),
        sglext=_sglext(state, req) if o.spec_details else OMIT,
    )


async def _openai_stream(
    state: ServerState, o: OpenAIRequest, req: EngineRequest, rid: str, fault: str | None
) -> AsyncIterator[object]:
    flavor = state.config.flavor
    head = {"id": rid, "created": int(time.time()), "model": o.model}

    def chunk(text: str, fr: str | None = None, **more: Any) -> bytes:
        """A stream chunk. vLLM dumps its chunks with exclude_unset: chat chunks carry
        stop_reason only when finishing and token_ids (null) after the role chunk, completion
        chunks set every field, no chunk has a usage key (the usage chunk at the end is
        separate), and the terminal chunk has the fingerprint unless a usage chunk follows."""
        stop = req.matched_stop if fr else None
        slots: dict[str, Any] = {"text": text, "delta": {"content": text}, "finish_reason": fr}
        slots |= {"stop_reason": stop, "final_stop_reason": stop if fr else OMIT}
        slots |= {"token_ids": None, "sglext": OMIT}
        slots["terminal_fingerprint"] = state.fingerprint if fr and not o.include_usage else OMIT
        return sse(shape(state, "chat_chunk" if o.chat else "text_chunk", **head, **slots | more))

    index = 0
    if o.chat:
        yield chunk("", delta=shape(state, "role_delta"), token_ids=OMIT)
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
                yield chunk(text, req.finish_reason)
                finished_sent = True
            elif text:
                yield chunk(text)
    if req.finish_reason == "abort":
        return
    if not finished_sent:
        sglext = _sglext(state, req) if o.spec_details else OMIT
        yield chunk("", req.finish_reason, delta=shape(state, "final_delta"), sglext=sglext)
    if flavor is Flavor.LLAMACPP or o.include_usage:  # llama.cpp sends usage unasked
        # vLLM: exclude_none (its template lists the usage keys that are set); per-request
        # metrics ride on this chunk, when set
        spec = (vllm_metrics(state, req) or {}).get("speculative_decoding")
        usage_metrics = {"speculative_decoding": spec} if spec else OMIT
        kind = "chat.completion.chunk" if o.chat else "text_completion"
        answer = _answer(state, req) | {"chunk_object": kind, "usage_metrics": usage_metrics}
        yield sse(shape(state, "usage_chunk", **head, **answer))
    yield SSE_DONE


def _openai_handler(state: ServerState, chat: bool) -> Handler:
    async def handler(request: Request) -> Reply:
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
            return EventStream(state, _openai_stream(state, o, req, rid, fault), req)
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


def _sglang_server_info(state: ServerState) -> JsonObject:
    cfg, e = state.config, state.engine
    # avg_spec_accept_length: over the verify steps since the last /flush_cache
    tokens, steps = e.totals.verified_tokens - e.flushed[0], e.totals.verify_steps - e.flushed[1]
    spec = {
        "speculative_algorithm": "EAGLE3",
        "draft_model_path": "specdiag/reference-draft",
        "num_steps": cfg.steps,
        "eagle_topk": cfg.topk,
        "num_draft_tokens": cfg.resolved_num_draft_tokens,
    }
    return shape(
        state,
        "server_info",
        **(spec if cfg.speculative else dict.fromkeys(spec)),
        host=cfg.host,
        port=cfg.port,
        seed=cfg.seed,
        decode_log_interval=cfg.decode_log_interval,
        last_gen_throughput=e.last_gen_throughput,
        kv_capacity=e.kv_capacity,
        avg_spec_accept_length=tokens / steps if cfg.speculative and steps > 0 else OMIT,
    )


def _sglang_meta(state: ServerState, req: EngineRequest, rid: str, finished: bool) -> JsonObject:
    reasons = shape(
        state, "finish_reasons", max_tokens=req.max_tokens, matched_stop=req.matched_stop
    )
    meta = shape(
        state,
        "meta_info",
        **_counts(req),
        id=rid,
        finish_reason=reasons[req.finish_reason] if finished and req.finish_reason else None,
        e2e_latency=(req.t_finished or time.perf_counter()) - req.arrival,
    )
    if finished:
        meta.update(sglang_spec_fields(state, req))
    return meta


def _sglang_routes(state: ServerState) -> list[Route]:
    async def generate(request: Request) -> Reply:
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
        check_length(state, len(ids), max_new)
        stop = _stop(sp.get("stop"))
        fault, early = await fault_response(state)
        if early is not None:
            return early
        req = state.engine.submit(ids, max_new, stop)
        rid = str(body.get("rid") or new_id("", Flavor.SGLANG))

        def _generate_body(finished: bool) -> JsonObject:
            meta = _sglang_meta(state, req, rid, finished)
            return shape(
                state, "generate", text=req.text, output_ids=list(req.out_ids), meta_info=meta
            )

        if body.get("stream"):

            async def chunks() -> AsyncIterator[object]:
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

            return EventStream(state, chunks(), req)
        return await finish_body(request, state, req, fault, lambda: _generate_body(True))

    server_info = _json(lambda: _sglang_server_info(state))
    model_info = _json(lambda: shape(state, "model_info"))

    async def flush_cache(request: Request) -> Response:
        from starlette.responses import PlainTextResponse

        e = state.engine
        if e.num_running or e.num_waiting:
            text = phrase(state, "flush_refused").format(
                waiting=e.num_waiting, running=e.num_running
            )
            return PlainTextResponse(text, status_code=400)
        e.flush_cache()
        return PlainTextResponse(phrase(state, "flush_done"))

    return [
        ("/generate", generate, ["POST"], False),
        ("/v1/completions", _openai_handler(state, chat=False), ["POST"], False),
        ("/v1/chat/completions", _openai_handler(state, chat=True), ["POST"], False),
        ("/server_info", server_info, ["GET"], False),
        ("/get_server_info", server_info, ["GET"], False),
        ("/get_model_info", model_info, ["GET"], False),
        ("/model_info", model_info, ["GET"], False),
        ("/flush_cache", flush_cache, ["POST", "GET"], False),
        ("/metrics", _metrics_handler(state), ["GET"], True),
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
        ("/metrics", _metrics_handler(state), ["GET"], True),
        ("/version", _json(lambda: shape(state, "version")), ["GET"], True),
        ("/health", _empty_ok, ["GET"], True),
    ]


# ---------------------------------------------------------------------------- llama.cpp


def _llama_settings(
    state: ServerState, n_predict: int, stream: bool, stop: tuple[str, ...], active: bool = True
) -> JsonObject:
    """llama.cpp's ``generation_settings`` / slot ``params`` (the capture's keys, in order).

    ``active=False`` for /props' default request settings, which say ``speculative.types``
    "none" even on a speculating server (as llama.cpp 0c1e570 does). 0c1e570 prints no
    n_max/n_min/p_min here; the draft length shows in the log ("n_max=K") and in /metrics'
    per-position family.
    """
    spec = "none,draft-simple" if state.config.speculative and active else "none"
    return shape(
        state,
        "generation_settings",
        stop=list(stop),
        n_predict=n_predict,
        stream=stream,
        speculative_types=spec,
    )


def _llamacpp_routes(state: ServerState) -> list[Route]:
    cfg = state.config

    def final_completion(
        req: EngineRequest, prompt_text: str, n_predict: int, stream: bool, stop: tuple[str, ...]
    ) -> JsonObject:
        return shape(
            state,
            "completion",
            **_answer(state, req),
            content="" if stream else req.text,
            id_slot=max(req.slot, 0),
            generation_settings=_llama_settings(state, n_predict, stream, stop),
            prompt=prompt_text,
            has_new_line="\n" in req.text,
            stop_type="word" if req.finish_reason == "stop" else "limit",
            stopping_word=req.matched_stop or "",
        )

    async def completion(request: Request) -> Reply:
        body = await read_json(request)
        if "prompt" not in body:
            raise BadRequest('"prompt" must be provided')
        ids = prompt_ids(state, body["prompt"])
        prompt_text = state.tok.decode(ids)
        n_predict = _int(body, "n_predict", "max_tokens", default=-1)
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

            async def chunks() -> AsyncIterator[object]:
                index = 0
                async for new in token_updates(req):
                    for tid in new:
                        if (special := stream_faults(state, fault, index)) is not None:
                            yield special  # DROP_CLOSE ends the stream there
                        index += 1
                        piece = state.tok.piece(tid)
                        n_prompt = len(req.prompt_ids)
                        yield sse(
                            shape(
                                state,
                                "completion_chunk",
                                content=piece,
                                tokens=[tid],
                                tokens_predicted=index,
                                prompt_tokens=n_prompt,
                            )
                        )
                if req.finish_reason != "abort":
                    yield sse(final_completion(req, prompt_text, n_predict, True, stop))

            return EventStream(state, chunks(), req)
        return await finish_body(
            request,
            state,
            req,
            fault,
            lambda: final_completion(req, prompt_text, n_predict, False, stop),
        )

    props = _json(
        lambda: shape(state, "props", params=_llama_settings(state, -1, False, (), active=False))
    )

    async def slots(request: Request) -> Response:
        busy = {r.slot: r for r in state.engine.running if r.slot >= 0}
        # /slots' params with only_metrics=true
        hidden = engine_shapes()["llamacpp"]["slot_hidden_params"]
        out = []
        for i in range(cfg.max_running_requests):
            r = busy.get(i)
            params = _llama_settings(state, r.max_tokens if r else -1, False, ())
            out.append(
                shape(
                    state,
                    "slot",
                    id=i,
                    is_processing=r is not None,
                    id_task=r.serial if r is not None else -1,
                    prompt_tokens=len(r.prompt_ids) if r is not None else 0,
                    params={k: v for k, v in params.items() if k not in hidden},
                    n_remain=(r.max_tokens - len(r.out_ids)) if r is not None else -1,
                    completion_tokens=len(r.out_ids) if r is not None else 0,
                )
            )
        return json_response(out)

    health = _json(lambda: shape(state, "health"))
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
        ("/models", _json(lambda: _models(state)), ["GET"], True),
        ("/v1/models", _json(lambda: _models(state)), ["GET"], True),
    ]
