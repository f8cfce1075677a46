"""``--records``: write every record, as it is read, to CSV or JSON Lines (streaming)."""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Callable
from typing import IO, Any

from specdiag.core.logs.records import LogRecord
from specdiag.errors import InputError, UsageError

COLUMNS: tuple[str, ...] = (
    "source",
    "line",
    "engine",
    "kind",
    "rank",
    "time",
    "timestamp",
    "clock",
    "version_guess",
    "accept_length",
    "accepted_drafts",
    "accept_rate",
    "accepted_tokens",
    "drafted_tokens",
    "per_position",
    "per_position_conditional",
    "cuda_graph",
    "throughput",
    "notes",
    "raw",
)


_ATTRS = {"line": "line_no", "time": "time_text"}  # columns named other than the field
_FLOATS = ("timestamp", "accept_length", "accepted_drafts", "accept_rate", "throughput")


def record_dict(rec: LogRecord) -> dict[str, object]:
    """One record as a flat JSON-able dict (the JSONL row; keys = COLUMNS)."""
    d = {c: getattr(rec, _ATTRS.get(c, c)) for c in COLUMNS}
    for c in _FLOATS:
        v = d[c]
        d[c] = v if v is None or math.isfinite(v) else None
    for c in ("per_position", "per_position_conditional", "notes"):
        d[c] = list(d[c])
    d["raw"] = dict(rec.raw)
    return d


def _rates(v: Any) -> str:
    return ";".join(f"{x:.4g}" for x in v)


_CSV_CELL: dict[str, Callable[[Any], object]] = {  # the CSV cells that are not the value itself
    "per_position": _rates,
    "per_position_conditional": _rates,
    "notes": " | ".join,
    "raw": lambda v: json.dumps(v, ensure_ascii=False),
}


def records_format(path: str) -> str:
    """'csv' or 'jsonl' from the file name; UsageError otherwise."""
    lower = path.lower()
    if lower.endswith(".csv"):
        return "csv"
    if lower.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    raise UsageError(f"--records {path}: unknown format", hint="name the file *.csv or *.jsonl")


class RecordWriter:
    """Streams records to ``path``: ``.csv`` or ``.jsonl`` / ``.ndjson`` (by extension)."""

    def __init__(self, path: str) -> None:
        as_csv = records_format(path) == "csv"  # (a usage error before the file is made)
        self.path = path
        self.count = 0
        try:
            self._f: IO[str] = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as exc:
            raise InputError(
                f"cannot write --records {path}: {exc.strerror or exc}",
                hint="check the directory exists and is writable",
            ) from None
        self._csv = csv.writer(self._f) if as_csv else None
        if self._csv is not None:
            self._csv.writerow(COLUMNS)

    def write(self, rec: LogRecord) -> None:
        self.write_row(record_dict(rec))

    def write_row(self, d: dict[str, object]) -> None:
        """One row with at least the keys of COLUMNS (a structure record adds its own keys,
        kept in JSON Lines; the CSV keeps COLUMNS)."""
        if self._csv is not None:
            more = {k: v for k, v in d.items() if k not in COLUMNS}
            if more:  # a structure record's own keys ride in the raw column
                raw = d["raw"]
                assert isinstance(raw, dict)
                d = {**d, "raw": {**raw, **more}}
            cell = _CSV_CELL
            self._csv.writerow(
                cell[k](d[k]) if k in cell else "" if d[k] is None else d[k] for k in COLUMNS
            )
        else:
            self._f.write(json.dumps(d, ensure_ascii=False, allow_nan=False) + "\n")
        self.count += 1

    def flush(self) -> None:
        """Called after every block read and every --follow tick: a killed run keeps what was
        read."""
        self._f.flush()

    def close(self) -> None:
        self._f.close()
