"""HTTP helpers the API handlers share: JSON and error responses, streams, faults, request parsing."""

from __future__ import annotations

import asyncio
import hmac
import json
import math
import secrets
import string
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from specdiag.refserver.config import Flavor, PerRequestMetrics
from specdiag.refserver.engine import Request as EngineRequest
from specdiag.refserver.shapes import phrase, shape
from specdiag.refserver.state import BadRequest, ServerState

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.types import Receive, Scope, Send

Handler = Callable[["Request"], Awaitable["Reply"]]

DROP_CLOSE = object()  # stream sentinel: close the connection mid-response (truncated stream)
DROP_RESET = object()  # stream sentinel: reset the connection (TCP RST)


def compact(body: object) -> str:
    """JSON as the engines send it: no spaces, non-ASCII as is."""
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


def json_response(
    body: object, status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    from starlette.responses import Response

    return Response(
        compact(body), status_code=status, media_type="application/json", headers=headers
    )


def error_response(
    state: ServerState, status: int, message: str, headers: dict[str, str] | None = None
) -> Response:
    """An error in the flavor's own shape, with the type name the engine gives ``status``."""
    types = shape(state, "error_types")
    kind = types.get(str(status), types["other"])
    return json_response(
        shape(state, "error", code=status, message=message, type=kind), status, headers
    )


SSE_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-cache"),
]


@dataclass
class EventStream:
    """A streamed response (SSE unless ``headers`` say otherwise) that aborts its engine request
    when the client goes away and honours the DROP_CLOSE / DROP_RESET sentinels (for the truncate
    / reset faults)."""

    state: ServerState
    chunks: AsyncIterator[object]
    req: EngineRequest | None
    headers: list[tuple[bytes, bytes]] = field(default_factory=lambda: SSE_HEADERS)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        watcher = asyncio.create_task(_watch_disconnect(receive, self.state, self.req))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.headers})
            async for chunk in self.chunks:
                if chunk is DROP_CLOSE or chunk is DROP_RESET:
                    await self.state.drop_and_settle(scope, reset=chunk is DROP_RESET)
                    return
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            watcher.cancel()
            aclose = getattr(self.chunks, "aclose", None)
            if aclose is not None:
                await aclose()
            if self.req is not None and not self.req.finished:
                self.state.engine.abort(self.req)


def partial_body(state: ServerState, body: bytes) -> EventStream:
    """A JSON response that sends half of ``body`` and closes the connection (truncate fault)."""

    async def half() -> AsyncIterator[object]:
        yield body[: len(body) // 2]
        yield DROP_CLOSE

    length = str(len(body)).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", length)]
    return EventStream(state, half(), None, headers)


@dataclass
class Dropped:
    """Resets the connection without answering (reset fault)."""

    state: ServerState

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.state.drop_and_settle(scope, reset=True)


# what an endpoint answers: starlette calls any ASGI app it returns, so a raw stream or a
# dropped connection is an answer as good as a starlette Response
Reply: TypeAlias = "Response | EventStream | Dropped"


async def _watch_disconnect(
    receive: Receive, state: ServerState, req: EngineRequest | None
) -> None:
    try:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                if req is not None and not req.finished:
                    state.engine.abort(req)
                return
    except Exception:  # noqa: BLE001 - the connection is gone either way
        return


def sse(obj: object) -> bytes:
    return b"data: " + compact(obj).encode() + b"\n\n"


SSE_DONE = b"data: [DONE]\n\n"


# ---------------------------------------------------------------------------- request parsing


async def read_json(request: Request) -> dict[str, object]:
    raw = await request.body()
    try:
        body = json.loads(raw or b"{}")
    except ValueError:
        raise BadRequest("request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("request body must be a JSON object")
    return body


def _int(body: dict[str, object], *names: str, default: int) -> int:
    for name in names:
        if name in body and body[name] is not None:
            v = body[name]
            if isinstance(v, bool) or not isinstance(v, int):
                raise BadRequest(f"{name} must be an integer, got {v!r}")
            return v
    return default


def _stop(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return tuple(value)
    raise BadRequest("stop must be a string or a list of strings")


def prompt_ids(state: ServerState, prompt: object) -> list[int]:
    tok = state.tok
    if isinstance(prompt, list) and len(prompt) == 1 and isinstance(prompt[0], (str, list)):
        prompt = prompt[0]
    if isinstance(prompt, str):
        return [tok.bos_id, *tok.encode(prompt)]
    if isinstance(prompt, list) and all(
        isinstance(t, int) and not isinstance(t, bool) for t in prompt
    ):
        if any(t < 0 or t >= tok.vocab_size for t in prompt):
            raise BadRequest(f"token ids must be in 0..{tok.vocab_size - 1}")
        return list(prompt)
    raise BadRequest("prompt must be a string or a list of token ids (one prompt per request)")


def chat_ids(state: ServerState, messages: object) -> list[int]:
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages must be a non-empty list")
    pairs: list[tuple[str, str]] = []
    for m in messages:
        if not isinstance(m, dict) or not isinstance(m.get("role"), str):
            raise BadRequest("each message needs a role and content")
        content = m.get("content")
        if isinstance(content, list):
            content = "".join(
                p.get("text", "")
                for p in content
                if isinstance(p, dict) and p.get("type") == "text"
            )
        if content is None:
            content = ""
        if not isinstance(content, str):
            raise BadRequest("message content must be a string or a list of text parts")
        pairs.append((m["role"], content))
    return state.tok.encode(state.tok.chat_prompt(pairs))


def check_length(state: ServerState, n_prompt: int, max_tokens: int) -> None:
    limit = state.config.max_model_len
    if max_tokens < 1:
        raise BadRequest(f"max_tokens must be at least 1, got {max_tokens}")
    if n_prompt + max_tokens > limit:
        raise BadRequest(
            f"This model's maximum context length is {limit} tokens. However, you requested "
            f"{n_prompt + max_tokens} tokens ({n_prompt} in the messages, {max_tokens} in the "
            "completion). Please reduce the length of the messages or completion."
        )


# ---------------------------------------------------------------------------- guarding


def guarded(state: ServerState, handler: Handler, *, public: bool = False) -> Handler:
    """Slow start (503), API key (401) and bad requests (400) for every flavor endpoint; a
    ``public`` endpoint needs no key (each engine's own list of them)."""

    async def endpoint(request: Request) -> Reply:
        if state.loading():
            return error_response(state, 503, phrase(state, "loading"))
        if state.config.api_key and not public:
            auth = request.headers.get("authorization", "")
            given = auth[7:] if auth.lower().startswith("bearer ") else ""
            if not hmac.compare_digest(given.encode(), state.config.api_key.encode()):
                return json_response(shape(state, "unauthorized"), 401)
        try:
            return await handler(request)
        except BadRequest as exc:
            return error_response(state, exc.status, exc.message)

    return endpoint


async def fault_response(state: ServerState) -> tuple[str | None, Reply | None]:
    """Draw this request's fault; answer it right away where the fault needs no generation."""
    mode = state.draw_fault()
    if mode == "500":
        return mode, error_response(state, 500, "Internal server error (injected fault)")
    if mode == "429":
        retry = state.config.faults.retry_after_s
        return mode, error_response(
            state,
            429,
            "Too many requests (injected fault)",
            headers={"Retry-After": str(max(0, math.ceil(retry)))},
        )
    if mode == "reset":
        return mode, Dropped(state)
    if mode == "stall" and await state.wait_shutdown(state.config.faults.stall_s):
        return mode, error_response(state, 503, "The server is shutting down")
    return mode, None


async def finish_body(
    request: Request,
    state: ServerState,
    req: EngineRequest,
    fault: str | None,
    answer: Callable[[], object],
) -> Reply:
    """Wait for ``req`` to end; then its complete JSON ``answer()``, or its faulted form."""
    watcher = asyncio.create_task(_watch_disconnect(request.receive, state, req))
    try:
        await req.done.wait()
    finally:
        watcher.cancel()
    if req.finish_reason == "abort":
        return error_response(state, 503, "The request was aborted (server shutting down)")
    body = answer()
    if fault == "invalid-json":
        from starlette.responses import Response

        text = compact(body)
        return Response(text[: max(1, len(text) // 2)], media_type="application/json")
    if fault == "truncate":
        return partial_body(state, compact(body).encode())
    return json_response(body)


async def token_updates(req: EngineRequest) -> AsyncIterator[list[int]]:
    """New output tokens as the engine delivers them, until the request ends."""
    sent = 0
    while True:
        await req.updates.get()
        n = len(req.out_ids)
        if n > sent:
            yield req.out_ids[sent:n]
            sent = n
        if req.finished:
            return


def stream_faults(state: ServerState, fault: str | None, index: int) -> object:
    """What a faulted stream does at chunk ``index`` (after the first two chunks)."""
    if fault == "truncate" and index == 2:
        return DROP_CLOSE
    if fault == "invalid-json" and index == 2:
        return b'data: {"id":"broken","choices":[{"index":0,"text":\n\n'
    return None


def new_id(prefix: str, flavor: Flavor) -> str:
    if flavor is Flavor.LLAMACPP:
        alphabet = string.ascii_letters + string.digits
        return prefix + "".join(secrets.choice(alphabet) for _ in range(32))
    if flavor is Flavor.VLLM:
        return prefix + secrets.token_hex(8)
    return uuid.uuid4().hex


def vllm_metrics(state: ServerState, req: EngineRequest) -> dict[str, object] | None:
    """vLLM's per-request ``metrics`` (``--per-request-spec-decode-metrics``)."""
    mode = state.config.per_request_metrics
    if mode is PerRequestMetrics.NONE or state.config.flavor is not Flavor.VLLM:
        return None
    spec: dict[str, object] | None = None
    if req.verify_ct > 0:
        spec = {
            "mean_acceptance_length": 1.0 + req.accepted / req.verify_ct,
            "draft_acceptance_rate": req.accepted / req.drafted if req.drafted else 0.0,
            "acceptance_histogram": list(req.histogram),
            "num_spec_steps": req.verify_ct,
            "num_accepted_draft_tokens": req.accepted,
            "num_draft_tokens": req.drafted,
            "num_spec_tokens": state.config.steps,
        }
        if mode is PerRequestMetrics.DETAILED:
            spec["per_step_accepted"] = list(req.per_step_accepted)
            spec["per_step_drafted"] = list(req.per_step_drafted)
    return shape(state, "request_metrics", speculative_decoding=spec)


def sglang_spec_fields(state: ServerState, req: EngineRequest) -> dict[str, object]:
    """SGLang 0.5.23 ``meta_info`` speculation fields (only when verify steps happened)."""
    if not state.config.speculative or req.verify_ct == 0:
        return {}
    # the real server (0.5.23, measured) ends the histogram at the largest count seen
    hist = list(req.histogram)
    while len(hist) > 1 and hist[-1] == 0:
        hist.pop()
    return {
        "spec_accept_rate": req.accepted / req.proposed if req.proposed else 0.0,
        "spec_accept_length": len(req.out_ids) / req.verify_ct,
        "spec_num_correct_drafts": req.accepted,
        "spec_num_proposed_drafts": req.proposed,
        "spec_verify_ct": req.verify_ct,
        "spec_correct_drafts_histogram": hist,
    }
