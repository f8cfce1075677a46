"""One measurement printed at a float's full precision in a sentence, then in one table row.

A failing check's message prints the value it measured as the program holds it (`Acceptance
0.39957939011566773 at token 0 is less than threshold 0.4`), and a report lists the failing jobs
in a table whose row prints that very value again (`| 89627475848 | 3.10 |
0.39957939011566773 | 0.4 |`). A value of eight significant digits or more, printed digit for
digit, is no coincidence of two runs: where a one-figure record of prose, a key-value line or a
bullet (no counts) prints such a value, and exactly one table row of the paste prints it too (as
any of its figures: a rate, a per-position rate, a length), the sentence tells that row's run:
it goes, the row noting it (the row keeps its labels: which job, which setting).

A value told in two sentences (two builds of a flaky test measuring the same value, each a run
of its own), a value of fewer digits (`0.3996`: two runs may share it), two table rows printing
it, or two sentences printing it beside one row leave every record as it was.

Pure: records in, records out; each record's cells looked at once.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord, without

NOTE = "told at full precision at line {line}"
_TOLD = ("prose", "key-value", "bullets")
# a float's digits as printed: eight significant digits or more (a repr's, not a report's)
_LONG = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
MIN_DIGITS = 8


def _long_values(cells: list[str]) -> set[str]:
    """The values of ``cells`` printed with MIN_DIGITS significant digits or more, as
    printed."""
    out: set[str] = set()
    for cell in cells:
        if "." not in cell:
            continue
        for m in _LONG.finditer(C._MARKUP.sub("", cell)):
            if len(m.group(0).replace(".", "").lstrip("0")) >= MIN_DIGITS:
                out.add(m.group(0))
    return out


def _told(r: PasteRecord) -> str | None:
    """The one long value of a one-figure sentence's record (no counts), or None."""
    if (
        r.structure not in _TOLD
        or r.kind == TABLE_ROW
        or r.first_line != r.last_line
        or len(r.fields) != 1
        or r.accepted_tokens is not None
        or r.drafted_tokens is not None
        or r.steps is not None
    ):
        return None
    vals = _long_values([r.fields[0][1]])
    return next(iter(vals)) if len(vals) == 1 else None


def fold(records: list[PasteRecord], block_of: list[int]) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without a sentence's record that one table row prints again at a float's
    full precision (the module's rule), the row noting it."""
    rows: dict[str, list[int]] = {}
    for i, r in enumerate(records):
        if r.kind == TABLE_ROW:
            for v in _long_values([cell for _, cell in r.fields]):
                rows.setdefault(v, []).append(i)
    if not rows:
        return records, block_of  # (no row prints a long value: no sentence looked at)
    told: dict[str, list[int]] = {}
    for i, r in enumerate(records):
        if (long := _told(r)) is not None and long in rows:
            told.setdefault(long, []).append(i)
    if not told:
        return records, block_of
    out = list(records)
    drop: set[int] = set()
    for v, said in told.items():
        if len(said) != 1 or len(rows.get(v, ())) != 1:
            continue  # (two sentences, two rows or none: which run each tells is unsaid)
        row = rows[v][0]
        drop.add(said[0])
        out[row] = dataclasses.replace(
            out[row], notes=(*out[row].notes, NOTE.format(line=records[said[0]].first_line))
        )
    if not drop:
        return records, block_of
    return without(out, block_of, drop)
