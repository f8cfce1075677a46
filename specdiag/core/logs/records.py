"""The record every parser returns: one speculative-decoding statistic from one log line.

Every record carries the accept length in ONE convention (bonus token included: tokens emitted
per request per verify step, as SGLang, vLLM >= 0.9, llama.cpp ``mean len`` and TensorRT-LLM
print it) and the accepted drafts per step (bonus excluded, ``accept_length - 1``), next to the
engine's own values, verbatim, in ``raw``.
"""

from __future__ import annotations

from dataclasses import dataclass

from specdiag.core.textenum import TextEnum
from specdiag.errors import UsageError


class LogEngine(TextEnum):
    """The engines whose logs are read (the values of specdiag.core.accept.Engine): members
    compare, hash, format and serialise (JSON, CSV, f-strings) as today's strings."""

    SGLANG = "sglang"
    VLLM = "vllm"
    LLAMACPP = "llamacpp"
    TRTLLM = "trtllm"


SGLANG = LogEngine.SGLANG
VLLM = LogEngine.VLLM
LLAMACPP = LogEngine.LLAMACPP
TRTLLM = LogEngine.TRTLLM
ENGINES: tuple[str, ...] = tuple(LogEngine)


def log_engine(engine: str | None, engine_version: str | None) -> LogEngine | None:
    """``--engine`` as a LogEngine (UsageError for another name; ``--engine-version`` needs it)."""
    if engine_version is not None and engine is None:
        raise UsageError(
            "--engine-version needs --engine", hint="e.g. --engine sglang --engine-version 0.5.10"
        )
    try:
        return None if engine is None else LogEngine(str(engine))
    except ValueError:
        raise UsageError(
            f"unknown engine {engine!r}", hint="one of " + ", ".join(ENGINES)
        ) from None


# Record kinds.
INTERVAL = "interval"  # a log interval: SGLang decode batch, vLLM SpecDecoding line
REQUEST = "request"  # one finished request: llama.cpp "draft acceptance"
STEP = "step"  # one verify step: llama.cpp LLAMA_TRACE "accepted N/M draft tokens"
ITERATION = "iteration"  # one engine iteration: TensorRT-LLM specDecodingStats
# totals since start: llama.cpp "statistics", vLLM V0 "Speculative metrics"
CUMULATIVE = "cumulative"
PER_POSITION = "per_position"  # llama.cpp "acc per pos" (belongs to the request line before it)
# Kinds beyond server logs: a benchmark tool's summary (sglang bench_serving, vllm bench serve,
# trtllm-bench, SpecForge), an example program's summary (vLLM spec_decode.py, llama.cpp
# speculative), and one response body (SGLang meta_info / sglext, vLLM metrics, llama.cpp
# timings, TensorRT-LLM per-request stats).
BENCH = "bench"
EXAMPLE = "example"
RESPONSE = "response"
KINDS = (INTERVAL, REQUEST, STEP, ITERATION, CUMULATIVE, PER_POSITION, BENCH, EXAMPLE, RESPONSE)

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
    # requests in the batch (SGLang Decode batch "#running-req"): the line's weight when lines
    # are pooled, since its accept len is over the request-steps of its interval
    batch_size: int | None = None


@dataclass(frozen=True, slots=True)
class Skipped:
    """A line that looks like a statistics line but cannot be read."""

    reason: str


@dataclass(frozen=True, slots=True)
class Unrecognised:
    """A line that names acceptance figures but in no layout known here (shown to the user)."""


# What parsing one line gives: records (usually one), a skip with its reason, a line that names
# acceptance figures in no known layout, or None for any other line.
ParseOutcome = tuple[LogRecord, ...] | Skipped | Unrecognised | None


# --------------------------------------------------------------------------- numeric range

# The one range guard: every record a parser returns passes :func:`out_of_range` first
# (LineParser.parse), so no value that reaches the summary can overflow later (a histogram bin
# of 1e308 * 1000, a float() of a 400-digit count) or mean something impossible.
MAX_DRAFT_TOKENS = 1024  # draft tokens per verify step (as expected-accept's MAX_STEPS)
MAX_ACCEPT_LENGTH = 1.0 + MAX_DRAFT_TOKENS
MAX_TOKEN_COUNT = 10**15  # accepted / drafted tokens on one line
MAX_THROUGHPUT = 1e9  # tokens/s
# inputs of at most this many bytes are held for the structure readers (logs.paste): a paste,
# a bench output, a JSON body; a larger server log is read by the line scanner alone
PASTE_MAX = 256 * 1024
MAX_TIMESTAMP = 1e11  # seconds (epoch seconds to the year 5138; llama.cpp time since start)


def out_of_range(rec: LogRecord) -> str | None:
    """The skip reason when a record holds a value outside its possible range, else None."""
    length, rate, tp, ts = rec.accept_length, rec.accept_rate, rec.throughput, rec.timestamp
    acc, dra = rec.accepted_tokens, rec.drafted_tokens
    if (
        (length is None or 1.0 <= length <= MAX_ACCEPT_LENGTH)
        and (rate is None or 0.0 <= rate <= 1.0)
        and (acc is None or 0 <= acc <= MAX_TOKEN_COUNT)
        and (dra is None or 0 <= dra <= MAX_TOKEN_COUNT)
        and (tp is None or 0.0 <= tp <= MAX_THROUGHPUT)
        and (ts is None or -MAX_TIMESTAMP <= ts <= MAX_TIMESTAMP)
        and (not rec.per_position or 0.0 <= min(rec.per_position) <= max(rec.per_position) <= 1.0)
    ):
        return None  # the common case in one expression; the reason below otherwise
    for n in (acc, dra):
        if n is not None:
            if n < 0:
                return "negative token count"
            if n > MAX_TOKEN_COUNT:
                return "number out of range (token count)"
    if (rate or 0.0) > 1.0 and (acc or 0) > (dra or 0):
        return "more tokens accepted than drafted"
    if length is not None and length < 1.0:
        return "accept length below 1 is impossible"
    for v, lo, hi, what in (  # (value, lowest, highest, its name in the skip reason)
        (length, 1.0, MAX_ACCEPT_LENGTH, "accept length"),
        (rate, 0.0, 1.0, "accept rate"),
        (tp, 0.0, MAX_THROUGHPUT, "throughput"),
        (ts, -MAX_TIMESTAMP, MAX_TIMESTAMP, "timestamp"),
    ):
        if v is not None and not lo <= v <= hi:
            return f"number out of range ({what})"
    if any(not 0.0 <= x <= 1.0 for x in rec.per_position):
        return "number out of range (per-position rate)"
    return None


# The analyzer's record streams (analyze.py re-exports them; fast.py reads them from here).
MAIN, STEPS, LIFETIME = "main", "steps", "lifetime"
