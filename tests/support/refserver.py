"""Shared helpers for the reference-server tests (no tests here)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from specdiag.refserver import ReferenceServerConfig, make_config, start_server
from tests.support import paths

DATA = paths.TEST_DATA / "refserver"


def fast_config(**kwargs: Any) -> ReferenceServerConfig:
    """A config with no modelled step time (tests run at compute speed)."""
    kwargs.setdefault("target_step_ms", 0.0)
    kwargs.setdefault("draft_step_ms", 0.0)
    return make_config(**kwargs)


@contextmanager
def serve(**kwargs: Any) -> Iterator[tuple[Any, httpx.Client]]:
    with (
        start_server(fast_config(**kwargs)) as srv,
        httpx.Client(base_url=srv.url, timeout=30) as client,
    ):
        yield srv, client


def sse_events(text: str) -> list[Any]:
    """The data payloads of an SSE body: parsed JSON, or the raw string ([DONE])."""
    out: list[Any] = []
    for block in text.split("\n\n"):
        block = block.strip()
        if not block.startswith("data: "):
            continue
        payload = block[len("data: ") :]
        out.append(payload if payload == "[DONE]" else json.loads(payload))
    return out


def load(path: str) -> Any:
    return json.loads((DATA / path).read_text(encoding="utf-8"))


def capture_events(path: str) -> list[Any]:
    return sse_events((DATA / path).read_text(encoding="utf-8"))


def missing_keys(expected: Any, actual: Any, where: str = "") -> list[str]:
    """Keys present in ``expected`` (a real capture) but absent in ``actual``, recursively
    through dicts and the first element of lists."""
    missing: list[str] = []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where} (not an object)"]
        for k, v in expected.items():
            if k not in actual:
                missing.append(f"{where}.{k}")
            elif v is not None and actual[k] is not None:
                missing += missing_keys(v, actual[k], f"{where}.{k}")
    elif isinstance(expected, list) and expected and isinstance(actual, list) and actual:
        missing += missing_keys(expected[0], actual[0], f"{where}[0]")
    return missing


def run_engine(config: ReferenceServerConfig, prompts: list[list[int]], max_tokens: int) -> Any:
    """Drive the engine directly (no HTTP): returns (engine, requests)."""
    from specdiag.refserver.engine import Engine
    from specdiag.refserver.model import TinyLM, Tokenizer

    async def main() -> Any:
        tok = Tokenizer()
        engine = Engine(config, TinyLM(tok), tok)
        task = asyncio.create_task(engine.run())
        reqs = [engine.submit(p, max_tokens) for p in prompts]
        await asyncio.gather(*(r.done.wait() for r in reqs))
        engine.stop()
        await task
        return engine, reqs

    return asyncio.run(main())
