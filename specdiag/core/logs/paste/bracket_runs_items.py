"""A figure's name, its runs' labels joined by `/` in a bracket and a colon, then items of a label
and as many values joined by `/`: `Accept rate by split (run A / run B): chat 0.71 / 0.69, code
0.80 / 0.78.` Each item is one subset measured in every run the bracket names, so each value is
its own run's record, in the order printed (the prose form of a table column whose header closes
on its runs' labels in a bracket, `AL (greedy / sampled)`, slashed_grid.py).

The name is the sentence's words before the bracket, a qualifier of what the items are (`per
phase`, `by split`, `for each task`) dropped, its last one to four words naming an acceptance
figure. Every item of the sentence (up to its end, across wrapped lines) must be a label of one
to four words then exactly as many plain values as the bracket has labels (two to eight), all
written alike (`%` all or none), perhaps followed by a note in brackets (dropped: a range there
is no record); else the lines are left as they were. The items are written again as clauses
under the figure's name (`accept rate 0.71; accept rate 0.69; ...`), each on the line holding
its values, and read by the prose reader as any such clause.

Pure: lines in, lines out; linear: each line is matched once, the items scanned once.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_V = r"(?:\d+(?:\.\d+)?|\.\d+)%?"
# the bracket of the runs' labels right before a colon: two to eight labels, no digits alone
_HEAD = re.compile(r"\((?P<labs>[^()/:\n]{1,30}(?:/[^()/:\n]{1,30}){1,7})\)[ \t]*:[ \t]*")
# the characters that end the words before the bracket (a sentence's or a clause's end)
_BREAKS = ".:;()"
# what the items are, after the figure's name ('per phase', 'by split', 'for each task')
_QUALIFIER = re.compile(
    r"[ \t]+(?:per|by|for[ \t]+each|for[ \t]+every|across|on[ \t]+each)(?:[ \t]+\w+){1,2}$",
    re.I,
)
_ITEM = re.compile(
    rf"(?P<label>[^\d\s,()/](?:[^,()/]{{0,40}}[^\s,()/])?)[ \t]+(?P<vals>{_V}(?:[ \t]*/[ \t]*{_V}){{1,7}})"
    r"[ \t]*(?:\([^()]{0,80}\))?[ \t]*"
)
# a sentence's end: a full stop (not a decimal point) at the end or before a space
_END = re.compile(r"\.(?=\s|$)")


def _name(pre: str) -> str | None:
    """The acceptance figure's name the words before the bracket end with, or None."""
    words = _QUALIFIER.sub("", C._MARKUP.sub("", pre).strip()).split()
    for n in (4, 3, 2, 1):
        if len(words) >= n:
            cand = " ".join(words[-n:])
            k = C.key(cand)
            if k.metric in (C.RATE, C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP):
                return cand
    return None


def rewrite(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The block's lines with each such sentence's items written as clauses under its name."""
    out = list(lines)
    i = 0
    while i < len(out):
        t = out[i][1]
        if "/" not in t or ":" not in t or "(" not in t:
            i += 1
            continue
        m = _HEAD.search(t)
        if m is None:
            i += 1
            continue
        cut = max(t.rfind(c, 0, m.start()) for c in _BREAKS)
        pre = t[max(cut + 1, m.start() - 80) : m.start()]
        labels = [x.strip() for x in m.group("labs").split("/")]
        name = _name(pre) if pre.strip() else None
        if name is None or any(not x for x in labels) or len(set(labels)) != len(labels):
            i += 1
            continue
        done = _items(out, i, m.end(), name, len(labels))
        if done is None:
            i += 1
            continue
        i = done
    return out


def _items(out: list[tuple[int, str]], i: int, start: int, name: str, n: int) -> int | None:
    """Rewrite the items from line i, column ``start``, up to the sentence's end, in ``out``;
    the index of the line after the last rewritten, or None (nothing rewritten)."""
    # the sentence's text after the colon, line by line (at most 6 lines)
    segs: list[tuple[int, int, str]] = []  # (index, start column, text)
    col = start
    end_at: tuple[int, int] | None = None
    for j in range(i, min(len(out), i + 6)):
        t = out[j][1]
        e = _END.search(t, col)
        if e is not None:
            segs.append((j, col, t[col : e.start()]))
            end_at = (j, e.start())
            break
        segs.append((j, col, t[col:]))
        col = 0
    if end_at is None:
        return None
    text = " ".join(s for _, _, s in segs)
    parts = [p.strip() for p in _split_top(text)]
    if len(parts) < 2:
        return None
    values: list[list[str]] = []
    for p in parts:
        im = _ITEM.fullmatch(p)
        if im is None:
            return None
        vals = [v.strip() for v in im.group("vals").split("/")]
        if len(vals) != n or C.key(im.group("label").strip()).metric is not None:
            return None
        values.append(vals)
    flat = [v for vs in values for v in vs]
    if len({v.endswith("%") for v in flat}) != 1:
        return None
    # each item on the line holding its last value: count the items ending on each line
    ends: dict[int, list[int]] = {}
    pos = 0
    offsets = []
    for j, _, s in segs:
        offsets.append((j, pos, pos + len(s)))
        pos += len(s) + 1
    search_from = 0
    for idx, p in enumerate(parts):
        at = text.find(p, search_from)
        stop = at + len(p)
        search_from = stop
        line = next((j for j, a, b in offsets if a <= stop - 1 < b + 1), offsets[-1][0])
        ends.setdefault(line, []).append(idx)
    for j, c0, _s in segs:
        clauses = "; ".join(f"{name} {v}" for idx in ends.get(j, []) for v in values[idx])
        t = out[j][1]
        tail = t[end_at[1] :] if j == end_at[0] else ""
        out[j] = (out[j][0], t[:c0] + clauses + tail)
    return end_at[0] + 1


def _split_top(text: str) -> list[str]:
    """``text`` split at its commas outside brackets."""
    parts: list[str] = []
    depth = 0
    cur: list[str] = []
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts
