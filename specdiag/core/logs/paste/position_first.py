"""A rate's values each named by its draft position BEFORE the rate's name, in one run of items
joined by commas: `pos1 acceptance rate 0.8, pos2 acceptance rate 0.62, pos3 acceptance rate
0.45` (`position 0 accept rate: 71%; position 1 accept rate: 48%`, `pos 1 acceptance 0.9 and pos 2
acceptance 0.7`). It is one run's profile by position: one record of per-position rates, no
overall rate (the first position's rate is not the run's). A single such item is one position's
rate, whose place in the chain its number alone cannot tell (positions are counted from 0 or 1):
no record, never the run's rate. (`depth N` is left out: a draft depth is as often a setting
swept, each its own run.)

Read only where two or more such items follow each other (`,` or `;`, perhaps `and`, between
them and nothing else), every item names the same rate (`cells.key` reads the position and the
name as that position's rate), the positions are numbered from 0 or 1 without a gap, and the
values are all percentages or all fractions of one. A gap in the numbers or two names: each item
still a position's rate, no record. Another figure's name (`pos1 latency 12`) leaves the line to
the other readers.

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
    position's rate, one record; a run that is no profile (one item, a gap, two names) is
    claimed with no items: each a position's rate, never the run's."""
    for run in _runs(text):
        if any(C.key(m.group("name")).metric not in (C.RATE, C.ACCEPT_RATIO) for m in run):
            continue
        vals = [C.value(m.group("val")) for m in run]
        got = [v for v in vals if v is not None]
        if len(got) != len(run) or len({v.percent for v in got}) != 1:
            continue
        pct = got[0].percent
        if any(v.number > (100 if pct else 1) for v in got):
            continue
        names = {m.group("name").lower().replace("_", " ") for m in run}
        at = [int(m.group("n")) for m in run]
        if (
            len(run) < 2
            or len(names) != 1
            or at[0] not in (0, 1)
            or at != list(range(at[0], at[0] + len(at)))
        ):
            yield run[0].start(), run[-1].end(), []
            continue
        items = [
            (
                C.Key(C.POSITION, m.group("name").strip(), False, i),
                C.Value(
                    round(v.number / 100, v.decimals + 2) if pct else v.number,
                    False,
                    v.decimals + (2 if pct else 0),
                ),
                m.group("pos") + " " + m.group("name"),
                m.group("val").strip(),
            )
            for i, (m, v) in enumerate(zip(run, got, strict=True))
        ]
        yield run[0].start(), run[-1].end(), items
