"""Bench tools, example programs and JSON response bodies: their layouts, read field by field.

Each reader takes the (cleaned) line and the :class:`~specdiag.core.logs.parse.LineParser`
(for its record builder and its multi-line block) and returns a parse outcome, like the server
parsers in :mod:`.parse`. Every value is normalised to the one convention and labelled with
what it means (pooled or mean of requests, lifetime of a server or this run), in the record's
notes; the identities a JSON body carries are checked, and a failed one is a note on the record.
The layouts, one row per tool with its format strings: docs/logs.md, "Bench tools, examples and
JSON bodies".
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from specdiag.core.logs import grammar as G
from specdiag.core.logs import patterns as P
from specdiag.core.logs.contrast import contrasted, spaced
from specdiag.core.logs.records import (
    BENCH,
    EXAMPLE,
    ITERATION,
    LLAMACPP,
    RESPONSE,
    SGLANG,
    TRTLLM,
    VLLM,
    LogEngine,
    LogRecord,
    ParseOutcome,
    Skipped,
    Unrecognised,
    out_of_range,
)

N_SGL_BENCH_LIFETIME = (
    "sglang bench_serving / bench_one_batch_server print /server_info's avg_spec_accept_length: "
    "the server's lifetime mean since start or the last /flush_cache (warm-up included unless "
    "--flush-cache), pooled over requests, bonus included"
)
N_SGL_BENCH_SPECULATIVE = (
    "sglang bench_speculative record: bench_serving's accept_length (server lifetime mean, bonus "
    "included); the script writes 1.0 when the server reported none"
)
N_SPECFORGE = (
    "SpecForge benchmark: completion tokens / verify steps pooled over the run's requests "
    "(SGLang's meta_info, bonus included; each request's first token, from prefill, counted "
    "too), averaged over its runs"
)
N_SPECFORGE_TABLE = "markdown table row with an accept-length column (as printed, bonus included)"
N_VLLM_BENCH = (
    "vllm bench serve: deltas of the server's /metrics counters around this run, pooled "
    "(1 + accepted / drafts, bonus included)"
)
N_VLLM_SPEC_DECODE = (
    "vLLM spec_decode.py: pooled over this run (1 + accepted / drafts, bonus included)"
)
N_TRT_BENCH_NEW = (
    "trtllm-bench: mean over requests of each request's acceptance length (bonus included; "
    "this run)"
)
N_TRT_BENCH_OLD = (
    "trtllm-bench (older labelling, 'Acceptance Rate Details' [AR]): mean over requests of "
    "tokens per decoding iteration, read as the accept length (bonus included)"
)
N_LLAMA_EXAMPLE = (
    "llama.cpp speculative example: pooled over this run; no verify-step count is printed, so "
    "no accept length"
)
N_LLAMA_TIMINGS = (
    "llama.cpp timings: draft_n / draft_n_accepted give the rate; the verify steps are not in "
    "the response, so no accept length (an estimate from predicted_n would count the first "
    "token and non-drafted steps)"
)
N_SGL_META = (
    "SGLang response meta_info: this request, 1 + correct drafts / verify steps (the log's "
    "definition; its own spec_accept_length, completion tokens / verify steps, also counts the "
    "first token, which came from prefill)"
)
N_VLLM_RESPONSE = "vLLM response metrics.speculative_decoding: this request"
N_TRT_RESPONSE = (
    "TensorRT-LLM per-request speculative_decoding: this request; accept length from the counts "
    "(never from avg_decoded_tokens_per_iter)"
)
N_TRT_COMPUTED = (
    "acceptanceLength computed as (accepted + requests with drafts) / requests with drafts"
)
N_UNREAD = "printed but unread: {}"


_Obj = dict[str, Any]  # a JSON object
_Raw = tuple[tuple[str, str], ...]


class _Figures(NamedTuple):
    """What a reader found (one function, :func:`_record`, builds the record)."""

    length: float | None  # the accept length, bonus included
    rate: float | None
    accepted: int | None
    drafted: int | None
    per_position: tuple[float, ...]
    notes: Sequence[str]
    version: str | None = None  # (a JSON object's: its reader's row of _JSON_RECORDS)


# a JSON statistics object's reader: (the object, its parent) -> its figures, a skip, or None
_Reader = Callable[[_Obj, _Obj], "_Figures | Skipped | None"]
_NOTHING = _Figures(None, None, None, None, (), [])  # a reader's "understood: nothing to count"
# TensorRT-LLM iteration stats: drafted, accepted, requests with drafts, length (camelCase and
# snake_case spellings)
_TRT_ITERATION_KEYS = (
    ("numDraftTokens", "num_draft_tokens"),
    ("numAcceptedTokens", "num_accepted_tokens"),
    ("numRequestsWithDraftTokens", "num_requests_with_draft_tokens"),
    ("acceptanceLength", "acceptance_length"),
)


def _num(v: object) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    f = float(v)
    return f if math.isfinite(f) else None


def _int(v: object) -> int | None:
    f = _num(v)
    return int(f) if f is not None and f == int(f) else None


# --------------------------------------------------------------------------- single lines

_SGL_BENCH = re.compile(r"^Accept length:\s+(?P<v>\S+)\s*$")
_SGL_ONE_BATCH = re.compile(r"^acc_length:\s*(?P<v>\S+)\s*$")
# SpecForge's exact spelling (benchmarks/benchmarker/utils.py print_results); "Average accept
# length:" in other cases is printed by many research scripts with their own conventions
_SPECFORGE = re.compile(r"^Average Accept length:\s*(?P<v>\S+)\s*$")
_SPEC_DECODE_LEN = re.compile(r"^mean acceptance length:\s*(?P<v>\S+)\s*$")
_SPEC_DECODE_POS = re.compile(r"^acceptance at token (?P<i>\d+):\s*(?P<v>\S+)\s*$")
_VLLM_BENCH_RATE = re.compile(r"^Acceptance rate \(%\):\s*(?P<v>\S+)\s*$")
_LLAMA_EX_ACCEPT = re.compile(r"^(?:spec: )?n_accept\s*=\s*(?P<v>-?\d+)\s*$")
_TRT_SECTION = re.compile(r"^-- (?P<name>[A-Za-z ]+?) Details -+\s*$")
_TRT_ROW = re.compile(r"^\[(?P<tag>[A-Z]+)\]\s+(?P<stat>[A-Z0-9]+)\s*:\s*(?P<v>\S+)\s*$")
_TRT_MODE = re.compile(r"DECODING STATISTICS \((?P<mode>[^)]*)\)")
_VLLM_BENCH_KEYS = ("Acceptance length", "Drafts", "Draft tokens", "Accepted tokens")
# one of vLLM's section keys qualified in a way vLLM never prints it ('Acceptance length
# (server)', 'Acceptance length (benchmark)', 'Acceptance rate (server)'): the section is another
# tool's, whatever its banner (the next section's 'Acceptance rate (%)' only ends this one)
_NOT_VLLM_BENCH_KEY = re.compile(r"^Acceptance (?:length|rate)\b(?!\s*\(%\)$)", re.I)
_KV = re.compile(r"^\s*(?P<k>[A-Za-z_][\w ()%/.-]*?)\s*[:=]\s*(?P<v>\S+)")


@dataclass
class Block:
    """A multi-line summary being read (a bench section, an example's summary)."""

    kind: str  # "vllm-bench" | "trtllm-bench" | "spec-decode" | "llama-example"
    start: int  # line number of its first line
    last: int  # line number of its last line so far
    values: dict[str, str] = field(default_factory=dict)
    per_position: dict[int, str] = field(default_factory=dict)
    head: str = ""  # its first line as printed (what a skip or a give-way shows)
    # a line of another layout came inside it: not the tool's section, left to the structure
    # readers (its lines shown as not understood)
    foreign: bool = False


# the one-line accept-length layouts of SGLang's bench tools and SpecForge, tried in this order,
# then spec_decode.py's length without the counts before it (tried after the blocks):
# (pattern, what printed it, the record's notes, the field's label)
_ONE_LINE_LENGTHS = (
    (_SGL_BENCH, "sglang bench_serving", N_SGL_BENCH_LIFETIME, "Accept length"),
    (_SGL_ONE_BATCH, "sglang bench_one_batch_server", N_SGL_BENCH_LIFETIME, "acc_length"),
    (_SPECFORGE, "specforge benchmark", N_SPECFORGE, "Average Accept length"),
    (_SPEC_DECODE_LEN, "vllm spec_decode.py", N_VLLM_SPEC_DECODE, "mean acceptance length"),
)


def _prev_values(b: Block, prev: str, keys: tuple[str, ...], llama: bool = False) -> None:
    """The summary's counts printed on the lines before its first (``prev``: them, joined)."""
    for ln in prev.split("\n"):
        ln = G.clean(ln)
        if llama:
            ln = P.LLAMACPP_TIME.sub("", ln).removeprefix("spec: ")
        km = _KV.match(ln)
        if km is not None and km.group("k") in keys:
            b.values[km.group("k")] = km.group("v")


# A one-line layout's spelling is common ("Accept length: 1.70"): the lines above it (the
# scanner hands the PREV_LINES before it) may say that another tool printed it. The names that
# agree with a layout's tool, per engine; any other tool named, a user's own harness, or the
# tool itself named only in contrast ("not vLLM", "unlike SGLang", "Ours vs vLLM", "不是vLLM")
# contradicts the spelling.
_AGREES = {
    SGLANG: re.compile(
        r"\bsglang\b|\bspecforge\b|\bbench_(?:serving|one_batch\w*|speculative)\b", re.IGNORECASE
    ),
    VLLM: re.compile(r"\bvllm\b|\bspec_decode(?:\.py)?\b", re.IGNORECASE),
}
_ANY_TOOL = re.compile(
    r"\bsglang\b|\bspecforge\b|\bvllm\b|llama\.cpp|\bllama[-_](?:server|speculative|cli|bench)\b|"
    r"\btrt[-_ ]?llm\b|\btensorrt[-_ ]?llm\b|\bmlx(?:[-_]v?lm)?\b|\bfastdeploy\b|\baiperf\b|"
    r"\bgenai[-_ ]perf\b|\blmdeploy\b|\btgi\b|text[-_ ]generation[-_ ]inference|\bexllama\w*|"
    r"\bollama\b|\btransformers\b|\bhugging ?face\b|\bHF\b|\bmedusa\b|\bdeepspeed\b",
    re.IGNORECASE,
)
_OWN_HARNESS = re.compile(
    r"\b(?:my|our)\s+(?:own|custom|diy|home[- ]?(?:made|grown))\b|\bcustom\b|\bdiy\b|"
    r"\bhome[- ]?(?:made|grown)\b|\bhand[- ]?(?:rolled|written)\b|"
    r"\b(?:my|our)\s+(?:[\w.-]+\s+){0,3}?(?:script|harness|implementation|fork|wrapper|loop)\b",
    re.IGNORECASE,
)
# counts or a histogram printed above the line ("accepted: 700", "verify steps = 400",
# "... histogram: {0: 100, ...}", a count of the target's iterations, "Total iteration number:
# 97", OpenVINO GenAI's): the paste carries its own evidence, which decides the convention
# before any tool does (the structure readers weigh it)
# (a key of its own line: a server log line's fields, after commas, are not a paste's counts)
_COUNTS_ABOVE = re.compile(
    r"(?im)^[^,\n]{0,50}?\b(?:accepted|drafts?|draft[ _-]tokens|verify[ _-]steps?|steps|"
    r"iterations?|proposals|histogram|distribution)\b[^,\n]{0,30}?[:=]\s*[\[{(]?\s*\d"
)
# the lines each one-line layout's tool prints just before it (its exact context): there, the
# spelling is the tool's whatever a heading further up says
_OWN_CONTEXT = {
    "sglang bench_serving": re.compile(r"(?m)^\s*Concurrency:\s+\S+\s*$"),
    "sglang bench_one_batch_server": re.compile(
        r"(?m)^\s*(?:last generation throughput|\(input \+ output\) throughput|"
        r"output throughput):\s+\S+"
    ),
    "specforge benchmark": re.compile(r"(?m)^\s*Average Output throughput:\s+\S+"),
    "vllm bench serve": re.compile(r"(?m)^\s*-{3,}\s*Speculative Decoding\s*-{3,}\s*$"),
}


def contradicted(prev: str | None, version: str, engine: LogEngine) -> bool:
    """Whether the lines above a one-line layout say another tool printed it (``version``: the
    layout's tool, ``engine``: its engine): another tool named, a user's own script or harness,
    the tool named after a negation, or counts or a histogram of the paste's own (evidence that
    decides before any tool); never when its own lines come just before it."""
    if not prev:
        return False
    own = _OWN_CONTEXT.get(version)
    if own is not None and own.search(prev):
        return False
    if _OWN_HARNESS.search(prev) or _COUNTS_ABOVE.search(prev):
        return True
    agrees = _AGREES[engine]
    # (a name written against CJK characters, 'vLLM测得', counts: set apart, the same places)
    for m in _ANY_TOOL.finditer(spaced(prev)):
        if not agrees.fullmatch(m.group()):
            return True
        # the tool named only in contrast ('not vLLM', 'Ours vs vLLM', '不是vLLM'): the words
        # the structure readers weigh (one copy, core/logs/contrast.py)
        if contrasted(prev, m.start(), m.end(), _names_a_tool):
            return True
    return False


def _names_a_tool(text: str) -> bool:
    """Whether the text names a tool (the other side of a two-sided contrast, 'SGLang vs')."""
    return _ANY_TOOL.search(spaced(text)) is not None


class LineParser(Protocol):
    """What the readers here use of :class:`~.parse.LineParser` (which imports this module):
    the engine asked for, the open block and table, and its record builder."""

    engine: str | None
    block: Block | None
    table: tuple[int, list[str]] | None

    @property
    def make_record(self) -> Callable[..., LogRecord]: ...


def single_line(p: LineParser, text: str, line_no: int, prev: str | None) -> ParseOutcome:
    """The one-line bench / example layouts, and the first line of a multi-line one. A one-line
    layout the lines above contradict (:func:`contradicted`) is not read here: the structure
    readers read it with its heading (its tool then named there, or ``unknown``)."""
    for layout in _ONE_LINE_LENGTHS[:3]:
        m = layout[0].match(text)
        if m is not None:
            if contradicted(prev, layout[1], SGLANG):
                return None
            return _length_record(p, line_no, m.group("v"), *layout[1:])
    m = _VLLM_BENCH_RATE.match(text)
    if m is not None and not contradicted(prev, "vllm bench serve", VLLM):
        p.block = Block("vllm-bench", line_no, line_no, {"rate_pct": m.group("v")}, head=text)
        return None
    if _TRT_SECTION.match(text):
        p.block = Block("trtllm-bench", line_no, line_no)
        return None
    if text.startswith("num_accepted_tokens:") and prev is not None:
        b = Block("spec-decode", line_no, line_no)
        _prev_values(b, prev, ("num_drafts", "num_draft_tokens"))
        b.values["num_accepted_tokens"] = text.split(":", 1)[1].strip()
        if "num_drafts" in b.values:
            p.block = b
            return None
    m = _LLAMA_EX_ACCEPT.match(text)
    if m is not None and prev is not None:
        b = Block("llama-example", line_no, line_no, {"n_accept": m.group("v")})
        _prev_values(b, prev, ("n_draft", "n_predict", "n_drafted"), llama=True)
        if "n_drafted" in b.values:
            p.block = b
            return None
    m = _SPEC_DECODE_LEN.match(text)
    if m is not None and not contradicted(prev, _ONE_LINE_LENGTHS[3][1], VLLM):
        return _length_record(p, line_no, m.group("v"), *_ONE_LINE_LENGTHS[3][1:])
    return _table_row(p, text, line_no, prev)


def _length_record(p: LineParser, line_no: int, value: str, *layout: str) -> ParseOutcome:
    """A one-line layout's record (``layout``: its row of _ONE_LINE_LENGTHS, less the pattern):
    an SGLang bench record, or vLLM spec_decode.py's example record."""
    version, note, key = layout
    v = G.number(value)
    if v is None:
        return Skipped(f"{version}: {key} is not a number")
    if v <= 0:
        return ()  # understood: the tool prints -1 / 0 when the server gave none
    engine, kind = (VLLM, EXAMPLE) if version.startswith("vllm") else (SGLANG, BENCH)
    got = _Figures(v, None, None, None, (), [note], version)
    return (_record(p, engine, kind, got, line_no, ((key, value),)),)


# --------------------------------------------------------------------------- markdown tables

_TABLE_HEADER = re.compile(r"accept(?:ance)?[ _]?len(?:gth)?", re.IGNORECASE)
# the heading above a table names its engine (the names as paste/tools.py reads them; that
# package reads the tables no heading names, so it is not imported here)
_SGLANG_NAMED = re.compile(r"\bsglang\b|\bspecforge\b", re.IGNORECASE)


def _table_row(p: LineParser, text: str, line_no: int, prev: str | None) -> ParseOutcome:
    """A markdown table under a heading that names SGLang (or SpecForge, whose benchmark
    prints SGLang's accept length): the header row names an accept-length column; each row
    below gives a bench record. A table whose engine the lines above it do not name is left
    to the structure readers (:mod:`specdiag.core.logs.paste`): its tool is then told by its
    columns or stays ``unknown``, and no convention is claimed for it."""
    if "|" not in text or not prev or p.engine not in (None, SGLANG):
        return None
    if not _SGLANG_NAMED.search(prev) or contradicted(prev, "markdown table", SGLANG):
        return None
    cells = [c.strip() for c in text.strip().strip("|").split("|")]
    if len(cells) < 2:
        return None
    for i, c in enumerate(cells):
        if _TABLE_HEADER.search(c) and not re.search(r"\d\.\d", c):
            # (a cell printing its figure, 'mean acceptance length 1.30', is a row's, no header)
            if any(G.number(x) is not None for x in cells[:i] + cells[i + 1 :]):
                # '| Accept Length | 2.41 | 2.80 |': a row of a transposed table (metrics as
                # rows, runs as columns), no header: the structure readers' table
                return None
            p.table = (i, cells)
            return None
    return None


def table_continuation(p: LineParser, text: str, line_no: int) -> ParseOutcome:
    """A row under the parser's table header (or None when the line is not one)."""
    assert p.table is not None
    col, header = p.table
    t = text.strip()
    if not t.startswith("|") and t.count("|") < 2:
        p.table = None
        return None
    cells = [c.strip() for c in t.strip("|").split("|")]
    if all(set(c) <= set("-: ") for c in cells):
        return None  # the |---|---| rule
    if len(cells) != len(header):
        return None
    v = G.number(cells[col])
    if v is None:
        return Skipped("table row: the accept-length cell is not a number")
    label = " | ".join(c for i, c in enumerate(cells) if i != col)[:80]
    version = "markdown table (accept length column)"
    got = _Figures(v, None, None, None, (), [N_SPECFORGE_TABLE], version)
    return (_record(p, SGLANG, BENCH, got, line_no, ((header[col], cells[col]), ("row", label))),)


# --------------------------------------------------------------------------- blocks


def feed_block(b: Block, text: str, line_no: int) -> bool:
    """Give a line to the open block; False when it is not part of it (the block then ends)."""
    t = text.strip()
    if not t:
        return True
    if b.kind == "vllm-bench":
        m = _KV.match(t)
        if t.startswith("Per-position acceptance"):
            pass  # the heading of the Position rows
        elif m is not None and m.group("k").startswith("Position "):
            try:
                b.per_position[int(m.group("k")[9:])] = m.group("v")
            except ValueError:
                return False
        elif m is not None and m.group("k") in _VLLM_BENCH_KEYS:
            b.values[m.group("k")] = m.group("v")
        else:
            b.foreign = m is not None and _NOT_VLLM_BENCH_KEY.match(m.group("k")) is not None
            return False
    elif b.kind == "trtllm-bench":
        rm = _TRT_ROW.match(t)
        if rm is not None:
            b.values[f"{rm.group('tag')} {rm.group('stat')}"] = rm.group("v")
        elif t.startswith("====") or _TRT_MODE.search(t):
            return t.startswith("====") and not b.values  # the closing rule ends the block
        elif _TRT_SECTION.match(t) is None:  # (a "-- X Details --" heading: the block goes on)
            return False
    elif b.kind == "spec-decode":
        m = _SPEC_DECODE_POS.match(t)
        if t.startswith("mean acceptance length:"):
            b.values["mean"] = t.split(":", 1)[1].strip()
        elif m is not None:
            b.per_position[int(m.group("i"))] = m.group("v")
        elif not set(t) <= {"-"}:  # (a rule of dashes: the block goes on)
            return False
    elif b.kind == "llama-example":
        m = _KV.match(t)
        if m is None or m.group("k") != "accept":
            return False
        b.values["accept"] = m.group("v")
    b.last = line_no
    return True


def close_block(p: LineParser, b: Block) -> LogRecord | Skipped | Unrecognised | None:
    """The record of a block the parser has closed."""
    if b.foreign:
        return Unrecognised()
    reader, engine, kind = _BLOCK_READERS[b.kind]
    try:
        got = reader(b)
    except (ValueError, KeyError, ZeroDivisionError, OverflowError):
        return Skipped(f"{b.kind} summary unreadable")
    if got is None or isinstance(got, Skipped):
        return got
    return _record(p, engine, kind, got, b.start, tuple(b.values.items()))


def _positions(b: Block, percent: bool) -> tuple[float, ...] | None:
    """The Position rows' rates, in order (None when one is missing or unreadable)."""
    n = len(b.per_position)
    vals = [G.number(b.per_position.get(i)) for i in range(n)]
    if None in vals:
        return None
    return tuple(v / 100.0 if percent else v for v in vals if v is not None)


def _pooled(
    label: str, printed: float | None, accepted: int, drafts: int, notes: list[str]
) -> float:
    """1 + accepted / drafts (vLLM's pooled accept length); a note when the printed length
    differs."""
    length = 1.0 + accepted / drafts
    if printed is not None and abs(printed - length) > 0.006:
        notes.append(f"identity failed: {label} {printed:.2f} != 1 + accepted/drafts {length:.3f}")
    return length


def _vllm_bench(b: Block) -> _Figures | Skipped | None:
    rate_pct = G.number(b.values.get("rate_pct"))
    length = G.number(b.values.get("Acceptance length"))
    drafts = G.integer(b.values.get("Drafts"))
    drafted = G.integer(b.values.get("Draft tokens"))
    accepted = G.integer(b.values.get("Accepted tokens"))
    pp = _positions(b, percent=True)
    notes: list[str] = [N_VLLM_BENCH]
    if pp is None:
        return Skipped("vllm bench serve per-position acceptance unreadable")
    if drafts and accepted is not None:
        computed = _pooled("Acceptance length", length, accepted, drafts, notes)
        length = computed if length is None else length
    rate = rate_pct / 100.0 if rate_pct is not None else None
    if drafted and accepted is not None:
        rate = accepted / drafted
    if length is None and rate is None:
        return Skipped("vllm bench serve section without readable figures")
    return _Figures(length, rate, accepted, drafted, pp, notes, "vllm bench serve")


def _trtllm_bench(b: Block) -> _Figures | Skipped | None:
    v = b.values
    if "AR AVERAGE" in v and "AL AVERAGE" not in v:
        length, rate = G.number(v["AR AVERAGE"]), None
        notes, version = [N_TRT_BENCH_OLD], "trtllm-bench (AR label)"
    elif "AL AVERAGE" in v or "DAR AVERAGE" in v:
        length, rate = G.number(v.get("AL AVERAGE")), G.number(v.get("DAR AVERAGE"))
        notes, version = [N_TRT_BENCH_NEW], "trtllm-bench (AL/DAR labels)"
    else:
        return None
    if rate is not None and rate > 1.0:
        rate = rate / 100.0  # printed as a percentage by some versions
    if length is None and rate is None:
        return Skipped("trtllm-bench decoding statistics unreadable")
    return _Figures(length, rate, None, None, (), notes, version)


_THOUSANDS = re.compile(r"^\s*\d{1,3}(?:,\d{3})+\s*$")


def _count(text: str | None) -> int | None:
    """A count as printed, or as a user re-typed it with thousands separators ('1,000')."""
    return G.integer(text.replace(",", "") if text and _THOUSANDS.match(text) else text)


def _spec_decode(b: Block) -> _Figures | Skipped | None:
    drafts = _count(b.values.get("num_drafts"))
    drafted = _count(b.values.get("num_draft_tokens"))
    accepted = _count(b.values.get("num_accepted_tokens"))
    mean = G.number(b.values.get("mean"))
    if drafts is None or accepted is None:
        return Skipped("vLLM spec_decode.py summary without readable counts")
    if drafts == 0:
        return None
    notes = [N_VLLM_SPEC_DECODE]
    length = _pooled("mean acceptance length", mean, accepted, drafts, notes)
    pp = _positions(b, percent=False)
    if pp is None:
        return Skipped("vLLM spec_decode.py per-position acceptance unreadable")
    rate = accepted / drafted if drafted else None
    return _Figures(length, rate, accepted, drafted, pp, notes, "vllm spec_decode.py")


def _llama_example(b: Block) -> _Figures | Skipped | None:
    drafted = G.integer(b.values.get("n_drafted"))
    accepted = G.integer(b.values.get("n_accept"))
    if drafted is None or accepted is None:
        return Skipped("llama.cpp speculative example summary without readable counts")
    if drafted == 0:
        return None
    notes = [N_LLAMA_EXAMPLE]
    pct = G.number(b.values.get("accept"))
    if pct is not None and abs(pct - 100.0 * accepted / drafted) > 0.01:
        notes.append(
            f"identity failed: accept {pct:.3f}% != 100 * n_accept / n_drafted "
            f"{100.0 * accepted / drafted:.3f}%"
        )
    version = "llama.cpp speculative example"
    return _Figures(None, accepted / drafted, accepted, drafted, (), notes, version)


# each block's reader, and its records' engine and kind
_BLOCK_READERS: dict[str, tuple[Callable[[Block], _Figures | Skipped | None], str, str]] = {
    "vllm-bench": (_vllm_bench, VLLM, BENCH),
    "trtllm-bench": (_trtllm_bench, TRTLLM, BENCH),
    "spec-decode": (_spec_decode, VLLM, EXAMPLE),
    "llama-example": (_llama_example, LLAMACPP, EXAMPLE),
}


# --------------------------------------------------------------------------- JSON bodies

JSON_HINTS = (
    "spec_accept_length",
    "spec_accept_rate",
    "spec_tokens_details",
    "speculative_decoding",
    "draft_n_accepted",
    "acc_length",
    "spec_num_correct_drafts",
    "spec_accepted_drafts",
)


def json_values(text: str) -> Iterator[object]:
    """Every JSON value that starts at a '{' or '[' of the line and decodes (the line may have
    a prefix); at most 16 attempts."""
    decoder = json.JSONDecoder()
    pos = 0
    for _ in range(16):
        starts = [i for i in (text.find("{", pos), text.find("[", pos)) if i >= 0]
        if not starts:
            return
        start = min(starts)
        try:
            doc, end = decoder.raw_decode(text, start)
        except ValueError:
            pos = start + 1
            continue
        yield doc
        pos = end


def _dicts(o: object, *keys: str) -> list[_Obj]:
    """The values of ``keys`` that are JSON objects (none when ``o`` is no object)."""
    return [v for k in keys if isinstance(v := o.get(k), dict)] if isinstance(o, dict) else []


def _walk(doc: object, depth: int = 0) -> Iterator[tuple[_Reader, _Obj, _Obj]]:
    """(its reader, the statistics object, its parent) for every known statistics object."""
    if depth > 12:
        return
    if isinstance(doc, list):
        for item in doc[:10000]:
            yield from _walk(item, depth + 1)
        return
    if not isinstance(doc, dict):
        return
    for v in _dicts(doc, "meta_info", "spec_tokens_details"):
        if "spec_accept_length" in v or "spec_verify_ct" in v or "spec_accept_rate" in v:
            yield _sglang_json, v, doc
    d = _dicts(doc, "sglext")
    details = d[0].get("spec_tokens_details") if d else None
    for item in details if isinstance(details, list) else [details]:
        if isinstance(item, dict):
            yield _sglang_json, item, doc
    for v in _dicts(doc, "specDecodingStats", "spec_decoding_stats"):  # TensorRT-LLM iterations
        yield _trtllm_iteration, v, doc
    for v in _dicts(doc, "speculative_decoding", "speculative_decoding_stats"):
        trt = "total_draft_tokens" in v or "total_accepted_draft_tokens" in v
        yield (_trtllm_json if trt else _vllm_json), v, doc
    for v in _dicts(doc.get("metrics"), "speculative_decoding", "speculative_decoding_stats"):
        yield _vllm_json, v, doc
    for t in _dicts(doc, "timings"):
        # with 'draft_rounds' (mlx-vlm's server, llama.cpp's fields plus its own verify rounds)
        # the object is another tool's: the structure readers read it (steps named)
        if ("draft_n" in t or "draft_n_accepted" in t) and "draft_rounds" not in t:
            yield _llama_json, t, doc
    if "draft_n" in doc and "draft_n_accepted" in doc and "predicted_n" in doc:
        yield _llama_json, doc, doc
    if "acc_length" in doc and ("steps" in doc or "topk" in doc or "speed" in doc):
        yield _sglang_bench_json, doc, doc
    choices = doc.get("choices")
    if isinstance(choices, list):
        for item in choices[:1000]:
            yield from _walk(item, depth + 1)


def json_line(p: LineParser, text: str, line_no: int) -> ParseOutcome:
    """A JSON body (one line, or one whole document): a record per statistics object."""
    out: list[LogRecord] = []
    bad: list[str] = []
    seen = nothing = False
    for doc in json_values(text):
        for reader, obj, parent in _walk(doc):
            seen = True
            got = reader(obj, parent)
            if isinstance(got, Skipped):
                bad.append(got.reason)
            elif got is _NOTHING:
                nothing = True
            elif got is not None:
                engine, kind, version, keep = _JSON_RECORDS[reader]
                raw = (*((k, json.dumps(parent[k])) for k in keep if k in parent), *_raw(obj))
                rec = _record(p, engine, kind, got._replace(version=version), line_no, raw)
                why = out_of_range(rec)  # the range guard per object: the others are kept
                if why is None:
                    out.append(rec)
                else:
                    bad.append(why)
    if out and (typed := _typed_placeholder(text)) is not None:
        return Skipped(f"a JSON body holding the typed placeholder {typed}: an example, no run")
    if out:
        return tuple(out)
    if bad:
        return Skipped(bad[0])
    return () if nothing else Unrecognised() if seen else None


# a whole number of ten digits or more (a keyboard's row, '1234567890'), each digit one above
# the last or each one below: typed into a documented example (a timestamp's placeholder),
# never measured (a real figure's ten digits run so about twice in 10**9)
_LONG_NUMBER = re.compile(r"(?<![\w.])\d{10,}(?!\w)")


def _typed_placeholder(text: str) -> str | None:
    for m in _LONG_NUMBER.finditer(text):
        d = m[0]
        if {(int(b) - int(a)) % 10 for a, b in zip(d, d[1:], strict=False)} in ({1}, {9}):
            return d
    return None


def _record(
    p: LineParser, engine: str, kind: str, got: _Figures, line_no: int, raw: _Raw
) -> LogRecord:
    """The record of a reader's figures (a one-line layout, a table row, a summary block, a
    JSON statistics object): _Figures' fields are the record builder's arguments."""
    figures = got._replace(notes=tuple(got.notes))._asdict()
    return p.make_record(engine, kind, line_no, raw=raw, **figures)


def _first(o: dict[str, Any], *keys: str) -> object:
    return next((o[k] for k in keys if k in o), None)


class _Histogram(NamedTuple):
    """A histogram of accepted drafts per step, sparse: the counts of its printed buckets by
    number, and how many buckets it has (a list's length; a map's largest key + 1, the
    missing buckets counting 0). Never expanded: a map's keys are not bounded by its size
    ({"10**30": 1} would be a list of 10**30 zeros)."""

    counts: dict[int, int]
    buckets: int


def _hist(v: object) -> _Histogram | None:
    """A histogram: a list of counts, or a string-keyed map {"0": n, ...} (not an empty one)."""
    if not isinstance(v, list) and not (isinstance(v, dict) and v):
        return None
    try:
        items = {int(k): _int(x) for k, x in (enumerate(v) if isinstance(v, list) else v.items())}
    except (TypeError, ValueError):
        return None
    if any(x is None or x < 0 or k < 0 for k, x in items.items()):
        return None
    return _Histogram({k: x for k, x in items.items() if x}, max(items, default=-1) + 1)


def _hist_checks(
    hist: _Histogram | None,
    name: str,
    steps: tuple[str, int | None],
    accepted: tuple[str, int | None],
    k: int | None = None,
) -> list[tuple[str, bool]]:
    """The identities a histogram of accepted drafts per step carries: it sums to the steps,
    its first moment is the accepted drafts, it has one bucket per draft token and one for 0."""
    if hist is None:
        return []
    out = []
    if steps[1] is not None:
        out.append((f"sum({name}) == {steps[0]}", sum(hist.counts.values()) == steps[1]))
    if accepted[1] is not None:
        first_moment = sum(i * h for i, h in hist.counts.items()) == accepted[1]
        out.append((f"sum(i * histogram[i]) == {accepted[0]}", first_moment))
    if k is not None:
        out.append((f"{name} has num_spec_tokens + 1 buckets", hist.buckets == k + 1))
    return out


def _sglang_json(o: _Obj, parent: _Obj) -> _Figures | Skipped | None:
    length = _num(o.get("spec_accept_length"))
    rate = _num(o.get("spec_accept_rate"))
    verify = _int(o.get("spec_verify_ct"))
    correct = _int(
        _first(o, "spec_num_correct_drafts", "spec_accepted_drafts", "spec_accept_token_num")
    )
    proposed = _int(
        _first(o, "spec_num_proposed_drafts", "spec_proposed_drafts", "spec_draft_token_num")
    )
    hist = _hist(o.get("spec_correct_drafts_histogram", o.get("spec_accept_histogram")))
    completion = _int(o.get("completion_tokens", parent.get("completion_tokens")))
    usage = parent.get("usage")
    if completion is None and isinstance(usage, dict):
        completion = _int(usage.get("completion_tokens"))
    notes = [N_SGL_META]
    if length is None and verify and completion is not None:
        length = completion / verify
    if length is None and rate is None:
        return None if not verify else Skipped("SGLang spec fields without a length or rate")
    reported = length
    if verify is not None and verify == 0:
        return None
    checks: list[tuple[str, bool]] = []
    if length is not None and completion is not None and verify:
        ok = abs(length - completion / verify) <= 0.01 * max(1.0, length)
        checks.append(("spec_accept_length == completion_tokens / spec_verify_ct", ok))
    if rate is not None and correct is not None and proposed:
        ok = abs(rate - correct / proposed) <= 1e-3
        checks.append(("spec_accept_rate == correct / proposed", ok))
    checks += _hist_checks(
        hist, "histogram", ("spec_verify_ct", verify), ("correct drafts", correct)
    )
    if hist is not None and proposed is not None and verify:
        per = proposed / verify
        # SGLang 0.5.23 ends the histogram at the largest count seen (measured: [10, 7] with 3
        # drafts per round), so it may be shorter than drafts-per-round + 1
        checks.append(
            ("histogram has at most drafts-per-round + 1 buckets", hist.buckets <= per + 1)
        )
    if proposed is not None and verify and proposed % verify:
        checks.append(("spec_num_proposed_drafts == verify_ct x drafts per round", False))
    notes += [f"identity failed: {name}" for name, ok in checks if not ok]
    if length is not None and length < 1.0 - 0.005:
        return Skipped("SGLang spec_accept_length below 1 is impossible")
    if correct is not None and verify:
        length = 1.0 + correct / verify  # the Decode batch line's accept len, no prefill token
        if reported is not None and abs(reported - length) > 0.005:
            notes.append(f"spec_accept_length {reported:.3f} as reported (prefill token counted)")
    rate = (correct / proposed) if correct is not None and proposed else rate
    return _Figures(length, rate, correct, proposed, (), notes)


def _vllm_json(o: _Obj, parent: _Obj) -> _Figures | Skipped | None:
    length = _num(o.get("mean_acceptance_length", o.get("mean_accepted_length_per_step")))
    rate = _num(o.get("draft_acceptance_rate", o.get("acceptance_rate")))
    steps = _int(o.get("num_spec_steps", o.get("num_drafts")))
    accepted = _int(o.get("num_accepted_draft_tokens", o.get("num_accepted_tokens")))
    drafted = _int(o.get("num_draft_tokens", o.get("num_drafted_tokens")))
    k = _int(o.get("num_spec_tokens"))
    hist = _hist(o.get("acceptance_histogram"))
    notes = [N_VLLM_RESPONSE]
    if steps == 0 or drafted == 0:
        return None
    hist_of = ("num_spec_steps", steps), ("num_accepted_draft_tokens", accepted)
    checks = _hist_checks(hist, "acceptance_histogram", *hist_of, k)
    if length is not None and steps and accepted is not None:
        ok = abs(length - (1 + accepted / steps)) <= 1e-3 * max(1.0, length)
        checks.append(("mean_acceptance_length == 1 + accepted / steps", ok))
    if rate is not None and drafted and accepted is not None:
        ok = abs(rate - accepted / drafted) <= 1e-3
        checks.append(("draft_acceptance_rate == accepted / drafted", ok))
    notes += [f"identity failed: {name}" for name, ok in checks if not ok]
    if length is None and steps and accepted is not None:
        length = 1.0 + accepted / steps
    if drafted and accepted is not None:
        rate = accepted / drafted
    pp_raw = o.get("per_position_acceptance_rates")
    per_pos: tuple[float, ...] = ()
    if isinstance(pp_raw, list) and all(_num(x) is not None for x in pp_raw):
        per_pos = tuple(float(x) for x in pp_raw)
    if length is None and rate is None:
        return Skipped("vLLM speculative_decoding metrics without readable figures")
    return _Figures(length, rate, accepted, drafted, per_pos, notes)


def _llama_json(o: _Obj, parent: _Obj) -> _Figures | Skipped | None:
    drafted = _int(o.get("draft_n"))
    accepted = _int(o.get("draft_n_accepted"))
    if not drafted or accepted is None:
        return None
    return _Figures(None, accepted / drafted, accepted, drafted, (), [N_LLAMA_TIMINGS])


def _trtllm_json(o: _Obj, parent: _Obj) -> _Figures | Skipped | None:
    accepted = _int(o.get("total_accepted_draft_tokens"))
    drafted = _int(o.get("total_draft_tokens"))
    steps = _int(o.get("num_spec_steps"))
    rate = _num(o.get("acceptance_rate"))
    hist = _hist(o.get("acceptance_histogram"))
    k = _int(o.get("num_spec_tokens"))
    if not drafted:
        return None
    notes = [N_TRT_RESPONSE]
    checks: list[tuple[str, bool]] = []
    if accepted is not None and rate is not None:
        ok = abs(rate - accepted / drafted) <= 1e-3
        checks.append(("acceptance_rate == accepted / drafted", ok))
    hist_of = ("num_spec_steps", steps), ("total_accepted_draft_tokens", accepted)
    checks += _hist_checks(hist, "acceptance_histogram", *hist_of, k)
    notes += [f"identity failed: {name}" for name, ok in checks if not ok]
    length = 1.0 + accepted / steps if steps and accepted is not None else None
    rate = accepted / drafted if accepted is not None else rate
    return _Figures(length, rate, accepted, drafted, (), notes)


def _trtllm_iteration(o: _Obj, parent: _Obj) -> _Figures | Skipped | None:
    drafted, accepted, reqs, length = (_num(_first(o, *keys)) for keys in _TRT_ITERATION_KEYS)
    if (reqs is not None and reqs <= 0) or (drafted is not None and drafted <= 0):
        return _NOTHING  # an iteration without drafts: nothing to count
    notes = []
    if length is None and accepted is not None and reqs:
        length = (accepted + reqs) / reqs
        notes.append(N_TRT_COMPUTED)
    if length is None or length < 1.0 - 1e-6 or (accepted or 0) > (drafted or math.inf):
        return Skipped("TensorRT-LLM specDecodingStats with unusable numbers")
    rate = accepted / drafted if accepted is not None and drafted else None
    acc, dra = (int(x) if x is not None else None for x in (accepted, drafted))
    return _Figures(length, rate, acc, dra, (), notes)


def _sglang_bench_json(o: _Obj, parent: _Obj) -> _Figures | Skipped | None:
    v = _num(o.get("acc_length"))
    if v is None:
        return Skipped("bench_speculative record: acc_length is not a number")
    return _Figures(v, None, None, None, (), [N_SGL_BENCH_SPECULATIVE])


# each reader's records: (engine, kind, version, the parent's keys its raw pairs start with)
_JSON_RECORDS: dict[_Reader, tuple[str, str, str, tuple[str, ...]]] = {
    _sglang_json: (SGLANG, RESPONSE, "sglang response", ()),
    _vllm_json: (VLLM, RESPONSE, "vllm response", ()),
    _llama_json: (LLAMACPP, RESPONSE, "llama.cpp response timings", ()),
    _trtllm_json: (TRTLLM, RESPONSE, "trtllm per-request stats", ()),
    _trtllm_iteration: (TRTLLM, ITERATION, "trtllm iteration stats", ("iter",)),
    _sglang_bench_json: (SGLANG, BENCH, "sglang bench_speculative", ()),
}


def _raw(o: dict[str, Any]) -> _Raw:
    texts = ((str(k), json.dumps(v)) for k, v in list(o.items())[:32])
    return tuple((k, t if len(t) <= 200 else t[:200] + "...") for k, t in texts)
