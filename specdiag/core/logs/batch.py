"""A batch of records, columnar: what a record source hands the accumulator (the pipeline:
docs/logs.md). :meth:`RecordBatch.record` and :meth:`RecordBatch.of` are inverse (a property
test checks it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from specdiag.core.logs.records import LogRecord

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
I8 = npt.NDArray[np.int8]

_EMPTY_F: tuple[float, ...] = ()
_NAN = float("nan")
# the columns of one kind, read and written alike (missing: NaN, -1, None)
_FLOATS = ("timestamp", "accept_length", "accept_rate", "throughput")
_INTS = ("accepted_tokens", "drafted_tokens", "batch_size")
_CODED = ("engine", "kind", "rank", "clock", "version_guess", "notes")


T = TypeVar("T")


@dataclass(frozen=True, slots=True, eq=False)
class Codes(Generic[T]):
    """A text column with few distinct values: row i is ``values[codes[i]]``."""

    codes: npt.NDArray[np.int32]
    values: tuple[T, ...]

    @classmethod
    def of(cls, items: Sequence[T]) -> Codes[T]:
        table: dict[T, int] = {}
        codes = np.fromiter((table.setdefault(v, len(table)) for v in items), np.int32, len(items))
        return cls(codes, tuple(table))

    def __getitem__(self, i: int) -> T:
        return self.values[self.codes.item(i)]

    def __len__(self) -> int:
        return len(self.codes)


@dataclass(frozen=True, slots=True, eq=False)
class RecordBatch:
    """Records of one source in line order, columnar (``n`` rows)."""

    source: str  # the input's label ('-' for stdin)
    # numeric columns
    line_no: I64
    timestamp: F64  # NaN: no usable timestamp
    accept_length: F64  # bonus included; NaN: not printed
    accept_rate: F64  # NaN: none
    accepted_tokens: I64  # -1: not printed
    drafted_tokens: I64  # -1: not printed
    batch_size: I64  # requests in the batch (SGLang #running-req); -1: not printed
    cuda_graph: I8  # 1 True, 0 False, -1 not printed
    throughput: F64  # NaN: none
    # per-position rates, ragged: row i's are values[offsets[i]:offsets[i + 1]]
    pp_offsets: I64
    per_position: F64
    per_position_conditional: F64
    # text columns with few distinct values: codes into a table of values
    engine: Codes[str]
    kind: Codes[str]
    rank: Codes[str]
    clock: Codes[str | None]
    version_guess: Codes[str | None]
    notes: Codes[tuple[str, ...]]
    # text columns with a value per row (read for a few rows: the first and last times, ...)
    time_text: Sequence[str | None]
    raw: Sequence[tuple[tuple[str, str], ...]]

    def __len__(self) -> int:
        return len(self.line_no)

    @classmethod
    def of(cls, source: str, records: Sequence[LogRecord]) -> RecordBatch:
        """The batch of these records (of one source, in order)."""
        n = len(records)
        names = (*_FLOATS, *_INTS, *_CODED)
        columns = list(zip(*map(attrgetter(*names), records), strict=True)) or [()] * len(names)
        cols: dict[str, Any] = {}
        for f, col in zip(names, columns, strict=True):
            if f in _FLOATS:
                cols[f] = np.array([_NAN if v is None else v for v in col], np.float64)
            elif f in _INTS:
                cols[f] = np.array([-1 if v is None else v for v in col], np.int64)
            else:
                cols[f] = Codes.of(col)
        return cls(
            source=source,
            line_no=np.fromiter((r.line_no for r in records), np.int64, n),
            cuda_graph=np.fromiter(
                (-1 if r.cuda_graph is None else int(r.cuda_graph) for r in records), np.int8, n
            ),
            pp_offsets=np.cumsum([0, *(len(r.per_position) for r in records)], dtype=np.int64),
            per_position=np.array([x for r in records for x in r.per_position], np.float64),
            per_position_conditional=np.array(
                [x for r in records for x in r.per_position_conditional], np.float64
            ),
            time_text=[r.time_text for r in records],
            raw=[r.raw for r in records],
            **cols,
        )

    def record(self, i: int) -> LogRecord:
        """Row ``i`` as the record it came from."""
        cols: dict[str, Any] = {
            f: None if (v := getattr(self, f).item(i)) != v else v for f in _FLOATS
        }
        for f in _INTS:
            cols[f] = None if (k := getattr(self, f).item(i)) < 0 else k
        for f in _CODED:
            cols[f] = getattr(self, f)[i]
        length, graph = cols["accept_length"], self.cuda_graph.item(i)
        a, b = self.pp_offsets.item(i), self.pp_offsets.item(i + 1)
        return LogRecord(
            line_no=self.line_no.item(i),
            source=self.source,
            time_text=self.time_text[i],
            accepted_drafts=None if length is None else length - 1.0,
            per_position=tuple(self.per_position[a:b].tolist()) if b > a else _EMPTY_F,
            per_position_conditional=(
                tuple(self.per_position_conditional[a:b].tolist()) if b > a else _EMPTY_F
            ),
            cuda_graph=None if graph < 0 else bool(graph),
            raw=self.raw[i],
            **cols,
        )

    def records(self) -> list[LogRecord]:
        return [self.record(i) for i in range(len(self))]


class Picked(Sequence[T]):
    """Rows of several per-row columns, picked in a given order (a merged batch's column)."""

    def __init__(self, parts: Sequence[Sequence[T]], part: I64, row: I64) -> None:
        self._parts = parts
        self._part = part
        self._row = row

    def __len__(self) -> int:
        return len(self._part)

    def __getitem__(self, i: int) -> T:  # type: ignore[override]
        return self._parts[int(self._part[i])][int(self._row[i])]


def ragged(starts: I64, lens: I64) -> tuple[I64, I64]:
    """Rows of a flat array's values at [start, start + len), one after another: their offsets
    (row i is [offsets[i], offsets[i + 1])) and the indices of their values."""
    offsets = np.concatenate(([0], np.cumsum(lens, dtype=np.int64)))
    return offsets, np.repeat(starts - offsets[:-1], lens) + np.arange(int(offsets[-1]))


def merge(source: str, parts: Sequence[RecordBatch], order: I64) -> RecordBatch:
    """One batch of the rows of ``parts`` (concatenated), taken in ``order``."""
    sizes = [len(b) for b in parts]
    part = np.repeat(np.arange(len(parts)), sizes)[order]
    row = (np.arange(sum(sizes)) - np.repeat(np.cumsum(sizes) - sizes, sizes))[order]

    def cat(name: str) -> npt.NDArray[Any]:
        return np.concatenate([getattr(b, name) for b in parts])[order]

    def codes(cols: Iterable[Codes[T]]) -> Codes[T]:
        table: dict[T, int] = {}
        mapped = []
        for col in cols:
            remap = np.array([table.setdefault(v, len(table)) for v in col.values], np.int32)
            mapped.append(remap[col.codes] if len(col.codes) else col.codes)
        return Codes(np.concatenate(mapped)[order], tuple(table))

    # ragged per-position rates: each row's slice, in the new order
    pp_n = [len(b.per_position) for b in parts]
    lens = np.concatenate([b.pp_offsets[1:] - b.pp_offsets[:-1] for b in parts])
    starts = np.concatenate(
        [b.pp_offsets[:-1] + off for b, off in zip(parts, np.cumsum([0, *pp_n]), strict=False)]
    )
    offsets, flat = ragged(starts[order], lens[order])
    cols: dict[str, Any] = {f: cat(f) for f in ("line_no", "cuda_graph", *_FLOATS, *_INTS)}
    cols |= {f: codes(getattr(b, f) for b in parts) for f in _CODED}
    return RecordBatch(
        source=source,
        pp_offsets=offsets,
        per_position=np.concatenate([b.per_position for b in parts])[flat],
        per_position_conditional=np.concatenate([b.per_position_conditional for b in parts])[flat],
        time_text=Picked([b.time_text for b in parts], part, row),
        raw=Picked([b.raw for b in parts], part, row),
        **cols,
    )
