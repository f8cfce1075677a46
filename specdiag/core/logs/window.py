"""``--since`` / ``--until`` time windows over records of every clock."""

from __future__ import annotations

import datetime as _dt

from specdiag.core.logs.records import CLOCK_ABSOLUTE, CLOCK_NO_YEAR, CLOCK_RELATIVE, LogRecord
from specdiag.core.timespec import TIME_HINT, TimeSpec, back_from, parse_time, written_year
from specdiag.errors import UsageError

# The grammar is core.timespec's, as fleet's; placed on the records: a time of day matches that
# clock time on every date of the log, an offset ('+10m') counts from the first record of each
# file and engine (since server start for llama.cpp), a duration counts back from --until
# (else now). Clock times are read as UTC, as the log prints them.


def window_and_year(
    since: str | None, until: str | None, year: int | None
) -> tuple[TimeWindow, int]:
    """The --since/--until window and the year for year-less timestamps: ``year`` if given,
    else the year written in --since/--until, else the current year (UTC)."""
    clock = _dt.datetime.now(_dt.timezone.utc)
    if year is None:
        year = written_year(since, until, clock.year)
    now = clock.timestamp()
    until_b = None if until is None else back_from(parse_time(until, "--until", year), None, now)
    since_b = None if since is None else back_from(parse_time(since, "--since", year), until_b, now)
    return TimeWindow(since_b, until_b), year


class TimeWindow:
    """Decides whether a record is inside [since, until]; counts what it cannot place."""

    def __init__(self, since: TimeSpec | None, until: TimeSpec | None) -> None:
        comparable = since and until and since.kind == until.kind != "time-of-day"
        if since and until and comparable and until.value < since.value:
            raise UsageError("--until is before --since", hint=TIME_HINT)
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

    def _value(self, rec: LogRecord, ts: float, b: TimeSpec) -> float | None:
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
