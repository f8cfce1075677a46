"""The serving engine: continuous batching, real speculative decoding, exact counters.

The drafter, the verifier, the timing model and the counting rules are described in
docs/reference-server.md ("How it decodes"): output is exactly the target's greedy output, and
counts are taken as the verifier decided, before a request's output is cut at ``max_tokens`` or
a stop string (vLLM's scheduler counts ``len(generated) - 1`` the same way).
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from specdiag.refserver.config import ReferenceServerConfig

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from specdiag.refserver.model import TinyLM, Tokenizer


@dataclass(eq=False)
class Request:
    """One generation request inside the engine (mutable; owned by the engine loop)."""

    serial: int  # 0, 1, 2, ... in arrival order (llama.cpp's task id)
    prompt_ids: list[int]
    max_tokens: int
    stop: tuple[str, ...]
    arrival: float
    rng: np.random.Generator  # the drafter's draws
    out_ids: list[int] = field(default_factory=list)
    text: str = ""
    finish_reason: str | None = None  # "length", "stop" or "abort"
    matched_stop: str | None = None
    # the target's hidden state after the emitted tokens (set at prefill)
    state: npt.NDArray[np.float32] | None = None
    slot: int = -1
    decode_steps: int = 0
    # speculation counters (this request)
    verify_ct: int = 0
    accepted: int = 0
    proposed: int = 0  # SGLang: verify_ct * (num_draft_tokens - 1)
    drafted: int = 0  # vLLM / llama.cpp: tokens drafted along the chain
    histogram: list[int] = field(default_factory=list)
    per_position: list[int] = field(default_factory=list)
    per_step_accepted: list[int] = field(default_factory=list)
    per_step_drafted: list[int] = field(default_factory=list)
    # timing (perf_counter seconds)
    t_admitted: float | None = None
    t_first_token: float | None = None
    t_finished: float | None = None
    updates: asyncio.Queue[int] = field(default_factory=asyncio.Queue)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def finished(self) -> bool:
        return self.finish_reason is not None

    def record(self) -> dict[str, object]:
        """Per-request ground truth."""
        return {
            "serial": self.serial,
            "prompt_tokens": len(self.prompt_ids),
            "completion_tokens": len(self.out_ids),
            "finish_reason": self.finish_reason,
            "verify_steps": self.verify_ct,
            "accepted_drafts": self.accepted,
            "proposed_drafts": self.proposed,
            "drafted_tokens": self.drafted,
            "accepted_per_position": list(self.per_position),
            "accept_histogram": list(self.histogram),
            # server-side times from submission (after the request was parsed), in ms
            "ttft_ms": (self.t_first_token - self.arrival) * 1000.0
            if self.t_first_token is not None
            else None,
            "e2e_ms": (self.t_finished - self.arrival) * 1000.0
            if self.t_finished is not None
            else None,
        }


@dataclass
class Totals:
    """Exact counts served so far (the ground truth)."""

    requests_received: int = 0
    requests_finished: int = 0
    requests_aborted: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0  # tokens in responses (after cutting at max_tokens / stop)
    prefill_steps: int = 0  # batched iterations
    decode_steps: int = 0  # batched iterations
    verify_steps: int = 0  # (request, step) pairs = SGLang spec_verify_ct = vLLM num_drafts
    drafted_tokens: int = 0  # chain tokens drafted (vLLM num_draft_tokens, llama.cpp draft_n)
    proposed_drafts: int = 0  # SGLang spec_num_proposed_drafts (num_draft_tokens - 1 per step)
    accepted_drafts: int = 0  # bonus excluded
    verified_tokens: int = 0  # accepted drafts + bonus, before cutting
    accepted_per_position: list[int] = field(default_factory=list)
    accept_histogram: list[int] = field(default_factory=list)
    busy_seconds: float = 0.0  # modelled step time, summed
    peak_running: int = 0  # largest batch served


@dataclass
class FinishedTotals:
    """Sums over finished requests (counters some engines update only when a request ends)."""

    requests: int = 0
    prompt_tokens: int = 0
    predicted_tokens: int = 0
    verify_ct: int = 0
    drafted: int = 0
    accepted: int = 0
    decode_calls: int = 0
    max_tokens: int = 0
    prompt_seconds: float = 0.0
    predicted_seconds: float = 0.0
    per_position: list[int] = field(default_factory=list)
    by_reason: dict[str, int] = field(default_factory=lambda: {"stop": 0, "length": 0, "abort": 0})


class Hooks(Protocol):
    """A flavor's log (:class:`~.logfmt.BaseLog`, which imports this module): told of each
    event the engine steps through."""

    def admitted(self, engine: Engine, req: Request) -> None: ...
    def prefill(self, engine: Engine, batch: list[Request]) -> None: ...
    def decode(self, engine: Engine) -> None: ...
    def finish(self, engine: Engine, req: Request) -> None: ...


class Engine:
    """Batches requests, runs speculative decoding and keeps every counter the APIs expose."""

    def __init__(self, config: ReferenceServerConfig, model: TinyLM, tokenizer: Tokenizer) -> None:
        self.config = config
        self.model = model
        self.tok = tokenizer
        self.k = config.steps
        self.acc = tuple(config.acceptance)
        self.waiting: collections.deque[Request] = collections.deque()
        self.running: list[Request] = []
        self.totals = Totals(
            accepted_per_position=[0] * self.k, accept_histogram=[0] * (self.k + 1)
        )
        self.finished_agg = FinishedTotals(per_position=[0] * self.k)
        self.records: collections.deque[dict[str, object]] = collections.deque(maxlen=10_000)
        self.hooks: Hooks | None = None  # the log's hooks (set by logfmt.make_log)
        self._serial = 0
        self._wake = asyncio.Event()
        self._stopping = False
        self._free_slots: list[int] = list(range(config.max_running_requests - 1, -1, -1))
        self.started = time.perf_counter()
        self.started_wall = time.time()
        # set by SGLang's decode log lines (its /metrics gauges and /server_info show them)
        self.last_accept_len = 0.0
        self.last_accept_rate = 0.0
        self.last_gen_throughput = 0.0
        self.flushed = (0, 0)  # (verified tokens, verify steps) at the last /flush_cache

    # ------------------------------------------------------------------ requests

    def submit(self, prompt_ids: list[int], max_tokens: int, stop: tuple[str, ...] = ()) -> Request:
        import numpy as np

        serial = self._serial
        self._serial += 1
        rng = np.random.default_rng(np.random.SeedSequence([self.config.seed, serial]))
        req = Request(
            serial=serial,
            prompt_ids=list(prompt_ids),
            max_tokens=max_tokens,
            stop=tuple(s for s in stop if s),
            arrival=time.perf_counter(),
            rng=rng,
            histogram=[0] * (self.k + 1),
            per_position=[0] * self.k,
        )
        self.totals.requests_received += 1
        if self._stopping:
            self._finish(req, "abort")
            return req
        self.waiting.append(req)
        self._wake.set()
        return req

    def abort(self, req: Request) -> None:
        """Stop a request (client went away). Its steps so far stay counted."""
        if req.finished:
            return
        if req in self.waiting:
            self.waiting.remove(req)
        if req in self.running:
            self.running.remove(req)
        self._finish(req, "abort")

    def stop(self) -> None:
        """Abort everything and end the loop."""
        self._stopping = True
        for req in list(self.waiting) + list(self.running):
            self.abort(req)
        self._wake.set()

    @property
    def num_running(self) -> int:
        return len(self.running)

    @property
    def num_waiting(self) -> int:
        return len(self.waiting)

    @property
    def kv_tokens(self) -> int:
        return sum(len(r.prompt_ids) + len(r.out_ids) for r in self.running)

    @property
    def kv_capacity(self) -> int:
        return self.config.max_running_requests * self.config.max_model_len

    def flush_cache(self) -> None:
        """SGLang /flush_cache: restarts the lifetime totals behind avg_spec_accept_length."""
        self.flushed = (self.totals.verified_tokens, self.totals.verify_steps)

    # ------------------------------------------------------------------ loop

    async def run(self) -> None:
        cfg = self.config
        while not self._stopping:
            if not self.waiting and not self.running:
                self._wake.clear()
                await self._wake.wait()
                continue
            t0 = time.perf_counter()
            if self.waiting and len(self.running) < cfg.max_running_requests:
                out, prefill = self._prefill_step(), True
                cost = cfg.target_step_ms / 1000.0
            else:
                out, prefill = self._decode_step(), False
                cost = (cfg.target_step_ms + self.k * cfg.draft_step_ms) / 1000.0
            self.totals.busy_seconds += cost
            # The step takes its modelled time; its tokens are delivered at its end.
            delay = t0 + cost - time.perf_counter()
            await asyncio.sleep(delay if delay > 0 else 0)
            for req, ids in out:
                self._emit(req, ids)
            if self.hooks is not None:
                if prefill:
                    self.hooks.prefill(self, [req for req, _ in out])
                else:
                    self.hooks.decode(self)
            self.running = [r for r in self.running if not r.finished]

    def _prefill_step(self) -> list[tuple[Request, list[int]]]:
        import numpy as np

        cap = self.config.max_running_requests - len(self.running)
        batch: list[Request] = []
        while self.waiting and len(batch) < cap:
            batch.append(self.waiting.popleft())
        now = time.perf_counter()
        states = []
        for req in batch:
            req.t_admitted = now
            req.slot = self._free_slots.pop() if self._free_slots else -1
            states.append(self.model.prefill(req.prompt_ids))
            self.totals.prompt_tokens += len(req.prompt_ids)
        h = np.stack(states)
        first = self.model.greedy(h)
        h = self.model.advance(h, first)
        self.totals.prefill_steps += 1
        self.totals.peak_running = max(self.totals.peak_running, len(self.running) + len(batch))
        for i, req in enumerate(batch):
            req.state = h[i]
            self.running.append(req)
            if self.hooks is not None:
                self.hooks.admitted(self, req)
        return [(req, [int(first[i])]) for i, req in enumerate(batch)]

    def _decode_step(self) -> list[tuple[Request, list[int]]]:
        import numpy as np

        batch = [r for r in self.running if not r.finished]
        self.running = batch
        h = np.stack([_prefilled(r) for r in batch])
        k = self.k
        self.totals.decode_steps += 1
        if k == 0:
            g = self.model.greedy(h)
            h = self.model.advance(h, g)
            tokens = [[int(t)] for t in g]
        else:
            n_acc, drafts, bonus, h = self._speculate(batch, h)
            self._count(batch, n_acc)
            tokens = [[*map(int, drafts[i, :n]), int(bonus[i])] for i, n in enumerate(n_acc)]
        for i, req in enumerate(batch):
            req.state = h[i]
            req.decode_steps += 1
        return list(zip(batch, tokens, strict=True))

    def _speculate(
        self, batch: list[Request], h: npt.NDArray[np.float32]
    ) -> tuple[
        npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float32]
    ]:
        """Accepted drafts per request, the drafts, the bonus tokens and the new states."""
        import numpy as np

        model, k, b = self.model, self.k, len(batch)
        rows = np.arange(b)
        draws = np.stack([r.rng.random(k) for r in batch])
        acc = np.asarray(self.acc)
        # draft
        drafts = np.empty((b, k), dtype=np.int64)
        hd = h
        for j in range(k):
            best, second = model.top2(hd)
            drafts[:, j] = np.where(draws[:, j] < acc[j], best, second)
            if j + 1 < k:
                hd = model.advance(hd, drafts[:, j])
        # verify: the target over the root and every draft position
        states = np.empty((k + 1, b, h.shape[1]), dtype=h.dtype)
        targets = np.empty((b, k + 1), dtype=np.int64)
        hv = h
        for j in range(k + 1):
            states[j] = hv
            targets[:, j] = model.greedy(hv)
            if j < k:
                hv = model.advance(hv, drafts[:, j])
        match = drafts == targets[:, :k]
        n_acc = np.cumprod(match, axis=1).sum(axis=1)
        bonus = targets[rows, n_acc]
        h_new = model.advance(states[n_acc, rows], bonus)
        return n_acc, drafts, bonus, h_new

    def _count(self, batch: list[Request], n_acc: npt.NDArray[np.int64]) -> None:
        t = self.totals
        k = self.k
        per_step_proposed = self.config.proposed_per_step
        for req, n in zip(batch, (int(x) for x in n_acc), strict=True):
            req.verify_ct += 1
            req.accepted += n
            req.proposed += per_step_proposed
            req.drafted += k
            req.histogram[n] += 1
            for i in range(n):
                req.per_position[i] += 1
                t.accepted_per_position[i] += 1
            req.per_step_accepted.append(n)
            req.per_step_drafted.append(k)
            t.accept_histogram[n] += 1
            t.accepted_drafts += n
        bs = len(batch)
        total = int(sum(int(x) for x in n_acc))
        t.verify_steps += bs
        t.drafted_tokens += bs * k
        t.proposed_drafts += bs * per_step_proposed
        t.verified_tokens += total + bs

    def _emit(self, req: Request, ids: list[int]) -> None:
        now = time.perf_counter()
        if req.finished:
            return
        if req.t_first_token is None:
            req.t_first_token = now
        room = req.max_tokens - len(req.out_ids)
        ids = ids[:room]
        before = len(req.out_ids)
        piece = self.tok.piece
        if not req.stop:
            req.out_ids.extend(ids)
            req.text += "".join(piece(t) for t in ids)  # generated tokens are whole pieces
        else:
            for tid in ids:
                req.out_ids.append(tid)
                req.text += piece(tid)
                hit = next((s for s in req.stop if s in req.text), None)
                if hit is not None:  # the text ends before the stop string
                    req.text, req.matched_stop = req.text[: req.text.find(hit)], hit
                    break
        added = len(req.out_ids) - before
        self.totals.completion_tokens += added
        if req.matched_stop is not None:
            self._finish(req, "stop")
        elif len(req.out_ids) >= req.max_tokens:
            self._finish(req, "length")
        else:
            req.updates.put_nowait(added)

    def _finish(self, req: Request, reason: str) -> None:
        req.finish_reason = reason
        req.t_finished = time.perf_counter()
        if reason == "abort":
            self.totals.requests_aborted += 1
        else:
            self.totals.requests_finished += 1
        if req.slot >= 0:
            self._free_slots.append(req.slot)
        self.records.append(req.record())
        f = self.finished_agg
        f.requests += 1
        f.prompt_tokens += len(req.prompt_ids)
        f.predicted_tokens += len(req.out_ids)
        f.verify_ct += req.verify_ct
        f.drafted += req.drafted
        f.accepted += req.accepted
        f.decode_calls += req.decode_steps + (1 if req.t_first_token is not None else 0)
        f.max_tokens = max(f.max_tokens, len(req.prompt_ids) + len(req.out_ids))
        for i, c in enumerate(req.per_position):
            f.per_position[i] += c
        if req.t_admitted is not None and req.t_first_token is not None:
            f.prompt_seconds += req.t_first_token - req.t_admitted
            f.predicted_seconds += (req.t_finished or req.t_first_token) - req.t_first_token
        if reason in f.by_reason:
            f.by_reason[reason] += 1
        if self.hooks is not None and reason != "abort":
            self.hooks.finish(self, req)
        req.updates.put_nowait(0)
        req.done.set()

    # ------------------------------------------------------------------ truth

    def truth(self, include_requests: bool = False) -> dict[str, object]:
        """The configured profile and the exact counts served so far (GET /_specdiag/truth)."""
        cfg = self.config
        t = self.totals
        prof = cfg.profile()
        steps = t.verify_steps
        measured: dict[str, object] = {
            "accept_length": (1.0 + t.accepted_drafts / steps) if steps else None,
            "accepted_drafts_per_step": (t.accepted_drafts / steps) if steps else None,
            "accept_rate": (t.accepted_drafts / t.drafted_tokens) if t.drafted_tokens else None,
            "sglang_accept_rate": (t.accepted_drafts / t.proposed_drafts)
            if t.proposed_drafts
            else None,
            "per_position_unconditional": [c / steps for c in t.accepted_per_position]
            if steps
            else [],
            "per_position_conditional": _conditional(steps, t.accepted_per_position),
            "accept_histogram_share": [c / steps for c in t.accept_histogram] if steps else [],
            "standard_error": _standard_error(t.accept_histogram),
        }
        totals = dataclasses.asdict(t)
        counts = dict(list(totals.items())[:3])  # the request counts, then the queues
        counts.update(requests_running=len(self.running), requests_waiting=len(self.waiting))
        counts.update(list(totals.items())[3:])
        doc: dict[str, object] = {
            "server": "specdiag reference-server",
            "flavor": cfg.flavor.value,
            "model": cfg.model_name,
            "uptime_s": time.perf_counter() - self.started,
            "speculative": {
                **dataclasses.asdict(cfg.speculation()),
                "expected_distribution": list(prof.distribution) if prof else [1.0],
            },
            "timing": {
                "target_step_ms": cfg.target_step_ms,
                "draft_step_ms": cfg.draft_step_ms,
                "decode_step_ms": cfg.target_step_ms + cfg.steps * cfg.draft_step_ms,
                "cost_ratio": (cfg.draft_step_ms / cfg.target_step_ms)
                if cfg.target_step_ms > 0
                else None,
            },
            "counts": counts,
            "measured": measured,
        }
        if include_requests:
            doc["requests"] = list(self.records)
        return doc


def _conditional(steps: int, per_pos: list[int]) -> list[float | None]:
    out: list[float | None] = []
    prev = steps
    for c in per_pos:
        out.append(c / prev if prev else None)
        prev = c
    return out


def _standard_error(hist: list[int]) -> float | None:
    n = sum(hist)
    if n < 2:
        return None
    mean = sum(j * c for j, c in enumerate(hist)) / n
    var = sum(c * (j - mean) ** 2 for j, c in enumerate(hist)) / n
    return math.sqrt(var / n)


def _prefilled(req: Request) -> npt.NDArray[np.float32]:
    """A running request's hidden state (every running request was prefilled)."""
    if req.state is None:
        raise RuntimeError(f"request {req.serial} is running without a prefill")
    return req.state
