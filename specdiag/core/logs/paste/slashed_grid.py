"""A grid whose cells each hold one slash-joined run of values, the labels of the run in the
header ('| suite | tokens a step at K = 1 / 2 / 4 / 8 |' over '| A | 1.07 / 1.10 / 1.10 / 1.11 |'):
written out as one column per label, so that each value is read as its own cell.

A header cell ending in ``NAME = a / b / ... `` (2 to 8 labels) opens a split column; its figure
is the words before the labels ('tokens a step'), and words before a colon qualify it
('matches of 2..6 tokens: tokens a step at K = ...'). The column splits only where every body
cell is exactly that many plain values joined by '/' (a note in brackets after them is dropped,
it is no value of the run); a cell holding a range, words or another count leaves the column as
it is. Where exactly one column of the table splits, another column whose header names no
labels and whose every cell is a run of the same count is the same figure at the same labels,
its header qualifying it ('| matches of 1..4 tokens |' beside it): split alike.

Pure: lines in, lines out; line numbers are kept (a table's lines are rewritten in place).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_LABELS = re.compile(r"(?P<lab>[A-Za-z][\w-]{0,15})\s*=\s*(?P<list>\d+(?:\s*/\s*\d+){1,7})\s*$")
_VAL = r"[~≈]?(?:\d+(?:\.\d+)?|\.\d+)\s*%?"
# (or the labels alone in a bracket closing the cell: '| mean accept (d1 / d3) |', '| AL
# (greedy / sampled) |': each a word or a setting of one to sixteen characters, no space)
_LABEL_WORD = r"[A-Za-z0-9][\w.=-]{0,15}"
_BRACKET_LABELS = re.compile(
    r"\((?P<list>" + _LABEL_WORD + r"(?:\s*/\s*" + _LABEL_WORD + r"){1,7})\)\s*$"
)
# (or an enumerated series of labels closing the cell, one stem and its numbers counting up
# from the first: '| acceptance T1 / T2 / T3 |', '| AL run1 / run2 |': turns or runs, each its
# own; a draft position's or a setting's stem, 'd1 / d2', 'p1 / p2', 'k1 / k2', is none)
_SERIES_LABELS = re.compile(
    r"(?<![\w/])(?P<list>(?P<stem>[A-Za-z]{1,6})\d{1,2}(?:\s*/\s*(?P=stem)\d{1,2}){1,7})\s*$"
)
# (the same, anywhere: whether a paste may hold such a header)
SERIES = re.compile(r"(?<![\w/])(?P<stem>[A-Za-z]{1,6})\d{1,2}[ \t]*/[ \t]*(?P=stem)\d")
_NOT_SERIES = frozenset(
    ("d", "p", "pos", "k", "n", "depth", "step", "s", "draft", "a", "acc", "al", "l", "m", "v")
)
_NOTE = r"(?:\s*\([^()]*\))?"
# a depth's short label ('d1', 'd3') and a header cell naming a depth in full ('depth 3')
_DEPTH_SHORT = re.compile(r"d(\d{1,2})")
_DEPTH_CELL = re.compile(r"\bdepth\s*=?\s*\d{1,2}\b", re.I)
_JOINER = re.compile(r"\s+(?:at|for|with|by|of|over)$|[\s,:;(]+$", re.I)


def _run(cell: str, n: int) -> list[str] | None:
    m = re.fullmatch(rf"(?P<run>{_VAL}(?:\s*/\s*{_VAL}){{{n - 1}}}){_NOTE}", cell)
    if m is None:
        return None
    return [v.strip() for v in m.group("run").split("/")]


def _series(h: str) -> re.Match[str] | None:
    """The enumerated labels closing a header cell ('T1 / T2 / T3': one stem, its numbers 1, 2,
    3 or counting up by one from the first), after words of their own; None otherwise."""
    if "/" not in h or (m := _SERIES_LABELS.search(h)) is None:
        return None
    stem = m.group("stem")
    if stem.lower() in _NOT_SERIES or not h[: m.start()].strip():
        return None
    nums = [int(x.strip()[len(stem) :]) for x in m.group("list").split("/")]
    if nums != list(range(nums[0], nums[0] + len(nums))):
        return None
    return m


def _split_table(lines: list[str]) -> list[str]:
    head, body = C.pipe_cells(lines[0]), [C.pipe_cells(ln) for ln in lines[2:]]
    if not body or any(len(r) != len(head) for r in body):
        return lines
    split: dict[int, tuple[str, str, list[str]]] = {}  # column -> (figure, label, labels)
    for j, h in enumerate(head):
        m = _LABELS.search(h) or _BRACKET_LABELS.search(h) or _series(h)
        if m is None:
            continue
        labels = [x.strip() for x in m.group("list").split("/")]
        if len(set(labels)) != len(labels):
            continue  # ('(a / a)': no labels told apart)
        if "stem" in m.re.groupindex and C.positions_named(C._MARKUP.sub("", h).strip().lower()):
            # ('acceptance t1 / t2': a draft position's labels too) runs only where another
            # column carries the same labels ('decode t1 / t2 (tok/s)': no position has a speed)
            series = r"\s*/\s*".join(map(re.escape, labels))
            if not any(k != j and re.search(series, c, re.I) for k, c in enumerate(head)):
                continue
        if (
            "lab" not in m.re.groupindex
            and "stem" not in m.re.groupindex
            and C.positions_named(C._MARKUP.sub("", h).strip().lower())
            and not any(_DEPTH_CELL.search(c) for c in head)
        ):
            continue  # ('accept (d0 / d1)', '(p1/p2)': the positions reader's header, no runs)
        if (
            "lab" not in m.re.groupindex
            and all(_DEPTH_SHORT.fullmatch(x) for x in labels)
            and any(_DEPTH_CELL.search(c) for c in head)
        ):
            # ('(d1 / d3)' beside '| depth 1 | depth 3 |' columns: the header's own depths)
            labels = ["depth=" + x[1:] for x in labels]
        before = _JOINER.sub("", h[: m.start()].strip())
        qual, _, fig = before.rpartition(":")
        fig = fig.strip()
        if not fig or any(_run(r[j], len(labels)) is None for r in body):
            continue
        lab = m.group("lab") if "lab" in m.re.groupindex else ""
        split[j] = (fig + "|" + qual.strip(), lab, labels)
    if not split:
        return lines
    if len(split) == 1:
        ((j0, (figq, lab, labels)),) = split.items()
        fig = figq.split("|", 1)[0]
        for j, h in enumerate(head):
            if j in split or not h or "/" in h or "=" in h:
                continue
            if all(_run(r[j], len(labels)) is not None for r in body):
                split[j] = (fig + "|" + h, lab, labels)
    new_head: list[str] = []
    new_rows: list[list[str]] = [[] for _ in body]
    for j, h in enumerate(head):
        if j not in split:
            new_head.append(h)
            for i, r in enumerate(body):
                new_rows[i].append(r[j])
            continue
        figq, lab, labels = split[j]
        fig, qual = figq.split("|", 1)
        new_head.extend(
            f"{fig} ({lab + '=' if lab else ''}{x}{', ' + qual if qual else ''})" for x in labels
        )
        for i, r in enumerate(body):
            new_rows[i].extend(_run(r[j], len(labels)) or [])
    out = ["| " + " | ".join(new_head) + " |", "|" + "---|" * len(new_head)]
    out.extend("| " + " | ".join(r) + " |" for r in new_rows)
    return out


def split_grids(raw: list[str]) -> list[str]:
    """The lines with every markdown table whose cells are slash-joined runs of values written
    out one value a cell (see the module's docstring)."""
    out = list(raw)
    i = 0
    while i + 2 < len(out):
        if not (
            out[i].lstrip().startswith("|") and C.PIPE_DELIM.match(out[i + 1]) and "/" in out[i]
        ):
            i += 1
            continue
        end = i + 2
        while end < len(out) and out[end].lstrip().startswith("|"):
            end += 1
        out[i:end] = _split_table(out[i:end])
        i = end
    return out
