"""A row whose label lists one setting's values ('ngramSimple n=1 draft=1/2/4') over a cell
listing as many runs' figures ('23% / 12% / 6%', split into one record per value by the grid
reader, labelled '(1)', '(2)', '(3)'): the i-th record is the run of the i-th value, so its
label names that value alone ('ngramSimple n=1 draft=1'), and the rules reading a row's own
setting (:mod:`one_draft`: one draft a step, length 1 + rate) see the run's own setting.

Only where the row's split records number exactly the listed values and one label lists them
(two such lists, or a count that differs, leave the records as they are: which value is whose
is not told). A list of values beside one figure ('draft=2/4' over '100%') is one record
naming both settings, untouched.

Pure: records in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste.model import PasteRecord

# 'draft=1/2/4', 'k = 1 / 2', 'n_max=2/3': a setting's name and its listed values
_LIST = re.compile(
    r"(?<![\w-])(?P<name>[A-Za-z][\w-]{0,20})\s*=\s*(?P<vals>\d+(?:\s*/\s*\d+){1,7})(?![\w./])"
)
_PART = re.compile(r"^\((?P<i>\d)\)$")
SPLIT_LABEL = "column"


def _part(r: PasteRecord) -> int | None:
    """The 1-based place of a record split from a cell of several values ('(2)'), or None."""
    for n, v in r.labels:
        if n == SPLIT_LABEL and (m := _PART.match(v)) is not None:
            return int(m.group("i"))
    return None


def per_value(records: list[PasteRecord]) -> list[PasteRecord]:
    """``records`` with each split record of a row labelled by its own listed value."""
    rows: dict[int, list[int]] = {}
    for i, r in enumerate(records):
        if _part(r) is not None:
            rows.setdefault(r.first_line, []).append(i)
    out = list(records)
    for idx in rows.values():
        parts = [_part(records[i]) for i in idx]
        n = len(idx)
        if sorted(p for p in parts if p is not None) != list(range(1, n + 1)):
            continue
        lists = [
            (j, m)
            for j, (name, v) in enumerate(records[idx[0]].labels)
            if name != SPLIT_LABEL
            for m in _LIST.finditer(v)
        ]
        if len(lists) != 1:
            continue
        ((j, m),) = lists
        vals = [x.strip() for x in m.group("vals").split("/")]
        if len(vals) != n:
            continue
        if any(
            len(records[i].labels) <= j or records[i].labels[j] != records[idx[0]].labels[j]
            for i in idx
        ):
            continue
        for i, p in zip(idx, parts, strict=True):
            r = records[i]
            assert p is not None
            name, v = r.labels[j]
            own = v[: m.start()] + f"{m.group('name')}={vals[p - 1]}" + v[m.end() :]
            labels = (*r.labels[:j], (name, own), *r.labels[j + 1 :])
            out[i] = dataclasses.replace(r, labels=labels)
    return out
