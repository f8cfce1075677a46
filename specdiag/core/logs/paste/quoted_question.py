"""A question quoted in prose ('tools for answering "the draft trains fine but acceptance is ~0.9:
why?"'): the words of a question someone asks, set in quotes, state no measurement; a figure
inside it is no record.

The shape: an opening double quote (straight or curly), text with no quote and no question mark,
then a question mark closing the quoted text (spaces allowed before the closing quote). A quoted
statement (no question mark before its closing quote), a question not in quotes, or a quote
whose question mark comes after a closing quote is read as before.
Pure: text in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

# (no '?' inside: the first question mark closes the question, one way to match)
_QUOTED_QUESTION = re.compile(r'"[^"?]{1,400}\?\s*"|“[^”“?]{1,400}\?\s*”')


def hinted(text: str) -> bool:
    """Whether the line may hold a quoted question."""
    return "?" in text and ('"' in text or "“" in text)


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each quoted question in the line."""
    for m in _QUOTED_QUESTION.finditer(text):
        yield m.start(), m.end(), []


def _blank(s: str) -> str:
    return " " * len(s)


def blank_across(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines of a block with each question quoted across two lines blanked: a line whose last
    double quote opens a quote left open to its end (no question mark after it), the next line
    closing it with a question mark right before its first quote. One pass, each line looked at
    once; the lines unchanged where no quote is left open."""
    out = list(lines)
    for i in range(len(out) - 1):
        t = out[i][1]
        if t.count('"') % 2 == 1:
            q = t.rfind('"')
            close = '"'
        elif t.count("“") > t.count("”"):
            q = t.rfind("“")
            close = "”"
        else:
            continue
        if "?" in t[q:]:
            continue
        nxt = out[i + 1][1]
        c = nxt.find(close)
        if c < 0 or not nxt[:c].rstrip().endswith("?") or nxt[:c].count("?") != 1:
            continue
        out[i] = (out[i][0], t[:q] + _blank(t[q:]))
        out[i + 1] = (out[i + 1][0], _blank(nxt[: c + 1]) + nxt[c + 1 :])
    return out
