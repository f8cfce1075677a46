"""The compiled part of the record source: the same records as the Python source, faster
(docs/logs.md, "The compiled source").

The C extension ``_fastlogs`` (csrc/fastlogs.c) finds the candidate lines of a range of whole
lines without the GIL and extracts every field of the two default layouts (SGLang >= 0.5.10
``Decode batch``, vLLM >= 0.10 ``SpecDecoding metrics``) with the checks of the Python parser.
:class:`Compiled`, composed into :class:`~.scan.Scanner`, turns each scanned Block into one
:class:`~.batch.RecordBatch` with numpy; every other line goes to the Python parser, in order.
``SPECDIAG_LOGS_PYTHON=1`` forces the Python source (the reference); :func:`status` says which
source runs and why.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from specdiag.core.logs.batch import F64, I64, Codes, RecordBatch, T, merge, ragged
from specdiag.core.logs.infer import NEW, OLD
from specdiag.core.logs.parse import (
    N_RATE_CLAMP,
    SGL_NOTES,
    SGL_VERSION_0510,
    SGL_VERSION_0511,
    SGL_VERSION_NEWISH,
    LineParser,
)
from specdiag.core.logs.records import (
    CLOCK_ABSOLUTE,
    CLOCK_NO_YEAR,
    INTERVAL,
    MAX_ACCEPT_LENGTH,
    MAX_THROUGHPUT,
    MAX_TIMESTAMP,
    MAX_TOKEN_COUNT,
    SGLANG,
    VLLM,
    LogRecord,
)
from specdiag.core.logs.scan import CUT_ENDS, MAX_LINE, Block, Scanner, keywords_for

ENV_FORCE_PYTHON = "SPECDIAG_LOGS_PYTHON"

ABI = 7  # the interface of the C part this module reads (its ABI constant)


def _load() -> tuple[ModuleType | None, str | None]:
    """The compiled module, or None and why not (the Python path runs, with a note)."""
    try:
        module = importlib.import_module("specdiag.core.logs._fastlogs")
    except ImportError as exc:  # not built
        return None, f"the compiled part is not built ({exc})"
    if getattr(module, "ABI", None) != ABI:  # an older build left behind
        return None, "the compiled part is out of date (built from an older csrc/fastlogs.c)"
    return module, None


_native, _why_not = _load()

_ENGINE_CODE = {None: 0, "sglang": 1, "vllm": 2}


def forced_python() -> bool:
    return os.environ.get(ENV_FORCE_PYTHON, "").strip() not in ("", "0")


def available() -> bool:
    """Whether the compiled path runs (built, and not switched off)."""
    return _native is not None and not forced_python()


def status() -> str | None:
    """None when the compiled path runs; else why not (for a note on stderr). Forcing the
    Python path on purpose is not worth a note: returns ''."""
    if forced_python():
        return ""
    if _native is None:
        return (
            f"{_why_not}; reading logs with the slower pure-Python path (same results). "
            "Reinstall with a C compiler and the Python headers to build it"
        )
    return None


# --------------------------------------------------------------------------- the compiled part

IT_PY, IT_OVERLONG, IT_SGL, IT_VLLM = 0, 1, 2, 3
PREV_TAIL = -2  # an item's line before it: the last line before the Block


def _cols(kind: type, names: str) -> list[tuple[str, type]]:
    return [(name, kind) for name in names.split()]


# one candidate line of a Block (csrc/fastlogs.c's Item, packed: Block.items); ymd, hms and
# fnum: the time's digits as numbers; running: SGLang #running-req (-1: too long)
ITEM = np.dtype(
    _cols(np.int32, "type flag")
    + _cols(np.int64, "line s e ps pe rank rank_len len_t len_len rate_t rate_len")
    + _cols(np.float64, "length raw_rate throughput mean")
    + _cols(np.int64, "accepted drafted pp_off pp_n timed ymd hms fnum frac_len running")
    + _cols(np.uint64, "rank_key len_key rate_key")
)


class Compiled:
    """The compiled part of one source: :meth:`scan` a range of whole lines into a Block,
    :meth:`batch` a Block into one batch. It holds no accumulation state."""

    def __init__(self, parser: LineParser, max_line: int = MAX_LINE, extract: bool = True) -> None:
        from specdiag.core.logs.patterns import ANCHOR, FOLLOW_KEYWORDS, PREV_KEYWORDS

        assert _native is not None, "made only where the compiled part is built (available())"
        self._native = _native
        mask = 0
        if extract:
            mask = 1 | (2 if 1 <= parser.year <= 9999 else 0)
        self.parser = parser
        # the lines the LineFinder treats specially: the C scan stops there and the Python
        # LineFinder reads them (a keyword holding another is found by that one: searched once)
        special = (b"n_acc", b"num_acc", *PREV_KEYWORDS)
        special = tuple(k for i, k in enumerate(special) if not any(o in k for o in special[:i]))
        # what the C scan is told about this source (its docstring in csrc/fastlogs.c)
        self.cfg = (
            ANCHOR,
            keywords_for(parser.engine),
            max_line,
            _ENGINE_CODE.get(parser.engine, 3),
            mask,
            b"".join(CUT_ENDS),
            special,
            tuple(FOLLOW_KEYWORDS),
            float(MAX_ACCEPT_LENGTH),
            float(MAX_THROUGHPUT),
        )
        self.fast_records = 0  # records of lines the C part read

    def scan(self, buf: bytes, start: int, end: int) -> Block:
        """The Block of buf[start:end] (whole lines): up to the first special line (a block
        header, a line cut mid-field, a summary's counts line), which the caller reads."""
        got: tuple[int, int, int, bytes, bytes] = self._native.scan(buf, start, end, *self.cfg)
        return Block(*got, buf)

    def batch(
        self,
        blk: Block,
        base: int,
        prev_tail: bytes,
        parse: Callable[[int, bytes | None, bytes | None], list[LogRecord]],
        skip: Callable[[int, str, str], None],
    ) -> tuple[RecordBatch | None, int]:
        """A scanned Block as one batch, in the order the Python source gives, and how many of
        its records the C part read. ``base``: the lines before the Block; ``prev_tail``: the
        line before it; ``parse``: a candidate line's records by the Python parser; ``skip``:
        a fast line the range guard skips (line, reason, text)."""
        tab = np.frombuffer(blk.items, ITEM)
        n = len(tab)
        if not n:
            return None, 0
        data: bytes = blk.data
        types = tab["type"].copy()
        parser = self.parser
        f = _fast_columns(tab, data, types, parser.year)
        sgl = _SGLangRows(parser, f, tab, data)
        taken = np.zeros(n, bool)
        py: list[LogRecord] = []
        keys: list[int] = []  # the item at which each Python record came

        def python(j: int) -> None:
            ps = int(tab["ps"][j])
            raw = None if types[j] == IT_OVERLONG else data[tab["s"][j] : tab["e"][j]]
            prev = prev_tail if ps == PREV_TAIL else data[ps : tab["pe"][j]] if ps >= 0 else None
            got = parse(base + int(tab["line"][j]), raw, prev)
            py.extend(got)
            keys.extend([j] * len(got))

        i = 0
        for p in [*np.flatnonzero(types < IT_SGL).tolist(), n]:
            while i < p:  # fast lines: rows while the parser is idle, else parsed
                if parser.idle():
                    taken[i:p] = True
                    sgl.decide(types, i, p)
                    i = p
                else:
                    types[i] = IT_PY
                    python(i)
                    i += 1
            if p < n:
                python(p)
                i = p + 1
        sgl.resolve()
        rows = np.flatnonzero(taken)
        bad = rows[sgl.skip[rows]]
        for j in bad.tolist():  # a normalised rate above 1: the range guard's skip
            text = data[tab["s"][j] : tab["e"][j]].decode("utf-8", "replace")
            skip(base + int(tab["line"][j]), "number out of range (accept rate)", text)
        rows = rows[~sgl.skip[rows]]
        self.fast_records += len(rows)
        pp = np.frombuffer(blk.pp, np.float64).reshape(-1, 2)  # (rate, conditional rate)
        batch = _fast_batch(parser, sgl, base, tab, data, rows, f, pp)
        if py:
            order = np.argsort(np.concatenate([rows, np.array(keys, np.int64)]), kind="stable")
            batch = merge(parser.source, [batch, RecordBatch.of(parser.source, py)], order)
        return batch, len(rows)


# --------------------------------------------------------------------------- fast rows


def _time(y: I64, m: I64, d: I64, hms: I64) -> tuple[F64, npt.NDArray[np.bool_]]:
    """Seconds since the epoch (UTC) of each date and HHMMSS time, and which of them exist
    (numpy's calendar: a day past its month's end moves into the next month, caught)."""
    ok = (y >= 1) & (y <= 9999) & (m >= 1) & (m <= 12) & (d >= 1) & (d <= 31)
    months = np.where(ok, (y - 1970) * 12 + m - 1, 0).astype("datetime64[M]")
    days = months.astype("datetime64[D]") + np.where(ok, d - 1, 0)
    ok &= days.astype("datetime64[M]") == months
    h, mi, sec = hms // 10000, hms // 100 % 100, hms % 100
    ok &= (h <= 23) & (mi <= 59) & (sec <= 60)
    return days.astype(np.int64) * 86400.0 + (h * 3600.0 + mi * 60.0 + sec), ok


def _texts(
    data: bytes, key: npt.NDArray[np.uint64] | None, *fields: tuple[I64, I64]
) -> tuple[I64, list[tuple[str, ...]]]:
    """Codes of the short texts (at most 64 bytes: the C part sends longer ones to the Python
    parser) at (offset, length) of each row, one text per field, and the distinct rows of
    texts, in the order they first come. ``key``: the texts of a single field of at most 7
    bytes as one number each (the C part's ``key8``), else the texts' bytes are the key."""
    if not len(fields[0][0]):
        return np.zeros(0, np.int64), []
    width = max(int(n.max()) for _, n in fields)
    keys: npt.NDArray[Any]
    if width <= 7 and key is not None:
        keys = key
    else:
        arr = np.frombuffer(data, np.uint8)
        at = np.arange(width)
        mats = []
        for off, n in fields:
            mat = arr[np.minimum(off[:, None] + at, len(arr) - 1)]
            mat[at[None, :] >= n[:, None]] = 0
            mats.append(mat)
            mats.append(n.astype(np.uint8)[:, None])
        rows = np.ascontiguousarray(np.concatenate(mats, axis=1))
        keys = rows.view(np.dtype((np.void, rows.shape[1]))).ravel()
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    # codes renumbered in the order of first appearance
    code = np.empty(len(first), np.int64)
    by_first = np.argsort(first, kind="stable")
    code[by_first] = np.arange(len(first))
    texts = [
        tuple(data[int(o[i]) : int(o[i]) + int(n[i])].decode("latin-1") for o, n in fields)
        for i in first[by_first].tolist()
    ]
    return code[inverse.ravel()], texts


class _Fast(NamedTuple):
    """The fields of one Block's fast lines, one array slot per item."""

    ts: F64
    rank: I64  # code into ranks (SGLang)
    ranks: list[str]


def _fast_columns(
    tab: npt.NDArray[Any], data: bytes, types: npt.NDArray[np.int32], year: int
) -> _Fast:
    """Timestamps and ranks of the fast lines, vectorised. A line whose numbers fail the range
    guard goes back to the Python parser (it says why)."""
    f = _Fast(np.full(len(tab), np.nan), np.zeros(len(tab), np.int64), [""])
    fast = np.flatnonzero(types >= IT_SGL)
    ymd, fl = tab["ymd"][fast], tab["frac_len"][fast]
    # SGLang's date is YYYYMMDD, vLLM's MMDD in the run's year
    y = np.where(types[fast] == IT_SGL, ymd // 10000, year)
    ts, ok = _time(y, ymd // 100 % 100, ymd % 100, tab["hms"][fast])
    fr = np.where(fl > 0, tab["fnum"][fast] / 10.0**fl, 0.0)
    f.ts[fast] = np.where(ok & (tab["timed"][fast] > 0), ts + fr, np.nan)
    sg = np.flatnonzero(types == IT_SGL)
    if len(sg):
        codes, ranks = _texts(data, tab["rank_key"][sg], (tab["rank"][sg], tab["rank_len"][sg]))
        f.rank[sg] = codes
        f.ranks[:] = [r[0] for r in ranks]
    vl = np.flatnonzero(types == IT_VLLM)
    big = (tab["accepted"][vl] > MAX_TOKEN_COUNT) | (tab["drafted"][vl] > MAX_TOKEN_COUNT)
    types[vl[big]] = IT_PY
    fast = np.flatnonzero(types >= IT_SGL)
    types[fast[np.abs(f.ts[fast]) > MAX_TIMESTAMP]] = IT_PY  # (NaN compares False: kept)
    return f


class _SGLangRows:
    """Each fast SGLang line's accept-rate outcome, by the source's one rule
    (``parser.sglang_rates``, which decides the lines the Python parser reads too): each run of
    fast lines is handed to the rule, one run per rank, before the next line the Python parser
    reads; then their normalised rate, version and note, vectorised."""

    def __init__(self, parser: LineParser, f: _Fast, tab: npt.NDArray[Any], data: bytes) -> None:
        self.rule = parser.sglang_rates
        self.f, self.tab, self.data = f, tab, data
        self.code = np.full(len(tab), -1, np.int64)  # each line's outcome, a code into outcomes

    def decide(self, types: npt.NDArray[np.int32], i: int, p: int) -> None:
        """Decide the SGLang lines of items i..p-1, in line order within each rank (the ranks'
        inferences are apart)."""
        items = np.flatnonzero(types[i:p] == IT_SGL) + i
        if not len(items):
            return
        pairs, ranks = self._pairs(items), self.f.rank[items]
        for r in np.unique(ranks).tolist():
            sel = ranks == r
            self.code[items[sel]] = self.rule.decide(self.f.ranks[r], pairs[sel].tolist())

    def _pairs(self, items: I64) -> I64:
        """The rule's codes of the lines' (accept len, accept rate) texts, found by their two
        key8s packed in one number when both are short (at most 4 bytes of [0-9.]: no NUL)."""
        tab = self.tab
        ln, rn = tab["len_len"][items], tab["rate_len"][items]
        packed = None
        if max(int(ln.max()), int(rn.max())) <= 4:
            lk, rk = tab["len_key"][items], tab["rate_key"][items]
            packed = (lk << np.uint64(32)) | (rk & np.uint64(0xFFFFFFFF))
        lt, rt = tab["len_t"][items], tab["rate_t"][items]
        inv, texts = _texts(self.data, packed, (lt, ln), (rt, rn))
        return np.array(self.rule.codes([(a, b, False) for a, b in texts]), np.int64)[inv]

    def resolve(self) -> None:
        """Each decided line's normalised rate (``rate``), whether the range guard skips it
        (``skip``), its formula (``version``: 0 new, 1 old, 2 neither) and note, from its
        outcome; the end of the block."""
        table = self.rule.outcomes or [(None, None, 0)]
        rows = [((NEW, OLD, None).index(f), n or 0, note) for f, n, note in table]
        code = np.maximum(self.code, 0)
        self.version, ndt, self.note = np.array(rows, np.int64)[code].T
        with np.errstate(divide="ignore", invalid="ignore"):
            old_rate = np.maximum(0.0, (self.tab["length"] - 1.0) / (ndt - 1))
        old_rate[(self.version != 1) | (ndt <= 1)] = np.nan
        self.rate = np.where(self.version == 0, self.tab["raw_rate"], old_rate)
        self.skip = (self.code >= 0) & (self.rate > 1.0)


class _FromLine(Sequence[T]):
    """A per-row text field of fast rows (``raw``, ``time_text``), read from the line when
    asked, by the parser's own reading (the analyzer asks for a few rows: first and last
    times, collapse stretches, llama.cpp's implementations). ``missing``: the value of a row
    whose line yields no record."""

    def __init__(self, data: bytes, s: I64, e: I64, source: str, name: str, missing: T) -> None:
        self.data, self.s, self.e, self.source, self.name = data, s, e, source, name
        self.missing = missing

    def __len__(self) -> int:
        return len(self.s)

    def __getitem__(self, i: int) -> T:  # type: ignore[override]
        text = self.data[int(self.s[i]) : int(self.e[i])].decode("utf-8", "replace")
        out = LineParser(source=self.source).parse(text)
        rec = out[0] if isinstance(out, tuple) and out else None
        value: T = getattr(rec, self.name) if rec is not None else self.missing
        return value


def _fast_batch(
    p: LineParser,
    sgl: _SGLangRows,
    base: int,
    tab: npt.NDArray[Any],
    data: bytes,
    rows: I64,
    f: _Fast,
    pp: F64,
) -> RecordBatch:
    """The batch of the fast lines ``rows`` (item indices, in order); ``pp``: the Block's
    (per-position rate, conditional rate) pairs."""
    types = tab["type"][rows]
    is_sgl = types == IT_SGL
    n = len(rows)
    # SGLang's by rate formula (sgl.version), then vLLM's: a given --engine-version wins
    names = (SGL_VERSION_0511, SGL_VERSION_0510, SGL_VERSION_NEWISH, "vllm >= 0.10")
    versions = tuple(map(p.named, names))
    ver = np.where(is_sgl, sgl.version[rows], 3)
    flag = tab["flag"][rows]
    note = np.where(is_sgl, sgl.note[rows], np.where(flag == 1, 3, 0))
    lens = tab["pp_n"][rows]
    offsets, flat = ragged(tab["pp_off"][rows], lens)  # the kept rows' per-position values
    ts = f.ts[rows]
    timed = ~np.isnan(ts)
    running = tab["running"][rows]
    return RecordBatch(
        source=p.source,
        line_no=base + tab["line"][rows],
        timestamp=ts,
        accept_length=np.where(is_sgl, tab["length"][rows], tab["mean"][rows]),
        accept_rate=np.where(
            is_sgl, sgl.rate[rows], tab["accepted"][rows] / np.maximum(tab["drafted"][rows], 1)
        ),
        accepted_tokens=np.where(is_sgl, -1, tab["accepted"][rows]),
        drafted_tokens=np.where(is_sgl, -1, tab["drafted"][rows]),
        batch_size=np.where(is_sgl & (running <= MAX_TOKEN_COUNT), running, -1),
        cuda_graph=np.where(is_sgl, flag, -1).astype(np.int8),
        throughput=tab["throughput"][rows],
        pp_offsets=offsets,
        per_position=pp[flat, 0],
        per_position_conditional=pp[flat, 1],
        engine=Codes(np.where(is_sgl, 0, 1).astype(np.int32), (SGLANG, VLLM)),
        kind=Codes(np.zeros(n, np.int32), (INTERVAL,)),
        rank=Codes(np.where(is_sgl, f.rank[rows], len(f.ranks)).astype(np.int32), (*f.ranks, "")),
        clock=Codes(
            np.where(timed, np.where(is_sgl, 0, 1), 2).astype(np.int32),
            (CLOCK_ABSOLUTE, CLOCK_NO_YEAR, None),
        ),
        version_guess=Codes(ver.astype(np.int32), versions),
        notes=Codes(note.astype(np.int32), (*SGL_NOTES, (N_RATE_CLAMP,))),  # (by infer.NOTE_*)
        time_text=_FromLine(data, tab["s"][rows], tab["e"][rows], p.source, "time_text", None),
        raw=_FromLine(data, tab["s"][rows], tab["e"][rows], p.source, "raw", ()),
    )


def record_source(
    parser: LineParser,
    sink: Callable[[RecordBatch], None],
    max_line: int = MAX_LINE,
    extract: bool = True,
) -> Scanner:
    """The record source for one input: composed with the compiled part when it runs.
    ``extract`` False: the compiled part only finds the candidate lines (every record is
    wanted as an object: a time window, --records)."""
    compiled = Compiled(parser, max_line, extract) if available() else None
    return Scanner(parser, sink, max_line=max_line, compiled=compiled)
