"""A figure's value told near its ceiling, the ceiling after it: ``accept length near the
ceiling of 3.46 out of 4``, ``mean acceptance length close to its maximum at 5.7 of 6``.

Words placing the value near a bound (``near``, ``close to``, ``just below``, ``right under``
and ``the`` / ``its`` ``ceiling`` / ``maximum`` / ``max`` / ``limit`` / ``cap``) stand between
the figure's name and its value, so the key-value reader takes them as part of the name and the
line as a bound. Where the value is followed by the ceiling it is near (``out of M``, ``of M``,
``/ M``, the value below M), the bound is M and the value is the measurement: the line is read
with the words taken out (``accept length of 3.46 out of 4``).

Only where the words before them (their longest tail of one to four) name an acceptance figure
(``cells.key``) and the value is below the ceiling that follows it. ``near the ceiling of
3.9`` (no ceiling after the value: the value is the ceiling, a bound) and a value above the
ceiling after it are left as they were.

Pure: lines in, lines out; one search a line, gated by substring tests of the bound's words.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

# what every line read here holds, in lower case: a word placing a value near a bound and the
# bound named after 'the' or 'its' (substring tests: no pattern run over a whole log)
_NEAR_WORDS = ("near ", "close to ", "just below ", "just under ", "right below ", "right under ")
_CEILING_WORDS = tuple(
    f"{a} {w}" for a in ("the", "its") for w in ("ceiling", "max", "limit", "cap")
)
_NEAR = re.compile(
    r"(?<![\w'])(?P<name>(?:[A-Za-z][\w-]{0,30}[ ]){0,3}[A-Za-z][\w-]{0,30})[ ]+"
    r"(?P<near>(?:near|close[ ]to|just[ ](?:below|under)|right[ ](?:below|under))[ ]+"
    r"(?:the|its)[ ]+(?:ceiling|maximum|max|limit|cap))[ ]+(?:of|at)[ ]+"
    r"(?P<v>\d+(?:\.\d+)?)[ ]*(?:out[ ]+of|of|/)[ ]*(?P<m>\d+(?:\.\d+)?)(?!\w|\.\d|\s*%)",
    re.I,
)


def hinted(text: str, lowered: bool = False) -> bool:
    """Whether the paste (or a line) may hold such a line: substring tests of its lower case
    (``lowered``: ``text`` is in lower case already)."""
    low = text if lowered else text.lower()
    return any(w in low for w in _NEAR_WORDS) and any(w in low for w in _CEILING_WORDS)


def _names_figure(words: str) -> bool:
    parts = words.split()
    return any(C.key(" ".join(parts[i:])).metric in C.ACCEPTANCE for i in range(len(parts)))


def plain(lines: list[Line]) -> list[Line]:
    """Lines where a figure's value is told near the ceiling printed after it, the words
    placing it there taken out (``NAME of V out of M``); other lines as they are."""
    out: list[Line] = []
    for ln, t in lines:
        if not hinted(t):
            out.append((ln, t))
            continue
        parts: list[str] = []
        at = 0
        for m in _NEAR.finditer(t):
            if not _names_figure(m.group("name")) or float(m.group("v")) >= float(m.group("m")):
                continue
            parts.append(t[at : m.start("near")] + "of " + m.group("v"))
            at = m.end("v")
        out.append((ln, "".join(parts) + t[at:] if parts else t))
    return out
