"""``--since`` / ``--until`` time windows over records of every clock."""

from __future__ import annotations

import calendar
import datetime as _dt
import re
from dataclasses import dataclass

from specdiag.core.logs.records import CLOCK_ABSOLUTE, CLOCK_NO_YEAR, CLOCK_RELATIVE, LogRecord
from specdiag.errors import UsageError

_ABS = re.compile(
    r"^(?:(?P<year>\d{4})-)?(?P<month>\d\d)-(?P<day>\d\d)[ T](?P<h>\d\d):(?P<m>\d\d)(?::(?P<s>\d\d(?:\.\d+)?))?$"
)
_TOD = re.compile(r"^(?P<h>\d\d?):(?P<m>\d\d)(?::(?P<s>\d\d(?:\.\d+)?))?$")
_DUR = re.compile(r"^(?P<plus>\+?)(?P<body>(?:\d+(?:\.\d+)?[smhd])+)$")
_DUR_PART = re.compile(r"(\d+(?:\.\d+)?)([smhd])")
_UNIT = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}

HELP = (
    "'2026-11-29 08:40[:SS]' or '11-29 08:40' (clock time, UTC as printed), '08:40[:SS]' "
    "(time of day, any date), '+10m' / '+1h30m' (after the first record of each file and engine; "
    "since server start for llama.cpp), or '10m' / '6h' (that long before now)"
)


@dataclass(frozen=True)
class Bound:
    kind: str  # "absolute" | "time-of-day" | "offset"
    value: float  # epoch seconds | seconds of day | offset seconds
    year_given: bool
    text: str


def parse_bound(text: str, flag: str, year: int, now: float | None = None) -> Bound:
    """One --since/--until value: a clock time, a time of day, an offset from each file's first
    record (``+10m``) or a duration back from ``now`` (``10m``; default: the current time)."""
    t = text.strip()
    m = _ABS.match(t)
    if m:
        y = int(m.group("year")) if m.group("year") else year
        try:
            _dt.date(y, int(m.group("month")), int(m.group("day")))
        except ValueError:
            raise UsageError(f"{flag} {text!r}: no such date", hint=HELP) from None
        ymdhm = (y, *(int(m.group(k)) for k in ("month", "day", "h", "m")))
        epoch = calendar.timegm((*ymdhm, 0, 0, 0, 0)) + float(m.group("s") or 0)
        return Bound("absolute", float(epoch), m.group("year") is not None, t)
    m = _TOD.match(t)
    if m:
        h, mi, s = int(m.group("h")), int(m.group("m")), float(m.group("s") or 0)
        if h > 23 or mi > 59 or s >= 61:
            raise UsageError(f"{flag} {text!r}: not a time of day", hint=HELP)
        return Bound("time-of-day", h * 3600.0 + mi * 60.0 + s, False, t)
    m = _DUR.match(t)
    if m:
        total = sum(float(v) * _UNIT[u] for v, u in _DUR_PART.findall(m.group("body")))
        if m.group("plus"):
            return Bound("offset", total, False, t)
        clock = _dt.datetime.now(_dt.timezone.utc).timestamp() if now is None else now
        return Bound("absolute", clock - total, False, t)
    raise UsageError(f"cannot read {flag} {text!r}", hint=HELP)


def window_and_year(
    since: str | None, until: str | None, year: int | None, now_year: int | None = None
) -> tuple[TimeWindow, int]:
    """The --since/--until window and the year for year-less timestamps: ``year`` if given,
    else the year written in --since/--until, else the current year (UTC)."""
    default_year = now_year if now_year is not None else _dt.datetime.now(_dt.timezone.utc).year
    since_b = parse_bound(since, "--since", year or default_year) if since else None
    until_b = parse_bound(until, "--until", year or default_year) if until else None
    if year is None:
        year = next(
            (int(b.text[:4]) for b in (since_b, until_b) if b is not None and b.year_given),
            default_year,
        )
    return TimeWindow(since_b, until_b), year


class TimeWindow:
    """Decides whether a record is inside [since, until]; counts what it cannot place."""

    def __init__(self, since: Bound | None, until: Bound | None) -> None:
        comparable = since and until and since.kind == until.kind != "time-of-day"
        if since and until and comparable and until.value < since.value:
            raise UsageError("--until is before --since", hint=HELP)
        self.since = since
        self.until = until
        self.untimed = 0  # records without a usable timestamp (excluded)
        self.outside = 0  # records outside the window
        # first timestamp per (source, engine), for offsets: engines in one file print
        # different clocks (SGLang a full date, vLLM no year)
        self._first: dict[tuple[str, str], float] = {}

    @property
    def active(self) -> bool:
        return self.since is not None or self.until is not None

    def accepts(self, rec: LogRecord) -> bool:
        ts = rec.timestamp
        if ts is None:
            self.untimed += 1
            return False
        for bound, is_since in ((self.since, True), (self.until, False)):
            if bound is None:
                continue
            v = self._value(rec, ts, bound)
            if v is None:
                self.untimed += 1
                return False
            if v < bound.value if is_since else v > bound.value:
                self.outside += 1
                return False
        return True

    def _value(self, rec: LogRecord, ts: float, b: Bound) -> float | None:
        clock = rec.clock
        if b.kind == "offset":
            if clock == CLOCK_RELATIVE:
                return ts
            first = self._first.setdefault((rec.source, rec.engine), ts)
            return ts - first
        if clock == CLOCK_RELATIVE:
            return None
        if b.kind == "time-of-day":
            return ts % 86400.0
        if clock in (CLOCK_ABSOLUTE, CLOCK_NO_YEAR):
            return ts
        return None
