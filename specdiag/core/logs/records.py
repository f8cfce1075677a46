"""The record every parser returns: one speculative-decoding statistic from one log line.

Every record carries the accept length in ONE convention (bonus token included: tokens emitted
per request per verify step, as SGLang, vLLM >= 0.9, llama.cpp ``mean len`` and TensorRT-LLM
print it) and the accepted drafts per step (bonus excluded, ``accept_length - 1``), next to the
engine's own values, verbatim, in ``raw``.
"""

from __future__ import annotations

from dataclasses import dataclass

# Engines (the values of specdiag.core.accept.Engine).
SGLANG = "sglang"
VLLM = "vllm"
LLAMACPP = "llamacpp"
TRTLLM = "trtllm"
ENGINES: tuple[str, ...] = (SGLANG, VLLM, LLAMACPP, TRTLLM)

# Record kinds.
INTERVAL = "interval"  # a log interval: SGLang decode batch, vLLM SpecDecoding line
REQUEST = "request"  # one finished request: llama.cpp "draft acceptance"
STEP = "step"  # one verify step: llama.cpp LLAMA_TRACE "accepted N/M draft tokens"
ITERATION = "iteration"  # one engine iteration: TensorRT-LLM specDecodingStats
CUMULATIVE = (
    "cumulative"  # totals since start: llama.cpp "statistics", vLLM V0 "Speculative metrics"
)
PER_POSITION = "per_position"  # llama.cpp "acc per pos" (belongs to the request line before it)
KINDS: tuple[str, ...] = (INTERVAL, REQUEST, STEP, ITERATION, CUMULATIVE, PER_POSITION)

# Clocks of ``LogRecord.timestamp``.
CLOCK_ABSOLUTE = "absolute"  # seconds since the epoch (UTC assumed; the log has no zone)
CLOCK_NO_YEAR = "no-year"  # vLLM prints MM-DD HH:MM:SS: the current year is assumed
CLOCK_RELATIVE = "relative"  # llama.cpp M.SS.mmm.uuu: seconds since the server started


@dataclass(frozen=True, slots=True)
class LogRecord:
    """One speculative-decoding statistic read from one log line."""

    engine: str  # sglang | vllm | llamacpp | trtllm
    kind: str  # one of KINDS
    line_no: int  # 1-based line number in its source (0 when unknown)
    source: str  # the file it came from ('-' for stdin, '' when parsed directly)
    rank: str  # SGLang "DP0 TP0" style prefix; "" for a single process
    timestamp: float | None  # seconds, see ``clock``
    clock: str | None  # CLOCK_ABSOLUTE | CLOCK_NO_YEAR | CLOCK_RELATIVE | None
    time_text: str | None  # the timestamp as printed
    version_guess: str | None  # e.g. "sglang >= 0.5.11", "vllm 0.8.5"
    accept_length: float | None  # bonus INCLUDED: tokens per request per verify step
    accepted_drafts: float | None  # bonus EXCLUDED: accepted draft tokens per verify step
    accept_rate: float | None  # accepted drafts / proposed drafts (one convention for all)
    accepted_tokens: int | None  # accepted draft tokens, where the line prints counts
    drafted_tokens: int | None  # proposed draft tokens, where the line prints counts
    per_position: tuple[float, ...]  # P(position i accepted), unconditional
    per_position_conditional: tuple[float, ...]  # P(position i accepted | i-1 accepted)
    cuda_graph: bool | None  # SGLang "cuda graph: True/False" (or cpu/npu/musa graph)
    throughput: float | None  # SGLang gen throughput; vLLM accepted throughput (token/s)
    raw: tuple[tuple[str, str], ...]  # the engine's own fields, verbatim
    notes: tuple[str, ...]  # what was inferred, and why


@dataclass(frozen=True, slots=True)
class Skipped:
    """A line that looks like a statistics line but cannot be read."""

    reason: str
