"""Log lines in each engine's own format and cadence: the ``log`` templates of engine_shapes.json
(docs/reference-server.md, "Log lines", shows each flavor's lines and when they are written)."""

from __future__ import annotations

import copy
import dataclasses
import os
import sys
import time
from typing import TYPE_CHECKING, Any, TextIO

from specdiag.refserver.config import Flavor
from specdiag.refserver.engine import Totals
from specdiag.refserver.shapes import engine_shapes

if TYPE_CHECKING:
    from specdiag.refserver.engine import Engine, Request


class LogWriter:
    """Writes whole lines to a file (appending) or stderr, flushing each one."""

    def __init__(self, target: str | None) -> None:
        self._own = False
        self._stream: TextIO | None = None
        if target == "-":
            self._stream = sys.stderr
        elif target is not None:
            self._stream = open(target, "a", encoding="utf-8")  # noqa: SIM115 - closed in close()
            self._own = True

    def line(self, text: str) -> None:
        if self._stream is None:
            return
        self._stream.write(text + "\n")
        self._stream.flush()

    def close(self) -> None:
        if self._own and self._stream is not None:
            self._stream.close()
        self._stream = None


class BaseLog:
    """A flavor's log: its lines are the ``log`` templates of engine_shapes.json, formatted with
    the time stamp and the event's figures."""

    def __init__(self, engine: Engine, writer: LogWriter) -> None:
        self.config = config = engine.config
        self.w = writer
        self.pid = os.getpid()
        self.lines = engine_shapes()[config.flavor.value]["log"]
        self.marks: dict[str, tuple[Totals, float]] = {}
        self.start = (copy.deepcopy(engine.totals), time.perf_counter())

    def interval(self, engine: Engine, name: str) -> tuple[Totals, float]:
        """What the engine counted since this log's last ``name`` interval (or its start), and
        the interval's seconds (at least 1 ns); the next ``name`` interval starts now."""
        (then, t0), now = self.marks.get(name, self.start), time.perf_counter()
        self.marks[name] = (copy.deepcopy(engine.totals), now)
        delta: dict[str, Any] = {
            f.name: [a - b for a, b in zip(x, y, strict=True)] if isinstance(x, list) else x - y
            for f in dataclasses.fields(Totals)
            for x, y in [(getattr(engine.totals, f.name), getattr(then, f.name))]
        }
        return Totals(**delta), max(now - t0, 1e-9)

    def _ts(self) -> str:
        """SGLang's time stamp (vLLM and llama.cpp write their own)."""
        return time.strftime("[%Y-%m-%d %H:%M:%S]", time.localtime())

    def emit(self, event: str, **values: object) -> None:
        for template in self.lines[event]:
            self.w.line(template.format(ts=self._ts(), pid=self.pid, **values))

    def _now(self, engine: Engine) -> dict[str, Any]:
        usage = engine.kv_tokens / engine.kv_capacity
        running, queue = engine.num_running, engine.num_waiting
        return {"running": running, "queue": queue, "tokens": engine.kv_tokens, "usage": usage}

    def startup(self, url: str) -> None:
        self.emit("startup", url=url)

    def admitted(self, engine: Engine, req: Request) -> None: ...
    def prefill(self, engine: Engine, batch: list[Request]) -> None: ...
    def decode(self, engine: Engine) -> None: ...
    def finish(self, engine: Engine, req: Request) -> None: ...
    def tick(self, engine: Engine) -> None: ...


class SGLangLog(BaseLog):
    def prefill(self, engine: Engine, batch: list[Request]) -> None:
        d, elapsed = self.interval(engine, "prefill")
        new_tokens = sum(len(r.prompt_ids) for r in batch)
        figures = self._now(engine) | {"running": engine.num_running - len(batch)}
        throughput = d.prompt_tokens / elapsed
        self.emit(
            "prefill", **figures, new_seq=len(batch), new_tokens=new_tokens, throughput=throughput
        )

    def decode(self, engine: Engine) -> None:
        decoded = engine.totals.decode_steps - self.marks.get("decode", self.start)[0].decode_steps
        if decoded < self.config.decode_log_interval:
            return
        d, elapsed = self.interval(engine, "decode")
        engine.last_gen_throughput = d.completion_tokens / elapsed
        spec = ""
        if self.config.speculative and d.verify_steps > 0:
            engine.last_accept_len = d.verified_tokens / d.verify_steps
            proposed = d.verify_steps * self.config.proposed_per_step
            engine.last_accept_rate = d.accepted_drafts / proposed
            spec = self.lines["decode_spec"].format(
                accept_len=engine.last_accept_len, accept_rate=engine.last_accept_rate
            )
        self.emit("decode", **self._now(engine), spec=spec, throughput=engine.last_gen_throughput)


class VLLMLog(BaseLog):
    def _ts(self) -> str:
        return time.strftime("%m-%d %H:%M:%S", time.localtime())

    def tick(self, engine: Engine) -> None:
        d, elapsed = self.interval(engine, "tick")
        if not (d.prompt_tokens or d.completion_tokens or engine.num_running or engine.num_waiting):
            return
        figures = self._now(engine)
        self.emit(
            "stats",
            **figures,
            usage_pct=100.0 * figures["usage"],
            prompt_rate=d.prompt_tokens / elapsed,
            gen_rate=d.completion_tokens / elapsed,
        )
        if d.verify_steps > 0:
            self.emit(
                "spec",
                mean_len=1.0 + d.accepted_drafts / d.verify_steps,
                accepted_rate=d.accepted_drafts / elapsed,
                drafted_rate=d.drafted_tokens / elapsed,
                accepted=d.accepted_drafts,
                drafted=d.drafted_tokens,
                per_position=", ".join(
                    f"{c / d.verify_steps:.3f}" for c in d.accepted_per_position
                ),
                rate=100.0 * d.accepted_drafts / d.drafted_tokens,
            )


class LlamaCppLog(BaseLog):
    def _ts(self) -> str:
        us = int((time.perf_counter() - self.start[1]) * 1e6)  # since the log began
        minutes, rest = divmod(us, 60_000_000)
        seconds, rest = divmod(rest, 1_000_000)
        ms, micro = divmod(rest, 1000)
        return f"{minutes}.{seconds:02d}.{ms:03d}.{micro:03d}"

    def startup(self, url: str) -> None:
        cfg = self.config
        self.emit("startup", n_slots=cfg.max_running_requests, n_ctx=cfg.max_model_len)
        if cfg.speculative:
            self.emit("startup_speculative", steps=cfg.steps)
        self.emit("ready", url=url)

    def admitted(self, engine: Engine, req: Request) -> None:
        self.emit("admitted", slot=max(req.slot, 0), task=req.serial)

    def finish(self, engine: Engine, req: Request) -> None:
        t = timings(req)
        slot = {"slot": max(req.slot, 0), "task": req.serial}
        total_ms, total_n = t["prompt_ms"] + t["predicted_ms"], t["prompt_n"] + t["predicted_n"]
        self.emit(
            "finish", **t, **slot, total_ms=total_ms, total_n=total_n, decode_steps=req.decode_steps
        )
        if req.drafted > 0:
            self.emit(
                "finish_draft",
                **slot,
                acceptance=req.accepted / req.drafted,
                accepted=req.accepted,
                drafted=req.drafted,
                mean_len=1.0 + req.accepted / req.verify_ct if req.verify_ct else 1.0,
            )
        self.emit("release", **slot, n_tokens=total_n - 1)


def timings(req: Request) -> dict[str, float]:
    """llama.cpp's response ``timings`` for a finished request (without the draft fields)."""
    start = req.t_admitted if req.t_admitted is not None else req.arrival
    first = req.t_first_token if req.t_first_token is not None else start
    end = req.t_finished if req.t_finished is not None else time.perf_counter()
    prompt_ms = max(first - start, 0.0) * 1000.0
    predicted_ms = max(end - first, 0.0) * 1000.0
    n_prompt, n_pred = len(req.prompt_ids), len(req.out_ids)
    return {
        "cache_n": 0,
        "prompt_n": n_prompt,
        "prompt_ms": prompt_ms,
        "prompt_per_token_ms": prompt_ms / n_prompt if n_prompt else 0.0,
        "prompt_per_second": 1000.0 * n_prompt / prompt_ms if prompt_ms > 0 else 0.0,
        "predicted_n": n_pred,
        "predicted_ms": predicted_ms,
        "predicted_per_token_ms": predicted_ms / n_pred if n_pred else 0.0,
        "predicted_per_second": 1000.0 * n_pred / predicted_ms if predicted_ms > 0 else 0.0,
    }


def make_log(engine: Engine, writer: LogWriter) -> BaseLog:
    """The flavor's log, hooked to ``engine``."""
    by_flavor = {Flavor.SGLANG: SGLangLog, Flavor.VLLM: VLLMLog, Flavor.LLAMACPP: LlamaCppLog}
    log = by_flavor[engine.config.flavor](engine, writer)
    engine.hooks = log
    return log
