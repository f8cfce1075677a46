"""Times and durations on the command line: one grammar for ``--since``/``--until`` (logs and
fleet) and one for durations (``--step`` too).

A time is an instant (RFC 3339 / ISO 8601 with or without zone, ``2026-11-29 08:40[:SS]``,
``11-29 08:40``, Unix seconds), a time of day (``08:40[:SS]``), a duration back from the
window's end (``10m``, ``1h30m``, ``1d``) or an offset after the first record (``+10m``). What
a time of day and an offset mean depends on what is read: :func:`parse_time` keeps its kind and
each command places it (``core.logs.window``, ``core.fleet.timespec``). No zone means UTC
(a server log's printed clock is read as UTC too).
"""

from __future__ import annotations

import calendar
import math
import re
from dataclasses import dataclass
from datetime import date, datetime, timezone

from specdiag.errors import UsageError

_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}
_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)")
_DURATION = re.compile(f"(?:{_PART.pattern})+")
_LOG_STYLE = re.compile(
    r"(?:(?P<year>\d{4})-)?(?P<month>\d\d)-(?P<day>\d\d)[ T](?P<h>\d\d):(?P<m>\d\d)"
    r"(?::(?P<s>\d\d(?:\.\d+)?))?"
)
_TIME_OF_DAY = re.compile(r"(?P<h>\d\d?):(?P<m>\d\d)(?::(?P<s>\d\d(?:\.\d+)?))?")

MAX_UNIX_S = 253_402_300_799.0  # 9999-12-31T23:59:59Z: the last instant a date can name
MIN_UNIX_S = 946_684_800.0  # 2000-01-01: a smaller bare number is a duration without its unit
MAX_DURATION_S = 400 * 86400.0

DURATION_HINT = "e.g. 30s, 5m, 6h, 1d, 1h30m"
TIME_HINT = (
    "a time: 2026-12-01T08:00:00Z (RFC 3339; no zone: UTC), '2026-12-01 08:00[:SS]', "
    "'12-01 08:00', '08:00' (time of day) or Unix seconds; a duration back from the window's "
    "end (--until, else now): 10m, 6h, 1d; '+10m': after the first record (logs)"
)


def parse_duration(text: str, flag: str) -> float:
    """Seconds in a Prometheus-style duration (``90s``, ``5m``, ``1h30m``, ``1d``, ``1w``); a
    bare number is seconds (``--step 30``)."""
    t = text.strip().lower()
    if not t:
        raise UsageError(f"{flag} is empty", hint=DURATION_HINT)
    try:
        value = float(t)
    except ValueError:
        value = _duration(t, text, flag)
    return _check_duration(value, text, flag)


def _duration(t: str, text: str, flag: str) -> float:
    if not _DURATION.fullmatch(t):
        raise UsageError(f"{flag} {text!r} is not a duration", hint=DURATION_HINT)
    return sum(float(m.group(1)) * _UNITS[m.group(2)] for m in _PART.finditer(t))


def _check_duration(value: float, text: str, flag: str) -> float:
    if not math.isfinite(value) or value <= 0:
        raise UsageError(f"{flag} must be a positive duration, got {text!r}", hint=DURATION_HINT)
    if value > MAX_DURATION_S:
        raise UsageError(f"{flag} {text!r} is longer than 400 days", hint="a shorter window")
    return value


def parse_instant(text: str, flag: str) -> float:
    """Unix seconds of a time as ``--since`` takes it (a year-less one: this year, UTC); a
    duration or a time of day is refused: they need a window to be placed in."""
    spec = parse_time(text, flag, year=datetime.now(timezone.utc).year)
    if spec.kind != "absolute":
        raise UsageError(f"{flag} {text!r} is not a time", hint=TIME_HINT)
    return spec.value


@dataclass(frozen=True)
class TimeSpec:
    """One ``--since``/``--until`` value as written: its kind and number."""

    kind: str  # "absolute" | "time-of-day" | "offset" | "ago"
    value: float  # Unix seconds | seconds of the day | seconds after the first record | back
    year_given: bool  # an absolute time that names its year
    text: str


def parse_time(text: str, flag: str, year: int) -> TimeSpec:
    """One ``--since``/``--until`` value; ``year``: the year of a time written without one."""
    t = text.strip()
    if t.startswith("+"):
        return TimeSpec("offset", _check_duration(_duration(t[1:].lower(), text, flag), text, flag),
                        False, t)  # fmt: skip
    if _DURATION.fullmatch(t.lower()):
        return TimeSpec("ago", _check_duration(_duration(t.lower(), text, flag), text, flag),
                        False, t)  # fmt: skip
    try:
        number = float(t)
    except ValueError:
        return _clock(t, text, flag, year)
    if not math.isfinite(number) or not MIN_UNIX_S <= number <= MAX_UNIX_S:
        raise UsageError(
            f"{flag} {text!r}: Unix seconds from 2000 to 9999 (a duration takes a unit)",
            hint=TIME_HINT,
        )
    return TimeSpec("absolute", number, False, t)


def _clock(t: str, text: str, flag: str, year: int) -> TimeSpec:
    m = _LOG_STYLE.fullmatch(t)
    if m:
        y = int(m.group("year")) if m.group("year") else year
        try:
            date(y, int(m.group("month")), int(m.group("day")))
        except ValueError:
            raise UsageError(f"{flag} {text!r}: no such date", hint=TIME_HINT) from None
        ymdhm = (y, *(int(m.group(k)) for k in ("month", "day", "h", "m")))
        if ymdhm[3] > 23 or ymdhm[4] > 59:
            raise UsageError(f"{flag} {text!r}: no such time", hint=TIME_HINT)
        epoch = calendar.timegm((*ymdhm, 0, 0, 0, 0)) + float(m.group("s") or 0)
        return TimeSpec("absolute", float(epoch), m.group("year") is not None, t)
    m = _TIME_OF_DAY.fullmatch(t)
    if m:
        h, mi, s = int(m.group("h")), int(m.group("m")), float(m.group("s") or 0)
        if h > 23 or mi > 59 or s >= 61:
            raise UsageError(f"{flag} {text!r}: not a time of day", hint=TIME_HINT)
        return TimeSpec("time-of-day", h * 3600.0 + mi * 60.0 + s, False, t)
    try:  # ISO 8601 with a zone or other separators: the standard library reads it
        dt = datetime.fromisoformat(t[:-1] + "+00:00" if t.endswith(("Z", "z")) else t)
    except ValueError:
        raise UsageError(f"cannot read {flag} {text!r}", hint=TIME_HINT) from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    try:
        value = dt.timestamp()
    except (OverflowError, OSError, ValueError):
        raise UsageError(f"{flag} {text!r} is not a valid time", hint=TIME_HINT) from None
    if not 0 <= value <= MAX_UNIX_S:
        raise UsageError(f"{flag} {text!r}: a time in years 1970..9999", hint=TIME_HINT)
    return TimeSpec("absolute", value, True, t)


def back_from(since: TimeSpec, until: TimeSpec | None, now: float) -> TimeSpec:
    """A duration ``--since D`` (kind ``ago``) placed: ``D`` before the window's end, ``until``
    (itself placed the same way when a duration), else before ``now``; of the end's kind (an
    offset or a time of day less ``D``). Any other ``since`` is returned as it is."""
    if since.kind != "ago":
        return since
    if until is None or until.kind == "ago":
        end = now - (until.value if until is not None else 0.0)
        return TimeSpec("absolute", end - since.value, False, since.text)
    value = until.value - since.value
    if until.kind != "absolute" and value < 0:
        raise UsageError(
            f"--since {since.text} back from --until {until.text} falls before "
            + ("the first record" if until.kind == "offset" else "midnight"),
            hint="give --since as a time",
        )
    return TimeSpec(until.kind, value, False, since.text)


def year_of(spec: TimeSpec | None) -> int | None:
    """The year an absolute time names (UTC), for the other bound written without one."""
    if spec is None or spec.kind != "absolute" or not spec.year_given:
        return None
    return datetime.fromtimestamp(spec.value, tz=timezone.utc).year


def latest_time_of_day(seconds_of_day: float, at_or_before: float) -> float:
    """The last instant at or before ``at_or_before`` whose UTC clock reads ``seconds_of_day``."""
    midnight = at_or_before - at_or_before % 86400.0
    t = midnight + seconds_of_day
    return t if t <= at_or_before else t - 86400.0
