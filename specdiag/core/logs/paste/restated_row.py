"""A one-line claim restating a table's summary row: an approximate figure in prose ('~76.0%
draft acceptance (95% CI 75.7-76.3%)', 'about 2.4 tokens accepted per step') equal, at the
precision it is printed with, to exactly one table cell of the same figure in the same paste,
that cell in a row labelled as the table's summary ('overall', 'all', 'total', 'mean',
'average') or in its table's only row: the prose rounds that row, one run told twice, so the
prose's record goes and the table's stays (with a note naming the line that restates it).

The same holds for an earlier exact record of prose: a prose record whose every figure is
approximate (a mark right before it, or its list under a line ending 'roughly:', 'about:') and
equal, at its printed precision, to the same figure of exactly one earlier record that prints
every figure it names ('AL 3.41' and '80.2% draft acceptance' above, then 'roughly: ~80% draft
acceptance, AL 3.4') restates that record: it goes, the earlier one noting it. An earlier
approximate record is restated so only by a later one that explains it: no label of its own,
its lines naming the figure, its value printed digit for digit as the earlier's ('Mean accept
length ~2.6', then 'accept length is a model property: the target accepts ~2.6 tokens per
verification step'; tokens a step are a length).

A prose figure printed as a whole number, with an approximate mark or none, where the table's
cells have decimals ('even at 44% acceptance it still pays' under rows of 61.3% and 44.4%; '~0%'
over a row of 0.2%) that rounds exactly one cell of the same figure, in the same unit, restates
that cell, whichever row it is in: the prose names a row of the table by its rounded value, no
run of its own. So does a percentage cutting a cell that prints the rate as a fraction with more
digits ('47.8%' over 0.4783). A row printing a rate and a length is matched by its cell of the prose's measure
(its counts in brackets aside: '0.2% (1/500)').

An approximate prose figure equal to the same figure of two rows or more of one table, all
printing the same value ('near-100% acceptance' over rows of 100%), is told of those rows
together: it goes, each of the rows noting it.

Nothing is folded for a prose figure printed at the cells' precision without an approximate
mark (no '~', 'about', 'around', 'approximately', 'roughly', 'near', 'almost' right before it:
another run may print the same value), for a figure matching two cells or more of different
values or tables (which run it rounds is not told), nor for an approximate one matching only a
row of one configuration among others (a run of its own, not the summary).

A sentence printed again word for word (a feed listing one thread's title twice, a quote
repeated): a prose record of one line of eight words or more, no counts in it, whose line is,
spaces, embedded images and HTML tags aside (one caption under two plots), an earlier prose
record's line with the same figures, is that run told again: it goes, the earlier one noting it. Shorter lines ('acceptance: 100%'), key-value lines and lines
of counts (a log's metrics line printed again: the next interval's run) may be two runs of the
same value.

A prose figure printed at least two decimals coarser than an exact prose figure of the same
measure and unit elsewhere in the paste, before or after it ('acceptance rate goes to 99.4%' in
a description, 'I get 97.581% acceptance' in a later comment), that rounds exactly that one
figure and no other record's: that figure told again, rounded; it goes, the exact one noting it.
Not where the two are on one line, nor where either line sets a run apart as before or after a
change ('before the fix', 'baseline', 'previously'): two runs of close values stay two; nor
where both are key-value lines under one key spelled alike ('Mean Accepted: 2.75' after 'Mean
Accepted: 2.7465...'): one program's line printed again for another run, whose value happens
to print short. Nor where the coarser figure is said to be exact ('the rate was exactly
0%'): an exact figure rounds no other.

A prose length named at a bracketed setting of the draft tokens per step ('AL (k=4) = 3.1',
'acceptance length [nst=2]: 2.6') where a table of the same paste has exactly one row of that
many draft tokens per step (a column named so, 'k' or 'draft length', or 'k=4' in a label) and
that row prints a length within one unit of the prose's last digit (rounded or cut: 3.1 of 3.14
or 3.08) restates that row: it goes, the row noting it. Not where the row prints another length
(a run of its own), nor where two rows or none have that setting.

A line of one run's details under its table (``- small: 2.10 accepted tokens/round, 1.10
accepted drafts/round, 55.0% of drafted, avg draft 2.00 over 90 rounds``) whose counts decide
its length's convention by an identity, printing the same length digit for digit as exactly one
row above it, a row whose label holds the line's own lead label (``small`` of a row
``org/small-it``, as a word between separators): that row's run told in detail. The line goes,
the row takes the convention its identity decides (and the rows of its column follow, one name
printed one way). Not where two rows print that length with such a label, nor where the row's
convention is decided already.

A line naming an extreme of the runs above it (``- **Worst run**: 2.1x speedup (48.5%
acceptance)``: 'best', 'worst', 'highest', 'lowest', 'max', 'min', 'peak', 'fastest', 'slowest',
'top' first), read as one unlabelled prose or key-value record without counts whose printed
rate and length equal, value for value, an earlier record's: that run picked out again. It goes,
the earlier record noting it. Not where its figures are no earlier record's (a run of its own).

A markdown heading's one figure ('## Why tau=2.5 and not 6?') equal, at the precision it is
printed with, to the same figure of exactly one record on another line printed with as many
decimals or more (a table row of 2.53 under it or above it): the section's topic, that run told
again; it goes, that record noting it. Not where it rounds two records' figures or none (a
heading naming a run of its own: '## Run B: accept length 3.1' over other figures).

The start of a change in prose ('acceptance fell from 61.2% to 30%', 'went from 2.41 to ...'),
a one-figure record of that value, printed with decimals digit for digit on an earlier line of
another record ('pos0=61.2%' in a results line above): that run told again as where the change
began; it goes. Not a whole number (`from 0%`, `from 100%`: many runs print it), nor a value no
earlier record's line prints.

A prose figure in brackets right after the setting it was measured in ('in greedy mode
(0.52)'), printed with decimals, whose value an earlier record's line prints digit for digit
with the same setting named before it in its sentence ('acceptance in greedy mode rose from
0.52 to 0.60'): that run told again; it goes, the earlier record noting it. Not where the
earlier line names another setting before the value, nor a later line's value (a run of its
own: the old head's figure for another setting may print the new head's value).

Pure: records in, records out.
"""

from __future__ import annotations

import bisect
import dataclasses
import math
import re
from collections import Counter
from collections.abc import Sequence

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.model import (
    TABLE_ROW,
    UNKNOWN,
    Decision,
    PasteRecord,
    decided_notes,
    without,
)

_APPROX = (
    r"(?:~|≈|∼|\babout|\baround|\bapprox\.?|\bapproximately|\broughly|\bcirca|\bca\.|"
    r"\bnear(?:ly)?-?|\balmost)"
)
_APPROX_BEFORE = re.compile(_APPROX + r"\s*[*`_]{0,2}\s*$", re.I)
_PROSE = ("prose", "key-value")
NOTE = "restated, rounded, by the approximate figure at line {line} ({text})"
COUNTED_NOTE = "restated by the counts at line {line} ({text})"
HEADING_NOTE = "restated by the heading at line {line} ({text})"
_HEADING = re.compile(r"^\s*#{1,6}\s")
COARSER_NOTE = (
    "restated, rounded two decimals coarser or more, by the figure at line {line} ({text})"
)


_HASH_MARK = re.compile(r"^\s*(#{1,6})\s")
# lines in a row under one '#' mark that make a commented output, not titles
_COMMENT_RUN = 3


def commented_run(lines: Sequence[tuple[int, str]]) -> set[int]:
    """The line numbers of ``lines`` in runs of ``_COMMENT_RUN`` or more consecutive lines
    opening with the same '#' mark ('# Mean Accepted: 2.96' among '# Time for inference: ...'
    and '# Memory used: ...'): a script's output commented out line by line, each a field, not
    a markdown title."""
    out: set[int] = set()
    run: list[int] = []
    mark = None
    prev = None
    for ln, t in lines:
        m = _HASH_MARK.match(t)
        here = m.group(1) if m else None
        if here is not None and here == mark and prev is not None and ln == prev + 1:
            run.append(ln)
        else:
            if len(run) >= _COMMENT_RUN:
                out.update(run)
            run = [ln] if here is not None else []
            mark = here
        prev = ln
    if len(run) >= _COMMENT_RUN:
        out.update(run)
    return out


def _printed(r: PasteRecord) -> tuple[str, C.Value] | None:
    """The record's one acceptance field as printed and its value."""
    if len(r.fields) != 1:
        return None
    text = r.fields[0][1]
    v = C.value(text)
    return (text, v) if v is not None and v.max is None else None


def _approximate(r: PasteRecord, text: str, raw: list[str]) -> bool:
    """Whether the value ``text`` stands after an approximate mark on the record's lines."""
    number = re.escape(text.strip().rstrip("%").strip())
    lines = "\n".join(raw[max(r.first_line - 1, 0) : r.last_line])
    if re.search(number, lines) is None:
        # (a line naming the figure, its value on the next one or two, is read as one line
        # at the first's number: 'Draft size:' over '- small: ~41% acceptance')
        lines = "\n".join(raw[max(r.first_line - 1, 0) : r.last_line + 2])
    # the mark looked for in a window before each place of the number (a line of a thousand
    # figures stays linear per record)
    return any(
        _APPROX_BEFORE.search(lines, max(m.start() - 40, 0), m.start()) is not None
        for m in re.finditer(number + r"(?![\d])", lines)
    )


# the prose naming the statistic a summary row holds, then the figure's name and its value
# ('achieves an average acceptance length of 9.5', 'a mean τ of 3.1'): that row told again
# ... or a key of that statistic alone, the value right after it ('**Average**: 71.3%')
_SUMMARY_SAID = (
    r"\b(?:average|avg\.?|mean|overall)(?:\s+[^\d.;:]{0,40}?|[*_`]{0,2}\s*[:=]\s*[*_`]{0,2})"
)
# a figure's name opening on that statistic ('Average Acceptance Rate', '**Mean AL**'): the
# cell under it (a metrics-as-rows table's row name, a column's header) is a summary's
_SUMMARY_NAME = re.compile(r"^[*_`\s]*(?:average|avg\.?|mean|overall)\b", re.I)


def _summary_cell(row: PasteRecord) -> bool:
    """Whether a table record is its table's summary: a row labelled so, or, in a table of
    metrics as rows, its one figure's row named an average ('| Average Acceptance Rate |
    71.3% |': that column's figure over its runs)."""
    return row.summary_row or (
        "transposed" in row.structure
        and len(row.fields) == 1
        and _SUMMARY_NAME.match(row.fields[0][0]) is not None
    )


def _summary_said(r: PasteRecord, text: str, raw: list[str]) -> bool:
    """Whether the record's line says the value ``text`` is an average (``_SUMMARY_SAID``)."""
    number = re.escape(text.strip().rstrip("%").strip())
    lines = "\n".join(raw[max(r.first_line - 1, 0) : r.last_line])
    return re.search(_SUMMARY_SAID + number + r"(?![\d.]\d)", lines, re.I) is not None


def _row_named(r: PasteRecord, row: PasteRecord, raw: list[str]) -> bool:
    """Whether the record's lines name the table row's own label ('Math500' of a row
    'dataset=Math500'; a bracketed aside after it aside: 'Math500 (old)'), a word of its own
    (three characters or more), or a clause of a label that a spaced dash or colon splits
    ('FAIL - cache thrash' of a status cell: 'cache thrash'), two words or more. The record's
    lines run on over the indented lines after it (a nested list item the key-value reader
    joined to the item above, its record numbered by that item's line)."""
    end = r.last_line
    while end < len(raw) and end - r.last_line < _JOINED_MOST and raw[end][:1] in (" ", "\t"):
        end += 1
    lines = "\n".join(raw[max(r.first_line - 1, 0) : end])
    return any(
        len(v) >= 3 and re.search(r"(?<![\w-])" + re.escape(v) + r"(?![\w-])", lines)
        for k, label in row.labels
        if k != "column"
        for v in _label_names(_ASIDE_AFTER.sub("", label).strip())
    )


# the most indented lines after a record's own that its lines run on over (_row_named)
_JOINED_MOST = 8
# a spaced dash or colon between a label's clauses ('FAIL - cache thrash', 'ok: warm start')
_CLAUSE_BREAK = re.compile(r"[ \t]+[-–—:][ \t]+|(?<=\w):[ \t]+")


def _label_names(label: str) -> list[str]:
    """The label, then each clause of it a spaced dash or colon splits off that holds two words
    or more (a status cell's reason: 'FAIL - cache thrash' gives 'cache thrash')."""
    parts = _CLAUSE_BREAK.split(label)
    if len(parts) < 2:
        return [label]
    return [label, *(p.strip() for p in parts if len(p.split()) >= 2)]


# a bracketed aside closing a row's label ('head-a (8B)', 'kernel-b (before)')
_ASIDE_AFTER = re.compile(r"\s*[(（][^()（）]{0,40}[)）]\s*$")


def _figure(r: PasteRecord) -> tuple[str, float] | None:
    """The record's figure: ('rate', fraction) or ('length', tokens per step), as printed."""
    if r.printed_rate is not None and r.printed_length is None:
        return "rate", r.printed_rate
    if r.printed_length is not None and r.printed_rate is None:
        return "length", r.printed_length
    return None


def _cell(r: PasteRecord, kind: str) -> tuple[float, tuple[str, C.Value] | None] | None:
    """A table row's figure of ``kind`` (rate | length) and its cell as printed: a row printing
    a rate and a length ('60.2% (80/133) | 3.41') holds both."""
    number = r.printed_rate if kind == "rate" else r.printed_length
    if number is None:
        return None
    if _figure(r) is not None:
        return number, _printed(r)
    metrics = (C.RATE,) if kind == "rate" else (C.LENGTH, C.TOK_PER_STEP)
    cells = [
        (t, v)
        for n, t in r.fields
        if C.key(C._MARKUP.sub("", n)).metric in metrics
        # (its counts in brackets after it aside: '60.2% (80/133)')
        and (v := C.value(C._MARKUP.sub("", t).split("(")[0])) is not None
    ]
    return number, (cells[0] if len(cells) == 1 and cells[0][1].max is None else None)


def _scale(kind: str, said: C.Value) -> float:
    # (a rate printed without '%' above 1 was read as a percentage)
    return 100.0 if kind == "rate" and (said.percent or said.number > 1) else 1.0


def _rounds_to(value: float, kind: str, said: C.Value) -> bool:
    """Whether ``value`` (a fraction for a rate) printed at ``said``'s precision is ``said``."""
    return abs(value * _scale(kind, said) - said.number) <= C.half_unit(said.decimals) + 1e-9


def _near(figures: list[tuple[float, int]], kind: str, said: C.Value) -> list[int]:
    """The indexes among ``figures`` (value and record index, sorted) of the values that may
    print as ``said``: a window a little wider than _rounds_to's, which checks each after."""
    scale = _scale(kind, said)
    width = (C.half_unit(said.decimals) + 1e-6) / scale
    lo = bisect.bisect_left(figures, (said.number / scale - width, -1))
    hi = bisect.bisect_right(figures, (said.number / scale + width, math.inf))
    return [j for _, j in figures[lo:hi]]


_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
_RECITED_REACH = 3  # the most lines between a table's row and the line reciting it


def _recites_row(r: PasteRecord, row: PasteRecord, said: C.Value, raw: list[str]) -> bool:
    """Whether ``r``, a key=value line a few lines under ``row``, prints its figure with fewer
    decimals than the row's cell and, besides it, one number or more, each a cell of the row
    as printed: the row's run recited by the program, its figure rounded."""
    cell = _cell(row, "length" if r.printed_length is not None else "rate")
    if (
        r.structure != "key-value"
        or cell is None
        or cell[1] is None
        or cell[1][1].percent != said.percent
        or not said.decimals < cell[1][1].decimals
        or not 0 < r.first_line - row.last_line <= _RECITED_REACH
    ):
        return False
    cells = set(_NUMBER.findall(raw[row.first_line - 1]))
    others = [
        n for n in _NUMBER.findall(raw[r.first_line - 1]) if n != f"{said.number:.{said.decimals}f}"
    ]
    return bool(others) and all(n in cells for n in others)


def _coarser(said: C.Value, cell: tuple[str, C.Value] | None) -> bool:
    """Whether a prose figure is a whole number where the one cell it rounds has decimals, in
    the same unit (speech rounding that cell, wherever its row stands; '76.0%' keeps a decimal
    on purpose and may be a run of its own), or a percentage where the cell prints the rate as a
    fraction with more digits ('47.8%' over a cell of 0.4783: the cell's digits, cut)."""
    if cell is None:
        return False
    if cell[1].percent == said.percent:
        return said.decimals == 0 < cell[1].decimals
    return said.percent and cell[1].number <= 1 and said.decimals < cell[1].decimals - 2


def fold(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each approximate prose figure that rounds one table's summary row
    (see the module's rules), that row noting it."""
    records, block_of = _fold_earlier(*_fold_repeated(records, block_of, raw), raw)
    records, block_of = _fold_counted(records, block_of)
    records, block_of = _fold_coarser(records, block_of, raw)
    records, block_of = _fold_heading(records, block_of, raw)
    records, block_of = _fold_from(records, block_of, raw)
    records, block_of = _fold_setting(records, block_of, raw)
    records, block_of = _fold_at_k(records, block_of, raw)
    records, block_of = _fold_same_setting(records, block_of)
    records, block_of = _fold_extreme(records, block_of, raw)
    records, block_of = _fold_phrase(records, block_of, raw)
    records, block_of = _fold_takeaway(records, block_of, raw)
    table = [
        i
        for i, r in enumerate(records)
        if r.kind == TABLE_ROW and (r.printed_rate is not None or r.printed_length is not None)
    ]
    if not table:
        return records, block_of
    rows_of: dict[int, set[int]] = {}
    for i in table:
        rows_of.setdefault(block_of[i], set()).add(records[i].first_line)
    drop: set[int] = set()
    out = list(records)
    # whole numbers rounding cells of two rows or more of one table: (record, that table)
    undecided: list[tuple[int, int]] = []
    folded_at: set[tuple[int, int]] = set()  # (line, table) of a whole number folded
    for i, r in enumerate(records):
        if r.structure not in _PROSE or r.kind == TABLE_ROW:
            continue
        fig = _figure(r)
        printed = _printed(r)
        if fig is None or printed is None or r.accepted_tokens is not None or r.steps is not None:
            continue
        text, said = printed
        approximate = _approximate(r, text, raw)
        matches = [
            j
            for j in table
            if (tc := _cell(records[j], fig[0])) is not None and _rounds_to(tc[0], fig[0], said)
        ]
        # (an approximate figure that rows of one table share, 'near-100% acceptance' over
        # rows of 100%: told of those rows together, no run of its own)
        shared = (
            approximate
            and len(matches) >= 2
            and len({block_of[j] for j in matches}) == 1
            and len({_cell(records[j], fig[0]) for j in matches}) == 1
        )
        if len(matches) != 1 and not shared:
            if (
                len(matches) >= 2
                and len({block_of[j] for j in matches}) == 1
                and all(
                    _coarser(said, (_cell(records[j], fig[0]) or (0.0, None))[1]) for j in matches
                )
            ):
                undecided.append((i, block_of[matches[0]]))
            continue
        row = records[matches[0]]
        rounds_row = (
            row.summary_row
            or len(rows_of[block_of[matches[0]]]) == 1
            # (or its line naming the one cell's row by its label: '`name-a` reaches only ~2.2'
            # over a row 'name-a (old)' of 2.20 among others)
            or _row_named(r, row, raw)
            if approximate
            # (the prose calling it an average over the table's average row or a cell named
            # an average, one value alike: 'Average: 71.3%' over 'Average Acceptance Rate')
            else (_summary_cell(row) and _summary_said(r, text, raw))
            # (or naming the one cell's row by its label: 'on SetB, our τ of 4.10')
            or _row_named(r, row, raw)
        ) or _coarser(said, (_cell(row, fig[0]) or (0.0, None))[1])  # ('~0%' over '0.2%' too)
        # (a key=value line under a table's only row, its figure coarser than the cell, its
        # other figures that row's cells digit for digit: 'len=3.1 tps=88.20' below a row of
        # 3.142 and 88.20; the program's own line of the run the box shows)
        rounds_row = rounds_row or (
            len(rows_of[block_of[matches[0]]]) == 1 and _recites_row(r, row, said, raw)
        )
        if not (shared or rounds_row):
            continue
        drop.add(i)
        if said.decimals == 0:
            folded_at.add((r.first_line, block_of[matches[0]]))
        for j in matches:
            out[j] = dataclasses.replace(
                out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line, text=text.strip()))
            )
    # (a whole number rounding two rows' cells, on the line of another whole number that rounds
    # one cell of the same table: 'lifted acceptance from 43% to 53%' over rows of 43.0%, 42.6%
    # and 52.9%; the line tells the table's rows, which row it rounds aside)
    drop.update(i for i, t in undecided if (records[i].first_line, t) in folded_at)
    # (a table's only rate told again by a breakdown's means: after the prose rounding it)
    return _fold_by_means(*_without(out, block_of, drop), raw)


# a line leading a list of approximate figures ("You're getting roughly:", 'about:')
_APPROX_LEAD = re.compile(
    r"\b(?:roughly|about|around|approximately|approx\.?|circa)\s*[*`_]{0,2}\s*:\s*[*`_]{0,2}\s*$",
    re.I,
)
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+")


def _approx_led(raw: list[str]) -> list[bool]:
    """For each line: whether the nearest line above it that is no list item ends 'roughly:'
    (the line an item of that list is under); one pass over the paste."""
    led, lead = [], False
    for t in raw:
        led.append(lead)
        if not _ITEM.match(t):
            lead = _APPROX_LEAD.search(t) is not None
    return led


def _said(r: PasteRecord) -> list[tuple[str, str, C.Value]] | None:
    """Each figure the record prints: (rate | length, text, value); None if a field is no
    rate or length, or holds a range or a bound."""
    out: list[tuple[str, str, C.Value]] = []
    for name, text in r.fields:
        metric = C.key(C._MARKUP.sub("", name)).metric
        # (tokens a step are a length too: 'accepts ~2.6 tokens per verification step')
        kind = (
            "rate"
            if metric == C.RATE
            else "length"
            if metric in (C.LENGTH, C.TOK_PER_STEP)
            else None
        )
        v = C.value(C._MARKUP.sub("", text))
        if kind is None and metric == C.ACCEPTED and v is not None and v.percent:
            kind = "rate"  # (a share of the accepted tokens, '~66% accepted tokens': a rate)
        if kind is None or v is None or v.max is not None:
            return None
        out.append((kind, text, v))
    return out or None


def _explains(
    r: PasteRecord,
    said: list[tuple[str, str, C.Value]],
    earlier: list[tuple[str, str, C.Value]],
    raw: list[str],
) -> bool:
    """Whether an approximate prose record explains an earlier approximate one: no label of
    its own, its lines naming the figure ('accept length is a model property: the target
    accepts ~2.6 tokens per verification step') and no setting or comparison of a run of their
    own (_OWN_RUN), each value printed digit for digit as the earlier's. Two runs told apart by nothing but their lines are rare; one figure told, then
    explained, is the common shape."""
    if r.labels or len(said) != len(earlier):
        return False
    lines = "\n".join(raw[max(r.first_line - 1, 0) : r.last_line])
    if V.LENGTH_NAME.search(lines) is None and _RATE_NAME.search(lines) is None:
        return False
    if _OWN_RUN.search(lines):
        return False  # ('On code the accept length is larger: ...': a run of its own)
    return all(
        kind == k2 and C._MARKUP.sub("", t).strip() == C._MARKUP.sub("", t2).strip()
        for (kind, t, _), (k2, t2, _) in zip(said, earlier, strict=True)
    )


_RATE_NAME = re.compile(r"\baccept(?:ance)?[ _-]rate\b", re.I)
# a run's own setting or a comparison in the explaining lines: 'on code', 'with k=4', 'larger',
# 'than' ('on average' is none)
_OWN_RUN = re.compile(
    r"\b(?:(?:on|for|with|at|in|under)\s+(?!average\b)[\w-]|(?:larg|small|high|low|bett|wors|"
    r"long|short)er\b|more\b|less\b|than\b)",
    re.I,
)


# an embedded image ('![plot](/img/a.png)') or an HTML tag ('<center>', '</small>')
_EMBED = re.compile(r"!\[[^\]\n]*\]\([^)\s]*\)|</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>\n]*)?>")


def _fold_repeated(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each one-line prose record whose sentence an earlier one printed
    word for word (see the module's rules), that record noting it."""
    seen: dict[tuple[str, tuple[tuple[str, str], ...]], int] = {}
    drop: set[int] = set()
    out = list(records)
    per_line = Counter(r.first_line for r in records)
    for i, r in enumerate(records):
        if r.structure != "prose" or r.first_line != r.last_line or r.first_line > len(raw):
            continue  # (a tool's key-value line printed again is the next interval's run)
        if r.accepted_tokens is not None or r.drafted_tokens is not None or r.steps is not None:
            continue  # (counts printed again: a log's next interval, the same totals)
        if per_line[r.first_line] > 1:
            continue  # (a line of several runs' figures: each its own, equal or not)
        # (an image embedded before its caption and the caption's HTML tags aside: two plots
        # under one caption told twice show the one run)
        words = _EMBED.sub(" ", raw[r.first_line - 1]).split()
        if len(words) < 8:
            continue
        j = seen.setdefault((" ".join(words), r.fields), i)
        if j != i:
            drop.add(i)
            out[j] = dataclasses.replace(
                out[j],
                notes=(*out[j].notes, f"printed again, word for word, at line {r.first_line}"),
            )
    return _without(out, block_of, drop)


def _fold_earlier(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each approximate prose record restating one earlier exact record
    (see the module's rules), that record noting it."""
    drop: set[int] = set()
    out = list(records)
    led: list[bool] | None = None
    # the figures of the records before the one looked at (none dropped), sorted
    figures: dict[str, list[tuple[float, int]]] = {"rate": [], "length": []}
    for i, r in enumerate(records):
        if i:
            e = records[i - 1]
            for kind, x in (("rate", e.printed_rate), ("length", e.printed_length)):
                if x is not None and i - 1 not in drop:
                    bisect.insort(figures[kind], (x, i - 1))
        if r.structure not in _PROSE or r.kind == TABLE_ROW or i == 0:
            continue
        if r.accepted_tokens is not None or r.steps is not None or r.per_position:
            continue
        said = _said(r)
        if said is None:
            continue
        led = _approx_led(raw) if led is None else led
        # (the records' items of a list under a line ending 'roughly:')
        lead = 1 <= r.first_line <= len(raw) and led[r.first_line - 1]
        if not all(lead or _approximate(r, text, raw) for _, text, _ in said):
            continue
        value = {"rate": r.printed_rate, "length": r.printed_length}
        if any(value[kind] is None for kind, _, _ in said):
            continue
        matches = []
        # (the earlier records near the first figure, by their sorted figures: not every pair)
        kind0, _, v0 = said[0]
        for j in _near(figures[kind0], kind0, v0):
            e = records[j]
            if e.last_line >= r.first_line:
                continue
            have = {"rate": e.printed_rate, "length": e.printed_length}
            if all((x := have[kind]) is not None and _rounds_to(x, kind, v) for kind, _, v in said):
                matches.append(j)
        if len(matches) != 1:
            continue
        (j,) = matches
        earlier = _said(records[j])
        if (
            earlier is not None
            and all(_approximate(records[j], t, raw) for _, t, _ in earlier)
            and not _explains(r, said, earlier, raw)
        ):
            continue  # (the earlier record approximate too: no exact run to restate)
        drop.add(i)
        text = ", ".join(t.strip("*`_ ") for _, t, _ in said)
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, NOTE.format(line=r.first_line, text=text))
        )
    return _without(out, block_of, drop)


# a line naming an extreme of the runs above it ('- **Best run**: 3.1x (71.0% acceptance)',
# 'Worst case: ...', 'Highest acceptance - 71.0%')
_EXTREME = re.compile(
    r"^\s*(?:[-*+•]\s+)?[*_`]{0,2}\s*(?:best|worst|highest|lowest|max(?:imum)?|min(?:imum)?|"
    r"peak|fastest|slowest|top)\b",
    re.I,
)


def _fold_extreme(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each unlabelled prose or key-value record on a line naming an extreme
    ('Best ...', 'Worst case ...') whose printed figures equal, value for value, those of an
    earlier record: that run picked out again, no run of its own; the earlier one notes it."""
    drop: set[int] = set()
    out = list(records)
    first: dict[tuple[float | None, float | None], int] = {}
    for i, r in enumerate(records):
        key = (r.printed_rate, r.printed_length)
        j = first.get(key)
        if (
            j is not None
            and r.structure in _PROSE
            and r.kind != TABLE_ROW
            and not r.labels
            and records[j].last_line < r.first_line
            and r.accepted_tokens is None
            and r.drafted_tokens is None
            and r.steps is None
            and 1 <= r.first_line <= len(raw)
            and _EXTREME.match(raw[r.first_line - 1])
        ):
            drop.add(i)
            out[j] = dataclasses.replace(
                out[j],
                notes=(*out[j].notes, f"picked out again as an extreme at line {r.first_line}"),
            )
        elif key != (None, None):
            first.setdefault(key, i)
    return _without(out, block_of, drop)


PHRASE_NOTE = "told again in the same words at line {line} ({text})"
# the sentence around a figure: cut at a full stop, '!', '?' or ';' before a space
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)")


def _phrase_sentence(r: PasteRecord, raw: list[str]) -> str | None:
    """The sentence of the record's line holding its one figure printed right before its name
    ('95% acceptance rate', markup between them aside), lowered; None where the line prints no
    such phrase."""
    if not 1 <= r.first_line <= len(raw) or len(r.fields) != 1:
        return None
    name, text = (C._MARKUP.sub("", x).strip() for x in r.fields[0])
    words = name.split()
    if not words or not text:
        return None
    line = raw[r.first_line - 1]
    m = re.search(
        r"(?<![\w.])"
        + re.escape(text)
        + r"[*_`]{0,2}\s*[*_`]{0,2}"
        + r"\s+".join(map(re.escape, words))
        + r"(?![\w-])",
        line,
        re.I,
    )
    if m is None:
        return None
    starts = [e.end() for e in _SENTENCE_END.finditer(line, 0, m.start())]
    end = _SENTENCE_END.search(line, m.end())
    return line[starts[-1] if starts else 0 : end.start() if end else len(line)].lower()


def _fold_phrase(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without a one-figure prose record printing its value right before its name
    (``95% acceptance rate``) in the very words, value as printed, of exactly one earlier prose
    record read from a table row's label (its note in brackets), no other record of the paste
    printing that phrase: that row's run told again in the text below, the later goes, the
    earlier noting it. Not where either record carries a label, counts, or a line of other
    records, where either sentence sets its run apart (``before``, ``after``, ``vs``,
    ``than``, ``from``, ...), nor where the text names a run of its own (``on code``, ``with
    k=4``): two runs may print one figure alike."""
    per_line = Counter(r.first_line for r in records)
    groups: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(records):
        if (
            r.structure != "prose"
            or r.kind == TABLE_ROW
            or r.first_line != r.last_line
            or r.labels
            or per_line[r.first_line] > 1
            or r.accepted_tokens is not None
            or r.drafted_tokens is not None
            or r.steps is not None
            or r.per_position
            or _printed(r) is None
        ):
            continue
        sentence = _phrase_sentence(r, raw)
        if sentence is None or _SIDE.search(sentence):
            continue
        if not raw[r.first_line - 1].lstrip().startswith("|") and _OWN_RUN.search(sentence):
            continue  # (text naming a run of its own: 'on code', 'with k=4', 'than')
        name, text = (" ".join(C._MARKUP.sub("", x).lower().split()) for x in r.fields[0])
        groups.setdefault((name, text), []).append(i)
    drop: set[int] = set()
    out = list(records)
    for (_, text), members in groups.items():
        if len(members) != 2:
            continue  # (three lines alike, or one: runs of their own)
        j, i = members
        if records[j].first_line == records[i].first_line:
            continue
        if not raw[records[j].first_line - 1].lstrip().startswith("|") or raw[
            records[i].first_line - 1
        ].lstrip().startswith("|"):
            continue  # (only a table row's note told again in the text below it)
        drop.add(i)
        out[j] = dataclasses.replace(
            out[j],
            notes=(*out[j].notes, PHRASE_NOTE.format(line=records[i].first_line, text=text)),
        )
    return _without(out, block_of, drop)


TAKEAWAY_NOTE = "told again as a list's point at line {line} ({text})"


def _one_figure(r: PasteRecord) -> tuple[str, str] | None:
    """(rate | length, the value as printed, markup aside) of a one-figure prose record with no
    label, counts or per-position rates; else None."""
    if (
        r.structure != "prose"
        or r.kind == TABLE_ROW
        or r.labels
        or r.accepted_tokens is not None
        or r.drafted_tokens is not None
        or r.steps is not None
        or r.per_position
    ):
        return None
    said = _said(r)
    if said is None or len(said) != 1:
        return None
    kind, text, _ = said[0]
    return kind, C._MARKUP.sub("", text).strip()


def _fold_takeaway(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without a one-figure prose record on a list item (``- 64% acceptance keeps
    the target busy``) whose figure, as printed and of the same measure, exactly one earlier
    prose record of a paragraph (no list item) prints, no other record of the paste printing
    it: the paragraph's run told again as a point of the list summing it up; the earlier
    stays, noting it. Not where either record carries a label or counts, the item's line sets
    its run apart (``before``, ``vs``, ``than``, ...) or names a run of its own (``on code``,
    ``with k=4``), nor where the item stands above the paragraph."""
    groups: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(records):
        if (said := _one_figure(r)) is not None:
            groups.setdefault(said, []).append(i)
    printed = Counter(
        C._MARKUP.sub("", t).strip() for r in records for _, t in r.fields if t is not None
    )
    drop: set[int] = set()
    out = list(records)
    for (_, text), members in groups.items():
        if len(members) != 2 or printed[text] != 2:
            continue  # (one record, or three alike: runs of their own)
        j, i = members
        a, b = records[j], records[i]
        if not (a.first_line >= 1 and b.first_line <= len(raw)) or a.last_line >= b.first_line:
            continue
        item = raw[b.first_line - 1]
        if not _ITEM.match(item) or b.first_line != b.last_line:
            continue
        if any(_ITEM.match(raw[ln - 1]) for ln in range(a.first_line, a.last_line + 1)):
            continue  # (two points of one list: two runs)
        if _SIDE.search(item) or _OWN_RUN.search(_ITEM.sub("", item, count=1)):
            continue
        drop.add(i)
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, TAKEAWAY_NOTE.format(line=b.first_line, text=text))
        )
    return _without(out, block_of, drop)


def _without(
    records: list[PasteRecord], block_of: list[int], drop: set[int]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` and their blocks without the indices in ``drop``."""
    return without(records, block_of, drop)


def _agree(a: float | None, b: float | None) -> bool:
    return a is None or b is None or abs(a - b) <= 0.005


def _fold_counted(
    records: list[PasteRecord], block_of: list[int]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each prose record whose accepted count (10 or more) exactly one
    earlier prose record prints too under other names, every other count and figure both print
    agreeing and no label of its own: that run's counts told again in other words (a list
    summing up the sentence above it), that record noting it. Records under the same names
    (a bench's lines, two runs counting alike) are never folded."""
    drop: set[int] = set()
    out = list(records)
    # the earlier prose records by their accepted count (one pass, not every pair)
    by_count: dict[int, list[int]] = {}
    for i, r in enumerate(records):
        if r.structure not in _PROSE or r.kind == TABLE_ROW or r.accepted_tokens is None:
            continue
        earlier = by_count.setdefault(r.accepted_tokens, [])
        if r.accepted_tokens < 10:
            earlier.append(i)
            continue
        names = {n for n, _ in r.fields}
        matches = [
            j
            for j in earlier
            if j not in drop
            and (records[j].first_line, records[j].last_line) != (r.first_line, r.last_line)
            and {n for n, _ in records[j].fields} != names
            and set(r.labels) <= set(records[j].labels)
            and all(
                _agree(getattr(records[j], f), getattr(r, f))
                for f in ("drafted_tokens", "steps", "printed_rate", "printed_length")
            )
            and not any(
                x != y for x, y in zip(records[j].per_position, r.per_position, strict=False)
            )
        ]
        earlier.append(i)
        if len(matches) != 1:
            continue
        (j,) = matches
        drop.add(i)
        text = f"{r.accepted_tokens:g} accepted"
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, COUNTED_NOTE.format(line=r.first_line, text=text))
        )
    return _without(out, block_of, drop)


MEANS_NOTE = "restated by the means of accepted and drafted tokens at line {line} ({text})"
_MEANS_SPAN = 40  # the most lines of a record searched for its drafted mean


def _drafted_mean(r: PasteRecord, raw: list[str]) -> C.Value | None:
    """The one mean of drafted tokens (a figure with decimals, no '%') printed on the lines
    of ``r`` under a name of drafted tokens; None where none or several are."""
    if r.last_line - r.first_line > _MEANS_SPAN:
        return None
    found = []
    for ln in raw[r.first_line - 1 : r.last_line]:
        # (a row of a key-value table, '| Mean drafted | 12.5 |', or a key's line,
        # 'mean drafted tokens: 12.5')
        t = C._MARKUP.sub("", ln).strip()
        cells = [c.strip() for c in t.strip("|").split("|")] if t.startswith("|") else []
        name, value = cells if len(cells) == 2 else (t.partition(":")[0], t.partition(":")[2])
        if not name or not value or C.key(name).metric != C.DRAFTED:
            continue
        v = C.value(value)
        if v is not None and not v.percent and v.decimals:
            found.append(v)
    return found[0] if len(found) == 1 else None


def means_past_k(r: PasteRecord, raw: list[str], k: int) -> bool:
    """Whether ``r`` prints a length and, on its lines, one mean of drafted tokens above ``k``,
    the draft tokens a step: means of a sample of several verify steps, no step's length."""
    return (
        r.printed_length is not None
        and r.printed_rate is None
        and (d := _drafted_mean(r, raw)) is not None
        and d.number > k
    )


def _fold_by_means(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without a table's only rate, a row printing a rate alone (no length, no
    counts), where one record of another block prints the accepted drafts a step (its length,
    the bonus excluded) and, on its lines, the drafted tokens a step, both means with decimals,
    no rate of its own, whose quotient is that rate within the rounding of all three figures:
    the run's means told in a breakdown, one run; the row goes, that record noting it. Not where
    two records' means give the rate, nor where the row's table prints other rates (a sweep)."""
    rates = [
        i
        for i, r in enumerate(records)
        if r.kind == TABLE_ROW
        and r.printed_rate is not None
        and r.printed_length is None
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and r.steps is None
    ]
    if not rates:
        return records, block_of
    means = []
    for j, o in enumerate(records):
        if (
            o.printed_length is None
            or o.printed_rate is not None
            or o.bonus.value != "excluded"
            or (d := _drafted_mean(o, raw)) is None
            or d.number <= 0
        ):
            continue
        # (the accepted mean as printed, for its decimals)
        shown = [
            v
            for _, c in o.fields
            if (v := C.value(c)) is not None
            and not v.percent
            and abs(v.number - o.printed_length) < 1e-9
        ]
        if shown:
            means.append((j, shown[0], d))
    if not means:
        return records, block_of
    per_block = Counter(block_of[i] for i, r in enumerate(records) if r.printed_rate is not None)
    drop: set[int] = set()
    out = list(records)
    for i in rates:
        r = records[i]
        if per_block[block_of[i]] != 1 or r.printed_rate is None:
            continue
        said = C.value(r.fields[0][1]) if len(r.fields) == 1 else None
        if said is None:
            continue
        rate_half = C.half_unit(said.decimals) / (100 if said.percent else 1)
        matches = []
        for j, acc, d in means:
            if block_of[j] == block_of[i]:
                continue
            a_half = C.half_unit(acc.decimals)
            d_half = C.half_unit(d.decimals)
            low = (acc.number - a_half) / (d.number + d_half)
            high = (acc.number + a_half) / max(d.number - d_half, 1e-9)
            if low - rate_half <= r.printed_rate <= high + rate_half:
                matches.append((j, acc, d))
        if len(matches) != 1:
            continue
        j, acc, d = matches[0]
        drop.add(i)
        text = f"{acc.number:g} accepted of {d.number:g} drafted"
        out[j] = dataclasses.replace(
            out[j],
            notes=(*out[j].notes, MEANS_NOTE.format(line=r.first_line, text=text), *r.notes),
        )
    return _without(out, block_of, drop)


# a line setting its run apart as one side of a change: before or after it, a baseline
_SIDE = re.compile(
    r"\b(?:before|after|previously|prior|baseline|originally|used\s+to|old|new|without|w/o|"
    r"vs\.?|versus|compared|than|from)\b",
    re.I,
)


def _fold_coarser(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each prose figure rounding, two decimals coarser or more, exactly
    one exact prose figure of the same measure elsewhere in the paste (see the module's rules),
    that record noting it."""
    prose = [
        (i, fig, p)
        for i, r in enumerate(records)
        if r.structure in _PROSE
        and r.kind != TABLE_ROW
        and r.first_line == r.last_line
        and r.accepted_tokens is None
        and r.steps is None
        and (fig := _figure(r)) is not None
        and (p := _printed(r)) is not None
    ]
    if len(prose) < 2:
        return records, block_of
    drop: set[int] = set()
    out = list(records)
    finest = max(p[1].decimals for _, _, p in prose)
    for i, fig, (text, said) in prose:
        r = records[i]
        if finest < said.decimals + 2:
            continue  # no figure elsewhere two decimals finer (a long line stays linear)
        if said.number == 0:
            continue  # (a zero says no draft was accepted: a count's fact, no rounding of 0.4%)
        matches = [
            (j, jt)
            for j, jf, (jt, jv) in prose
            if j != i
            and jf[0] == fig[0]
            and jv.percent == said.percent
            and jv.decimals >= said.decimals + 2
            and _rounds_to(jf[1], fig[0], said)
        ]
        if len(matches) != 1:
            continue
        j, jt = matches[0]
        e = records[j]
        if j in drop or e.first_line == r.first_line or _approximate(e, jt, raw):
            continue
        if any(
            _SIDE.search(raw[x.first_line - 1]) for x in (r, e) if 1 <= x.first_line <= len(raw)
        ):
            continue
        if _same_key(r, e):
            continue  # (one program's line printed again for another run: two runs)
        if _said_exact(raw[r.first_line - 1] if 1 <= r.first_line <= len(raw) else "", text):
            continue  # ('was exactly 0%': no rounding of 0.446%, a run of its own)
        drop.add(i)
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, COARSER_NOTE.format(line=r.first_line, text=text.strip()))
        )
    return _without(out, block_of, drop)


_EXACTLY = re.compile(r"\bexact(?:ly)?\s+(?:at\s+|of\s+)?[`*_]{0,2}$", re.I)


def _said_exact(line: str, text: str) -> bool:
    """Whether ``line`` calls its figure printed as ``text`` exact ('the rate was exactly 0%'):
    a figure said to be exact rounds no other."""
    at = line.find(text.strip())
    return at > 0 and _EXACTLY.search(line[max(0, at - 24) : at]) is not None


def _same_key(r: PasteRecord, e: PasteRecord) -> bool:
    """Whether two key-value records print their figure under one key, spelled alike ('Mean
    Accepted: 2.75' and 'Mean Accepted: 2.7465...'): a program's line printed once a run."""
    if r.structure != "key-value" or e.structure != "key-value":
        return False
    a, b = (" ".join(x.fields[0][0].strip(" #*`_-:").lower().split()) for x in (r, e))
    return bool(a) and a == b


def _fold_heading(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each markdown heading's one figure restating exactly one record's
    on another line (see the module's rules), that record noting it."""
    heads = [
        i
        for i, r in enumerate(records)
        if r.first_line == r.last_line
        and 0 < r.first_line <= len(raw)
        and _HEADING.match(raw[r.first_line - 1])
    ]
    if heads:
        commented = commented_run(list(enumerate(raw, 1)))
        heads = [i for i in heads if records[i].first_line not in commented]
    if not heads:
        return records, block_of
    drop: set[int] = set()
    out = list(records)
    figures: dict[str, list[tuple[float, int]]] = {
        "rate": sorted(
            (r.printed_rate, j) for j, r in enumerate(records) if r.printed_rate is not None
        ),
        "length": sorted(
            (r.printed_length, j) for j, r in enumerate(records) if r.printed_length is not None
        ),
    }
    for i in heads:
        h = records[i]
        if h.accepted_tokens is not None or h.steps or h.per_position:
            continue
        if (fig := _figure(h)) is None or (p := _printed(h)) is None:
            continue
        text, said = p
        # (the records near the heading's figure, by their sorted figures: not every record)
        matches = [
            j
            for j in _near(figures[fig[0]], fig[0], said)
            if j != i
            and j not in drop
            and not (o := records[j]).first_line <= h.first_line <= o.last_line
            and (number := o.printed_rate if fig[0] == "rate" else o.printed_length) is not None
            and _rounds_to(number, fig[0], said)
            and (c := _cell(o, fig[0])) is not None
            and (c[1] is None or c[1][1].decimals >= said.decimals)
        ]
        if len(matches) != 1:
            continue
        drop.add(i)
        j = matches[0]
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, HEADING_NOTE.format(line=h.first_line, text=text.strip()))
        )
    return _without(out, block_of, drop)


# a figure printed with decimals (a percentage or not), as a token of its line
_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?:\s*%)?(?![\d.]*\d)")


def _fold_from(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each change's start restating an earlier record's line (see the
    module's rules)."""
    starts = [
        i
        for i, r in enumerate(records)
        if r.structure in _PROSE
        and r.first_line == r.last_line
        and 0 < r.first_line <= len(raw)
        and "from" in raw[r.first_line - 1]
        and (p := _printed(r)) is not None
        and p[1].decimals > 0
    ]
    if not starts:
        return records, block_of
    # the first line printing each decimal figure among the records' lines (once per paste)
    first: dict[str, int] = {}
    for r in records:
        for ln in range(r.first_line, min(r.last_line, len(raw)) + 1):
            for m in _DECIMAL.finditer(raw[ln - 1] if ln > 0 else ""):
                key = m.group(0).replace(" ", "")
                first[key] = min(first.get(key, ln), ln)
    drop: set[int] = set()
    for i in starts:
        r = records[i]
        text = C._MARKUP.sub("", r.fields[0][1]).strip().replace(" ", "")
        said = re.search(
            r"\bfrom\s+[~≈]?\s*" + re.escape(text) + r"(?![\d.]*\d)", raw[r.first_line - 1]
        )
        if said is not None and first.get(text, r.first_line) < r.first_line:
            drop.add(i)
    return _without(records, block_of, drop)


# a figure in brackets right after the setting it was measured in ('in greedy mode (0.52)')
_SETTING_BRACKET = re.compile(
    r"\b(?:in|on|for|with|under|at)\s+(?P<s>[A-Za-z][\w.+-]*(?:\s+[A-Za-z0-9][\w.+-]*){0,3})"
    r"\s*\(\s*(?P<v>\d+\.\d+(?:\s*%)?)\s*\)",
    re.I,
)
# how far before an earlier line's value its setting may be named
_SETTING_REACH = 80
SETTING_NOTE = "restated with its setting by the figure at line {line} ({text})"


def _fold_setting(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each prose figure in brackets after its setting ('in greedy mode
    (0.52)') whose value, digit for digit, an earlier record's line prints with the same
    setting named before it in its sentence ('acceptance in greedy mode rose from 0.52'): that
    run told again (see the module's rules)."""
    cands: list[tuple[int, str, str]] = []  # (record, its value as printed, its setting)
    for i, r in enumerate(records):
        if (
            r.structure not in _PROSE
            or r.first_line != r.last_line
            or not 0 < r.first_line <= len(raw)
        ):
            continue
        line = raw[r.first_line - 1]
        if "(" not in line or (p := _printed(r)) is None or p[1].decimals == 0:
            continue
        text = C._MARKUP.sub("", p[0]).strip().replace(" ", "")
        for m in _SETTING_BRACKET.finditer(line):
            if m.group("v").replace(" ", "") == text:
                cands.append((i, text, m.group("s").lower()))
                break
    if not cands:
        return records, block_of
    # the lines of records printing each decimal figure, in order (once per paste)
    lines_of: dict[str, list[int]] = {}
    for ln in sorted(
        {ln for r in records for ln in range(r.first_line, min(r.last_line, len(raw)) + 1)}
    ):
        for m in _DECIMAL.finditer(raw[ln - 1] if ln > 0 else ""):
            seen = lines_of.setdefault(m.group(0).replace(" ", ""), [])
            if not seen or seen[-1] != ln:
                seen.append(ln)
    record_at: dict[int, int] = {}  # the first record on each line
    for j, o in enumerate(records):
        record_at.setdefault(o.first_line, j)
    drop: set[int] = set()
    out = list(records)
    for i, text, setting in cands:
        r = records[i]
        for ln in lines_of.get(text, [])[:8]:
            if ln >= r.first_line:
                break
            earlier = raw[ln - 1]
            for m in _DECIMAL.finditer(earlier):
                if m.group(0).replace(" ", "") != text:
                    continue
                before = earlier[max(0, m.start() - _SETTING_REACH) : m.start()]
                before = re.split(r"[.!?;](?:\s|$)", before)[-1].lower()
                if re.search(r"\b" + re.escape(setting) + r"\b", before):
                    drop.add(i)
                    break
            if i in drop:
                if (at := record_at.get(ln)) is not None:
                    note = SETTING_NOTE.format(line=r.first_line, text=text)
                    out[at] = dataclasses.replace(out[at], notes=(*out[at].notes, note))
                break
    return _without(out, block_of, drop)


# a length at a bracketed setting of the draft tokens per step ('AL (k=4) = 3.1')
_AT_K_FIGURE = re.compile(
    r"[(\[]\s*" + V.AT_K_NAMES + r"\s*=\s*(?P<n>\d{1,2})\s*[)\]]\s*[:=]\s*[*`]{0,2}\s*"
    r"(?P<v>\d+(?:\.(?P<d>\d+))?)(?![\d.%]|\s*[x×])",
    re.I,
)
_K_SETTING = re.compile(r"(?<![\w-])" + V.AT_K_NAMES + r"\s*=\s*(\d{1,2})\b", re.I)
AT_K_NOTE = "restated by the length at the same draft tokens per step at line {line} ({text})"


def _row_k(row: PasteRecord) -> int | None:
    """The draft tokens per step a table row's labels state, None when none or several."""
    ks: set[int] = set()
    for name, val in row.labels:
        lead = re.match(r"[*`_\s]*(\d{1,2})(?![\d.,])", val)
        if lead and (C.key(name).metric == C.K or re.fullmatch(V.AT_K_NAMES, name.strip(), re.I)):
            ks.add(int(lead.group(1)))
        ks.update(int(n) for n in _K_SETTING.findall(val))
    return ks.pop() if len(ks) == 1 else None


def _fold_at_k(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each prose length at a bracketed draft setting that restates the one
    table row of that setting (see the module's rules), that row noting it."""
    rows = [
        (j, k)
        for j, r in enumerate(records)
        if r.kind == TABLE_ROW and r.printed_length is not None and (k := _row_k(r)) is not None
    ]
    drop: set[int] = set()
    out = list(records)
    for i, r in enumerate(records) if rows else ():
        if r.structure not in _PROSE or r.kind == TABLE_ROW or r.printed_length is None:
            continue
        if r.accepted_tokens is not None or r.steps is not None:
            continue
        said = [
            m
            for m in _AT_K_FIGURE.finditer("\n".join(raw[max(r.first_line - 1, 0) : r.last_line]))
            if float(m.group("v")) == r.printed_length
        ]
        if len(said) != 1:
            continue
        m = said[0]
        at = [j for j, k in rows if k == int(m.group("n"))]
        unit = 10.0 ** -len(m.group("d") or "")
        if len(at) != 1 or abs(records[at[0]].printed_length - r.printed_length) >= unit - 1e-9:  # type: ignore[operator]
            continue
        drop.add(i)
        j = at[0]
        out[j] = dataclasses.replace(
            out[j], notes=(*out[j].notes, AT_K_NOTE.format(line=r.first_line, text=m.group(0)))
        )
    return _without(out, block_of, drop)


SAME_SETTING_NOTE = "restated at the same draft setting by the figure at line {line} ({text})"


def _draft_settings(labels: Sequence[tuple[str, str]]) -> set[tuple[str, int]]:
    """The draft settings the labels state: a draft maximum in any spelling the readers know
    ('n_max=0', '--spec-draft-n-max 0', zero kept), ('max', n); a 'k=' setting, ('k', n)."""
    out: set[tuple[str, int]] = set()
    for name, val in labels:
        out.update(("max", int(m.group("max"))) for m in V.DRAFT_MAX.finditer(f"{name} {val}"))
        out.update(("k", int(n)) for n in _K_SETTING.findall(f"{name}={val}"))
    return out


def _fold_same_setting(
    records: list[PasteRecord], block_of: list[int]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each one-figure prose record labelled only by one draft setting
    ('100% acceptance at n_max=0') where exactly one table row states that setting
    ('| `--draft-max 0` | ... | 100% |') and prints the same figure digit for digit: the run
    the table measured, told again in the text; the prose goes, the row noting it. A row of
    another value, two rows or none of that setting, or prose of another label keep both."""
    rows: dict[tuple[str, int], list[int]] = {}
    for j, r in enumerate(records):
        if r.kind == TABLE_ROW and len(found := _draft_settings(r.labels)) == 1:
            rows.setdefault(next(iter(found)), []).append(j)
    drop: set[int] = set()
    out = list(records)
    for i, r in enumerate(records) if rows else ():
        if r.structure not in _PROSE or r.kind == TABLE_ROW or not r.labels:
            continue
        if r.accepted_tokens is not None or r.steps is not None:
            continue
        fig, printed = _figure(r), _printed(r)
        settings = _draft_settings(r.labels)
        if fig is None or printed is None or len(settings) != 1:
            continue
        if any(not _draft_settings([lab]) for lab in r.labels):
            continue  # (a label of its own beside the setting: 'on code', a run apart)
        at = rows.get(next(iter(settings)), [])
        if len(at) != 1 or (tc := _cell(records[at[0]], fig[0])) is None or tc[1] is None:
            continue
        said, cell = printed[1], tc[1][1]
        if (said.number, said.percent, said.decimals) != (cell.number, cell.percent, cell.decimals):
            continue
        drop.add(i)
        note = SAME_SETTING_NOTE.format(line=r.first_line, text=printed[0].strip())
        out[at[0]] = dataclasses.replace(out[at[0]], notes=(*out[at[0]].notes, note))
    return _without(out, block_of, drop)


DETAIL_NOTE = "detailed by the line at line {line}, whose identity decides the convention"
# a line opening on its lead label ('- small: ...', '**small**: ...')
_DETAIL_LEAD = re.compile(r"^\s*(?:[-*+•]\s+)?[*`_]{0,2}(?P<lab>[\w.+-]{2,40}?)[*`_]{0,2}\s*:\s")


def detailed(
    records: list[PasteRecord], block_of: list[int], raw: list[str]
) -> tuple[list[PasteRecord], list[int]]:
    """``records`` without each line of a run's details restating one table row above it (see
    the module's rule), that row taking the convention the line's identity decides."""
    drop: set[int] = set()
    out = list(records)
    for i, r in enumerate(records):
        if (
            r.kind == TABLE_ROW
            or r.structure not in _PROSE
            or r.first_line != r.last_line
            or r.printed_length is None
            or not r.bonus.rule.startswith("identity:")
            or not 1 <= r.first_line <= len(raw)
            or (m := _DETAIL_LEAD.match(raw[r.first_line - 1])) is None
        ):
            continue
        own = re.compile(r"(?<![A-Za-z0-9])" + re.escape(m.group("lab")) + r"(?![A-Za-z0-9])", re.I)
        rows = [
            j
            for j, e in enumerate(records)
            if e.kind == TABLE_ROW
            and e.first_line < r.first_line
            and e.printed_length == r.printed_length
            and any(own.search(v) for k, v in e.labels if k != "column")
        ]
        if len(rows) != 1 or out[rows[0]].bonus.value != UNKNOWN:
            continue
        row = out[rows[0]]
        drop.add(i)
        out[rows[0]] = dataclasses.replace(
            row,
            accept_length=r.accept_length,
            bonus=Decision(r.bonus.value, r.bonus.rule),
            notes=(*decided_notes(row.notes), DETAIL_NOTE.format(line=r.first_line)),
        )
    return _without(out, block_of, drop)
