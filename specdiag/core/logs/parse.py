"""Pure line -> record parsing with per-line engine detection (docs/logs.md, "Code").

:class:`LineParser` reads the lines of ONE source (a file or stdin) in order and remembers what
one line cannot say (SGLang's accept-rate formula, vLLM 0.8.5's bonus-less length, llama.cpp's
two-line form, vLLM V0's cumulative counters). :meth:`LineParser.parse` returns a tuple of
:class:`LogRecord`, a :class:`Skipped` (statistics that cannot be read) or ``None`` (any other
line); it never raises.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import Literal

from specdiag.core.accept import (
    parse_version,
    sglang_rate_formula,
    to_conditional,
    vllm_length_is_bonus_less,
)
from specdiag.core.logs import formats as F
from specdiag.core.logs import grammar as G
from specdiag.core.logs import patterns as P
from specdiag.core.logs.infer import (
    NEW,
    OLD,
    SGLangRateInference,
    SGLangRates,
    normalised_sglang_rate,
)
from specdiag.core.logs.records import (
    CLOCK_ABSOLUTE,
    CLOCK_NO_YEAR,
    CLOCK_RELATIVE,
    CUMULATIVE,
    INTERVAL,
    LLAMACPP,
    MAX_TOKEN_COUNT,
    PER_POSITION,
    REQUEST,
    SGLANG,
    STEP,
    TRTLLM,
    VLLM,
    LogRecord,
    ParseOutcome,
    Skipped,
    Unrecognised,
    log_engine,
    out_of_range,
)

_QUOTED = frozenset(">|`*+-")
_Raw = tuple[tuple[str, str], ...]  # a record's fields as printed
_Line = ParseOutcome | LogRecord  # a server line's reader: one record is given bare


def _guard(out: ParseOutcome) -> ParseOutcome:
    """The one numeric-range guard (records.out_of_range) over a parse outcome."""
    if type(out) is tuple:
        for rec in out:
            why = out_of_range(rec)
            if why is not None:
                return Skipped(why)
    return out


def _only(out: ParseOutcome, engine: str | None) -> ParseOutcome:
    """The records of ``engine`` (all when None; None when none is left)."""
    if engine is None or type(out) is not tuple:
        return out
    return tuple(r for r in out if r.engine == engine) or None


_MALFORMED = (ValueError, IndexError, KeyError, TypeError, OverflowError, RecursionError)
_CUT_LAST = frozenset(",:=( \r\t")
_STAMP = re.compile(r"\d+\.\d\d\.\d{3}\.\d{3} |\d{4}-\d\d-\d\d|\d\d-\d\d \d\d:")
_MARKS = (
    "Decode batch",
    "SpecDecoding metrics",
    "Speculative metrics",
    "draft acceptance",
    "acc per pos",
    "#calls(b,g,a)",
    "#calls = ",
    "specDecodingStats",
    "spec_decoding_stats",
)


def _quoted_span(text: str) -> str:
    """A statistics line quoted in a code span inside prose ('> `SpecDecoding metrics: ...` at
    step 4'): the line up to the span's end; the words after it are the quoter's, not the
    line's fields (kept when they hold fields of their own: 'key: value')."""
    for m in _CODE_SPAN.finditer(text):
        span = m.group(1)
        if any(mark in span for mark in _MARKS):
            rest = text[m.end() :]
            return text[: m.end()] if ": " not in rest else text
    return text


_CODE_SPAN = re.compile(r"`([^`]+)`")


def _quoted_lines(text: str) -> list[str]:
    """Two or more code spans of one prose line that each hold a server mark ('the output was
    `draft acceptance rate = ...` `statistics ngram-mod: #calls(b,g,a) = ...`'): each span is a
    log line of its own (a span quoted twice, word for word, is one). Fewer than two: []."""
    spans: dict[str, None] = {}  # (in the line's order)
    for m in _CODE_SPAN.finditer(text):
        span = m.group(1).strip()
        if span not in spans and any(mark in span for mark in _MARKS):
            spans[span] = None
    return list(spans) if len(spans) > 1 else []


def _is_cut(text: str) -> bool:
    """A statistics line that stops mid-field (',', ':', '=' or '('): it waits for its next
    line (joined when that continues it, else read alone). SGLang 0.5.5's complete line ends
    with ', ' after #queue-req. (The caller checks the last character first: _CUT_LAST.)"""
    t = text.rstrip(" \r\t")
    return t.endswith((",", ":", "=", "(")) and "#queue-req" not in t


def _continues(text: str) -> bool:
    """Whether a line can be the rest of a line cut in two: no logger prefix or layout mark of
    its own."""
    t = text.lstrip()
    if not t or t[0] in "[({" or _STAMP.match(t) or "INFO" in t:
        return False
    return not any(m in t for m in _MARKS)


# Notes (constant strings, so records share them).
N_VLLM_085 = (
    "vLLM 0.8.5 printed 'Mean acceptance length' without the bonus token "
    "(it equals the sum of the per-position rates): 1 was added"
)
N_VLLM_085_AMBIG = (
    "no per-position rates to tell vLLM 0.8.5 (bonus-less length) from >= 0.9; "
    "read as bonus included"
)
N_VLLM_EARLY = "early vLLM V1 line: no mean acceptance length, only the rate"
N_VLLM_V0_DELTA = (
    "vLLM V0 counters are cumulative: this record is the difference from the previous line"
)
N_VLLM_V0_FIRST = "vLLM V0 counters are cumulative: first line, totals since start"
N_VLLM_V0_NOLEN = (
    "this vLLM V0 line prints no speculative-token count or no emitted tokens: accept length "
    "unknown, only the rate"
)
N_SGL_04 = "SGLang 0.4.x prints no accept rate"
N_SGL_AMBIG = "accept-rate formula ambiguous on this line; used the one the other lines imply"
N_SGL_NOFIT = "accept rate fits no known SGLang formula; normalised rate unknown"
SGL_NOTES = ((), (N_SGL_NOFIT,), (N_SGL_AMBIG,))  # by the rule's note (infer.NOTE_*)
N_LLAMA_NOLEN = "this llama.cpp version prints no mean len; accept length unknown for this request"
N_LLAMA_CUMUL = "llama.cpp statistics line: totals since the server started"
N_RATE_CLAMP = "per-position rates rise with position (rounding): made non-increasing"

_CLOCK_OF: dict[str, str] = {SGLANG: CLOCK_ABSOLUTE, VLLM: CLOCK_NO_YEAR, LLAMACPP: CLOCK_RELATIVE}

LLAMA_MEAN_LEN = "llama.cpp >= 0c1e570 (mean len)"
LLAMA_NO_MEAN_LEN = "llama.cpp 7c158fb (no mean len)"
LLAMA_ONE_CALLS = "llama.cpp statistics, older form ('#calls = N')"
SGL_VERSION_04 = "sglang 0.4.x"
SGL_VERSION_055 = "sglang 0.5.5-0.5.9"
SGL_VERSION_0510 = "sglang 0.5.10"
SGL_VERSION_0511 = "sglang >= 0.5.11"
SGL_VERSION_NEWISH = "sglang >= 0.5.10"
SGL_VERSION_DERIVED = "sglang-derived ('Decode batch.' with an accept rate: TokenSpeed, fastrl)"
_SGL_VERSION_OF = {NEW: SGL_VERSION_0511, OLD: SGL_VERSION_0510}  # by the rate's formula
_SGL_TP = "gen throughput (token/s)"
_When = tuple[float | None, str | None]  # (timestamp, the time as printed)
_NO_TIME: _When = (None, None)
# the fields each layout's reader wants (found by name: _by_name)
_SGL_WANTS = frozenset((G.F.LENGTH, G.F.RATE))
# the head of LMDeploy's stats logger line ('[2026-01-02 03:04:05 DP0] Avg thr (in/out): ...,
# SpecDecoding metrics: ...', lmdeploy/metrics/loggers.py): vLLM's fields after another tool's
_LMDEPLOY_HEAD = "Avg thr (in/out): "
_VLLM_WANTS = frozenset((G.F.ACCEPTED, G.F.DRAFTED, G.F.PER_POSITION, G.F.LENGTH, G.F.RATE))
_V0_WANTS = frozenset((G.F.K, G.F.ACCEPTED, G.F.DRAFTED, G.F.EMITTED))
_STATS_WANTS = frozenset((G.F.STEPS, G.F.DRAFTED, G.F.ACCEPTED, G.F.LENGTH, G.F.PER_POSITION))
# llama.cpp's patterns' groups and the keys the engine prints them under
_LLAMA_REQUEST_KEYS = (("ratio", "draft acceptance"), ("acc", "accepted"), ("gen", "generated"))
_LLAMA_PP = ("pp", "acceptance rate per position")
_LLAMA_STATS_KEYS = (
    ("impl", "impl"),
    ("calls", "#calls(b,g,a)"),
    ("calls1", "#calls"),
    ("gd", "#gen drafts"),
    ("ad", "#acc drafts"),
    ("gt", "#gen tokens"),
    ("at", "#acc tokens"),
    ("mlen", "#mean acc len"),
    ("pp", "#acc rate/pos"),
)
_BOOLS = {"True": True, "False": False}


def strip_ansi(text: str) -> str:
    return P.ANSI.sub("", text) if "\x1b" in text else text


def _float(text: str) -> float | None:
    """A number as printed; None for text or NaN. An infinite value (a 400-digit number, "inf")
    is returned as it is: the record's range guard turns it into a reported skip."""
    try:
        v = float(text)
    except ValueError:
        return None
    return None if v != v else v


def _batch_size(text: str | None) -> int | None:
    """SGLang's ``#running-req`` (ASCII digits, at most MAX_TOKEN_COUNT), else None: the line
    then weighs nothing when lines are pooled."""
    t = (text or "").strip()
    if t.isascii() and t.isdigit() and len(t) <= 16 and int(t) <= MAX_TOKEN_COUNT:
        return int(t)
    return None


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _float_list(text: str) -> tuple[float, ...] | None:
    """'0.720, 0.480' -> (0.72, 0.48); None unless every item is a rate (a hair above 1 from
    rounding is clamped to 1)."""
    if not text or text.isspace():
        return ()
    try:
        vals = tuple(map(float, text.split(",")))
    except ValueError:
        return None
    if not all(0.0 <= v <= 1.0 + 1e-9 for v in vals):  # (also rejects nan and inf)
        return None
    return tuple(min(v, 1.0) for v in vals)


def conditional_rates(unconditional: Sequence[float]) -> tuple[tuple[float, ...], bool]:
    """Unconditional per-position rates -> conditional ones (the accept core does the math).

    Printed rates are rounded, so a later position can read a hair above an earlier one; they
    are made non-increasing first (the second value says whether that was needed).
    """
    prev = list(accumulate(unconditional, lambda p, r: min(r, p), initial=1.0))
    changed = any(r > p for p, r in zip(prev, unconditional, strict=False))
    return to_conditional(prev[1:]), changed


# an elision in a quoted statistics line ('a: 1 ... c: 4', 'a: 1, [...], c: 4', 'a: 1 … c: 4'):
# the fields left out are absent (never zero); a list cut by it is absent too
_ELISION = re.compile(r"\s*,?\s*(?:\[(?:\.\.\.|…)\]|\((?:\.\.\.|…)\)|\.{3,}|…)\s*,?\s*")


def _fields(body: str) -> dict[str, str]:
    """'a: 1, b: 2, 3, c: 4' -> {'a': '1', 'b': '2, 3', 'c': '4'} (lists continue the last key).

    An elision ('...', '…', '[...]') between fields (a quoted line shortened by its quoter)
    separates them: 'a: 1 ... c: 4' -> {'a': '1', 'c': '4'}; a field whose value the elision
    cuts (a list, or a key with no value before it) is left out, and so is the orphan tail of
    a list after it."""
    if "…" in body or "..." in body:
        out: dict[str, str] = {}
        pieces = _ELISION.split(body)
        for i, piece in enumerate(pieces):
            f = _plain_fields(piece)
            if i + 1 < len(pieces) and f:
                last_key = next(reversed(f))
                if not f[last_key] or ", " in f[last_key]:
                    del f[last_key]  # a list (or an empty value) the elision cuts
            for key, value in f.items():
                out.setdefault(key, value)
        return out
    return _plain_fields(body)


def _plain_fields(body: str) -> dict[str, str]:
    """:func:`_fields` of a body without an elision."""
    out: dict[str, str] = {}
    last = None
    for part in body.split(", "):
        key, sep, value = part.partition(": ")
        if sep:
            out[key] = value
            last = key
        elif last is not None and part:
            out[last] = out[last] + ", " + part
    return out


def _by_name(f: dict[str, str], body: str, wanted: frozenset[G.F]) -> dict[G.F, str]:
    """Each wanted field's text: its key found in the grammar's one synonym table (the first
    such key of the line wins), else, for a field the split did not find (another separator,
    a fork's layout), the grammar's reading of the body; a percentage keeps its '%'."""
    out = {c: f[key] for c, key in _keys_of(tuple(f), wanted)}
    if len(out) < len(wanted) and body and ("..." in body or "…" in body):
        body = ", ".join(f"{k}: {v}" for k, v in f.items())  # the fields an elision left whole
    if len(out) < len(wanted) and body:
        for c, fl in G.by_field(G.fields(body)).items():
            if c not in out and c in wanted:
                out[c] = fl.text + "%" if fl.percent and not fl.text.endswith("%") else fl.text
    return out


@lru_cache(maxsize=1024)
def _keys_of(keys: tuple[str, ...], wanted: frozenset[G.F]) -> tuple[tuple[G.F, str], ...]:
    """(field, its key) for each wanted field among a line's keys (a layout's keys repeat from
    line to line: looked up once)."""
    out: dict[G.F, str] = {}
    for key in keys:
        c = G.canonical(key)
        if c in wanted and c not in out:
            out[c] = key
    return tuple(out.items())


def _groups(m: re.Match[str], names: tuple[tuple[str, str], ...]) -> _Raw:
    """A pattern's groups as the engine prints them: (its key, the value) of those matched."""
    return tuple([(key, v) for group, key in names if (v := m.group(group)) is not None])


@lru_cache(maxsize=4096)
def _day_epoch(date: str) -> float | None:
    """'2026-11-29' -> seconds since the epoch at 00:00 UTC (None if invalid)."""
    try:
        y, m, d = int(date[0:4]), int(date[5:7]), int(date[8:10])
        return _dt.datetime(y, m, d, tzinfo=_dt.timezone.utc).timestamp()
    except ValueError:
        return None


def _stamp(date: str, hms: str, frac: str | None) -> tuple[float | None, str]:
    """('2026-11-29', '08:40:12', '123') -> (seconds since the epoch or None, the text)."""
    day, h, m, sec = _day_epoch(date), int(hms[0:2]), int(hms[3:5]), int(hms[6:8])
    ts = None
    if day is not None and h <= 23 and m <= 59 and sec <= 60:
        ts = day + (h * 3600.0 + m * 60.0 + sec) + (int(frac) / 10.0 ** len(frac) if frac else 0.0)
    return ts, date + " " + hms + ("." + frac if frac else "")


class LineParser:
    """Parse the lines of one source, in order. See the module docstring."""

    def __init__(
        self,
        engine: str | None = None,
        engine_version: str | None = None,
        source: str = "",
        year: int | None = None,
    ) -> None:
        log_engine(engine, engine_version)  # UsageError for a bad pair
        self.engine = engine
        self.source = source
        self.version = parse_version(engine_version)
        self.version_text = engine_version
        self.year = year if year is not None else _dt.datetime.now(_dt.timezone.utc).year
        # SGLang: the accept-rate rule, with one inference per rank
        forced: str | None = None
        if engine == SGLANG and self.version is not None:
            f = sglang_rate_formula(self.version)
            forced = {"0.5.11": NEW, "0.5.10": OLD, "0.5.5": OLD}.get(f)
        self.sglang_rates = SGLangRates(forced)
        self.sglang_inference: dict[str, SGLangRateInference] = self.sglang_rates.inference
        # vLLM: bonus convention seen so far (True = bonus-less 0.8.5)
        self._vllm_bonus_less: bool | None = None
        if engine == VLLM and self.version is not None:
            self._vllm_bonus_less = vllm_length_is_bonus_less(self.version)
        self._v0_last: dict[str, tuple[int, int, int]] = {}
        # the server layouts of the engine asked for (any): (mark, reader), in _SERVER's order
        self.layouts = [(mark, read) for e, mark, read in _SERVER if engine in (None, e)]
        # multi-line layouts (formats.py): the open block, a markdown table's header, a line cut
        # mid-field waiting for its continuation, and records completed out of line order
        self.block: F.Block | None = None
        self.table: tuple[int, list[str]] | None = None  # (the accept-length column, the header)
        self._cut: tuple[int, str] | None = None
        self.ready: list[tuple[int, str, LogRecord | Skipped | Unrecognised]] = []

    def named(self, guess: str) -> str:
        """The version ``--engine-version`` names (it needs ``--engine``, so a parser of another
        engine never runs), else the guess."""
        return guess if self.version_text is None else f"{self.engine} {self.version_text}"

    def idle(self) -> bool:
        """No open summary block, table or cut line: the next line is read on its own."""
        return self.block is None and self.table is None and self._cut is None

    # ------------------------------------------------------------------ dispatch

    def parse(
        self, text: str, line_no: int = 0, prev_line: str | None = None, alone: bool = True
    ) -> ParseOutcome:
        """Parse one line (without its newline). ``prev_line``: the line before (or, for a
        summary's counts, the few lines before joined by newlines), if known; ``alone=False``:
        a context line (no keyword of its own: part of an open summary block or table, the
        continuation of a cut line, or nothing).

        Records of a multi-line summary or of a line cut in two come out of line order, in
        :attr:`ready` (the scanner drains it after each line, and after :meth:`finish`)."""
        try:
            if self.block is not None or self._cut is not None or self.table is not None:
                out = self._pending(text, line_no)
                if out is not False:
                    return _guard(out)
            if not alone:
                return None
            if text[-1:] in _CUT_LAST and _is_cut(text):
                self._cut = (line_no, strip_ansi(text))
                return None
            out = self._parse(text, line_no, prev_line)
        except _MALFORMED:
            return Skipped("malformed statistics line")
        return _guard(out)

    def finish(self) -> None:
        """End of the source: an open block or cut line gives its record (into :attr:`ready`)."""
        self._pending("", 1 << 62)  # a line that continues none of them

    # ------------------------------------------------------------------ multi-line

    def _safe_parse(self, text: str, line_no: int) -> ParseOutcome:
        try:
            return self._parse(text, line_no, None)
        except _MALFORMED:
            return Skipped("malformed statistics line")

    def _ready(self, line_no: int, text: str, out: ParseOutcome | LogRecord) -> None:
        got = _only(_guard((out,) if isinstance(out, LogRecord) else out), self.engine)
        if got is not None:
            items = got if isinstance(got, tuple) else (got,)
            self.ready.extend((line_no, text, item) for item in items)

    def _pending(self, text: str, line_no: int) -> ParseOutcome | Literal[False]:
        """Resolve a cut line, feed an open block or table; False when the line is not part of
        any of them (then it is parsed on its own)."""
        text = strip_ansi(text)
        if self._cut is not None:
            cut_no, cut_text = self._cut
            self._cut = None
            if line_no == cut_no + 1 and _continues(text):
                joined = cut_text.rstrip() + " " + G.clean(text)
                out = self._safe_parse(joined, cut_no)
                if type(out) is tuple:
                    self._ready(cut_no, joined, out)
                    return None
            self._ready(cut_no, cut_text, self._safe_parse(cut_text, cut_no))
        b = self.block
        if b is not None:
            if line_no <= b.last + 3 and F.feed_block(b, G.clean(text), line_no):
                return None
            self.block = None
            self._ready(b.start, b.head or text, F.close_block(self, b))
        if self.table is not None:
            out = F.table_continuation(self, G.clean(text), line_no)
            if out is not None or self.table is not None:
                return out
        return False

    def _parse(self, text: str, line_no: int, prev_line: str | None) -> ParseOutcome:
        text = strip_ansi(text)
        if "\r" in text:
            text = text.rsplit("\r", 1)[-1] if not text.endswith("\r") else text.rstrip("\r")
        if "`" in text:
            spans = _quoted_lines(text)
            if spans:
                return self._spans(spans, line_no, prev_line)
            text = _quoted_span(text)
        if text[:1] in _QUOTED or "`" in text or "</" in text or "&gt;" in text:
            text = G.clean(text)  # markdown quote, list bullet, backticks, HTML
        out = self._server(text, line_no, prev_line)
        if out is not None:
            return (out,) if isinstance(out, LogRecord) else out
        return self._other(text, line_no, prev_line)

    def _spans(self, spans: list[str], line_no: int, prev_line: str | None) -> ParseOutcome:
        """Each quoted log line of one prose line read on its own (:func:`_quoted_lines`): their
        records together, in the line's order; none read: the first span's outcome."""
        records: list[LogRecord] = []
        first: ParseOutcome = None
        for span in spans:
            out = self._parse(span, line_no, prev_line)
            if type(out) is tuple:
                records.extend(out)
            elif first is None:
                first = out
        return tuple(records) if records else first

    def _other(self, text: str, line_no: int, prev_line: str | None) -> ParseOutcome:
        """Bench tools, example programs, JSON bodies, or a line the grammar cannot place."""
        if ("{" in text or "[" in text) and any(h in text for h in F.JSON_HINTS):
            out = F.json_line(self, text, line_no)
            if out is not None:
                return _only(out, self.engine)
        cleaned = G.clean(text)
        if cleaned[:1].isdigit():
            cleaned = P.LLAMACPP_TIME.sub("", cleaned)  # llama.cpp's log prefix
        out = F.single_line(self, cleaned, line_no, prev_line)
        if out is not None or self.block is not None or self.table is not None:
            return _only(out, self.engine)
        if G.mentions_statistics(G.fields(cleaned)) and not any(m in text for m in _MARKS):
            return Unrecognised()  # (a known server mark of an engine not asked for: ignored)
        return None

    def _server(self, text: str, line_no: int, prev_line: str | None) -> _Line:
        """Server log lines: the first layout of the engine asked for (any) whose mark the line
        holds (:data:`_SERVER`)."""
        eng = self.engine
        if (eng is None or eng == SGLANG) and (
            "accept len" in text
            or (
                "Decode batch" in text
                and ("accept_len" in text or "acc_len" in text or "accept length" in text)
            )
        ):
            return self._sglang(text, line_no)
        for mark, reader in self.layouts:
            if mark in text:
                out = reader(self, text, line_no, prev_line)
                if out is not None or mark != "draft tokens":  # a common phrase: read on
                    return out
        return None

    def make_record(
        self,
        engine: str,
        kind: str,
        line_no: int,
        *,
        rank: str = "",
        when: _When = _NO_TIME,
        version: str | None = None,
        length: float | None = None,
        rate: float | None = None,
        accepted: int | None = None,
        drafted: int | None = None,
        counts: tuple[int, int] | None = None,  # (accepted, drafted): the rate is their ratio
        per_position: tuple[float, ...] = (),
        cuda_graph: bool | None = None,
        throughput: float | None = None,
        raw: _Raw = (),
        notes: tuple[str, ...] = (),
        batch_size: int | None = None,  # SGLang's requests in the batch (the line's weight)
    ) -> LogRecord:
        timestamp, time_text = when
        if length is not None and 1.0 - 0.005 <= length < 1.0:
            length = 1.0  # printed rounded: a hair below 1 is 1 (below that: the range guard)
        if counts is not None:
            accepted, drafted = counts
            rate = accepted / drafted
        # each engine's log prints one kind of time: the clock follows from the engine
        clock = _CLOCK_OF.get(engine) if timestamp is not None else None
        cond: tuple[float, ...] = ()
        if per_position:
            cond, changed = conditional_rates(per_position)
            if changed:
                notes = (*notes, N_RATE_CLAMP)
        return LogRecord(
            engine,
            kind,
            line_no,
            self.source,
            rank,
            timestamp,
            clock,
            time_text,
            version,
            length,
            None if length is None else length - 1.0,
            rate,
            accepted,
            drafted,
            per_position,
            cond,
            cuda_graph,
            throughput,
            raw,
            notes,
            batch_size,
        )

    # ------------------------------------------------------------------ SGLang

    def _sglang(self, text: str, line_no: int) -> _Line:
        idx = text.find(P.SGLANG_MARK)
        am = P.SGLANG_AFTER.match(text, idx + 12) if idx >= 0 else None
        if am is None:
            return Skipped("'accept len' without a readable SGLang Decode batch line")
        body = text[am.end() :]
        f = _fields(body)
        g = _by_name(f, body, _SGL_WANTS)
        length_text, rate_text = g.get(G.F.LENGTH), g.get(G.F.RATE)
        if length_text is None:
            return Skipped("SGLang Decode batch line without a readable accept len")
        length = _float(length_text)
        if length is None:
            return Skipped("SGLang accept len is not a number")
        if length < 1.0 - 0.005:
            return Skipped(
                "SGLang accept len below 1 (no verify step in the interval)"
                if length == 0.0
                else "SGLang accept len below 1 is impossible"
            )
        length = max(length, 1.0)
        rank, when = "", _NO_TIME
        if idx > 0 and text[idx - 2] == "]":
            pm = P.SGLANG_PREFIX.search(text, 0, idx)
            if pm is not None:
                rank = (pm.group("rank") or "").strip()
                when = _stamp(*pm.group("date", "time", "frac"))
        if when[0] is None and idx > 0:
            tm = P.ANY_TIME.search(text, 0, idx)  # another logger's prefix (a fork's)
            if tm is not None:
                when = _stamp(*tm.group("date", "time", "frac"))
        trailing = body.endswith(",") or body.endswith(", ")  # 0.5.5's layout
        dotted = am.group("sep") == "."  # 'Decode batch.': 0.4.x, or a fork with a rate
        notes: tuple[str, ...] = ()
        rate: float | None = None
        version: str | None = None
        if rate_text is not None:
            raw_rate = _float(rate_text)
            if raw_rate is None or not 0.0 <= raw_rate <= 1.0 + 1e-9:
                return Skipped("SGLang accept rate is not a rate")
            # the source's rule (the compiled source's lines take the same) tallies the line in
            # its rank's inference and gives the formula
            rule = self.sglang_rates
            (code,) = rule.codes([(length_text, rate_text, trailing)])
            formula, ndt, note = rule.outcomes[rule.decide(rank, [code])[0]]
            rate, notes = normalised_sglang_rate(length, raw_rate, formula, ndt), SGL_NOTES[note]
            if dotted:
                version = SGL_VERSION_DERIVED
            elif trailing:
                version = SGL_VERSION_055
            else:  # (a given --engine-version wins over the formula's guess)
                version = self.named(_SGL_VERSION_OF.get(formula or "", SGL_VERSION_NEWISH))
        elif dotted:
            version, notes = SGL_VERSION_04, (N_SGL_04,)
        graph = f.get("cuda graph") or next((f[k] for k in P.SGLANG_GRAPH_KEYS if k in f), "")
        it = am.group("iter")
        return self.make_record(
            SGLANG,
            INTERVAL,
            line_no,
            rank=rank,
            when=when,
            version=version,
            length=length,
            rate=rate,
            cuda_graph=_BOOLS.get(graph),
            throughput=_float(f[_SGL_TP]) if _SGL_TP in f else None,
            raw=(("iter", it), *f.items()) if it else tuple(f.items()),
            notes=notes,
            batch_size=_batch_size(f.get("#running-req")),
        )

    # ------------------------------------------------------------------ vLLM

    def _vllm_head(self, text: str, mark: str) -> tuple[str, dict[str, str], _Raw, _When]:
        """(body, its fields as printed, the record's raw: the pid and those fields, its time:
        vLLM's year-less 'MM-DD hh:mm:ss', in --year's year, else the current one)."""
        idx = text.find(mark)
        prefix, body = text[:idx], text[idx + len(mark) :].rstrip()
        f = _fields(body if mark == P.VLLM_SPEC_MARK else body.rstrip("."))
        pid = P.VLLM_PID.search(prefix)
        raw = tuple(f.items())
        raw = (("pid", pid.group("pid")), *raw) if pid is not None else raw
        tm = P.VLLM_TIME.search(prefix)
        if tm is None:
            return body, f, raw, _NO_TIME
        month, dd, hms, frac = tm.group("month", "day", "time", "frac")
        ts = _stamp(f"{self.year:04d}-{month}-{dd}", hms, frac)[0]
        return body, f, raw, (ts, month + "-" + dd + " " + hms)

    def _vllm(self, text: str, line_no: int, prev_line: str | None = None) -> _Line:
        if _LMDEPLOY_HEAD in text:
            return None  # LMDeploy's stats logger line: not vLLM's (the structure readers')
        body, f, raw, when = self._vllm_head(text, P.VLLM_SPEC_MARK)
        g = _by_name(f, body, _VLLM_WANTS)
        acc_t, dra_t = g.get(G.F.ACCEPTED), g.get(G.F.DRAFTED)
        accepted = _int(acc_t.split(" ", 1)[0]) if acc_t else None
        drafted = _int(dra_t.split(" ", 1)[0]) if dra_t else None
        per_pos = _float_list(g.get(G.F.PER_POSITION) or "")
        if per_pos is None:
            return Skipped("vLLM per-position acceptance rates unreadable")
        if drafted == 0:
            return None  # an interval without drafts ('Mean acceptance length: nan'): nothing
        mean_t = g.get(G.F.LENGTH)
        mean = _float(mean_t) if mean_t is not None else None
        if mean_t is not None and mean is None:
            return Skipped("vLLM mean acceptance length is not a number")
        rate_t = g.get(G.F.RATE)
        pct = _float(rate_t.rstrip("%")) if rate_t else None
        if accepted is None and drafted is None and mean is None and pct is None:
            return Skipped("vLLM SpecDecoding line without any readable value")
        if drafted is not None and accepted is not None and accepted > drafted:
            return Skipped("vLLM line accepts more tokens than it drafted")
        notes: tuple[str, ...] = ()
        length: float | None = mean
        if "Accepted throughput" in f or "Avg Draft acceptance rate" in f:
            version = "vllm >= 0.10"
        elif mean is None:
            version, notes = "vllm early V1 (<= 0.8.4)", (N_VLLM_EARLY,)
        else:
            bonus_less = self._vllm_bonus_less if self.engine == VLLM and self.version else None
            if bonus_less is None:
                if per_pos:  # 0.8.5: the length is the sum of the rates; >= 0.9: 1 + that sum
                    s = math.fsum(per_pos)
                    bonus_less = self._vllm_bonus_less = abs(mean - s) < abs(mean - 1.0 - s)
                elif mean < 1.0:
                    bonus_less = self._vllm_bonus_less = True
                elif self._vllm_bonus_less is not None:
                    bonus_less = self._vllm_bonus_less
                else:
                    bonus_less, notes = False, (N_VLLM_085_AMBIG,)
            version = "vllm 0.8.5" if bonus_less else "vllm 0.9.x"
            if bonus_less:
                length, notes = mean + 1.0, (*notes, N_VLLM_085)
        if drafted:
            rate: float | None = (accepted or 0) / drafted
        else:  # vLLM prints a percentage (a fork's rate without '%' is a fraction)
            rate = pct / 100.0 if pct is not None and (rate_t or "").endswith("%") else pct
        tp_t = f.get("Accepted throughput")
        return self.make_record(
            VLLM,
            INTERVAL,
            line_no,
            when=when,
            version=self.named(version),
            length=length,  # (below 1: the range guard's skip)
            rate=rate,
            accepted=accepted,
            drafted=drafted,
            per_position=per_pos,
            throughput=_float(tp_t.split(" ", 1)[0]) if tp_t else None,
            raw=raw,
            notes=notes,
        )

    def _vllm_v0(self, text: str, line_no: int, prev_line: str | None = None) -> _Line:
        body, f, raw, when = self._vllm_head(text, P.VLLM_V0_MARK)
        g = _by_name(f, body, _V0_WANTS)  # every release's spelling, in any order
        k, acc, dra, emi = (
            _int(g[c].rstrip(".")) if c in g else None
            for c in (G.F.K, G.F.ACCEPTED, G.F.DRAFTED, G.F.EMITTED)
        )
        if acc is None or dra is None or (k is not None and k <= 0):
            return Skipped("vLLM V0 Speculative metrics line without readable counts")
        key = raw[0][1] if raw and raw[0][0] == "pid" else ""
        last = self._v0_last.get(key)
        self._v0_last[key] = (acc, dra, emi if emi is not None else -1)
        notes: tuple[str, ...] = (N_VLLM_V0_FIRST,)
        if (
            last is not None
            and acc >= last[0]
            and dra >= last[1]
            and (emi is None or emi >= last[2])
        ):
            acc, dra = acc - last[0], dra - last[1]
            emi = emi - last[2] if emi is not None and last[2] >= 0 else None
            notes = (N_VLLM_V0_DELTA,)
        if dra == 0:
            return None
        if acc > dra or (k is not None and dra < k):  # (fewer drafts than one step's)
            return Skipped("vLLM V0 counts are inconsistent")
        length: float | None = None
        if k is not None and emi is not None:
            if emi > dra // k * (k + 1) + k + 1:
                return Skipped("vLLM V0 counts are inconsistent")
            length = emi / (dra / k)
            if length < 1.0 - 1e-9:
                return Skipped("vLLM V0 emitted fewer tokens than verify steps")
            length = max(length, 1.0)
        else:
            notes = (*notes, N_VLLM_V0_NOLEN)
        return self.make_record(
            VLLM,
            INTERVAL,
            line_no,
            when=when,
            version=self.named("vllm V0 (<= 0.7)"),
            length=length,
            counts=(acc, dra),
            raw=raw,
            notes=notes,
        )

    # ------------------------------------------------------------------ llama.cpp

    @staticmethod
    def _llama_prefix(text: str) -> tuple[_When, _Raw]:
        """(the time since start and as printed, the slot and task pairs) of a line's prefix."""
        tm = P.LLAMACPP_TIME.match(text)
        when = _NO_TIME
        if tm is not None:
            mins, sec, ms, us = tm.group("min", "sec", "ms", "us")
            ts = int(mins) * 60.0 + int(sec) + int(ms) / 1e3 + int(us) / 1e6
            when = (ts, text[: tm.end() - 3])
        sm = P.LLAMACPP_SLOT.search(text)
        return when, (("slot", sm.group("slot")), ("task", sm.group("task"))) if sm else ()

    def _llama_request(self, text: str, line_no: int, prev_line: str | None) -> _Line:
        m = P.LLAMACPP_DRAFT.search(text)
        if m is None:
            return Skipped("'draft acceptance' without a readable llama.cpp acceptance line")
        acc, gen = int(m.group("acc")), int(m.group("gen"))
        if gen == 0:
            return None
        when, slot = self._llama_prefix(text)
        mlen = m.group("mlen")
        if slot or not text.lstrip().startswith("draft acceptance"):
            version = (
                "llama.cpp PR #24536 (long form)"
                if m.group("mword") == "acceptance length"
                else LLAMA_MEAN_LEN
                if mlen is not None
                else "llama.cpp <= 4227c9b"
                if m.group("rateword")
                else LLAMA_NO_MEAN_LEN
            )
        else:  # the bare line: SLT_CNT's, or the message of 4227c9b's two-line form
            version = "llama.cpp SLT_CNT variant (bare line)"
            prev = strip_ansi(prev_line).rstrip("\r") if prev_line is not None else ""
            pm = P.LLAMACPP_SLOT_ONLY.search(prev)
            if pm is not None:
                slot = (("slot", pm.group("slot")), ("task", pm.group("task")))
                when = when if when[0] is not None else self._llama_prefix(prev)[0]
                version = "llama.cpp 4227c9b (two-line form)"
        length = _float(mlen) if mlen is not None else None
        if mlen is not None and length is None:
            return Skipped("llama.cpp mean len is not a number")
        notes: tuple[str, ...] = ()
        if mlen is None:  # never "prints no mean len" when the line prints one
            printed = G.by_field(G.fields(text[m.end() :])).get(G.F.LENGTH)
            unread = printed and F.N_UNREAD.format(f"{printed.key} = {printed.text}")
            notes = (unread or N_LLAMA_NOLEN,)
        per_pos = _float_list(m.group("pp") or "")
        if per_pos is None:
            return Skipped("llama.cpp acceptance rate per position unreadable")
        mean_key = f"mean {m.group('mword')}"
        raw = (*slot, *_groups(m, (*_LLAMA_REQUEST_KEYS, ("mlen", mean_key), _LLAMA_PP)))
        return self.make_record(
            LLAMACPP,
            REQUEST,
            line_no,
            when=when,
            raw=raw,
            version=version,
            length=length,
            counts=(acc, gen),
            per_position=per_pos,
            notes=notes,
        )

    def _llama_per_pos(self, text: str, line_no: int, prev_line: str | None = None) -> _Line:
        m = P.LLAMACPP_ACC_PER_POS.search(text)
        if m is None:
            return Skipped("'acc per pos' without a readable list")
        pp = _float_list(m.group("pp"))
        if pp is None:
            return Skipped("llama.cpp acc per pos values unreadable")
        if not pp:
            return None
        when, slot = self._llama_prefix(text)
        raw = (*slot, ("acc per pos", m.group("pp")))
        return self.make_record(
            LLAMACPP,
            PER_POSITION,
            line_no,
            when=when,
            raw=raw,
            version=LLAMA_MEAN_LEN,
            per_position=pp,
        )

    def _llama_stats(self, text: str, line_no: int, prev_line: str | None = None) -> _Line:
        m = P.LLAMACPP_STATS.search(text)
        if m is not None:
            raw = _groups(m, _LLAMA_STATS_KEYS)
        else:  # the fields by name (another order, a fork's spelling, a missing suffix)
            head = P.LLAMACPP_STATS_HEAD.search(text)
            found = G.fields(text[head.end() :] if head else text)
            raw = tuple((f.key, f.text) for f in found)
            raw = (("impl", head.group("impl")), *raw) if head is not None else raw
        g = _by_name(dict(raw), "", _STATS_WANTS)  # ("impl" names no field)
        gd, gt, at = (
            _int(g[c]) if c in g else None for c in (G.F.STEPS, G.F.DRAFTED, G.F.ACCEPTED)
        )
        if gd is None or gt is None or at is None:
            return Skipped("llama.cpp statistics line unreadable")
        if gd == 0 or gt == 0:
            return None
        pp = _float_list(g.get(G.F.PER_POSITION, ""))
        if pp is None:
            return Skipped("llama.cpp statistics acc rate/pos unreadable")
        return self.make_record(
            LLAMACPP,
            CUMULATIVE,
            line_no,
            when=self._llama_prefix(text)[0],
            raw=raw,
            version=LLAMA_MEAN_LEN
            if G.F.LENGTH in g
            else LLAMA_ONE_CALLS
            if m is not None and m.group("calls1") is not None
            else LLAMA_NO_MEAN_LEN,
            length=1.0 + at / gd,
            counts=(at, gt),
            per_position=pp,
            notes=(N_LLAMA_CUMUL,),
        )

    def _llama_step(self, text: str, line_no: int, prev_line: str | None = None) -> _Line:
        m = P.LLAMACPP_STEP.search(text)
        ngram = m is None and (m := P.LLAMACPP_NGRAM_STEP.search(text)) is not None
        if m is None or not P.LLAMACPP_STEP_PREFIX.fullmatch(text, 0, m.start()):
            return None  # "draft tokens" is a common phrase; not every such line is a trace line
        n, mm = int(m.group("n")), int(m.group("m"))
        if mm == 0:
            return None
        when, slot = self._llama_prefix(text)
        raw = (*slot, ("accepted", str(n)), ("drafted", str(mm)))
        return self.make_record(
            LLAMACPP,
            STEP,
            line_no,
            when=when,
            raw=raw,
            version="llama.cpp n-gram drafter (verbose)" if ngram else "llama.cpp LLAMA_TRACE",
            length=1.0 + n,
            counts=(n, mm),
        )

    # ------------------------------------------------------------------ TensorRT-LLM

    def _trtllm(self, text: str, line_no: int, prev_line: str | None = None) -> ParseOutcome:
        """Iteration stats: a JSON object or list after any text prefix, read by the JSON
        bodies' reader (formats.py: its walk finds each ``specDecodingStats`` object)."""
        out = F.json_line(self, text, line_no)
        if out is None:
            return Skipped("TensorRT-LLM specDecodingStats without valid JSON")
        return _only(out, TRTLLM) if out != () else out


# the server layouts after SGLang's (whose lines are told by several marks): (engine, the
# line's mark, its reader), tried in this order
_SERVER: tuple[tuple[str, str, Callable[..., _Line]], ...] = (
    (VLLM, P.VLLM_SPEC_MARK, LineParser._vllm),
    (VLLM, P.VLLM_V0_MARK, LineParser._vllm_v0),
    (LLAMACPP, "draft acceptance", LineParser._llama_request),
    (LLAMACPP, "acc per pos", LineParser._llama_per_pos),
    (LLAMACPP, "#calls(b,g,a)", LineParser._llama_stats),
    (LLAMACPP, "#calls = ", LineParser._llama_stats),  # the older "#calls = N" form
    (LLAMACPP, "draft tokens", LineParser._llama_step),
    (LLAMACPP, "drafted tokens", LineParser._llama_step),  # the n-gram drafter's verbose line
    (TRTLLM, P.TRTLLM_MARKS[0], LineParser._trtllm),
    (TRTLLM, P.TRTLLM_MARKS[1], LineParser._trtllm),
)
