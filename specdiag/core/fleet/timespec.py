"""fleet's window from ``--since``/``--until`` (core.timespec's grammar, placed on one
Prometheus range), and the RFC 3339 and PromQL spellings of its times."""

from __future__ import annotations

from datetime import datetime, timezone

from specdiag.core.timespec import TIME_HINT, TimeSpec, latest_time_of_day, parse_time, written_year
from specdiag.errors import UsageError


def window(
    since: str | None, until: str | None, now: float
) -> tuple[float | None, float | None, float | None]:
    """``(since_s, start, end)`` for :class:`~specdiag.core.fleet.run.FleetConfig`: a duration
    ``--since`` counts back from the window's end (``since_s``; the end is ``--until``, else
    now), a time is the start; ``--until`` a time (a duration: that long before now). A time of
    day is the last such UTC time at or before the end; a year-less date takes the other bound's
    year, else this year. An offset (``+10m``, logs' "after the first record") is refused."""
    year = written_year(since, until, datetime.fromtimestamp(now, tz=timezone.utc).year)
    end = None
    if until is not None:
        u = _placeable(parse_time(until, "--until", year))
        end = _at(u, now)
    if since is None:
        return None, None, end
    s = _placeable(parse_time(since, "--since", year))
    if s.kind == "ago":
        return s.value, None, end
    return None, _at(s, end if end is not None else now), end


def _placeable(spec: TimeSpec) -> TimeSpec:
    if spec.kind == "offset":
        raise UsageError(
            f"{spec.text}: an offset counts from a log's first record, and fleet reads no log",
            hint=f"a duration ({spec.text[1:]} back from --until, else now) or a time: "
            + TIME_HINT,
        )
    return spec


def _at(spec: TimeSpec, end: float) -> float:
    """An instant: a time as it is, a duration back from ``end``, a time of day the last at or
    before ``end``."""
    if spec.kind == "ago":
        return end - spec.value
    if spec.kind == "time-of-day":
        return latest_time_of_day(spec.value, end)
    return spec.value


def iso(ts: float) -> str:
    """RFC 3339 in UTC with second precision (milliseconds when they are not zero)."""
    dt = datetime.fromtimestamp(ts, tz=timezone.utc)
    if dt.microsecond:
        return dt.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return dt.isoformat(timespec="seconds").replace("+00:00", "Z")


def prom_duration(seconds: float) -> str:
    """A PromQL range duration in whole milliseconds (``[21600000ms]``)."""
    return f"{max(1, round(seconds * 1000))}ms"
