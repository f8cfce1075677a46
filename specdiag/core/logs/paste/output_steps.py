"""A table's lengths proven by the tokens each run generated, set once, over its steps column.

A bench that generates the same number of tokens for every prompt states it once, as a setting
(`n_gen=256`, `max_new_tokens: 256`, `n_predict=256`), then prints a row a prompt: the verify
steps it took (a column named `steps`, `verify steps`, `rounds`) and the length (`AL`, `accept
len`). Where every such row's printed length is that count over the row's steps within the
printed rounding, the length counts every token a step emitted: bonus included (that count over
the steps less one in every row: excluded). The paste must state one such count (two different
ones decide nothing), the table have two such rows at least, and every row fit the same way; one
row off (a prompt stopped early at its end-of-text token), a row without a steps cell, or no
count stated leaves the table as it was.

The table's totals row of the same column (`MEAN`, `avg`, a `summary_row` with no steps cell),
lying right after those rows with its value inside their range, prints the same figure of the
same runs: the same convention.

Pure: records and the paste's text in, records out; the setting searched once a paste.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import (
    EXCLUDED,
    INCLUDED,
    UNDECIDED,
    PasteRecord,
    printed_decided,
)

# the tokens generated a run, set once (a key, '=' or ':', a whole number)
_OUTPUT_SET = re.compile(
    r"(?<![\w-])(?:n_gen|gen_len|n_predict|max_new_tokens|new_tokens|gen_tokens|output_len|"
    r"n_generate|num_gen|gen_length|output_tokens)\s*[=:]\s*(\d{1,6})(?![\d.])",
    re.I,
)
_STEP_LABELS = frozenset(
    (
        "steps",
        "verify steps",
        "decode steps",
        "n steps",
        "n_steps",
        "num steps",
        "num_steps",
        "rounds",
        "verify rounds",
        "iterations",
        "iters",
        "forwards",
    )
)
_TABLES = ("markdown table", "box table", "aligned columns", "spaced table", "csv", "tsv")


def _steps(r: PasteRecord) -> int | None:
    """The row's verify steps: its count of steps, or its one cell under a steps label."""
    if r.steps is not None:
        return r.steps if r.steps > 0 else None
    got = [v for k, v in r.labels if k.strip().lower() in _STEP_LABELS]
    if len(got) != 1 or not got[0].strip().isdigit():
        return None
    n = int(got[0].strip())
    return n if n > 0 else None


def _decimals(r: PasteRecord) -> int | None:
    """The decimals the record's length is printed with, from its field."""
    for _, text in r.fields:
        v = C.value(text)
        if v is not None and not v.percent and v.number == r.printed_length:
            return v.decimals
    return None


def _output(text: str) -> int | None:
    if "=" not in text and ":" not in text:
        return None
    counts = {int(m.group(1)) for m in _OUTPUT_SET.finditer(text)}
    return counts.pop() if len(counts) == 1 else None


def decide(records: list[PasteRecord], text: str) -> list[PasteRecord]:
    """The table rows' undecided lengths, by the paste's one generated-token count over each
    row's steps (see the module's docstring)."""
    rows = [
        i
        for i, r in enumerate(records)
        if r.bonus == UNDECIDED
        and r.printed_length is not None
        and r.structure in _TABLES
        and _steps(r) is not None
    ]
    if len(rows) < 2 or (out_n := _output(text)) is None:
        return records
    name = records[rows[0]].fields[0][0] if records[rows[0]].fields else None
    # (one table: consecutive records of one column, nothing between them)
    if rows != list(range(rows[0], rows[-1] + 1)) or any(
        (records[i].fields[0][0] if records[i].fields else None) != name
        or records[i].structure != records[rows[0]].structure
        for i in rows
    ):
        return records
    fits: list[tuple[bool, bool]] = []
    for i in rows:
        r = records[i]
        steps, dec = _steps(r), _decimals(r)
        assert steps is not None and r.printed_length is not None
        if dec is None:
            return records
        tol = C.half_unit(dec) + 1e-9
        inc = abs(r.printed_length - out_n / steps) <= tol
        exc = abs(r.printed_length - (out_n / steps - 1)) <= tol
        fits.append((inc, exc))
    if (way := C.one_way(fits)) is None:
        return records
    value, words = (INCLUDED, "") if way else (EXCLUDED, " - 1")
    rule = (
        f"identity: printed length = generated tokens / steps{words} in every row, "
        f"{out_n} tokens a run as the paste sets"
    )
    decided = list(rows)
    lengths = [records[i].printed_length or 0.0 for i in rows]
    after = rows[-1] + 1
    if after < len(records):
        t = records[after]
        if (
            t.summary_row
            and t.bonus == UNDECIDED
            and t.printed_length is not None
            and t.structure == records[rows[0]].structure
            and (t.fields[0][0] if t.fields else None) == name
            and _steps(t) is None
            and min(lengths) <= t.printed_length <= max(lengths)
        ):
            decided.append(after)
    out = list(records)
    for i in decided:
        why = rule if i in rows else rule + "; the totals row of the same column"
        out[i] = printed_decided(out[i], value, why)
    return out
