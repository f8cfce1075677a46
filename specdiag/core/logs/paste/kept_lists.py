"""A figure said to hold across settings, then each run's values joined by '/': `Accept length
held steady: Head-A 2.810 / 2.774 / 2.769; Head-B at equal load 3.41 / 3.37 / 3.30 (bs≈8), 3.52 /
3.49 / 3.44 (bs≈64).`

A line opening on an acceptance figure's name, a verb of state and up to two words (`is
preserved`, `was unchanged`, `stays flat`, `held steady`), a colon, then groups joined by `;`,
each a label (words, opening on a letter) and one list or more of values joined by `/` (each
perhaps followed by a bracketed note of its own, the lists of a group joined by `,`). Every list
holds the same number of values, two to eight (one a setting compared, the same settings in
every list), every value a decimal (whole numbers joined by `/` are counts). Each value is put
on a line of its own under the figure's name (`Accept length: 2.810`), so the key-value reader
reads one record a value, its figure as that name reads a lone value (a length, a rate).

Never: a line opening otherwise, no verb of state before the colon (`Accept length: 2.1 / 2.3`
is the key-value reader's own), lists of different counts, a group without a label, whole
numbers, anything else after a group.

Pure: lines in, lines out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.slash_carry import NAME

_DEC = r"\d+\.\d+%?"
_LIST = _DEC + r"(?:\s*/\s*" + _DEC + r"){1,7}"
_NOTE = r"(?:\s*\([^()\n]{1,40}\))?"
_HEAD = re.compile(
    r"^\s*(?:[-*]\s+)?(?P<name>" + NAME + r")\s+(?:is|was|are|were|stays|stayed|remains|"
    r"remained|holds|held|looks|looked)\s+(?:[A-Za-z-]+\s+){0,2}?[A-Za-z-]+\s*:\s*",
    re.I,
)
# one group: its label, then its lists, each perhaps with a note, joined by ','
_GROUP = re.compile(
    r"\s*(?P<label>[A-Za-z][^;/()\n]{0,60}?)\s+(?P<lists>"
    + _LIST
    + _NOTE
    + r"(?:\s*,\s*"
    + _LIST
    + _NOTE
    + r")*)\s*(?:;|\.?\s*$|\.\s+)"
)
_ONE_LIST = re.compile(_LIST)
_VALUE = re.compile(_DEC)


def expanded(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``lines`` with each line of the shape above replaced by one line a value (the same line
    number), the rest of the line after the groups kept on the last."""
    out: list[tuple[int, str]] = []
    for ln, t in lines:
        got = _values(t) if ("/" in t and ":" in t) else None
        if got is None:
            out.append((ln, t))
            continue
        name, values, rest = got
        out.extend((ln, f"{name}: {v}") for v in values)
        if rest.strip():
            out.append((ln, rest))
    return out


def _values(t: str) -> tuple[str, list[str], str] | None:
    """(the figure's name, every value in order, the text after the groups), or None."""
    head = _HEAD.match(t)
    if head is None:
        return None
    at = head.end()
    values: list[str] = []
    counts: set[int] = set()
    while at < len(t):
        m = _GROUP.match(t, at)
        if m is None:
            break
        for one in _ONE_LIST.finditer(m.group("lists")):
            vals = _VALUE.findall(one.group(0))
            counts.add(len(vals))
            values.extend(vals)
        at = m.end()
        if t[m.end() - 1 : m.end()] != ";":
            break  # (the sentence ends after this group)
    if not values or len(counts) != 1:
        return None
    if at < len(t) and t[at - 1 : at] == ";":
        return None  # a group after ';' of another shape
    return head.group("name"), values, t[at:]
