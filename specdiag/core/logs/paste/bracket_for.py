"""Another run's value of a figure in a bracket after it: ``V NAME on SET (V2 for OTHER)``.

A sentence printing a figure's value (or a range of values) for its own run, then in a bracket
right after the figure's name and scope that same figure's value for another run, named after
``for`` (``~1.8 accepted drafts per step on chat (2.41 for the old head), ~0.6 on math``), states
the figure for two runs: the bracket's value is a measurement of the run it names, in the same
measure. The bracket is taken out of its place (so the sentence's next clause keeps the name it
shares with the first) and put as a clause of its own at the sentence's end: ``...; NAME for
OTHER is V2`` (:func:`split`).

One sentence prints one measure one way: where a value of the sentence decides the bonus of the
measure by itself (a count of accepted drafts a step below 1 counts no target token), the
bracket's value of the same measure, which nothing decides, follows it (:func:`follow`).

Only where the words before the bracket open on the figure's name (``cells.key``: an acceptance
figure), after it at most a scope (``on``, ``for``, ``in``, ``over`` and words, no digit), the
value before the name and the bracket's are of one kind (both ``%`` or neither, at most 64 when
no percentage), and the bracket holds the value, ``for`` and a label alone. A bracket of
another measure (a unit or a multiplier after its value), of no ``for``, of a value alone
(``(2.41)``), or words before it that name no acceptance figure leave the line as it was; so does
a line of ``NAME V UNIT (V2 for OTHER)``, which compared_for.py reads.

Pure: lines in, lines out; records in, records out; one search a line gated by `` for ``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import compared_for as CF
from specdiag.core.logs.paste.model import UNKNOWN, PasteRecord, printed_decided

Line = tuple[int, str]

_NUM = r"[~≈]?\d+(?:\.\d+)?%?"
_SIBLING = re.compile(
    r"(?<![\w.])(?P<lead>" + _NUM + r"(?:\s*[–—-]\s*" + _NUM + r")?)[ ]+"
    r"(?P<words>[A-Za-z][A-Za-z/-]*(?:[ ]+[A-Za-z][A-Za-z/-]*){0,9})[ ]*"
    r"\((?P<v>"
    + _NUM
    + r")[ ]+for[ ]+(?P<label>[A-Za-z0-9][\w.-]*(?:[ ][A-Za-z0-9][\w.-]*){0,3})\)",
)
# a scope after the figure's name: a preposition and words
_SCOPE = re.compile(r"^(?:on|for|in|over|with|at)(?:[ ]+[A-Za-z][A-Za-z/-]*)+$")
# the sentence's end after the bracket: a full stop (or '!', '?', ';') before a space or the end
_END = re.compile(r"[.!?;](?=\s|$)|$")
_MOST = 64.0


def _name(words: str) -> str | None:
    """The figure's name the words open on (the longest such opening), the rest a scope."""
    parts = words.split()
    for i in range(len(parts), 0, -1):
        head = " ".join(parts[:i])
        rest = " ".join(parts[i:])
        if C.key(head).metric in C.ACCEPTANCE and (not rest or _SCOPE.match(rest)):
            return head
    return None


def _number(v: str) -> float:
    return float(v.strip("~≈%"))


def _kind_fits(lead: str, v: str) -> bool:
    first = re.split(r"\s*[–—-]\s*", lead)[0]
    if first.endswith("%") != v.endswith("%"):
        return False
    return v.endswith("%") or (_number(v) <= _MOST and _number(first) <= _MOST)


def matches(t: str) -> list[tuple[re.Match[str], str]]:
    """Each bracket of another run's value in ``t``, with the figure's name before it."""
    if " for " not in t or "(" not in t or CF.rewrite(t) != t:
        return []  # (a value's unit, then the other configuration's value: compared_for.py)
    out = []
    for m in _SIBLING.finditer(t):
        name = _name(m.group("words"))
        if name is not None and _kind_fits(m.group("lead"), m.group("v")):
            out.append((m, name))
    return out


def split(lines: list[Line]) -> list[Line]:
    """Lines whose bracket of another run's value (see the module) is put as a clause of its
    own at its sentence's end; other lines as they are."""
    out: list[Line] = []
    for ln, t in lines:
        found = matches(t)
        if not found:
            out.append((ln, t))
            continue
        m, name = found[0]
        cut = t[: m.end("words")] + t[m.end() :]
        at = m.end("words")
        end = _END.search(cut, at)
        pos = end.start() if end is not None else len(cut)
        clause = f"; {name} for {m.group('label')} is {m.group('v')}"
        out.append((ln, cut[:pos] + clause + cut[pos:]))
    return out


def hinted(text: str) -> bool:
    """Whether a paste may hold such a bracket at all (cheap substring tests)."""
    return " for " in text and "(" in text


def follow(
    records: list[PasteRecord], raw: list[str], name_of: Callable[[PasteRecord], str | None]
) -> list[PasteRecord]:
    """The bracket's record (its value on the line of such a bracket) whose bonus nothing
    decided, following the record of the same line and measure (``name_of``) whose value
    decided it."""
    out = list(records)
    for i, r in enumerate(records):
        if (
            r.printed_length is None
            or r.bonus.value != UNKNOWN
            or r.first_line != r.last_line
            or not 0 < r.first_line <= len(raw)
        ):
            continue
        found = matches(raw[r.first_line - 1])
        if not any(abs(_number(m.group("v")) - r.printed_length) < 1e-9 for m, _ in found):
            continue
        name = name_of(r)
        ways = {
            o.bonus.value
            for o in records
            if o is not r
            and o.first_line == r.first_line
            and o.bonus.rule.startswith("value:")
            and o.bonus.value != UNKNOWN
            and name is not None
            and name_of(o) == name
        }
        if len(ways) != 1:
            continue
        out[i] = printed_decided(
            r,
            ways.pop(),
            "value: the sentence's other value of this measure decides it (one sentence, "
            "one measure, one way)",
        )
    return out


def _at(r: PasteRecord, t: str, brackets: list[re.Match[str]]) -> int:
    """Where a record's printed length is written on its line ``t``: its bracket's value, or
    the first of its fields' values written alone; the line's end where none is."""
    for m in brackets:
        if r.printed_length is not None and abs(_number(m.group("v")) - r.printed_length) < 1e-9:
            return m.start("v")
    spots = [
        w.start()
        for _, v in r.fields
        if any(c.isdigit() for c in v)
        for w in [re.search(r"(?<![\d.])" + re.escape(v.strip()) + r"(?!\d|\.\d)", t)]
        if w is not None
    ]
    return min(spots) if spots else len(t)


def ordered(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """The records of a line holding such a bracket (see the module), of one block, in the
    order their values are written on the line (the bracket's clause was read at the
    sentence's end); other records as they are."""
    pairs = list(zip(records, block_of, strict=True))
    i = 0
    while i < len(pairs):
        r, b = pairs[i]
        j = i
        while (
            j + 1 < len(pairs)
            and pairs[j + 1][0].first_line == r.first_line
            and pairs[j + 1][1] == b
            and pairs[j + 1][0].last_line == pairs[j + 1][0].first_line
        ):
            j += 1
        if j > i and r.first_line == r.last_line and 0 < r.first_line <= len(raw):
            t = raw[r.first_line - 1]
            brackets = [m for m, _ in matches(t)]
            if brackets:
                pairs[i : j + 1] = sorted(pairs[i : j + 1], key=lambda p: _at(p[0], t, brackets))
        i = j + 1
    return [r for r, _ in pairs], [b for _, b in pairs]
