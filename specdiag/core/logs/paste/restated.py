"""One run's figures restated on the next line in another shape ('accepted 1,234 / drafted
2,000 (61.7%), mean accept len 2.85' then 'acceptance: 61.7% (1234/2000)'): one record, not two;
and a line whose counts differ from the run's above is the next run's from its first figure.

A line restates the run read so far when it prints the same accepted count and the same drafted
or steps count (two counts of one run never coincide by chance the way a length or a rate may),
and every figure it prints that the run already holds agrees within the coarser of the two
printings' rounding. Its figures the run does not hold yet are the run's. A line printing
counts that differ from the run's is another run: the readers start its record before the
line's first figure (so a rate on that line never lands on the run above).
"""

from __future__ import annotations

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import evidence as E

Item = tuple[C.Key, C.Value, str, str]

_COUNTS = {C.ACCEPTED: "accepted", C.DRAFTED: "drafted", C.STEPS: "steps"}
_FIGURES = {
    C.LENGTH: "length",
    C.TOK_PER_STEP: "tok_per_step",
    C.ACC_PER_STEP: "acc_per_step",
    C.RATE: "rate",
    C.ACCEPT_RATIO: "ratio",
}


def _whole(v: C.Value) -> int | None:
    if v.percent or v.number < 0 or v.number != int(v.number):
        return None
    return int(v.number)


def line_counts(items: list[Item]) -> dict[str, int]:
    """The counts a line prints ('accepted 1,234', 'Accepted 412 / 600': accepted and drafted);
    a count named twice with two values is no count of one run (left out)."""
    seen: dict[str, set[int]] = {}
    for k, v, _, _ in items:
        attr = _COUNTS.get(k.metric or "")
        n = _whole(v) if attr is not None else None
        if attr is None or n is None:
            continue
        seen.setdefault(attr, set()).add(n)
        if attr == "accepted" and v.max is not None and v.max == int(v.max):
            seen.setdefault("drafted", set()).add(int(v.max))
    return {a: next(iter(ns)) for a, ns in seen.items() if len(ns) == 1}


def _fig_counts(fig: E.Figures) -> dict[str, int]:
    out = {}
    for attr in _COUNTS.values():
        v = getattr(fig, attr)
        if v is not None and (n := _whole(v)) is not None:
            out[attr] = n
    return out


def _as_fraction(v: C.Value, percent_key: bool) -> tuple[float, float]:
    """A rate as a fraction, and half a unit of its printed rounding in the same unit."""
    scale = 100.0 if (v.percent or percent_key) else 1.0
    if scale == 1.0 and 1.0 < v.number <= 100.0:
        scale = 100.0  # a rate printed without '%' above 1: a percentage (as evidence.py reads)
    return v.number / scale, C.half_unit(v.decimals) / scale


def _agrees(attr: str, held: C.Value, k: C.Key, v: C.Value) -> bool:
    if attr in ("rate", "ratio"):
        a, ta = _as_fraction(held, False)
        b, tb = _as_fraction(v, k.percent)
        return abs(a - b) <= max(ta, tb)
    if v.percent:
        return False
    return abs(held.number - v.number) <= max(C.half_unit(held.decimals), C.half_unit(v.decimals))


def restating(
    fig: E.Figures, labels: list[tuple[str, str]], items: list[Item]
) -> tuple[list[Item], bool | None]:
    """The line's items still to read into the run, and whether the line restates the run
    (True: its figures already held are dropped, the rest join the run), is another run's
    (False: the run above ends before the line), or neither tells (None: items unchanged; a
    line naming another configuration, a label or k the run holds with another value, is left
    to the labels)."""
    held_labels = dict(labels)
    if any(
        k.metric in (C.LABEL, C.K) and k.text in held_labels and held_labels[k.text] != vt
        for k, _, _, vt in items
    ):
        return items, None
    mine = line_counts(items)
    held = _fig_counts(fig)
    common = set(mine) & set(held)
    if any(mine[a] != held[a] for a in common):
        return items, False if fig.has_acceptance() else None
    # the run's accepted count and its drafted or steps count each printed twice: by the run
    # above and this line, or twice on this line (two lines joined as one wrapped line)
    times = {
        a: (a in held) + sum(1 for k, *_ in items if _COUNTS.get(k.metric or "") == a)
        for a in _COUNTS.values()
    }
    times["drafted"] += sum(1 for k, v, *_ in items if k.metric == C.ACCEPTED and v.max is not None)
    if times["accepted"] < 2 or max(times["drafted"], times["steps"]) < 2:
        return items, None
    state: dict[str, C.Value] = {
        attr: v
        for attr in (*_COUNTS.values(), *_FIGURES.values())
        if (v := getattr(fig, attr)) is not None
    }
    kept: list[Item] = []
    for item in items:
        k, v, _, _ = item
        metric = k.metric or ""
        attr = _COUNTS.get(metric) or _FIGURES.get(metric)
        value = state.get(attr) if attr is not None else None
        if attr is None or value is None:
            if attr is not None:
                state[attr] = v
            kept.append(item)
            continue
        same = (
            _whole(v) is not None and _whole(v) == _whole(value)
            if attr in _COUNTS.values()
            else _agrees(attr, value, k, v)
        )
        if not same:
            # another figure beside the same counts: not a restatement (the run above's own
            # figure, the line another run; or two figures on this line: left as read)
            return items, False if getattr(fig, attr) is not None else None
    return kept, True
