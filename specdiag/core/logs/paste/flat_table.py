"""A markdown pipe table that a web page flattened into one line ('... |Task|tok/s|Accept
Rate| |:-|:-|:-| |chat|41.2|62.9%| |code|52.0|60.7%| Even at ...'): its header row, its
delimiter row and every body row of the same number of cells, each back on a line of its own;
the text before the header and after the last row each a block of their own (blank lines
between; every line keeps the flattened line's number). A line whose delimiter row is not
preceded by a header of as many cells, or which holds one row only, is left as it is.

A header row a page wrapped before its last cells (:func:`unwrapped_header`): '| a | b |' then
'c |' (a cell line, no opening bar) right above a delimiter row of as many cells as the two
together: one header row again.

The other way round (:func:`rejoined`): a table a web page broke at every cell, one cell a line
ending with its closing pipe ('| engine |' opening a row, then 'tokens per step |', ...), its
rows put back together.

Pure: lines in, lines out.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specdiag.core.logs.paste import assignment_columns as AC
from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

# a cell a line: text closed by a pipe, with no other pipe ('3.85 |', 'accept rate |')
_CELL_LINE = re.compile(r"^\s*[^|\s][^|]*\|\s*$")

# a delimiter row ('|:-|:--:|---|') inside a line, after a header row's closing pipe and spaces
_DELIMITER = re.compile(r"(?<=\|)[ \t]+(\|(?:[ \t]*:?-+:?[ \t]*\|){2,})")
_NEXT_ROW = re.compile(r"[ \t]+\|")


def _row_end(t: str, start: int, cells: int) -> int | None:
    """Where a row of ``cells`` cells starting at the pipe ``start`` ends (after its closing
    pipe), or None when the line runs out of pipes first."""
    at = start
    for _ in range(cells):
        at = t.find("|", at + 1)
        if at < 0:
            return None
    return at + 1


def split(line: Line) -> list[Line]:
    """``line`` as its flattened table's rows, or as it is."""
    n, t = line
    m = _DELIMITER.search(t)
    if m is None:
        return [line]
    delimiter = m.group(1)
    cells = delimiter.count("|") - 1
    # the header: the ``cells`` cells closing where the delimiter's spaces begin
    head_end = m.start()  # just after the header's closing pipe
    pipes = [i for i, c in enumerate(t[:head_end]) if c == "|"]
    if len(pipes) < cells + 1:
        return [line]
    head_start = pipes[-(cells + 1)]
    rows = [t[head_start:head_end], delimiter]
    at = m.end()
    while (nxt := _NEXT_ROW.match(t, at)) is not None:
        end = _row_end(t, nxt.end() - 1, cells)
        if end is None:
            break
        rows.append(t[nxt.end() - 1 : end])
        at = end
    if len(rows) < 3:
        return [line]
    before, after = t[:head_start].rstrip(), t[at:].strip()
    out: list[Line] = [(n, before), (n, "")] if before.strip() else []
    out += [(n, r) for r in rows]
    if after:
        out += [(n, ""), (n, after)]
    return out


def _width(t: str) -> int:
    """The cells of a pipe table's row ('| a | b |': 2); 0 for any other line."""
    u = t.strip()
    return u.count("|") - 1 if len(u) > 1 and u[0] == u[-1] == "|" else 0


def _run(lines: list[Line], i: int) -> tuple[int, list[str]]:
    """The row broken at every cell that starts at ``lines[i]`` (a one-cell row opening it, or
    none), as (the index after its last line, its cells); no cells where none starts there."""
    t = lines[i][1]
    opened = _width(t) == 1
    j = i + opened
    while j < len(lines) and _CELL_LINE.match(lines[j][1]):
        j += 1
    if j == i + opened:
        return i, []
    head = [t.strip()[1:-1].strip()] if opened else []
    cells = head + [c.strip()[:-1].strip() for _, c in lines[i + opened : j]]
    if (
        j + 1 < len(lines)
        and lines[j + 1][1].strip() == "|"
        and (last := lines[j][1].strip())
        and "|" not in last
    ):
        # the row's last cell, its closing bar wrapped onto a line of its own ('+0.42' over '|')
        return j + 2, [*cells, last]
    return j, cells


# a whole delimiter row ('|---|:-:|---|'), nothing else on the line
_DELIMITER_ROW = re.compile(r"^\s*\|(?:[ \t]*:?-+:?[ \t]*\|)+\s*$")


def unwrapped_header(lines: list[Line]) -> list[Line]:
    """A pipe table's header row wrapped before its last cells: a row of whole cells ('| a | b
    |'), then one or two cell lines ('c |': text closed by a pipe, no opening one), then a
    delimiter row whose cells are exactly those of the row and the cell lines together: the
    header on one line again (the first line's number). Cell lines counting otherwise, or not
    right above a delimiter row, leave every line as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, t = lines[i]
        width = _width(t)
        j = i + 1
        while width and j < len(lines) and j - i <= 2 and _CELL_LINE.match(lines[j][1]):
            j += 1
        if (
            j > i + 1
            and j < len(lines)
            and _DELIMITER_ROW.match(d := lines[j][1])
            and _width(d) == width + j - i - 1
        ):
            tail = [c.strip()[:-1].strip() for _, c in lines[i + 1 : j]]
            out.append((n, t.rstrip() + " " + " | ".join(tail) + " |"))
            i = j
            continue
        out.append(lines[i])
        i += 1
    return out


def rejoined(lines: list[Line]) -> list[Line]:
    """Rows a web page broke at every cell, back on a line each (keeping their first line's
    number): rows of cell lines ('text |') each opened by a one-cell row ('| name |'), two or
    more in a row of as many cells (the first the header, a delimiter row added under it) or
    any under a table's row of as many; a row of cell lines alone under a table's row of as
    many cells. Any other line as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        above = _width(out[-1][1]) if out else 0
        rows: list[tuple[int, list[str]]] = []
        at, (end, cells) = i, _run(lines, i)
        opened = _width(lines[i][1]) == 1
        while cells and (not rows or _width(lines[at][1]) == 1) and len(cells) >= 2:
            if rows and len(cells) != len(rows[0][1]):
                break
            rows.append((lines[at][0], cells))
            at = end
            end, cells = _run(lines, at) if at < len(lines) and opened else (at, [])
        width = len(rows[0][1]) if rows else 0
        if not rows or (width != above and (not opened or len(rows) < 2)):
            skip = max(_run(lines, i)[0], i + 1)  # (a run of cell lines passed once, not per line)
            out.extend(lines[i:skip])
            i = skip
            continue
        for k, (n, row) in enumerate(rows):
            out.append((n, "| " + " | ".join(row) + " |"))
            if k == 0 and width != above:
                out.append((n, "|" + "---|" * width))
        i = at
    return out


# a cell of figures in a table a web page copied with single spaces ('2.718', '64.10%', '2,048')
_NUM = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?")
# (or a multiple, '1.52x', '1.4×': a speedup column beside the figures)
_CELL = re.compile(_NUM.pattern + r"[x×]?")
_LABEL_FIRST = re.compile(r"[A-Za-z]")
# a key's figure ('tokens: 1', 'k=4'): a key-value line's, no column's name
_KEY_FIGURE = re.compile(r"[:=]\s*[-+~≈]?\.?\d")


def _figures_row(t: str) -> tuple[list[str], list[str]] | None:
    """A spaced row's (label words, trailing figure cells): a label opening on a letter, then
    one figure cell or more, one with decimals at least; None for any other line (a pipe, a tab, a run of spaces: another
    reader's table; a ':', '=' or '{': a key's values)."""
    u = t.strip()
    if not u or any(c in u for c in "|\t:={") or "  " in u or not _LABEL_FIRST.match(u):
        return None  # (':', '=', '{': a key's values, 'Rate: 0.58 0.31', a metrics line)
    words = u.split(" ")
    k = len(words)
    while k > 1 and _CELL.fullmatch(words[k - 1]):
        k -= 1
    # (a measured figure among the cells: a row of whole numbers may be positions or counts)
    return (words[:k], words[k:]) if any("." in w for w in words[k:]) else None


# a line opening on a comment's or a heading's mark, then a space ('# AFTER', '// run 2', '-- b'):
# a title or a note above lines, never a header of cells
_COMMENT_HEAD = re.compile(r"\s*(?:#{1,6}|//|--|;)\s")


def respaced(lines: list[Line], read: Callable[[list[Line]], bool]) -> list[Line]:
    """A table a web page copied as text with single spaces between its cells (an HTML table of
    a model card: 'Benchmark Average Acceptance Length' over 'SetA (Code) 2.718'): a header
    line of words, then two rows or more, each a label opening on a letter and the same number
    n of figure cells (a row with more figures keeps the first ones in its label; a label of
    six words at most), at least one last cell with decimals, the header (twelve words at most,
    no sentence's or title's closing mark, no key's figure: 'tokens: 12' opens a key-value
    run) or the three lines above it naming acceptance. The
    header's first word heads the labels, its next n - 1 words one figure column each, the rest
    the last column; the table is put back as a pipe table (a delimiter row under the header),
    unless ``read`` already reads the header and rows as a table. Any other line as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, head = lines[i]
        j = i + 1
        rows: list[tuple[int, list[str], list[str]]] = []
        while j < len(lines) and (row := _figures_row(lines[j][1])) is not None:
            rows.append((lines[j][0], *row))
            j += 1
        width = min((len(r[2]) for r in rows), default=0)
        hw = head.strip().split(" ")
        above = " ".join(t for _, t in out[-3:]) + " " + head
        # (settings as spaced assignments, one a column: 'Setup Temp = 0 Temp = 1')
        assigned = AC.columns(head, width) if len(rows) >= 2 and "=" in head else None
        if assigned is None and len(rows) >= 2 and 12 < len(hw) <= 40:
            assigned = _right_named(hw, rows, width)
        if (
            len(rows) < 2
            or not head.strip()
            or _figures_row(head) is not None
            or (assigned is None and _KEY_FIGURE.search(head) is not None)  # (a key-value line)
            or "|" in head
            or _COMMENT_HEAD.match(head) is not None  # (a comment or heading: a title, no cells)
            or "  " in head.strip()
            or (assigned is None and not width + 1 <= len(hw) <= 12)
            or head.rstrip()[-1] in ".:;,!?"  # (a sentence or a title over lines, no header)
            or any(len(r[1]) > 6 for r in rows)  # (a sentence ending on a figure, no label)
            or not any("." in r[2][-1] for r in rows)
            or "accept" not in above.lower()
            or read([(n, head), *((m, t) for m, t in lines[i + 1 : j])])
        ):
            out.append(lines[i])
            i += 1
            continue
        names = assigned or [hw[0], *hw[1:width], " ".join(hw[width:])]
        out.append((n, "| " + " | ".join(names) + " |"))
        out.append((n, "|" + "---|" * len(names)))
        for m, label, figs in rows:
            cells = [" ".join(label + figs[: len(figs) - width]), *figs[len(figs) - width :]]
            out.append((m, "| " + " | ".join(cells) + " |"))
        i = j
    return out


_MULTIPLE = re.compile(r"\d[x×]")


def _right_named(
    hw: list[str], rows: list[tuple[int, list[str], list[str]]], width: int
) -> list[str] | None:
    """The column names of a spaced header too long to split a word a column (a leaderboard's
    'Models Multi-turn Conversation ... Mean Accepted Tokens Overall'), named from its right
    end: every row's ``width`` cells multiples ('2.44x') but one plain figure at the same
    place, the header's last words one a column over the cells after it, the words before
    them (four at most) an acceptance figure's name over the plain one; the first word heads
    the labels, the words left one a column and the rest the last. None where any of it fails."""
    plain = {tuple(i for i, f in enumerate(r[2]) if not _MULTIPLE.search(f)) for r in rows}
    at = next(iter(plain)) if len(plain) == 1 else ()
    if len(at) != 1 or at[0] < 1 or {len(r[2]) for r in rows} != {width}:
        return None  # (the plain figure first: no multiple's column on its left to tell it)
    q, after = at[0], width - 1 - at[0]
    end = len(hw) - after
    if any(_NUM.fullmatch(w) for w in hw[end:]):
        return None
    for start in range(end - 1, max(end - 5, q), -1):
        if C.key(" ".join(hw[start:end])).metric in C.ACCEPTANCE:
            left = hw[1:start]
            return [
                hw[0],
                *left[: q - 1],
                " ".join(left[q - 1 :]),
                " ".join(hw[start:end]),
                *hw[end:],
            ]
    return None


# a figure of a grouped row, a multiplier's mark kept ('×1.89', '2.04', '1.9x')
_GROUP_FIG = re.compile(r"[×x]?" + _NUM.pattern + r"[×x]?")


def _groups(t: str) -> list[tuple[list[str], list[str]]] | None:
    """A line of groups each of words then figures ('SetA Speedup ×1.50 ×1.90 τ 2.10 2.60'):
    (words, figures) a group, opening on a word and closing on a figure; None for any other
    line (a pipe, a tab, a run of spaces, ':', '=' or '{': another reader's)."""
    u = t.strip()
    if not u or any(c in u for c in "|\t:={") or "  " in u or not _LABEL_FIRST.match(u):
        return None
    out: list[tuple[list[str], list[str]]] = []
    for w in u.split(" "):
        if _GROUP_FIG.fullmatch(w):
            out[-1][1].append(w)
        elif not out or out[-1][1]:
            out.append(([w], []))
        else:
            out[-1][0].append(w)
    return out if out[-1][1] else None


def grouped(lines: list[Line], is_length: Callable[[str], bool]) -> list[Line]:
    """A table a page flattened to a line a row, its metrics a group each (a paper's table of
    configurations as columns, metrics as sub-rows: 'Metric Base Ours' over 'SetA Speedup ×1.50
    ×1.90 τ 2.10 2.60', blank lines between): a header line of a first word and n names, then
    two rows or more, each a label then the same metric names in the same order, each name
    (one word) followed by n figures, n two or more, one metric a length (``is_length``). Put
    back as a pipe table, a column for each name and metric ('| Metric | Base Speedup | Ours
    Speedup | Base τ | Ours τ |' over '| SetA | ×1.50 | ×1.90 | 2.10 | 2.60 |'). Any other line
    as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, head = lines[i]
        hw = head.strip().lstrip("#").split()
        j, rows = i + 1, []
        # (a header of words only, its rows within 60 lines: no line scanned twice at length)
        header = 3 <= len(hw) <= 12 and _groups(head) is None
        while header and j < min(len(lines), i + 60):
            if lines[j][1].strip():
                if (got := _groups(lines[j][1])) is None:
                    break
                rows.append((lines[j][0], got))
            j += 1
        names = {tuple(g[0][-1] for g in r) for _, r in rows}
        if (
            len(rows) < 2
            or len(names) != 1
            or any(len(r) < 2 or any(len(g[0]) != 1 for g in r[1:]) for _, r in rows)
            or {len(g[1]) for _, r in rows for g in r} != {len(hw) - 1}
            or any(len(r[0][0]) < 2 for _, r in rows)
            or not any(is_length(w) for w in next(iter(names)))
        ):
            out.append(lines[i])
            i += 1
            continue
        cols = [f"{c} ({metric})" for metric in next(iter(names)) for c in hw[1:]]
        out.append((n, "| " + " | ".join([hw[0], *cols]) + " |"))
        out.append((n, "|" + "---|" * (len(cols) + 1)))
        for m, r in rows:
            cells = [" ".join(r[0][0][:-1]), *(f for g in r for f in g[1])]
            out.append((m, "| " + " | ".join(cells) + " |"))
        i = j
    return out


# a row's label is words ('/' is none, and a unit after a figure, 'tok/s', 'ms', no label: a
# spaced table's one row)
_LABEL_WORD = re.compile(r"^[A-Za-z][\w.+-]*$")
_UNITS = frozenset(("ms", "s", "sec", "x", "tok", "toks", "tokens", "it", "gb", "mb"))
_FIGURE_WORD = re.compile(r"(?<![\w.])\d+(?:\.\d+)?%?(?![\w.])")


def one_line(lines: list[Line]) -> list[Line]:
    """A paper's table a page flattened to one line, its rows one after another ('Task w/o X w/
    X' over 'SetA 3.11 3.52 SetB 2.40 2.93 SetC 1.95 2.31', a blank line between at most): a
    header line of words (a '#' heading's marks dropped; no figure, no closing mark), then one
    line of two rows or more, each a label of one to three words and the same n figure cells,
    one with decimals at least, the line alone (no such line right below), the header or the
    three lines above it naming acceptance. The header's first word heads the labels, the rest
    split into n names of as many words each (else, as ``respaced`` does, a word a column and
    the rest the last). Put back as a pipe table, every row on the flattened line's number. Any
    other line as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, head = lines[i]
        j = i + 1 if i + 1 < len(lines) and lines[i + 1][1].strip() else i + 2
        hw = head.strip().lstrip("#").split()
        got = _groups(lines[j][1]) if j < len(lines) and 2 <= len(hw) <= 12 else None
        after = lines[j + 1 : j + 3]
        widths = {len(f) for _, f in got or []}
        above = " ".join(t for _, t in out[-3:]) + " " + head
        if (
            got is None
            or len(got) < 2
            or len(widths) != 1
            or len(hw) < (width := widths.pop()) + 1
            or _groups(head) is not None
            or _FIGURE_WORD.search(head) is not None
            or head.rstrip()[-1] in ".:;,!?"
            or any(len(w) > 3 or not any("." in x for x in f) for w, f in got)
            or any(not _LABEL_WORD.match(x) or x.lower() in _UNITS for w, _ in got for x in w)
            or any(_groups(t) is not None for _, t in after)
            or "accept" not in above.lower()
        ):
            out.append(lines[i])
            i += 1
            continue
        rest = hw[1:]
        each, odd = divmod(len(rest), width)
        names = (
            [" ".join(rest[c * each : (c + 1) * each]) for c in range(width)]
            if not odd
            else [*rest[: width - 1], " ".join(rest[width - 1 :])]
        )
        m = lines[j][0]
        out.append((n, "| " + " | ".join([hw[0], *names]) + " |"))
        out.append((n, "|" + "---|" * (width + 1)))
        out += [(m, "| " + " | ".join([" ".join(w), *f]) + " |") for w, f in got]
        i = j + 1
    return out


# a comment naming what a YAML map's keys and values are ('# key = draft tokens; value = mean
# AL', '# keys: k, values: accept length'): the map's legend
_LEGEND = re.compile(
    r"^\s*#+\s*keys?\s*[=:]\s*(?P<k>[^;,=:]+?)\s*[;,]\s*values?\s*[=:]\s*(?P<v>[^;,=:]+?)\s*$",
    re.I,
)
# a YAML map's line: 'name:' opening a nested map, or 'name: value' (a trailing comment dropped)
_YAML = re.compile(r"^(?P<ind>[ ]*)(?P<key>[\w.+-]+):(?:\s+(?P<val>[^#\s][^#]*?))?\s*(?:#.*)?$")
_PLAIN = re.compile(r"[-+]?\d+(?:\.\d+)?")
_PAREN = re.compile(r"\s*\([^()]*\)\s*")


# a name's word for a value kept to compare later runs with ('golden AL', 'reference AL'); the
# comments above saying the values were measured, and none saying they were set or simulated
_KEPT = re.compile(r"^(?:golden|reference)\s+", re.I)
_MEASURED = re.compile(r"\bmeasured\b", re.I)
_NOT_RUN = re.compile(r"\b(?:synthetic|simulated|forced|expected|target|assumed|estimated)\b", re.I)


def _comments_above(lines: list[Line], i: int) -> list[Line]:
    """The run of comment lines ('# ...') right above ``lines[i]``."""
    j = i
    while j > 0 and lines[j - 1][1].lstrip().startswith("#"):
        j -= 1
    return lines[j:i]


def keyed(lines: list[Line]) -> list[Line]:
    """A YAML map under its legend comment ('# key = draft tokens per step; value = mean AL'),
    put back as a pipe table: one row per leaf of a plain number under a whole-number key, its
    cells the nested keys above the leaf (joined), the key and the value; the table's header
    the legend's names (a parenthetical dropped) on the legend's line; a 'golden' or
    'reference' value dropped from the value's name where the comments above say the values
    were measured (and none says set, simulated or expected): the file keeps its own runs'
    figures for later runs to compare with. Leaves of text (a
    model's name) and nested keys are left out of the table; the map ends at its first line
    that is no YAML key (a blank line or a comment is passed). No leaf of a number: the lines
    as they are; any other line as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, t = lines[i]
        m = _LEGEND.match(t)
        if m is None:
            out.append(lines[i])
            i += 1
            continue
        rows: list[Line] = []
        path: list[tuple[int, str]] = []  # the nested keys above: (indent, key)
        j = i + 1
        while j < len(lines):
            u = lines[j][1]
            if not u.strip() or u.lstrip().startswith("#"):
                j += 1
                continue
            y = _YAML.match(u)
            if y is None:
                break
            ind, key, val = len(y.group("ind")), y.group("key"), y.group("val")
            path = [(d, k) for d, k in path if d < ind]
            if val is None:
                path.append((ind, key))
            elif key.isdigit() and _PLAIN.fullmatch(val):
                group = " ".join(k for _, k in path) or "-"
                rows.append((lines[j][0], f"| {group} | {key} | {val} |"))
            j += 1
        if not rows:
            out.append(lines[i])
            i += 1
            continue
        names = [_PAREN.sub(" ", m.group(x)).strip() for x in ("k", "v")]
        notes = " ".join(t for _, t in _comments_above(lines, i))
        if _MEASURED.search(notes) and not _NOT_RUN.search(notes):
            # the file's own values, measured: 'golden' names what later runs are held to
            names[1] = _KEPT.sub("", names[1]) or names[1]
        out += [(n, f"| map | {names[0]} | {names[1]} |"), (n, "|---|---|---|"), *rows]
        i = j
    return out


# a figure cell of a bracketed spaced table: a number, perhaps approximate ('~117') or a
# percentage, or a dash for a cell left empty
_BR_FIGURE = re.compile(r"^(?:[~≈]?\d+(?:\.\d+)?%?|[—–-])$")


def _bracket_cells(t: str) -> list[str]:
    """The words of a line, a bracket joined to the word before it (and its words to it until
    it closes): 'graft (a head, zero training)' is one cell."""
    out: list[str] = []
    for w in t.split(" "):
        if not w:
            continue
        if out and (out[-1].count("(") > out[-1].count(")") or w[:1] == "("):
            out[-1] += " " + w
        else:
            out.append(w)
    return out


def _bracket_row(t: str) -> tuple[str, list[str], str] | None:
    """A row's label (words opening on a letter, brackets joined), its run of figure cells and
    the rest of the line (words after the figures, no figure first), or None."""
    cells = _bracket_cells(t.strip())
    i = next((i for i, c in enumerate(cells) if _BR_FIGURE.match(c)), len(cells))
    j = next((j for j in range(i, len(cells)) if not _BR_FIGURE.match(cells[j])), len(cells))
    if i == 0 or i == len(cells) or not _LABEL_FIRST.match(cells[0]):
        return None
    if any(any(ch.isdigit() for ch in re.sub(r"\([^()]*\)", "", c)) for c in cells[:i]):
        return None  # (a number in the label outside its bracket: no label of this shape)
    if cells[i - 1][-1:] in ":=":
        return None  # (a key and its values)
    return " ".join(cells[:i]), cells[i:j], " ".join(cells[j:])


def bracketed(lines: list[Line]) -> list[Line]:
    """A table a web page copied with single spaces whose header cells carry brackets ('Head
    Accept (code) Accept (chat) tok/s Notes'), over rows of a label (words and a bracket,
    'graft (zero training)'), a run of figure cells (numbers, '~117', a dash for an empty cell)
    and perhaps notes: the header's cells, brackets joined, are the label's, one per figure and
    one for the notes where a row has any; every row the same count of figures (two at least),
    two rows or more, single spaces only, a decimal among them, a header cell naming
    acceptance. The table is put back as a pipe table, before the spaced-table reader (which
    would join a unit to the bracket before it: 'Accept (chat) tok/s'); any other line as it
    is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, head = lines[i]
        if (
            "(" not in head
            or "accept" not in head.lower()
            or "|" in head
            or any(ch.isdigit() for ch in re.sub(r"\([^()]*\)", "", head))
        ):
            # (a header holds no figure, so no row is one: each row is scanned once)
            out.append(lines[i])
            i += 1
            continue
        j = i + 1
        rows: list[tuple[int, tuple[str, list[str], str]]] = []
        while (
            j < len(lines)
            and "|" not in lines[j][1]
            and not re.search(r"\s\s|\t", lines[j][1].strip())
            and (r := _bracket_row(lines[j][1]))
        ):
            rows.append((lines[j][0], r))
            j += 1
        hc = _bracket_cells(head.strip())
        widths = {len(r[1]) for _, r in rows}
        noted = any(r[2] for _, r in rows)
        if (
            len(rows) < 2
            or len(widths) != 1
            or (k := widths.pop()) < 2
            or "  " in head.strip()
            or head.rstrip()[-1:] in ".:;,!?"
            or len(hc) != 1 + k + (1 if noted else 0)
            or not any("." in c for _, r in rows for c in r[1])
        ):
            out.append(lines[i])
            i += 1
            continue
        out.append((n, "| " + " | ".join(hc) + " |"))
        out.append((n, "|" + "---|" * len(hc)))
        for m, (label, figs, rest) in rows:
            cells = [label, *figs, *([rest] if noted else [])]
            out.append((m, "| " + " | ".join(cells) + " |"))
        i = j
    return out


# the first header cell of a table of metrics as rows ('Metric', 'Measure'): its columns are
# the configurations compared, its rows' labels the figures
_METRIC_HEAD = re.compile(r"^(?:metrics?|measures?)\s+\S", re.I)
_MR_FIGURE = re.compile(r"^[~≈]?\d+(?:\.\d+)?%?[x×]?$")
# a cell left without a value ('N/A' under a baseline that has none): a figure cell, empty
_MR_EMPTY = re.compile(r"^n/a$", re.I)
# a unit after a figure: a word of letters with a slash ('tok/s', 'tokens/forward') or a short
# unit alone ('ms', 'tokens'); never a word of a label ('Mean', 'run')
_MR_UNIT = re.compile(r"^(?:[A-Za-z]{1,12}/[A-Za-z]{1,12}|ms|s|sec|x|tok|toks|tokens|GB|MB|%)$")


# a word of a label that is a figure (digits first, perhaps after a sign: '12', '3.5', '8x',
# '~2'); a word with letters before its digits ('con=8', 'GSM8K', '(5-shot)') is a label's
_LABEL_FIGURE = re.compile(r"^[-+~≈#$]?\d")


def _metric_row(t: str) -> tuple[str, list[str]] | None:
    """A metrics-as-rows table's row: its label (words opening on a letter, no figure) and its
    figure cells, each a number with perhaps a unit and a bracket after it ('667.8 tok/s (median
    of 3)'); None for any other line."""
    cells: list[str] = []
    for w in t.split():
        if cells and cells[-1].count("(") > cells[-1].count(")"):
            cells[-1] += " " + w  # (a bracket's words one cell, apart from the word before)
        else:
            cells.append(w)
    i = next(
        (i for i, c in enumerate(cells) if _MR_FIGURE.match(c) or _MR_EMPTY.match(c)), len(cells)
    )
    if i == 0 or i == len(cells) or not _LABEL_FIRST.match(cells[0]):
        return None
    # (a label's word may hold digits beside letters, 'con=8', 'HumanEval2', '(5-shot)'; a
    # figure of its own, a digit-led word, is no label)
    if any(_LABEL_FIGURE.match(c) for c in cells[:i]) or cells[i - 1][-1:] in ":=":
        return None
    if not any(_MR_FIGURE.match(c) for c in cells[i:]):
        return None
    figs: list[str] = []
    for c in cells[i:]:
        if _MR_FIGURE.match(c) or _MR_EMPTY.match(c):
            figs.append(c)
        elif figs[-1].count(" (") == 0 and (
            _MR_UNIT.match(c) and " " not in figs[-1] or c.startswith("(") and c.endswith(")")
        ):
            figs[-1] += " " + c  # (a unit, then a bracket: at most one of each)
        else:
            return None
    return " ".join(cells[:i]), figs


def metric_rows(lines: list[Line]) -> list[Line]:
    """A table of metrics as rows a web page copied with single spaces: a header opening on
    'Metric' (or 'Measure') over two rows or more of a label (words, no figure) and as many
    figure cells each (two at least; a number, perhaps its unit and a bracket after it: '9.95
    ms', '54.85%', '667.8 tok/s (median of 3)'), a row's label naming an acceptance figure.
    The header's configuration names, their words single-spaced too, cannot be told apart: the
    columns are put back unnamed ('column 1', ...), the table as a pipe table that the
    transposed-table reader reads one record a column. Any other line as it is."""
    out: list[Line] = []
    i = 0
    while i < len(lines):
        n, head = lines[i]
        h = head.strip()
        if not _METRIC_HEAD.match(h) or "|" in h or "  " in h or h[-1:] in ".:;,!?":
            out.append(lines[i])
            i += 1
            continue
        j = i + 1
        rows: list[tuple[int, tuple[str, list[str]]]] = []
        while (
            j < len(lines)
            and "|" not in lines[j][1]
            and not re.search(r"\s\s|\t", lines[j][1].strip())
            and (r := _metric_row(lines[j][1]))
        ):
            rows.append((lines[j][0], r))
            j += 1
        widths = {len(r[1]) for _, r in rows}
        if (
            len(rows) < 2
            or len(widths) != 1
            or (k := widths.pop()) < 2
            or not any(C.key(r[0]).metric in C.ACCEPTANCE for _, r in rows)
        ):
            out.append(lines[i])
            i += 1
            continue
        first = h.split()[0]
        out.append((n, "| " + " | ".join([first] + [f"column {c + 1}" for c in range(k)]) + " |"))
        out.append((n, "|" + "---|" * (k + 1)))
        for m, (label, figs) in rows:
            out.append((m, "| " + " | ".join([label, *figs]) + " |"))
        i = j
    return out
