"""A run told in a JSON document's note: ``num_steps=5 measured 2.87`` in a string member.

A results document (a model card's eval record, a sweep's summary) prints its runs' figure under
one name (``"accept_len": 3.1`` in each object) and says what that figure is in a member of its
own (``"metric": "mean accept_len over 3 prompts"``). Its notes (``"findings": [...]``,
``"notes": "..."``) are prose: most restate the objects' values (``1 epoch undertrains
(2.79)``), but a note may tell a run no object holds, a setting then the word ``measured`` and a
bare number (``serving at num_steps=5 measured 2.87``). That number is the document's figure
for the run at that setting: one record, the objects' figure's name, labelled by the setting,
its convention decided as theirs is (the same statement decides it later, ceiling.py and the
rest).

Read only where:

- the document's ``metric`` (``measure``, ``metric_name``) member is a string naming the field
  every record of the document prints (``accept_len``): the number is that figure's;
- the phrase is ``KEY=N measured V``: a setting (a name and a whole or decimal number, ``=``
  or ``:``), ``measured``, V a decimal number with nothing after it but the note's end or a
  closing mark (``)``, ``,``, ``;``, a sentence's full stop): a unit (``2.87 tok/s``, ``12
  ms``, ``87%``) makes it another measure;
- V is no record's value (a note restating a run is no run) and 1 <= V <= 64.

A note without the setting (``measured 2.87``), a document with no metric member or one naming
another field, or records of several names read nothing. Pure: the document, its records and
its lines in, the notes' records out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence

from specdiag.core.logs.paste.model import PasteRecord, blank_record

_METRIC_KEYS = ("metric", "measure", "metric_name")
_MEASURED = re.compile(
    r"(?<![\w.-])(?P<key>[A-Za-z][\w.-]{0,40})\s*[=:]\s*(?P<n>\d{1,6}(?:\.\d+)?)\s+measured\s+"
    r"(?P<v>\d{1,2}\.\d{1,6})(?=\s*(?:[),;]|$|\.(?:\s|$)))"
)


def _strings(node: object, skip: bool = False) -> Iterator[str]:
    """Every string leaf of a JSON node (the metric members left out)."""
    if isinstance(node, str) and not skip:
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, str(k).lower() in _METRIC_KEYS)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def _line_of(phrase: str, lines: Sequence[tuple[int, str]]) -> int | None:
    return next((ln for ln, t in lines if phrase in t), None)


def runs(
    doc: object, found: Sequence[PasteRecord], lines: Sequence[tuple[int, str]]
) -> list[PasteRecord]:
    """The records of the runs the document's notes tell (module rules)."""
    if not isinstance(doc, dict) or not found:
        return []
    metric = next(
        (v for k, v in doc.items() if str(k).lower() in _METRIC_KEYS and isinstance(v, str)), None
    )
    names = {n for r in found for n, _ in r.fields}
    if metric is None or len(names) != 1 or any(len(r.fields) != 1 for r in found):
        return []
    (name,) = names
    if re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", metric) is None:
        return []
    printed = {r.printed_length for r in found}
    if None in printed:
        return []
    out: list[PasteRecord] = []
    seen: set[tuple[str, str, float]] = set()
    for s in _strings(doc):
        for m in _MEASURED.finditer(s):
            v = float(m.group("v"))
            if v in printed or not 1.0 <= v <= 64.0 or (m["key"], m["n"], v) in seen:
                continue
            seen.add((m["key"], m["n"], v))
            ln = _line_of(m.group(0), lines) or found[-1].last_line
            last = found[-1]
            blank = blank_record(
                last.kind,
                last.tool,
                last.tool_rule,
                last.structure,
                (ln, ln),
                labels=((m["key"], m["n"]),),
                fields=((name, m.group("v")),),
            )
            out.append(dataclasses.replace(blank, printed_length=v))
    return out
