"""The compiled path of ``specdiag logs``: the same results as the Python path, faster.

The C extension ``_fastlogs`` (csrc/fastlogs.c, built by ``pip install`` / ``make install``)
does two things, and only these:

* **scan**: find the candidate lines of a block of bytes (the same anchor and keywords as
  :class:`~specdiag.core.logs.scan.LineFinder`, without the GIL, so threads scan blocks of one
  file in parallel), and extract every field of the lines in the two known default layouts
  (SGLang >= 0.5.10 ``Decode batch`` with its logger prefix, vLLM >= 0.10 ``SpecDecoding
  metrics``), with the checks of ``LineParser._sglang_fast`` / ``_vllm_fast``;
* **run**: add those records to the analyzer's accumulators exactly as ``LogAnalyzer._record``
  and ``SeriesAccumulator.add`` would, in line order, and hand every other candidate line (any
  other format, any line it does not fully understand) to the Python parser.

A plain file's blocks are read and scanned by threads in one C call each (``read_scan``: pread
and scan without the GIL, into blocks reused once nothing holds them). The accumulators'
running state stays in C from block to block, held by one scanner of an analyzer at a time, and
is written back (:meth:`FastScanner.sync`) before anything reads it: the analyzer's report
(:func:`release`), another scanner of the same analyzer adding records, the end of the source.

So the report, the JSON document and ``--records`` are byte-identical to the Python path's
(tests/unit/logs/test_fast.py proves it on every test file, generated files and fuzz cases). When a
time window or ``--records`` needs each record as an object, or the parser's fast paths are off,
the compiled part only finds the candidate lines and Python parses them all.

``SPECDIAG_LOGS_PYTHON=1`` forces the Python path (the reference); :func:`status` says which
path runs and why.
"""

from __future__ import annotations

import contextlib
import os
import stat
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, BinaryIO

from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.records import LogRecord
from specdiag.core.logs.scan import CHUNK_SIZE, MAX_LINE, Candidate, LineFinder, Scanner
from specdiag.errors import InputError

if TYPE_CHECKING:
    from specdiag.core.logs.analyze import LogAnalyzer

ENV_FORCE_PYTHON = "SPECDIAG_LOGS_PYTHON"
THREADS = 2  # blocks of one file scanned at once (the machine's cores; the GIL is released)
LOOKAHEAD = 2  # blocks read ahead of the one being consumed: memory stays flat

_native: Any = None
_why_not: str | None = None
try:
    from specdiag.core.logs import _fastlogs as _native  # type: ignore[attr-defined,no-redef]
except ImportError as exc:  # not built: the Python path, with a note
    _native = None
    _why_not = f"the compiled part is not built ({exc})"

_ENGINE_CODE = {None: 0, "sglang": 1, "vllm": 2}
# the parser's multi-line state: while any of these is set, every line goes to the parser
PENDING_ATTRS = ("block", "_cut", "table")


def _configure() -> None:
    """Tell the C part which lines the LineFinder treats specially (it stops its scan there
    and this module hands them to the inherited Python logic) and the range guard's bounds."""
    from specdiag.core.logs import patterns as PT
    from specdiag.core.logs import records as R
    from specdiag.core.logs import scan as SC

    cut = b"".join(getattr(SC, "_CUT_ENDS", (b",", b":", b"=", b"(")))
    special_all = (b"n_acc", b"num_acc", *getattr(PT, "PREV_KEYWORDS", ()))
    # a keyword holding another is found by that one: searched once
    special = tuple(
        k for i, k in enumerate(special_all) if not any(o in k for o in special_all[:i])
    )
    follow = tuple(getattr(PT, "FOLLOW_KEYWORDS", ()))
    # For a line in a known layout only its free prefix can make it special, when the fixed
    # part of the layout can hold no trigger: checked on samples of both layouts.
    fixed = (
        b"[2026-11-29 08:40:12.123 DP0 TP0] Decode batch [17], #running-req: 64, #token: 88032, "
        b"token usage: 0.41, accept len: 3.21, accept rate: 0.74, cuda graph: True, gen "
        b"throughput (token/s): 4102.55, #queue-req: 3",
        b"SpecDecoding metrics: Mean acceptance length: 2.52, Accepted throughput: 228.00 "
        b"tokens/s, Drafted throughput: 450.00 tokens/s, Accepted: 2280 tokens, Drafted: 4500 "
        b"tokens, Per-position acceptance rate: 0.720, 0.480, 0.320, Avg Draft acceptance rate: "
        b"50.7%",
    )
    prefix_ok = not any(k in f for f in fixed for k in (*special, *follow, b"|"))
    _native.configure(
        cut,
        special,
        follow,
        float(getattr(R, "MAX_ACCEPT_LENGTH", 1025.0)),
        float(getattr(R, "MAX_THROUGHPUT", 1e9)),
        prefix_ok,
    )


if _native is not None:
    _configure()
_schema_ok: bool | None = None


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


def _accumulator_schema_ok() -> bool:
    """The C part keeps a copy of a SeriesAccumulator's running state: check that the
    accumulator still has the fields it mirrors (else only the scanning is compiled)."""
    global _schema_ok
    if _schema_ok is None:
        from specdiag.core.logs.summary import SeriesAccumulator

        acc = SeriesAccumulator("sglang", "x", "")
        try:
            ok = all(
                isinstance(getattr(acc, name), kind)
                for name, kind in (
                    ("n", int),
                    ("kinds", dict),
                    ("positions", dict),
                    ("versions", dict),
                    ("notes", dict),
                    ("acc_sum", int),
                    ("drafted_sum", int),
                    ("counted", int),
                    ("graph_true", int),
                    ("graph_false", int),
                    ("pp_sum", list),
                    ("pp_w", list),
                    ("stretch_count", int),
                    ("collapsed", int),
                    ("_last_weight", float),
                )
            )
            for h in (acc.length, acc.rate, acc.throughput):
                ok = ok and all(hasattr(h, a) for a in ("counts", "n", "total", "lo", "hi"))
                ok = ok and all(hasattr(h, a) for a in ("wsum", "wtotal", "scale"))
            ok = ok and acc._run is None and acc.first_ts is None and acc.last_text is None
            ok = ok and isinstance(acc.spark.buckets, list) and acc.spark.per == 1
            ok = ok and callable(getattr(acc, "_close_run", None)) and acc.clock is None
        except AttributeError:
            ok = False
        _schema_ok = ok
    return _schema_ok


def _reason_rate() -> str:
    """The range guard's skip reason for an accept rate outside [0, 1]."""
    from specdiag.core.logs.records import out_of_range

    rec = LogRecord(
        "sglang",
        "interval",
        0,
        "",
        "",
        None,
        None,
        None,
        None,
        2.0,
        1.0,
        2.0,
        None,
        None,
        (),
        (),
        None,
        None,
        (),
        (),
    )
    return out_of_range(rec) or "number out of range (accept rate)"


_RI_TEXTS: tuple[object, ...] | None | bool = False


def _rate_inference_texts() -> tuple[object, ...] | None:
    """What the C copy of SGLangRateInference._compute needs: the RateInference class and the
    texts of its notes, read from the Python implementation itself (so the two cannot drift
    apart in wording). None when they do not come out as expected: best() is then called."""
    global _RI_TEXTS
    if _RI_TEXTS is not False:
        return _RI_TEXTS  # type: ignore[return-value]
    from specdiag.core.logs.infer import NEW, OLD, RateInference, SGLangRateInference

    def notes(*cands: frozenset[tuple[str, int]]) -> tuple[str, ...]:
        inf = SGLangRateInference()
        for c in cands:
            inf.add(c)
        return inf.best().notes

    out: tuple[object, ...] | None = None
    try:
        both = notes(frozenset({(NEW, 3), (OLD, 3)}))
        none = notes(frozenset())
        two = notes(frozenset({(NEW, 3), (NEW, 4)}))
        many = notes(frozenset((NEW, n) for n in range(2, 12)))
        if len(both) == 1 and len(none) == 1 and len(two) == 1 and len(many) == 1:
            pre, sep, post = two[0].partition("3, 4")
            listed = ", ".join(str(n) for n in range(2, 10))
            mpre, msep, mrest = many[0].partition(listed)
            if sep and msep and mpre == pre and mrest.endswith(post):
                more = mrest[: len(mrest) - len(post)]
                out = (RateInference, both[0], none[0], pre, more, post)
    except (AttributeError, TypeError, ValueError, KeyError):
        out = None
    _RI_TEXTS = out
    return out


# --------------------------------------------------------------------------- bytes stage


class FastLineFinder(LineFinder):
    """:class:`LineFinder` whose candidate search is compiled.

    The block logic (carried partial lines, overlong lines, binary sniffing) is inherited; each
    range of whole lines goes to the C scanner, which returns one Block (fast records and the
    lines for Python, in order). A Block is put in the candidate list as
    ``(block, first line number - 1, previous line)``; FastScanner.consume tells them apart.
    """

    def __init__(
        self,
        keywords: tuple[bytes, ...],
        max_line: int = MAX_LINE,
        engine: str | None = None,
        fast_mask: int = 0,
    ) -> None:
        super().__init__(keywords, max_line)
        from specdiag.core.logs.patterns import ANCHOR

        self.anchor = ANCHOR
        self.engine_code = _ENGINE_CODE.get(engine, 3)
        self.fast_mask = fast_mask
        # a block scanned ahead by a thread: (data, start, end, Block)
        self.pre: tuple[bytes, int, int, Any] | None = None

    def scan(self, buf: bytes, start: int, end: int) -> Any:
        return _native.scan(
            buf,
            start,
            end,
            self.anchor,
            self.keywords,
            self.max_line,
            self.engine_code,
            self.fast_mask,
        )

    def _block(self, buf: bytes, start: int, end: int) -> None:
        """LineFinder._block, compiled: the C scan runs up to the next special line (a block
        header, a line cut mid-field, a summary's counts line), which goes to the inherited
        Python logic with the context lines it implies; then the C scan goes on."""
        if type(buf) is not bytes:
            buf = bytes(buf)
        orig_tail, orig_lines = self._prev_tail, self._prev_lines
        pos = start
        if self._follow:  # context lines carried over from the previous block
            pos = self._context(buf, pos, end)
            if pos >= end:
                return
        lo = pos  # LineFinder._block computes its tails from here
        while pos < end:
            if self._follow:  # context lines after a special line (they look back from lo)
                self._prev_lines = orig_lines
                pos = self._context(buf, pos, end, lo)
                if pos >= end:
                    break
            pre = self.pre
            if pre is not None and pre[0] is buf and pre[1] == pos and pre[2] == end:
                blk = pre[3]
                self.pre = None
            else:
                blk = self.scan(buf, pos, end)
            if blk.items:
                # PREV_TAIL items at pos: the line before pos (whole) or the last block's tail
                ptail = orig_tail if pos == lo else buf[buf.rfind(b"\n", lo, pos - 1) + 1 : pos - 1]
                self._out.append((blk, self.lines, ptail))  # type: ignore[arg-type]
            self.lines += blk.lines
            self.candidate_lines += blk.candidate_lines
            stop = blk.stop
            if stop >= end:
                break
            # the special line, by the Python LineFinder (its tails as it would see them)
            e = buf.find(b"\n", stop, end) + 1
            self._tails(buf, lo, stop, orig_tail, orig_lines)
            LineFinder._block(self, buf, stop, e)
            pos = e
        self._tails(buf, lo, end, orig_tail, orig_lines)

    def _tails(
        self, buf: bytes, lo: int, pos: int, orig_tail: bytes, orig_lines: list[bytes]
    ) -> None:
        """_prev_tail and _prev_lines as LineFinder._block has them after buf[lo:pos]."""
        if pos <= lo:
            self._prev_tail, self._prev_lines = orig_tail, orig_lines
            return
        from specdiag.core.logs.patterns import PREV_LINES

        rfind = buf.rfind
        ps = rfind(b"\n", lo, pos - 1)
        ps = lo if ps < 0 else ps + 1
        self._prev_tail = buf[ps : pos - 1][:4096]
        tail: list[bytes] = []
        p = pos
        while len(tail) < PREV_LINES and p > lo:
            ps = rfind(b"\n", lo, p - 1)
            ps = lo if ps < 0 else ps + 1
            tail.append(buf[ps : p - 1][:4096])
            p = ps
        self._prev_lines = (orig_lines + list(reversed(tail)))[-PREV_LINES:]


# --------------------------------------------------------------------------- parse stage


class _FlushOnRead(dict):  # type: ignore[type-arg]
    """LineParser.sglang_inference for the compiled path: every read of a rank's inference
    first adds the tallies the C part keeps pending for it."""

    def __init__(self, scanner: FastScanner, items: dict[str, Any]) -> None:
        super().__init__(items)
        self._scanner = scanner

    def get(self, key: Any, default: Any = None) -> Any:
        self._scanner._flush_rank(key)
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self._scanner._flush_rank(key)
        return super().__getitem__(key)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._scanner._flush_rank(key)
        return super().setdefault(key, default)

    def __contains__(self, key: object) -> bool:
        self._scanner._flush_rank(key)
        return super().__contains__(key)


class FastScanner(Scanner):
    """A :class:`Scanner` whose bytes stage is a :class:`FastLineFinder` and whose known-layout
    records are added by the C part straight to ``analyzer``'s accumulators."""

    def __init__(
        self,
        parser: LineParser,
        on_record: Callable[[LogRecord], None],
        analyzer: LogAnalyzer,
        *,
        max_line: int = MAX_LINE,
    ) -> None:
        super().__init__(parser, self._release_then_record, max_line=max_line)
        self._record = on_record
        self.analyzer = analyzer
        mask = 0
        if (
            parser.fast_paths
            and not analyzer.window.active
            and analyzer.on_record is None
            and _accumulator_schema_ok()
            and all(hasattr(parser, a) for a in PENDING_ATTRS)
        ):
            mask = 1 | (2 if 1 <= parser.year <= 9999 else 0)
        self.fast_mask = mask
        self.finder = FastLineFinder(self.keywords, max_line, parser.engine, mask)
        self._ctx: Any = None
        self.fast_records = 0  # records the C part read and added itself
        if mask:
            # the C part keeps SGLang rate-inference tallies pending: the parser reading a
            # rank's inference makes them go in first
            parser.sglang_inference = _FlushOnRead(self, parser.sglang_inference)

    def _flush_rank(self, rank: object) -> None:
        if self._ctx is not None:
            self._ctx.flush_rank(rank)

    def sync(self) -> None:
        """Write the running state the C part holds back to the accumulators."""
        if self._ctx is not None:
            self._ctx.sync()
        held = _holders.get(self.analyzer)
        if held is not None and held() is self:
            del _holders[self.analyzer]

    def _hold(self) -> None:
        """This scanner is about to add records: the accumulators' state may be held in C by
        one scanner of an analyzer at a time (another one, e.g. of the same label, writes its
        state back first)."""
        held = _holders.get(self.analyzer)
        other = held() if held is not None else None
        if other is self:
            return
        if other is not None:
            other.sync()
        _holders[self.analyzer] = weakref.ref(self)

    def feed(self, data: bytes) -> None:
        self._hold()
        super().feed(data)

    def close(self) -> None:
        self._hold()
        try:
            super().close()
        finally:
            self.sync()
            _native.drop_blocks()  # the idle blocks and item arrays kept for reuse, freed

    def _make_ctx(self) -> Any:
        from specdiag.core.accept import COLLAPSED_MAX_LENGTH
        from specdiag.core.logs import infer as I
        from specdiag.core.logs import parse as PR
        from specdiag.core.logs import records as R
        from specdiag.core.logs import summary as S

        p = self.parser
        vt = p.version_text
        consts = {
            "sglang": R.SGLANG,
            "vllm": R.VLLM,
            "main": R.MAIN,
            "kind": R.INTERVAL,
            "clock_absolute": R.CLOCK_ABSOLUTE,
            "clock_no_year": R.CLOCK_NO_YEAR,
            "new": I.NEW,
            "old": I.OLD,
            "sglang_version_text": "sglang " + vt
            if vt is not None and p.engine == R.SGLANG
            else None,
            "sglang_0511": PR.SGL_VERSION_0511,
            "sglang_0510": PR.SGL_VERSION_0510,
            "sglang_newish": PR.SGL_VERSION_NEWISH,
            "vllm_version": "vllm " + vt
            if vt is not None and p.engine == R.VLLM
            else "vllm >= 0.10",
            "note_nofit": PR.N_SGL_NOFIT,
            "note_ambiguous": PR.N_SGL_AMBIG,
            "note_clamp": PR.N_RATE_CLAMP,
            "collapsed_max": float(COLLAPSED_MAX_LENGTH),
            "min_run": S.MIN_COLLAPSE_RUN,
            "spark_width": S.SPARK_WIDTH,
            "year": p.year,
            # SGLangRateInference.add recomputes best() after this many tallies of known sets
            "inference_refresh": 512,
            "rate_inference": _rate_inference_texts(),
            "pending_attrs": PENDING_ATTRS,
            "skip": self._skip_bytes,
            "reason_rate": _reason_rate(),
            "max_timestamp": float(getattr(R, "MAX_TIMESTAMP", 1e11)),
        }
        an = self.analyzer
        return _native.Ctx(
            an,
            p,
            p.source,
            an.leaves,
            an._last_main,
            self._one,
            S.SeriesAccumulator,
            I.SGLangRateInference,
            I.sglang_line_analysis,
            consts,
        )

    def _release_then_record(self, rec: LogRecord) -> None:
        # a record of the Python path. During a Ctx.run the C part holds the running state of
        # the main series it adds to: it takes the record itself when it holds that series,
        # else writes the series back first; Python adds the record then.
        ctx = self._ctx
        if ctx is None or not ctx.take(rec):
            self._record(rec)

    def _skip_bytes(self, line_no: int, reason: str, raw: bytes) -> None:
        self._skip(line_no, reason, raw.decode("utf-8", "replace"))

    def _one(self, line_no: int, raw: bytes | None, prev: bytes | None) -> None:
        """A line for the Python parser, in the middle of a Ctx.run."""
        c = self.counts
        Scanner.consume(self, [(line_no, raw, prev)], c.lines, c.candidate_lines, c.binary)

    def consume(
        self, cands: list[Candidate], lines: int, candidate_lines: int, binary: bool
    ) -> None:
        self._hold()
        counts = self.counts
        run: list[Candidate] = []
        for cand in cands:
            head: object = cand[0]
            if isinstance(head, int):
                run.append(cand)
                continue
            if run:
                Scanner.consume(self, run, counts.lines, counts.candidate_lines, counts.binary)
                run = []
            if self._ctx is None:
                self._ctx = self._make_ctx()
            # Python lines count themselves; the running state stays in C until sync()
            fast = self._ctx.run(head, cand[1], cand[2], True)
            counts.records += fast
            self.fast_records += fast
        if run:
            Scanner.consume(self, run, counts.lines, counts.candidate_lines, counts.binary)
        counts.lines = lines
        counts.candidate_lines = candidate_lines
        counts.binary = binary


# the scanner whose Ctx holds an analyzer's running state (at most one per analyzer)
_holders: weakref.WeakKeyDictionary[Any, weakref.ref[FastScanner]] = weakref.WeakKeyDictionary()


def release(analyzer: LogAnalyzer) -> None:
    """Write back the running state the C part holds for ``analyzer`` (before it is read)."""
    held = _holders.pop(analyzer, None)
    scanner = held() if held is not None else None
    if scanner is not None:
        scanner.sync()


def make_scanner(
    parser: LineParser,
    on_record: Callable[[LogRecord], None],
    analyzer: LogAnalyzer,
    max_line: int = MAX_LINE,
) -> Scanner:
    """The scanner for one source: the compiled one when available, else the Python one."""
    if available():
        return FastScanner(parser, on_record, analyzer, max_line=max_line)
    return Scanner(parser, on_record, max_line=max_line)


# --------------------------------------------------------------------------- whole files


def _regular_fd(stream: BinaryIO) -> int | None:
    """The file descriptor of a plain (not decompressed, not re-encoded) regular file."""
    import io

    if not isinstance(stream, io.BufferedReader) or not isinstance(stream.raw, io.FileIO):
        return None
    try:
        fd = stream.fileno()
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
    except (OSError, ValueError):
        return None
    return fd


_pool: ThreadPoolExecutor | None = None


def _executor() -> ThreadPoolExecutor:
    """The threads that read and scan blocks (shared by every file of a run)."""
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(THREADS, thread_name_prefix="specdiag-logs")
    return _pool


ScanCfg = tuple[bytes, tuple[bytes, ...], int, int, int]
BlockResult = tuple[bytes, "tuple[int, int, Any] | None"]


def _block_task(fd: int, k: int, pos: int, chunk_size: int, cfg: ScanCfg) -> BlockResult:
    """Read block k of a file and scan LineFinder's range of whole lines in it (when the block
    before did not end with a newline, the first line finishes a carried one): both in C,
    without the GIL."""
    result: BlockResult = _native.read_scan(fd, pos + k * chunk_size, chunk_size, k > 0, *cfg)
    return result


class _Plan:
    """The files of one run, in order: while one is consumed, the next one's first block is
    read and scanned (files in parallel)."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths
        self.ids: dict[str, tuple[int, int] | None] = {}
        self.ahead: dict[tuple[int, int], Future[Any]] = {}

    def ident(self, path: str) -> tuple[int, int] | None:
        if path not in self.ids:
            try:
                st = os.stat(path)
                self.ids[path] = (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None
            except OSError:
                self.ids[path] = None
        return self.ids[path]

    def after(self, ident: tuple[int, int]) -> str | None:
        for i, p in enumerate(self.paths[:-1]):
            if self.ident(p) == ident:
                return self.paths[i + 1]
        return None


_plans: weakref.WeakKeyDictionary[Any, _Plan] = weakref.WeakKeyDictionary()


def plan_files(analyzer: LogAnalyzer, paths: list[str]) -> None:
    """The plain files ``analyzer`` will scan, in order (to read the next one ahead)."""
    if available() and len(paths) > 1:
        _plans[analyzer] = _Plan(list(paths))


def _first_block(path: str, chunk_size: int, cfg: ScanCfg) -> tuple[Any, ...] | None:
    """A planned file's first block, read and scanned ahead (None: not a plain file)."""
    from specdiag.core.logs.scan import GZIP_MAGIC, UTF16_BOMS

    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or os.pread(fd, 2, 0) in (GZIP_MAGIC, *UTF16_BOMS):
            return None
        data, pre = _block_task(fd, 0, 0, chunk_size, cfg)
        return (st.st_size, st.st_mtime_ns, cfg, data, pre)
    except OSError:
        return None
    finally:
        os.close(fd)


def scan_file(
    analyzer: LogAnalyzer, label: str, stream: BinaryIO, chunk_size: int = CHUNK_SIZE
) -> bool:
    """Scan a plain regular file with its blocks read and scanned by threads, the records added
    in order (the same blocks the sequential scan reads). False when the stream is not such a
    file or the compiled path is off (the caller scans it the usual way)."""
    if not available():
        return False
    fd = _regular_fd(stream)
    if fd is None:
        return False
    try:
        pos = stream.tell()
        st = os.fstat(fd)
    except OSError:
        return False
    scanner = analyzer.add_source(label)
    if not isinstance(scanner, FastScanner):  # pragma: no cover - add_source follows available()
        from specdiag.core.logs.scan import scan_stream

        scan_stream(stream, scanner, chunk_size)
        return True
    finder = scanner.finder
    assert isinstance(finder, FastLineFinder)
    cfg: ScanCfg = (
        finder.anchor,
        finder.keywords,
        finder.max_line,
        finder.engine_code,
        finder.fast_mask,
    )
    ex = _executor()
    pending: deque[Future[Any]] = deque()
    plan = _plans.get(analyzer)
    if plan is not None:
        ident = (st.st_dev, st.st_ino)
        ahead = plan.ahead.pop(ident, None)
        if ahead is not None:
            got = ahead.result()
            if got is not None and pos == 0 and got[:3] == (st.st_size, st.st_mtime_ns, cfg):
                done: Future[Any] = Future()
                done.set_result((got[3], got[4]))
                pending.append(done)
        nxt = plan.after(ident)
        nid = plan.ident(nxt) if nxt is not None else None
        if nxt is not None and nid is not None and nid not in plan.ahead:
            plan.ahead[nid] = ex.submit(_first_block, nxt, chunk_size, cfg)
    k = len(pending)
    eof = False
    data: bytes = b""
    pre: Any = None
    try:
        while True:
            while not eof and len(pending) < LOOKAHEAD:
                pending.append(ex.submit(_block_task, fd, k, pos, chunk_size, cfg))
                k += 1
            if not pending:
                break
            try:
                data, pre = pending.popleft().result()
            except OSError as exc:
                raise InputError(
                    f"read error in {label}: {exc.strerror or exc}",
                    hint="check the file and the device it is on",
                ) from None
            if len(data) < chunk_size:
                eof = True
                for f in pending:
                    f.cancel()
                pending.clear()
            if not data:
                break
            finder.pre = (data, *pre) if pre is not None else None
            scanner.feed(data)
            finder.pre = None
            if analyzer.after_block is not None:
                analyzer.after_block()
    finally:
        for f in pending:
            f.cancel()
        for f in pending:  # a block still being read holds the file: let it finish first
            if not f.cancelled():
                with contextlib.suppress(OSError):
                    f.result()
        pending.clear()
        finder.pre = None
        data, pre = b"", None  # the last block: nothing holds it now
        _native.drop_blocks()  # the blocks kept for reuse, freed (also on an error)
    scanner.close()
    return True
