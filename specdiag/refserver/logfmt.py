"""Log lines in each engine's own format and cadence (see docs/reference-server.md).

* sglang (0.5.23): ``[YYYY-mm-dd HH:MM:SS] Decode batch, ...`` every ``decode_log_interval``
  decode steps with the interval's accept len / accept rate, and a ``Prefill batch`` line per
  prefill step.
* vllm (0.33.0): every ``log_interval_s`` seconds with activity, the ``Engine 000: Avg prompt
  throughput`` line followed by ``SpecDecoding metrics: ...`` (when anything was drafted).
* llamacpp (0c1e57098): per request, the ``print_timing`` block ending with
  ``draft acceptance = ... mean len = ...``, with the ``M.SS.mmm.uuu I`` prefix.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, TextIO

from specdiag.refserver.config import Flavor, ReferenceServerConfig

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

    @property
    def enabled(self) -> bool:
        return self._stream is not None

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
    def __init__(self, config: ReferenceServerConfig, writer: LogWriter) -> None:
        self.config = config
        self.w = writer
        self.pid = os.getpid()

    def startup(self, url: str) -> None: ...
    def admitted(self, engine: Engine, req: Request) -> None: ...
    def prefill(self, engine: Engine, batch: list[Request]) -> None: ...
    def decode(self, engine: Engine) -> None: ...
    def finish(self, engine: Engine, req: Request) -> None: ...
    def tick(self, engine: Engine) -> None: ...


class SGLangLog(BaseLog):
    def _ts(self) -> str:
        return time.strftime("[%Y-%m-%d %H:%M:%S]", time.localtime())

    def startup(self, url: str) -> None:
        self.w.line(f"{self._ts()} The server is fired up and ready to roll!")

    def prefill(self, engine: Engine, batch: list[Request]) -> None:
        now = time.perf_counter()
        elapsed = max(now - engine.pf_started, 1e-9)
        throughput = engine.pf_tokens / elapsed
        engine.pf_tokens = 0
        engine.pf_started = now
        new_tokens = sum(len(r.prompt_ids) for r in batch)
        usage = engine.kv_tokens / engine.kv_capacity
        self.w.line(
            f"{self._ts()} Prefill batch, #new-seq: {len(batch)}, #new-token: {new_tokens}, "
            f"#cached-token: 0, token usage: {usage:.2f}, #running-req: "
            f"{engine.num_running - len(batch)}, #queue-req: {engine.num_waiting}, "
            f"#pending-token: 0, cuda graph: False, input throughput (token/s): {throughput:.2f}"
        )

    def decode(self, engine: Engine) -> None:
        if engine.iv_decode_steps < self.config.decode_log_interval:
            return
        now = time.perf_counter()
        elapsed = max(now - engine.iv_started, 1e-9)
        gen_throughput = engine.iv_gen_tokens / elapsed
        engine.last_gen_throughput = gen_throughput
        spec = ""
        if self.config.speculative and engine.iv_forward_ct > 0:
            accept_len = engine.iv_accept_tokens / engine.iv_forward_ct
            accept_rate = engine.iv_correct_drafts / (
                engine.iv_forward_ct * self.config.proposed_per_step
            )
            engine.last_accept_len = accept_len
            engine.last_accept_rate = accept_rate
            spec = f"accept len: {accept_len:.2f}, accept rate: {accept_rate:.2f}, "
        usage = engine.kv_tokens / engine.kv_capacity
        self.w.line(
            f"{self._ts()} Decode batch, #running-req: {engine.num_running}, "
            f"#token: {engine.kv_tokens}, token usage: {usage:.2f}, {spec}cuda graph: True, "
            f"gen throughput (token/s): {gen_throughput:.2f}, #queue-req: {engine.num_waiting}"
        )
        engine.iv_accept_tokens = engine.iv_correct_drafts = engine.iv_forward_ct = 0
        engine.iv_gen_tokens = engine.iv_decode_steps = 0
        engine.iv_started = now


class VLLMLog(BaseLog):
    def _prefix(self, where: str) -> str:
        ts = time.strftime("%m-%d %H:%M:%S", time.localtime())
        return f"(APIServer pid={self.pid}) INFO {ts} [{where}] "

    def startup(self, url: str) -> None:
        self.w.line(self._prefix("api_server.py:1942") + f"Starting vLLM API server 0 on {url}")

    def tick(self, engine: Engine) -> None:
        now = time.perf_counter()
        elapsed = max(now - engine.vl_started, 1e-9)
        active = (
            engine.vl_prompt_tokens
            or engine.vl_gen_tokens
            or engine.num_running
            or engine.num_waiting
        )
        if active:
            usage = 100.0 * engine.kv_tokens / engine.kv_capacity
            self.w.line(
                self._prefix("loggers.py:336")
                + f"Engine 000: Avg prompt throughput: {engine.vl_prompt_tokens / elapsed:.1f} "
                f"tokens/s, Avg generation throughput: {engine.vl_gen_tokens / elapsed:.1f} "
                f"tokens/s, Running: {engine.num_running} reqs, Waiting: {engine.num_waiting} "
                f"reqs, GPU KV cache usage: {usage:.1f}%, Prefix cache hit rate: 0.0%"
            )
            if engine.vl_drafts > 0:
                mean_len = 1.0 + engine.vl_accepted / engine.vl_drafts
                per_pos = ", ".join(f"{c / engine.vl_drafts:.3f}" for c in engine.vl_per_pos)
                rate = 100.0 * engine.vl_accepted / engine.vl_draft_tokens
                self.w.line(
                    self._prefix("metrics.py:120")
                    + f"SpecDecoding metrics: Mean acceptance length: {mean_len:.2f}, "
                    f"Accepted throughput: {engine.vl_accepted / elapsed:.2f} tokens/s, "
                    f"Drafted throughput: {engine.vl_draft_tokens / elapsed:.2f} tokens/s, "
                    f"Accepted: {engine.vl_accepted} tokens, "
                    f"Drafted: {engine.vl_draft_tokens} tokens, "
                    f"Per-position acceptance rate: {per_pos}, "
                    f"Avg Draft acceptance rate: {rate:.1f}%"
                )
        engine.vl_drafts = engine.vl_draft_tokens = engine.vl_accepted = 0
        engine.vl_per_pos = [0] * engine.k
        engine.vl_prompt_tokens = engine.vl_gen_tokens = 0
        engine.vl_started = now


class LlamaCppLog(BaseLog):
    def __init__(self, config: ReferenceServerConfig, writer: LogWriter) -> None:
        super().__init__(config, writer)
        self.t0 = time.perf_counter()

    def _ts(self) -> str:
        us = int((time.perf_counter() - self.t0) * 1e6)
        minutes, rest = divmod(us, 60_000_000)
        seconds, rest = divmod(rest, 1_000_000)
        ms, micro = divmod(rest, 1000)
        return f"{minutes}.{seconds:02d}.{ms:03d}.{micro:03d}"

    def _slot(self, func: str, req: Request) -> str:
        return (
            f"{self._ts()} I slot {func[:12]:>12}: id {max(req.slot, 0):2d} | task {req.serial} | "
        )

    def startup(self, url: str) -> None:
        cfg = self.config
        self.w.line(f"{self._ts()} I srv  {'llama_server':>12}: initializing ...")
        self.w.line(
            f"{self._ts()} I srv  {'load_model':>12}: initializing, n_slots = "
            f"{cfg.max_running_requests}, n_ctx_slot = {cfg.max_model_len}, kv_unified = 'false'"
        )
        if cfg.speculative:
            self.w.line(
                f"{self._ts()} I spec common_specu: adding speculative implementation 'draft-simple'"
            )
            self.w.line(
                f"{self._ts()} I spec common_specu: - n_max={cfg.steps}, n_min=0, p_min=0.000000"
            )
        self.w.line(f"{self._ts()} I srv  {'llama_server':>12}: model loaded")
        self.w.line(f"{self._ts()} I srv  {'llama_server':>12}: listening on {url}")

    def admitted(self, engine: Engine, req: Request) -> None:
        self.w.line(self._slot("launch_slot_", req) + "processing task, is_child = 0")

    def finish(self, engine: Engine, req: Request) -> None:
        t = timings(req)
        n_prompt, n_pred = len(req.prompt_ids), len(req.out_ids)
        pm, dm = t["prompt_ms"], t["predicted_ms"]
        timing = self._slot("print_timing", req)
        lines = [
            f"prompt eval time = {pm:10.2f} ms / {n_prompt:5d} tokens ("
            f"{t['prompt_per_token_ms']:8.2f} ms per token, {t['prompt_per_second']:8.2f} "
            "tokens per second)",
            f"       eval time = {dm:10.2f} ms / {n_pred:5d} tokens ("
            f"{t['predicted_per_token_ms']:8.2f} ms per token, "
            f"{t['predicted_per_second']:8.2f} tokens per second)",
            f"      total time = {pm + dm:10.2f} ms / {n_prompt + n_pred:5d} tokens",
            f"   graphs reused = {req.decode_steps:10d}",
        ]
        if req.drafted > 0:
            mean_len = 1.0 + req.accepted / req.verify_ct if req.verify_ct else 1.0
            lines.append(
                f"draft acceptance = {req.accepted / req.drafted:0.5f} ({req.accepted:5d} "
                f"accepted / {req.drafted:5d} generated), mean len = {mean_len:5.2f}"
            )
        for line in lines:
            self.w.line(timing + line)
        self.w.line(
            self._slot("release", req)
            + f"stop processing: n_tokens = {n_prompt + n_pred - 1}, truncated = 0"
        )


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


def make_log(config: ReferenceServerConfig, writer: LogWriter) -> BaseLog:
    by_flavor = {Flavor.SGLANG: SGLangLog, Flavor.VLLM: VLLMLog, Flavor.LLAMACPP: LlamaCppLog}
    return by_flavor[config.flavor](config, writer)
