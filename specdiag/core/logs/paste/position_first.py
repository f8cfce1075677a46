"""A rate's values each named by its draft position BEFORE the rate's name, with no separator
between the name and the value: `pos1 acceptance rate 0.8, pos2 acceptance rate 0.62, pos3
acceptance rate 0.45` (`position 0 accept rate 71%; position 1 accept rate 48%`, `pos 1 acceptance
0.9 and pos 2 acceptance 0.7`). Each item is that position's rate, as it is where a separator
stands before the value (`pos1 acceptance rate: 0.8`, read by the key-value pairs); the items of a
run make one run's profile: one record of per-position rates, no overall rate (the first
position's rate is not the run's). Before, a bare pair's key cannot hold a digit, so each item was
read under the rate's name alone: the run's rate, a record each.

Read where the position and the name together are a position's rate (`cells.key`) and the name
alone a rate, the values all percentages or all fractions of one; items in one run follow each
other (`,` or `;`, perhaps `and`, between them and nothing else). Positions with a gap give no
record, as in the key-value form. Another figure at a position (`pos2 latency 12`) is no item.
(`depth N` is left out: a draft depth is as often a setting swept, each its own run.)

Pure: a line in, spans of items out; linear: each item's parts are bounded, words joined by
single spaces.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_ITEM = re.compile(
    r"(?<![\w.])(?P<pos>(?:draft[\s_-]?)?pos(?:ition)?[\s_-]?(?P<n>\d{1,2}))[\s_-]+"
    r"(?P<name>[A-Za-z][A-Za-z_-]*(?: [A-Za-z][A-Za-z_-]*){0,4})\s*(?:[:=]|\bis\b|\bof\b)?\s*"
    r"(?P<val>(?:\d+(?:\.\d+)?|\.\d+)\s*%?)(?![\w.]|\s*%)",
    re.I,
)
_JOIN = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+", re.I)


def hinted(low: str) -> bool:
    """Whether a (lower-cased) line may hold such items (a cheap test before the pattern)."""
    return "pos" in low and "acc" in low


def _runs(text: str) -> Iterator[list[re.Match[str]]]:
    """Each run of items joined by a comma, a semicolon or 'and' and nothing else, every item a
    position's rate by its name (`cells.key`)."""
    run: list[re.Match[str]] = []
    for m in _ITEM.finditer(text):
        if run and _JOIN.fullmatch(text, run[-1].end(), m.start()) is None:
            yield run
            run = []
        if C.key(f"{m.group('pos')} {m.group('name')}").metric != C.POSITION:
            if run:
                yield run
            run = []
            continue  # (another figure at a position, 'pos2 latency 12': no item)
        run.append(m)
    if run:
        yield run


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each run of position-first rates (the module's rule): each
    position's rate under its position's key, as where a separator stands before the value
    (`pos1 acceptance rate: 0.8`); one record."""
    for run in _runs(text):
        if any(C.key(m.group("name")).metric not in (C.RATE, C.ACCEPT_RATIO) for m in run):
            continue
        vals = [C.value(m.group("val")) for m in run]
        got = [v for v in vals if v is not None]
        if len(got) != len(run) or len({v.percent for v in got}) != 1:
            continue
        if any(v.number > (100 if v.percent else 1) for v in got):
            continue
        items = [
            (
                C.key(f"{m.group('pos')} {m.group('name')}"),
                v,
                f"{m.group('pos')} {m.group('name')}",
                m.group("val").strip(),
            )
            for m, v in zip(run, got, strict=True)
        ]
        yield run[0].start(), run[-1].end(), items
