"""Column groups named by a shared word: the same acceptance figures printed once per
configuration, each header a configuration's name and the figure's name (`| k | fp8 AL | fp8
AR | bf16 AL | bf16 AR |`, `| AL (greedy) | AR (greedy) | AL (T=1) | AR (T=1) |`). Each
configuration is one run: its length and its rate one record, not one record a column.

A repeated figure's column is split into the figure's name and the rest (the words before or
after the name, the name alone reading as that figure and the rest as none); the rest is the
run's group. Applied only where every repeated column splits so and no group holds the same
figure twice; otherwise the columns stay a record each (their whole header naming each).

Pure: headers and their keys in, slot names out.
"""

from __future__ import annotations

from specdiag.core.logs.paste import cells as C

_BRACKETS = "()[]（）"


def _splits(header: str, metric: str) -> dict[str, str]:
    """Each way ``header`` splits into the figure's name (its words at the start or the end,
    reading as ``metric``) and the rest (reading as no figure): the name (lower case) to the
    rest."""
    words = header.split()
    out: dict[str, str] = {}
    for n in range(1, len(words)):
        for name, rest in ((words[n:], words[:n]), (words[:-n], words[-n:])):
            nm = " ".join(name)
            if C.key(nm).metric != metric:
                continue
            group = " ".join(rest).strip(_BRACKETS + " ")
            if group and C.key(group).metric is None:
                out.setdefault(nm.lower(), group)
    return out


def slots(
    keys: list[tuple[C.Key, str]], headers: list[str], repeated: set[int]
) -> list[tuple[C.Key, str]] | None:
    """The slots of ``keys`` where the columns ``repeated`` (those whose figure the table
    prints more than once) are column groups: the figure's name the same in each of its
    columns, the rest (the group) another in each, every group holding the same figures (two
    or more); each repeated column slotted by its group. None where they are not."""
    by_metric: dict[str | None, list[int]] = {}
    for i in sorted(repeated):
        by_metric.setdefault(keys[i][0].metric, []).append(i)
    if len(by_metric) < 2 or None in by_metric:
        return None
    got: dict[int, str] = {}
    for metric, cols in by_metric.items():
        splits = [_splits(headers[i], metric or "") for i in cols]
        shared = set(splits[0]).intersection(*splits[1:])
        # (the longest name shared whose groups differ: 'mean accept len', never 'accept len'
        # with 'mean' in each group)
        names = sorted(
            (n for n in shared if len({sp[n].lower() for sp in splits}) == len(cols)),
            key=len,
            reverse=True,
        )
        if not names:
            return None
        got.update((i, sp[names[0]]) for i, sp in zip(cols, splits, strict=True))
    groups = {frozenset(got[i].lower() for i in cols) for cols in by_metric.values()}
    if len(groups) != 1:
        return None  # (each group the same figures: one run's)
    return [(k, got[i]) if i in got else (k, slot) for i, (k, slot) in enumerate(keys)]
