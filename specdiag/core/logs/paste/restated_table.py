"""A later table restating rows of an earlier one.

A report often prints its main table, then smaller tables comparing two of its rows, or one
setting across the groups of the main table ('Phase 2 vs Phase 3', 'Fixed tree by depth'):
their rows or columns are the main table's runs told again, under a shorter name. A table
record (row, or column of a transposed table) is that restatement, and no record of its own,
where:

- its name (its first label's value) is, word for word, a strict part of the name of exactly
  one record of an earlier table (block) of the paste ('D=4' in 'Fixed Tree D=4', 'Phase 2'
  in 'Phase 2: + Dynamic Depth');
- every acceptance cell it prints (length, rate, tokens a step, ...) is printed by that
  record too, the same figure (whatever its name's spelling) with the same value as printed,
  and it prints one at least.

It goes; the earlier record notes it. A name equal to the earlier one's (two tables of one
setting's name, two models perhaps), a figure that differs, two earlier records matching or a
record printing no figure leave it a record of its own (a new row of the later table, 'D=7'
where the main table has no such run, stays).

A row of a later table restates an earlier table's row too, whatever its name's place among the
earlier row's labels, where the two rows print another measurement alike: every word of its
name is a word of the earlier row's labels (a summary row's `n max` column holding `4
(ungated)`, then a comparison's row named `n-max 4, ungated`; a word in it, and the name not the
earlier row's own name: two tables of one layout, `| 1 | ...` under `Batch` in each, are two
runs), every acceptance cell it prints
is printed by the earlier row, the same figure and value, and a decimal other than its
acceptance cells (a throughput, `129.1`) is printed on both rows' lines: one run measured once,
its figures copied into the comparison. Exactly one earlier row may match; a row on one line
each (a transposed table's column is not compared so).

A later table's one-line row restates an earlier table's one-line row whatever its name (a
path's name, `n-max 8` after the sweep's `8`; a setting of another column, `q8_0` in a KV
table beside the sweep's `3`) where it prints the same length and the same rate (each printed
by both or by neither, one at least) and every other decimal of its line (its speeds) is
printed on the earlier row's line too, one such decimal at least: the run copied whole into
another table. Exactly one earlier row may match; a speed or a figure that differs, a row
of acceptance figures alone, or an earlier row counting several prompts (a summary of runs)
keeps it. The earlier run may be a transposed table's column (metrics as rows, a run a column):
its measurements are then its column's cells, one a row (exactly one header cell naming it),
and the later row's every other decimal must be among them (a comparison's row copying the run
a results table printed down a column).

A later table's row restates an earlier table's row too where its name is the earlier row's
name with a word or two more (the later table naming its runs longer: `model-x` then
`model-x-mtp`) and every acceptance cell it prints is printed by that row alike, a ranged cell
(`0.36-0.47`) too, and every other decimal of its line (a speed) is on the earlier row's line:
the two tables may share a block, prose between them (a table starts where a run of `|` lines
does). Exactly one earlier one-line row may match; a figure or a speed that differs, a name of
three words more, another name or an earlier row over several prompts keep it.

A later table's one-line row whose every cell, whatever its column (a cell of one digit aside:
an index, a count of one), is a cell of one earlier table's one-line row printing the same length and rate (a per-prompt summary of one completion
each: its index, counts, rate and prompt each printed on the per-task row of that prompt), with
two numbers at least of two digits or more beside its figures (its counts, a speed), is that
row copied, no run of its own, whatever the figures' column names. Exactly one earlier row may
match; a count, a figure or a prompt that differs (two completions summed), a row of one such
number, or two earlier rows alike keep it.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import TABLE_ROW, PasteRecord, without

_WORD = re.compile(r"[^\W_]+")


def _name(r: PasteRecord) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(r.labels[0][1])) if r.labels else frozenset()


def _facts(r: PasteRecord) -> frozenset[tuple[str, str]]:
    """The record's acceptance cells as (what the name means, the value as printed, markup
    aside): two tables naming one figure differently ('PathLen', 'path length') compare."""
    out = set()
    for name, shown in r.fields:
        metric = C.key(C._MARKUP.sub("", name).strip()).metric
        if metric in C.ACCEPTANCE:
            out.add((metric, C._MARKUP.sub("", shown).strip()))
    return frozenset(out)


_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


def _label_words(r: PasteRecord) -> frozenset[str]:
    return frozenset(w.lower() for k, v in r.labels for w in _WORD.findall(f"{k} {v}"))


def _other_decimals(r: PasteRecord, raw: list[str] | None) -> frozenset[str]:
    """The decimals of a one-line row's line other than its acceptance cells' values."""
    if raw is None or r.first_line != r.last_line or not 0 < r.first_line <= len(raw):
        return frozenset()
    own = {v for _, v in _facts(r)}
    return frozenset(
        d for d in _DECIMAL.findall(raw[r.first_line - 1]) if not any(d in v for v in own)
    )


_MOST_CANDIDATES = 8


def _figures(r: PasteRecord) -> tuple[float | None, float | None]:
    return (r.printed_length, r.printed_rate)


def _all_decimals(r: PasteRecord, raw: list[str], split: dict[int, list[str]]) -> frozenset[str]:
    """Every decimal of a one-line row's line, or of a transposed table's column's cells
    (``split``: the table lines' cells, each line split once for all its columns)."""
    if not 0 < r.first_line <= r.last_line <= len(raw):
        return frozenset()
    if r.first_line != r.last_line:
        return _column_decimals(r, raw, split)
    return frozenset(_DECIMAL.findall(raw[r.first_line - 1]))


def _pipe_cells(line: str) -> list[str]:
    return [C._MARKUP.sub("", c).strip() for c in line.strip().strip("|").split("|")]


def _split(n: int, raw: list[str], split: dict[int, list[str]]) -> list[str]:
    """The cells of line ``n`` (1-based), split once."""
    if n not in split:
        split[n] = _pipe_cells(raw[n - 1]) if "|" in raw[n - 1] else []
    return split[n]


def _column_decimals(r: PasteRecord, raw: list[str], split: dict[int, list[str]]) -> frozenset[str]:
    """Every decimal of the cells of a transposed table's column (a record spanning the table's
    lines, labelled by its column's header, which exactly one header cell holds): the run's
    measurements, one a row (its speeds beside its acceptance figures)."""
    name = next((v for k, v in r.labels if k == "column"), None)
    if name is None:
        return frozenset()
    heads = _split(r.first_line, raw, split)
    at = [n for n, c in enumerate(heads) if c == name]
    if len(at) != 1 or at[0] == 0:
        return frozenset()
    out: set[str] = set()
    for n in range(r.first_line + 1, r.last_line + 1):
        cells = _split(n, raw, split)
        if len(cells) == len(heads):
            out.update(_DECIMAL.findall(cells[at[0]]))
    return frozenset(out)


# a count of the prompts (requests, samples) a summary row was measured over
_PROMPT_COUNT = frozenset(
    (
        "prompts",
        "n prompts",
        "num prompts",
        "prompt count",
        "requests",
        "n requests",
        "num requests",
        "samples",
        "n samples",
        "num samples",
    )
)


def _many_prompts(r: PasteRecord) -> bool:
    """Whether a row says it was measured over several prompts ('| prompts |' holding 2 or
    more): a summary of runs, never one run another table copies."""
    return any(
        k.strip().lower() in _PROMPT_COUNT and v.strip().isdigit() and int(v.strip()) > 1
        for k, v in r.labels
    )


def _one_prompt(r: PasteRecord) -> bool:
    """Whether a row says it was measured over one prompt ('| prompts | ... |' holding 1)."""
    return any(k.strip().lower() in _PROMPT_COUNT and v.strip() == "1" for k, v in r.labels)


def _table_starts(raw: list[str] | None) -> list[int]:
    """Each line's table: the first line of the run of ``|`` lines holding it (0 outside one: a
    table of spaced columns is told by no line), 1-based, one pass."""
    lines, out = raw or [], [0]
    for n, line in enumerate(lines, start=1):
        out.append(0 if "|" not in line else out[-1] if n > 1 and "|" in lines[n - 2] else n)
    return out


# a number of two digits or more alone in a cell ('296', '38.5', '1,024', '0.61')
_NUMBER = re.compile(r"^\d[\d,]*\d(?:\.\d+)?$|^\d\.\d+$")
_DIGIT = re.compile(r"^\d$")


def _figure_cells(r: PasteRecord) -> set[str]:
    """The record's cells printing its length or rate (its counts are other cells)."""
    out = set()
    for _, text in r.fields:
        shown = C._MARKUP.sub("", text).strip()
        v = C.value(shown)
        if v is None:
            continue
        number = v.number / 100 if v.percent else v.number
        if number in (r.printed_rate, r.printed_length) or v.number == r.printed_length:
            out.add(shown)
    return out


def _copied(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each later table's one-line row whose every cell is a cell of
    exactly one earlier table's one-line row printing the same figures (the last rule), that
    row noting it."""
    table = _table_starts(raw)
    split: dict[int, list[str]] = {}

    def _cells(r: PasteRecord) -> frozenset[str]:
        n = r.first_line
        if r.kind != TABLE_ROW or n != r.last_line or not 0 < n < len(table) or not table[n]:
            return frozenset()
        # (a one-digit cell aside: an index or a count of one each table numbers its own way)
        return frozenset(c for c in _split(n, raw, split) if c and not _DIGIT.match(c))

    # the one-line rows by their printed figures (a row's candidates looked up, not searched)
    by_figures: dict[tuple[float | None, float | None], list[tuple[int, frozenset[str]]]] = {}
    out, drop = list(records), set()
    for j, r in enumerate(records):
        if _figures(r) == (None, None) or not (mine := _cells(r)):
            continue
        shown = _figure_cells(r)
        counts = [c for c in mine if c not in shown and _NUMBER.match(c)]
        earlier = by_figures.setdefault(_figures(r), [])
        # (two numbers at least beside its figures, its counts or speeds: one run's row)
        hits = [
            i
            for i, theirs in earlier
            if len(counts) >= 2
            and table[records[i].first_line] < table[r.first_line]
            and mine <= theirs
        ]
        earlier.append((j, mine))
        if len(hits) != 1:
            continue
        drop.add(j)
        i = hits[0]
        note = f"copied by the table row at line {r.first_line}: no other run"
        out[i] = dataclasses.replace(out[i], notes=(*out[i].notes, note))
    return without(out, block_of, drop) if drop else (records, block_of)


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str] | None = None
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each table record restating one earlier table's record (the module's
    rules; the second and later need the paste's lines, ``raw``), that record noting it."""
    if raw is not None and "|" in "".join(raw):
        records, block_of = _copied(records, block_of, raw)
    rows = [i for i, r in enumerate(records) if r.kind == TABLE_ROW and r.labels and _facts(r)]
    if len(rows) < 2:
        return records, block_of
    names = {i: _name(records[i]) for i in rows}
    facts = {i: _facts(records[i]) for i in rows}
    # each row's table (its first line), taken once
    table = _table_starts(raw)
    tab = {i: table[n] if 0 < (n := records[i].first_line) < len(table) else 0 for i in rows}
    # the records by each acceptance cell they print (a record's candidates looked up, not
    # searched)
    by_fact: dict[tuple[str, str], list[int]] = {}
    for i in rows:
        for f in facts[i]:
            by_fact.setdefault(f, []).append(i)
    # the one-line records by their printed length and rate and each decimal of their line (the
    # fourth rule's candidates, looked up: a later row's every other decimal is on its line)
    by_figures: dict[tuple[float | None, float | None, str], list[int]] = {}
    every: dict[int, frozenset[str]] = {}
    split: dict[int, list[str]] = {}
    for i in rows:
        if _figures(records[i]) == (None, None):
            continue
        every[i] = _all_decimals(records[i], raw, split) if raw is not None else frozenset()
        for d in every[i]:
            by_figures.setdefault((*_figures(records[i]), d), []).append(i)
    out = list(records)
    drop: set[int] = set()
    # (each row's label words and other decimals taken once, when first asked)
    words: dict[int, frozenset[str]] = {}
    decimals: dict[int, frozenset[str]] = {}

    def _words(i: int) -> frozenset[str]:
        if i not in words:
            words[i] = _label_words(records[i])
        return words[i]

    def _decimals(i: int) -> frozenset[str]:
        if i not in decimals:
            decimals[i] = _other_decimals(records[i], raw)
        return decimals[i]

    for j in rows:
        name, own = names[j], facts[j]
        if not name or not own:
            continue
        hits = [
            i
            for i in by_fact.get(min(own), [])
            if block_of[i] < block_of[j] and i not in drop and name < names[i] and own <= facts[i]
        ]
        if (
            not hits
            and raw is not None
            and any(not w.isdigit() for w in name)
            and (more := _decimals(j))
        ):
            # the same run copied whole into a comparison: its name among the earlier row's
            # labels, another measurement of it printed alike
            hits = [
                i
                for i in by_fact.get(min(own), [])
                if block_of[i] < block_of[j]
                and i not in drop
                and own <= facts[i]
                and name != names[i]
                and name <= _words(i)
                and more & _decimals(i)
            ]
        if not hits and raw is not None and (more := _decimals(j)):
            # a per-prompt table's row of a summary measured over one prompt: that prompt's run
            # told again, its figures and another measurement alike
            hits = [
                i
                for i in by_fact.get(min(own), [])
                if block_of[i] < block_of[j]
                and i not in drop
                and own == facts[i]
                and _one_prompt(records[i])
                and more & _decimals(i)
            ]
        if not hits and raw is not None:
            # a later table naming the earlier row's run longer (a word or two more), prose
            # between the tables allowed
            hits = [
                i
                for i in by_fact.get(min(own), [])
                if names[i] < name
                and len(name - names[i]) <= 2
                and 0 < tab[i] < tab[j]
                and records[i].first_line == records[i].last_line
                and i not in drop
                and own <= facts[i]
                and _decimals(j) <= _decimals(i)
                and not _many_prompts(records[i])
            ]
        if not hits and raw is not None and j in every and (more := _decimals(j)):
            # a later table's row printing the same acceptance figures as one earlier row, and
            # nothing besides that the earlier row's line does not print (its speeds): that run
            # copied into another table, whatever its name (the fourth rule)
            # (more candidates than a few printing the same figures and speed: no one run told)
            found = by_figures.get((*_figures(records[j]), min(more)), [])
            hits = [
                i
                for i in (found if len(found) <= _MOST_CANDIDATES else ())
                if block_of[i] < block_of[j]
                and i not in drop
                and not _many_prompts(records[i])
                and more <= every[i]
            ]
        if len(hits) != 1:
            continue
        i = hits[0]
        drop.add(j)
        r = out[i]
        note = (
            f"restated by the table at line {records[j].first_line} "
            f"('{records[j].labels[0][1]}'): no other run"
        )
        out[i] = dataclasses.replace(r, notes=(*r.notes, note))
    if not drop:
        return records, block_of
    return without(out, block_of, drop)
