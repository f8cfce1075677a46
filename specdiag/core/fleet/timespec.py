"""Durations (``90s``, ``5m``, ``6h``, ``1d``, ``1h30m``) and instants (RFC 3339, Unix seconds)."""

from __future__ import annotations

import math
import re
from datetime import datetime, timezone

from specdiag.errors import UsageError

_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}
_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)")
_DURATION = re.compile(f"(?:{_PART.pattern})+")


def parse_duration(text: str, flag: str) -> float:
    """Seconds in a Prometheus-style duration; a bare number is seconds."""
    t = text.strip().lower()
    if not t:
        raise UsageError(f"{flag} is empty", hint="e.g. 30s, 5m, 6h, 1d, 1h30m")
    try:
        value = float(t)
    except ValueError:
        if not _DURATION.fullmatch(t):
            raise UsageError(
                f"{flag} {text!r} is not a duration", hint="e.g. 30s, 5m, 6h, 1d, 1h30m"
            ) from None
        value = sum(float(m.group(1)) * _UNITS[m.group(2)] for m in _PART.finditer(t))
    if not math.isfinite(value) or value <= 0:
        raise UsageError(
            f"{flag} must be a positive duration, got {text!r}", hint="e.g. 30s, 5m, 6h, 1d"
        )
    if value > 400 * 86400:
        raise UsageError(f"{flag} {text!r} is longer than 400 days", hint="query a shorter window")
    return value


MAX_UNIX_S = 253_402_300_799.0  # 9999-12-31T23:59:59Z: the last instant a date can name


def parse_instant(text: str, flag: str) -> float:
    """Unix seconds from RFC 3339 / ISO 8601 (``2026-12-01T08:00:00Z``; no zone: UTC) or a
    Unix timestamp."""
    t = text.strip()
    try:
        value = float(t)
    except ValueError:
        try:
            dt = datetime.fromisoformat(t[:-1] + "+00:00" if t.endswith(("Z", "z")) else t)
        except ValueError:
            raise UsageError(
                f"{flag} {text!r} is not a time",
                hint="RFC 3339 (2026-12-01T08:00:00Z) or Unix seconds",
            ) from None
        if dt.tzinfo is None:
            dt = dt.replace(tzinfo=timezone.utc)
        try:
            return dt.timestamp()
        except (OverflowError, OSError, ValueError):
            raise UsageError(
                f"{flag} {text!r} is not a valid time", hint="a time in years 1970..9999"
            ) from None
    if not math.isfinite(value) or not 0 <= value <= MAX_UNIX_S:
        raise UsageError(
            f"{flag} {text!r} is not a valid Unix time",
            hint="RFC 3339 (2026-12-01T08:00:00Z) or Unix seconds",
        )
    return value


def parse_since(text: str, flag: str) -> tuple[float | None, float | None]:
    """``--since``: a duration (the window up to its end: ``(seconds, None)``) or a time (the
    window's start: ``(None, unix_seconds)``), the two forms ``--since`` takes in every command."""
    try:
        return parse_duration(text, flag), None
    except UsageError as as_duration:
        try:
            return None, parse_instant(text, flag)
        except UsageError:
            raise UsageError(
                f"{flag} {text!r} is neither a duration nor a time",
                hint="a duration (30m, 6h, 1d) or a time (RFC 3339 2026-12-01T08:00:00Z, Unix s)",
            ) from as_duration


def iso(ts: float) -> str:
    """RFC 3339 in UTC with second precision (milliseconds when they are not zero)."""
    dt = datetime.fromtimestamp(ts, tz=timezone.utc)
    if dt.microsecond:
        return dt.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return dt.isoformat(timespec="seconds").replace("+00:00", "Z")


def prom_duration(seconds: float) -> str:
    """A PromQL range duration in whole milliseconds (``[21600000ms]``)."""
    return f"{max(1, round(seconds * 1000))}ms"
