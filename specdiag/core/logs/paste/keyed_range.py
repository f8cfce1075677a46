"""A key-value line whose whole value is a range of one acceptance figure: no figure of its
own, no record (the lead's ruling; a table's range cell keeps its row's record of no figure).

``Mean acceptance length: ~2.6-2.8`` (or ``accept rate = 0.61–0.74``, ``AL: 2.4 to 2.9``,
a bullet's ``- **Acceptance rate**: 58-66%``): the line is read by no other reading (its two
ends are no two runs), the next value of the figure read as before. The key must name the
figure whole (``cells.key``: no longer phrase whose tail names it, ``Target acceptance rate``),
no planned figure
(``Expected ...``, ``... (assumed)``), and the value must be a range the figure can be (a rate
within [0, 1] or a share, a length from 1 to the most tokens a step holds, low below high);
anything after the range (``2.6-2.8 tok/s``, ``2.6-2.8, then 3.1``, a date) leaves the line to
the other readers, as before.

Pure: a line in, (key, range) out; gated by a cheap test of its characters.
"""

from __future__ import annotations

import re

# 'key: value' or 'key = value' alone on a line, a bullet or markup around the key allowed
_LINE = re.compile(
    r"^\s*(?:[-*•+]\s+)?(?P<key>[*_`]{0,2}[A-Za-z][A-Za-z0-9 _./()#-]{0,60}?[*_`]{0,2})"
    r"\s*[:=]\s*[*_`]{0,2}(?P<val>[~≈]?\s*[\d.]+\s*%?\s*(?:--|[-–—]|to)\s*[~≈]?\s*[\d.]+\s*%?)"
    r"[*_`]{0,2}\s*$"
)


def hinted(text: str) -> bool:
    """A cheap test: a key's separator and a range's joiner on the line."""
    return (":" in text or "=" in text) and (
        "-" in text or "–" in text or "—" in text or " to " in text
    )


def read(text: str) -> tuple[str, str] | None:
    """(the key as printed, the range as printed) of a line that is one key and a range; None
    for any other line."""
    m = _LINE.match(text)
    if m is None:
        return None
    return m.group("key").strip("*_` "), m.group("val").strip()
