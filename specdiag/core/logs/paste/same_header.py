"""Blocks of one paste printed under the same table header as an earlier block whose tool was
named beside it: the same printer's output, so the same tool decides both.

A user often pastes one tool's table twice ('Before:' ..., 'After the change:' ...), naming
the tool's own script only above the first ('with `python3 -m sglang.test.send_one`'). The
second table's header is the first's, word for word, column for column: it is that printer's
output too, so its figures follow the same convention. Only a header of two columns or more,
identical after spacing is evened out, carries the attribution, and only to a block whose own
evidence names the same tool or names none (its prose may name the change under test, 'With the
patch applied ...', not the printer); never to a block naming another tool.

A block of key-value lines alone ('acc_length=3.01' over 'speed=273.4 token/s', as a client
script prints its results) is told the same way by its keys: two lines or more, every line one
key and its value, the same keys in the same order as the earlier block's.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.evidence import SAME_HEADER_RULE, SAME_KEYS_RULE

__all__ = ["SAME_HEADER_RULE", "SAME_KEYS_RULE", "header", "keys"]

_BORDER = re.compile(r"^[\s|+=:\-─━┼┃│]*$")
_COLUMN_SPLIT = re.compile(r"\s*[|│┃]\s*|\s{2,}")


def header(lines: list[str]) -> str | None:
    """The block's table header: its first line holding words, split into two columns or more
    (by bars or by runs of spaces), spacing evened out; None where there is none."""
    for t in lines[:4]:
        if _BORDER.match(t):
            continue
        cols = [c for c in _COLUMN_SPLIT.split(t.strip()) if c]
        if len(cols) < 2 or not any(any(ch.isalpha() for ch in c) for c in cols):
            return None
        if sum(any(ch.isalpha() for ch in c) for c in cols) < len(cols):
            return None  # a data row, not a header: every column of a header is a name
        return " | ".join(" ".join(c.split()).lower() for c in cols)
    return None


# a line of one key and its value ('acc_length=3.01', 'speed: 273.4 token/s'): a key of one to
# five words, then '=' or ': ' and the value
_KEY_LINE = re.compile(r"^\s*([A-Za-z_][\w.-]*(?: [A-Za-z_][\w.-]*){0,4})\s*(?:=|:\s)\s*\S")


# what a block's keys open with (no table header does: a header holds no ':')
KEYS = "keys: "


def keys(lines: list[str]) -> str | None:
    """The block's keys, in order, where it is two to twelve lines of one key and its value
    each ('acc_length=3.01' over 'speed=273.4 token/s'); None for any other block."""
    body = [t for t in lines if t.strip()]
    if not 2 <= len(body) <= 12:
        return None
    got = [m.group(1).lower() for t in body if (m := _KEY_LINE.match(t)) is not None]
    if len(got) != len(body) or len(set(got)) != len(got):
        return None
    return KEYS + " | ".join(got)
