"""The structure readers reached the way users reach them: through the logs pipeline
(``run_logs``, the entry ``specdiag logs`` and ``specdiag logs --json`` use), which scans every
line first and hands the blocks its line scanner did not claim to the readers.

A generator test that takes a ``read`` argument runs twice (``conftest.py``): once with
:func:`read_paste` and once with :func:`through_logs`, checking the same truth, so a regression
in the hand-off (a block claimed that is not the line scanner's, an input not held) fails it.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import PasteReading
from specdiag.core.logs.run import LogsOptions, run_logs

Read = Callable[[str], PasteReading]

_NOTHING = PasteReading(records=(), groups=(), unread=(), ignored=(), blocks=0)


def through_logs(text: str) -> PasteReading:
    """What the logs pipeline's structure readers found in ``text`` given as stdin (``-``)."""
    result = run_logs(["-"], LogsOptions(workers=1), stdin=io.BytesIO(text.encode()))
    readings = [reading for _, reading in result.pastes]
    assert len(readings) <= 1
    return readings[0] if readings else _NOTHING


def line_scanner_lengths(text: str) -> list[float | None]:
    """The accept lengths of the records the line scanner itself reads in ``text`` (a block in
    one of its own layouts, e.g. vLLM's offline example summary, is its, not the readers')."""
    from specdiag.core.logs.analyze import LogAnalyzer

    out: list[float | None] = []
    analyzer = LogAnalyzer(
        on_record=lambda r: out.append(r.accept_length) if r.kind != "per_position" else None
    )
    analyzer.scan("-", io.BytesIO(text.encode()))
    analyzer.report()
    return out


READERS: tuple[tuple[str, Read], ...] = (("read_paste", read_paste), ("run_logs", through_logs))
