"""Parse one log line on its own, as the unit tests of the line parsers do."""

from __future__ import annotations

from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.records import LogRecord, ParseOutcome


def parse_line(
    text: str, engine: str | None = None, engine_version: str | None = None
) -> ParseOutcome:
    """Parse one line on its own (no memory of earlier lines; a line cut mid-field or the
    first line of a summary is read as all there is)."""
    p = LineParser(engine, engine_version)
    out = p.parse(text)
    p.finish()
    if not p.ready:
        return out
    recs = tuple(item for _, _, item in p.ready if isinstance(item, LogRecord))
    if recs:
        return recs
    return p.ready[0][2]  # type: ignore[return-value]
