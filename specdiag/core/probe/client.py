"""One probe request over async httpx: timing, streaming, bounded 429 retry, error recording.

A failed request never stops the run: it comes back as a :class:`RequestResult` with ``ok``
False and an error kind (``timeout``, ``http_500``, ``truncated_stream``, ...: docs/probe.md).

Timing (``time.perf_counter``, from the moment the request's headers start to go out on a ready
connection: httpcore's ``trace`` hook):

* TTFT: until the first chunk that carries generated text (streaming only);
* ITL: the gap between consecutive text chunks. Speculative servers stream several accepted
  tokens in one chunk, so ITL is per *chunk*, not per token;
* TPOT: (last text chunk - first text chunk) / (output tokens - 1), per token;
* end-to-end: until the last byte.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from specdiag.core.files import JsonError, loads_json
from specdiag.core.http import BodyKind, HttpFailure, aiter_lines, aread, map_error, redact_url
from specdiag.core.probe import engines
from specdiag.core.probe.engines import Api, EngineKind, RequestSpec
from specdiag.core.textenum import TextEnum
from specdiag.errors import scrub

if TYPE_CHECKING:
    from collections.abc import AsyncIterator, Coroutine

    import httpx

T = TypeVar("T")
MAX_RETRY_WAIT_S = 60.0
_timeout = getattr(asyncio, "timeout", None)
DRAIN_S = 0.25  # how long to read past a stream's end marker for the connection's reuse
_MERGED_KEYS = ("usage", "timings", "sglext", "meta_info", "metrics")


class TokensFrom(TextEnum):
    """Where a request's output-token count comes from."""

    USAGE = "usage"  # the server's own count (usage, meta_info, timings)
    CHUNKS = "chunks"  # streamed chunks counted: an undercount with speculation


@dataclass(frozen=True)
class RequestResult:
    index: int
    prompt_id: str
    category: str
    ok: bool
    error: str | None = None  # kind, see the module docstring
    detail: str | None = None  # one line for humans (no secrets)
    status: int | None = None
    attempts: int = 1
    retry_wait_s: float = 0.0
    start_s: float = 0.0  # since the start of the run
    ttft_ms: float | None = None
    e2e_ms: float | None = None
    tpot_ms: float | None = None
    itl_ms: tuple[float, ...] = ()
    chunks: int = 0
    output_tokens: int | None = None
    tokens_from: TokensFrom | None = None
    text: str | None = None
    finish_reason: str | None = None
    spec: RequestSpec | None = None
    server_timings: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class RequestJob:
    index: int
    prompt_id: str
    category: str
    path: str
    body: dict[str, object]
    stream: bool

    @property
    def ident(self) -> tuple[int, str, str]:
        """Index, prompt id and category: the first fields of the job's :class:`RequestResult`."""
        return self.index, self.prompt_id, self.category


# a request's error kind for each kind of :class:`HttpFailure` (any other: the answer was cut)
_KINDS = {
    "timeout": "timeout",
    "connect": "connect",
    "too_large": "too_large",
    "encoding": "bad_response",
    "request": "http_error",
}


class _Failure(Exception):
    """One attempt that failed: its error kind and detail; ``wait_s``: an HTTP 429 to retry
    after that long; ``reused``: no response at all on a kept-alive connection (the server may
    have closed it while idle)."""

    def __init__(
        self,
        kind: str,
        detail: str,
        status: int | None = None,
        *,
        wait_s: float | None = None,
        reused: bool = False,
    ) -> None:
        super().__init__(detail)
        self.kind, self.detail, self.status = kind, detail, status
        self.wait_s, self.reused = wait_s, reused


def retry_after_seconds(value: str | None, attempt: int) -> float:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date); backoff without one."""
    if value:
        v = value.strip()
        try:
            secs = float(v)
            if math.isfinite(secs):
                return min(max(secs, 0.0), MAX_RETRY_WAIT_S)
        except ValueError:
            pass
        try:
            when = email.utils.parsedate_to_datetime(v)
            return float(min(max(when.timestamp() - time.time(), 0.0), MAX_RETRY_WAIT_S))
        except (TypeError, ValueError, IndexError, OverflowError):
            pass
    return float(min(0.5 * 2.0**attempt, MAX_RETRY_WAIT_S))


def _snippet(raw: bytes | str, n: int = 160) -> str:
    s = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    s = " ".join(s.split())
    return s if len(s) <= n else s[: n - 3] + "..."


async def execute(
    client: httpx.AsyncClient,
    job: RequestJob,
    *,
    engine: EngineKind,
    api: Api,
    timeout_s: float,
    retries: int,
    run_start: float,
    secrets: tuple[str, ...] = (),
) -> RequestResult:
    """Send one job (with bounded 429 retries) and return what happened. Never raises."""
    import httpx

    attempts = 0
    waited = 0.0
    stale_retried = False
    start_s = time.perf_counter() - run_start

    def failed(kind: str, detail: str, status: int | None = None) -> RequestResult:
        return RequestResult(
            *job.ident,
            ok=False,
            error=kind,
            detail=scrub(detail, secrets),
            status=status,
            attempts=attempts,
            retry_wait_s=waited,
            start_s=start_s,
        )

    # a body or stream cut short after the response header arrived
    cut = "truncated_stream" if job.stream else "truncated_response"
    shown = redact_url(str(client.base_url))
    while True:
        attempts += 1
        try:
            coro = _attempt(client, job, engine, api, attempt=attempts - 1, shown=shown)
            res = await _within(coro, timeout_s)
        except _Failure as f:
            if f.wait_s is not None and attempts <= retries:
                await asyncio.sleep(f.wait_s)
                waited += f.wait_s
                continue
            # A kept-alive connection the server closed while idle (llama.cpp's HTTP server
            # closes one after 5 requests): the request never reached it; send it again, once.
            if f.reused and not stale_retried:
                stale_retried = True
                continue
            return failed(f.kind, f.detail, f.status)
        except HttpFailure as f:  # a body beyond its bounds, or one that cannot be decoded
            return failed(_KINDS.get(f.kind, cut), f.message)
        except (asyncio.TimeoutError, httpx.HTTPError) as exc:  # (the one mapping of core.http)
            mapped = map_error(exc, shown, timeout_s)
            return failed(_KINDS.get(mapped.kind, cut), mapped.message)
        if attempts > 1 or start_s:
            object.__setattr__(res, "attempts", attempts)  # res is new and not shared yet
            object.__setattr__(res, "retry_wait_s", waited)
            object.__setattr__(res, "start_s", start_s)
        return res


async def _attempt(
    client: httpx.AsyncClient,
    job: RequestJob,
    engine: EngineKind,
    api: Api,
    *,
    attempt: int,
    shown: str,
) -> RequestResult:
    import httpx

    sent = [0.0]
    fresh = [False]

    async def trace(event: str, info: dict[str, object]) -> None:
        # the clock starts when the request's first byte goes out: after the (pooled)
        # connection is ready, which is what the server's own timings see too
        if event == "http11.send_request_headers.started":
            sent[0] = time.perf_counter()
        elif event == "connection.connect_tcp.started":
            fresh[0] = True

    req = client.build_request("POST", job.path, json=job.body, extensions={"trace": trace})
    sent[0] = time.perf_counter()  # fallback for transports without httpcore's trace
    try:
        resp = await client.send(req, stream=True)
    except httpx.HTTPError as exc:
        mapped = map_error(exc, shown, 0.0)  # (a timeout is not mapped here: the caller maps it)
        if mapped.kind != "protocol":
            raise
        # no answer at all: the connection was cut before the response header
        raise _Failure("connection_reset", mapped.message, reused=not fresh[0]) from None
    t0 = sent[0]
    try:
        if resp.status_code == 429:
            body = (await aread(resp, shown, BodyKind.ERROR)).body
            wait = retry_after_seconds(resp.headers.get("retry-after"), attempt)
            raise _Failure("http_429", f"HTTP 429: {_snippet(body)}", 429, wait_s=wait)
        if resp.status_code >= 400:
            body = (await aread(resp, shown, BodyKind.ERROR)).body
            raise _Failure(
                f"http_{resp.status_code}",
                f"HTTP {resp.status_code}: {_snippet(body)}",
                resp.status_code,
            )
        ctype = resp.headers.get("content-type", "")
        if job.stream and "text/event-stream" in ctype:
            return await _read_stream(resp, job, engine, api, t0, shown)
        raw = (await aread(resp, shown, BodyKind.ANSWER)).body
        t_end = time.perf_counter()
        return _from_body(raw, job, engine, api, t0, t_end, resp.status_code)
    finally:
        await resp.aclose()


async def _drain(lines: AsyncIterator[str]) -> None:
    """Read past the end marker to the end of the body (normally already received) so the
    connection is kept alive for the next request: a new connection per request would add a
    TCP handshake to every TTFT. A server that keeps the body open is given a moment only."""
    with contextlib.suppress(Exception):  # the answer is complete; the connection just closes
        await _within(_consume(lines), DRAIN_S)


async def _consume(lines: AsyncIterator[str]) -> None:
    async for _ in lines:
        pass


async def _within(coro: Coroutine[Any, Any, T], seconds: float) -> T:
    """``await coro`` with a deadline (Python >= 3.11: ``asyncio.timeout``, no extra task)."""
    if _timeout is None:
        return await asyncio.wait_for(coro, seconds)
    async with _timeout(seconds):
        return await coro


def _counts(
    body: dict[str, object], status: int, where: str
) -> tuple[int | None, RequestSpec | None]:
    """The output tokens and speculation numbers an answer reports; a number that cannot be a
    count makes the answer a bad response."""
    try:
        return engines.completion_tokens(body), engines.extract_spec(body)
    except engines.BadNumber as exc:
        raise _Failure("bad_response", f"unusable number in {where}: {exc}", status) from None


def _from_body(
    raw: bytes, job: RequestJob, engine: EngineKind, api: Api, t0: float, t_end: float, status: int
) -> RequestResult:
    try:
        body = loads_json(raw)
    except JsonError as exc:
        raise _Failure(
            "invalid_json", f"response is not usable JSON ({exc}): {_snippet(raw)}", status
        ) from None
    if not isinstance(body, dict):
        raise _Failure("bad_response", f"unexpected response: {_snippet(raw)}", status)
    text = engines.full_text(engine, api, body)
    if text is None:
        raise _Failure(
            "bad_response", f"no generated text in the response: {_snippet(raw)}", status
        )
    ntok, spec = _counts(body, status, "the response")
    e2e = (t_end - t0) * 1000.0
    return RequestResult(
        *job.ident,
        ok=True,
        status=status,
        e2e_ms=e2e,
        tpot_ms=None,
        output_tokens=ntok,
        tokens_from=TokensFrom.USAGE if ntok is not None else None,
        text=text,
        finish_reason=engines.finish_reason(body),
        spec=spec,
        server_timings=engines.server_timings(body),
    )


async def _read_stream(
    resp: httpx.Response, job: RequestJob, engine: EngineKind, api: Api, t0: float, shown: str
) -> RequestResult:
    pieces: list[str] = []
    itl: list[float] = []
    merged: dict[str, object] = {}
    first: float | None = None
    last: float | None = None
    done = False
    finished: str | None = None
    prev_cumulative = ""
    cumulative = api is Api.NATIVE and engine is EngineKind.SGLANG
    openai = api is not Api.NATIVE
    chat = api is Api.CHAT
    lines = aiter_lines(resp, shown)
    async for line in lines:
        if not line.startswith("data:"):
            continue
        data = line[5:].strip()
        if data == "[DONE]":
            done = True
            break
        now = time.perf_counter()
        try:
            chunk = loads_json(data)
        except JsonError as exc:
            raise _Failure(
                "invalid_json",
                f"stream chunk is not usable JSON ({exc}): {_snippet(data)}",
                resp.status_code,
            ) from None
        if not isinstance(chunk, dict):
            continue
        if "error" in chunk and not chunk.get("choices"):
            raise _Failure("stream_error", f"error in stream: {_snippet(data)}", resp.status_code)
        for key in _MERGED_KEYS:
            v = chunk.get(key)
            if v is not None:
                merged[key] = v
        choices = chunk.get("choices")
        if openai and choices and type(choices) is list and type(choices[0]) is dict:
            # fast path for the OpenAI chunk shape (most chunks of most runs)
            c0 = choices[0]
            if chat:
                delta = c0.get("delta")
                piece = delta.get("content") if type(delta) is dict else None
                if not piece and type(delta) is dict:
                    piece = delta.get("reasoning_content") or delta.get("reasoning")
            else:
                piece = c0.get("text")
            if type(piece) is not str:
                piece = None
            fr = c0.get("finish_reason")
            if type(fr) is str and fr:
                finished = fr
        else:  # a native chunk, or an OpenAI one without choices (the usage chunk)
            piece = None if openai else engines.native_chunk_text(engine, chunk)
            if cumulative and piece is not None:
                piece, prev_cumulative = piece[len(prev_cumulative) :], piece
            fr = engines.finish_reason(chunk)
            if fr:
                finished = fr
        if piece:
            if first is None:
                first = now
            elif last is not None:
                itl.append((now - last) * 1000.0)
            last = now
            pieces.append(piece)
        if chunk.get("stop") is True:  # llama.cpp native final chunk
            finished = finished or "stop"
            done = True
            merged.update({k: v for k, v in chunk.items() if k in ("tokens_predicted", "timings")})
    t_end = time.perf_counter()
    if done:
        await _drain(lines)
    if not done and finished is None:
        raise _Failure(
            "truncated_stream",
            f"the stream ended after {len(pieces)} chunks without its end marker",
            resp.status_code,
        )
    ntok, spec = _counts(merged, resp.status_code, "the stream")
    tokens_from = TokensFrom.USAGE
    if ntok is None:
        ntok, tokens_from = len(pieces), TokensFrom.CHUNKS
    ttft = (first - t0) * 1000.0 if first is not None else None
    e2e = (t_end - t0) * 1000.0
    tpot = None
    if ttft is not None and ntok is not None and ntok > 1 and last is not None:
        tpot = ((last - first) * 1000.0) / (ntok - 1) if first is not None else None
    return RequestResult(
        *job.ident,
        ok=True,
        status=resp.status_code,
        ttft_ms=ttft,
        e2e_ms=e2e,
        tpot_ms=tpot,
        itl_ms=tuple(itl),
        chunks=len(pieces),
        output_tokens=ntok,
        tokens_from=tokens_from,
        text="".join(pieces),
        finish_reason=finished,
        spec=spec,
        server_timings=engines.server_timings(merged),
    )
