"""Tables found in a block of lines, as grids of cells: markdown pipe tables, box-drawing and
ASCII tables, tab- and comma-separated rows, and columns aligned by spaces. Header rows are the
leading rows above a rule (pipe and box tables) or the leading rows without a number."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass

from specdiag.core.logs.paste import bullets as B
from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import vocab as V
from specdiag.core.logs.paste.text import Line

_BARS = "|│┃║┆┊"
_RULE = re.compile(r"^[\s|│┃║+:\-=─━┼┬┴├┤┌┐└┘╞╡╪═╔╗╚╝╠╣╦╩╬╭╮╯╰┏┓┗┛┣┫┳┻╋┡┩╇┠┨┯┷┿╀╁╂┝┥]+$")
_SPLIT_BARS = re.compile("[" + re.escape(_BARS) + "]")
# a key-value line ('Accept length:     3.18', 'steps = 3'): one value after the key, or none
_KV = re.compile(
    r"^\s*[^\s:=][^:=]{0,80}?\s*[:=](?:\s*\S+)?\s*$"
    # 'Spec  tok/s:    61.3  (decode: 64.0)': a key, its value, a unit and an aside
    r"|^\s*[A-Za-z][^:=|\t]{0,60}?:\s+[-+~≈]?\d[\d.,]*\s*%?(?:\s*[A-Za-z/]{1,8})?\s*(?:\([^()]*\))?\s*$"
)
_GAP = re.compile(r"\s{2,}")
# the delimiter row of a pipe table without outer bars ('-- | --', ':---|---:')
_PIPE_RULE = re.compile(r"^\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+$")
_DASH_RULE = re.compile(r"^\s*[-=]{3,}(?:\s+[-=]{3,})*\s*$")
# a rule drawn across the whole width, one unbroken run ('--------'): no column's own rule
_WHOLE_RULE = re.compile(r"^[ \t]*(?:-{3,}|={3,})[ \t]*$")
# a trailing annotation of an aligned row ('3.34   <- peak', '3.18  ← best', '2.9   # rerun'):
# an arrow pointing back at the row, or a comment, after the row's last cell
_ROW_NOTE = re.compile(r"(?:\s+(?:<-+|<=+(?!\s*[-+]?\d)|←|⟵|◀)|\s{2,}#)(?:\s.*)?$")
_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?%?(?![\w.])")


def _drop_note(text: str) -> str:
    """A row without its trailing annotation, when the cells before it hold a figure: the note
    is no cell. A note that holds the row's only figure stays (the row is left as it was)."""
    m = _ROW_NOTE.search(text)
    if m is None or m.start() == 0 or not _NUMBER.search(text[: m.start()]):
        return text
    return text[: m.start()]


@dataclass
class Grid:
    """One table: its header rows and its body rows (line number, cells)."""

    structure: str
    header: list[list[str]]
    rows: list[tuple[int, list[str]]]
    first_line: int
    last_line: int


def _is_number(cell: str) -> bool:
    return C.value(cell) is not None


# a cell opening on a change between two numbers ('1.62 → **1.69** (+4%)', '37% -> 41%'): a
# row's figures, never a column's name
_CHANGE_CELL = re.compile(
    r"^[*`_\s]*[~≈]?(?:\d+(?:\.\d+)?|\.\d+)\s*%?[*`_]*\s*" + V.ARROW + r"\s*[*`_]*[~≈]?\.?\d"
)


def _bar_cells(text: str) -> list[str]:
    t = text.strip()
    if t[:1] in _BARS:
        t = t[1:]
    if t[-1:] in _BARS:
        t = t[:-1]
    return [c.strip() for c in _SPLIT_BARS.split(t)]


# a cell opening with a figure ('**0.6470 ± 0.0202** (1se, n=558)'): a row of its own, never the
# wrapped rest of the row above
_NUMBER_FIRST = re.compile(r"^[\s*_`]*[~≈]?\s*[-+]?\d+(?:\.\d+)?\s*%?[\s*_`]*(?:±|\+/-|\(|$)")


# a cell opening on a list of signed numbers or percentages ('+1.6%, +5.7%, −4.9%', '-3, +2'):
# the row's own figures (changes, shares), never the wrapped rest of a cell above
_LIST_FIRST = re.compile(
    r"^[\s*_`]*(?:[-+−]\d+(?:\.\d+)?\s*%?|\d+(?:\.\d+)?\s*%)\s*[,;]\s*[-+−]?\d"
)

# a cell of two figures or more joined by a middle dot, a bullet or a slash ('6120 · 2.84',
# '41.2 / 38.9'): a row's own figures, as many as its label names, never the wrapped rest of a
# cell above
_JOINED_FIGURES = re.compile(r"^[\s*_`]*\d+(?:\.\d+)?%?(?:\s*[·•/]\s*\d+(?:\.\d+)?%?)+[\s*_`]*$")


def _opens_positions(cells: list[str]) -> bool:
    """Whether a row is a section naming per-position acceptance, its other cells empty (``|
    **Per-position acceptance (%)** | | |``): the rows below are its positions, no wrapped rest
    of the row above (``position_section.py``)."""
    return (
        len(cells) >= 2
        and "pos" in cells[0].lower()
        and not any(c for c in cells[1:])
        and C.key(cells[0]).metric == C.PER_POSITION
    )


def _merge_wrapped(rows: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """A row without any number whose cells continue the row above (a wrapped cell of a box
    table) is merged into it."""
    out: list[tuple[int, list[str]]] = []
    for ln, cells in rows:
        if (
            out
            and len(cells) == len(out[-1][1])
            and not any(
                _is_number(c)
                or _NUMBER_FIRST.match(c)
                or _LIST_FIRST.match(c)
                or _JOINED_FIGURES.match(c)
                for c in cells
            )
            and sum(1 for c in cells if c) < sum(1 for c in out[-1][1] if c)
            and any(_is_number(c) for c in out[-1][1])
            and not _opens_positions(cells)
        ):
            prev = out[-1][1]
            out[-1] = (
                out[-1][0],
                [f"{p} {c}".strip() if c else p for p, c in zip(prev, cells, strict=False)],
            )
            continue
        out.append((ln, cells))
    return out


def _outer_bar_extra(t: str, cells: list[str], rule_width: int) -> bool:
    """Whether a row of a table without outer bars has one outer bar anyway, at its start or its
    end (not both): its cells one more than the rule line's, the one outside that bar empty."""
    s = t.strip()
    opens, closes = s[:1] in _BARS, s[-1:] in _BARS
    if len(cells) != rule_width + 1 or opens == closes:
        # (bars at both ends over a narrower rule: a spanning title row, '  | AL |   |', whose
        # empty cells place its title over the columns below)
        return False
    return not cells[0] if opens else not cells[-1]


def _ranged_metric_row(cells: list[str]) -> bool:
    """Whether a row names an acceptance figure in its first cell and prints a range in another
    ('accept length | 1.5–2.1 | 2.9–3.3'): a metric's row of figures, never column names."""
    return (
        bool(cells)
        and C.key(cells[0]).metric in C.ACCEPTANCE
        and any(C.span(c) is not None for c in cells[1:])
    )


def _bar_table(run: list[Line], outer: bool = True) -> Grid | None:
    """A pipe or box table; ``outer=False`` for one without outer bars, where a row's first and
    last cells may be empty ('  | AL |   |  ')."""
    rows: list[tuple[int, list[str]]] = []
    rule_after: list[int] = []  # number of rows seen when a rule line came
    text = "\n".join(t for _, t in run)
    rule_width = next((len(_SPLIT_BARS.split(t)) for _, t in run if _RULE.match(t)), 0)
    for ln, t in run:
        if _RULE.match(t):
            rule_after.append(len(rows))
            continue
        cells = _bar_cells(t) if outer else [c.strip() for c in _SPLIT_BARS.split(t)]
        if not outer and rule_width and _outer_bar_extra(t, cells, rule_width):
            # one row of a table without outer bars copied with one anyway ('| name | AL' over
            # '-- | --'): the empty cell outside that bar is no column
            cells = _bar_cells(t)
        rows.append((ln, cells))
    if len(rows) < 2:
        return None
    width = max(len(c) for _, c in rows)
    rows = [(ln, c + [""] * (width - len(c))) for ln, c in rows]
    inner = [r for r in rule_after if 0 < r < len(rows)]
    n_head = inner[0] if inner and inner[0] <= 3 else 1
    # a spanning title row (with empty cells) above the rule, the column names below it ('  | AL
    # |   |' then 'K | Eagle 1 | Eagle 3'): the names are a header row too
    while (
        n_head < min(3, len(rows) - 1)
        and any(not c for c in rows[n_head - 1][1])
        and sum(1 for c in rows[n_head][1] if c) >= 2
        and not any(_is_number(c) or _CHANGE_CELL.match(c) for c in rows[n_head][1])
        and not _ranged_metric_row(rows[n_head][1])
    ):
        n_head += 1
    body = _merge_wrapped(rows[n_head:])
    head_rows = [c for _, c in rows[:n_head]]
    if any(ch in text for ch in "─━═│┃║"):
        structure = "box table"
    elif re.search(r"^\s*\+[-=+]+\+\s*$", text, re.M):
        structure = "ascii table"
    else:
        structure = "markdown table"
    return Grid(structure, head_rows, body, run[0][0], run[-1][0])


# a grid table's border or rule across its whole width ('+-----+----+', '+=====+====+')
_GRID_BORDER = re.compile(r"^\s*\+(?:[-=]+\+)+\s*$")
_GRID_SEGMENT_RULE = re.compile(r"^(?:-+|=+)$")


def _grid_table(run: list[Line]) -> Grid | None:
    """A reStructuredText grid table with spanning cells: a '+---+' border above and below, the
    column edges the '+' corners of its rules, and a rule drawn under some columns only (a
    title over several columns above it, '|   |   +-----+-----+') or a row whose bars leave a
    column edge out (the title spanning it). Each band of lines between two rules is one row
    (its lines one cell's wrapped words, 'Accept' over 'length'); the header is the bands
    above the '+===+' rule (the first alone without one), a spanning cell's words in its first
    column and the others empty, as a pipe table writes a title over its columns. None where
    the run is no such table (no spanning cell: the bar table's reading; lines of unequal
    width, a column edge missing from a rule line, words on a rule's line)."""
    lines = [(ln, t.rstrip()) for ln, t in run]
    if len(lines) < 4 or not _GRID_BORDER.match(lines[0][1]):
        return None
    if not _GRID_BORDER.match(lines[-1][1]):
        return None
    # the column edges: every '+' of a rule beside its dashes ('+' in a cell's words is none)
    edges = sorted(
        {
            i
            for _, t in lines
            if "+" in t
            for i, ch in enumerate(t)
            if ch == "+" and ((i and t[i - 1] in "-=") or t[i + 1 : i + 2] in ("-", "="))
        }
    )
    if len(edges) < 3 or any(
        len(t) != edges[-1] + 1 or t[edges[0]] not in "|+" or t[edges[0] + 1 :].strip() == ""
        for _, t in lines
    ):
        return None
    n = len(edges) - 1
    segs = [[t[edges[k] + 1 : edges[k + 1]] for k in range(n)] for _, t in lines]
    ruled = [[_GRID_SEGMENT_RULE.match(c) is not None for c in row] for row in segs]
    spans = False
    bands: list[list[int]] = [[]]
    header_end = -1
    for idx, (_, t) in enumerate(lines):
        if any(ruled[idx]):
            if not all(ruled[idx]):
                spans = True
                if any(c.strip() for c, r in zip(segs[idx], ruled[idx], strict=True) if not r):
                    return None  # (words on a rule's line: no grid read here)
            if any(t[e] not in "|+-=" for e in edges):
                return None  # (a rule's edge neither a corner, a bar nor the rule running on)
            if set("".join(segs[idx])) == {"="}:
                header_end = len([b for b in bands if b])
            if bands[-1]:
                bands.append([])
            continue
        if any(t[e] != "|" for e in edges[1:-1]):
            spans = True
        if t[edges[0]] != "|" or t[edges[-1]] != "|":
            return None
        bands[-1].append(idx)
    bands = [b for b in bands if b]
    if not spans or len(bands) < 2:
        return None
    rows: list[tuple[int, list[str]]] = []
    for b in bands:
        # the band's cells: the columns between the edges its bars draw
        cut = [0, *(k for k in range(1, n) if any(lines[i][1][edges[k]] == "|" for i in b)), n]
        cells = [""] * n
        for a, z in zip(cut, cut[1:], strict=False):
            words = " ".join(
                lines[i][1][edges[a] + 1 : edges[z]].strip()
                for i in b
                if lines[i][1][edges[a] + 1 : edges[z]].strip()
            )
            cells[a] = words
        rows.append((lines[b[0]][0], cells))
    n_head = header_end if 0 < header_end < len(rows) else 1
    return Grid(
        "ascii table",
        [c for _, c in rows[:n_head]],
        rows[n_head:],
        run[0][0],
        run[-1][0],
    )


def _split_header(
    rows: list[tuple[int, list[str]]],
) -> tuple[list[list[str]], list[tuple[int, list[str]]]]:
    """Leading rows without a number (at most 3) are the header."""
    n = 0
    while n < min(3, len(rows) - 1) and not any(_is_number(c) for c in rows[n][1]):
        n += 1
    if n == 0:
        n = 1 if not all(_is_number(c) for c in rows[0][1] if c) else 0
    return [c for _, c in rows[:n]], rows[n:]


def _width(line: str, sep: str) -> int:
    """The number of fields of a CSV/TSV line; 0 when it is no such line (a quoted field over
    the csv module's limit, a stray quote)."""
    try:
        return len(next(csv.reader([line], delimiter=sep), []))
    except csv.Error:
        return 0


def _end_only(line: str, sep: str) -> bool:
    """Whether a line's one separator is its last character ('  and the control run;'): a
    clause's end, no row of separated values."""
    return line.count(sep) == 1 and line.rstrip().endswith(sep)


def _comma_in_brackets(line: str) -> bool:
    """Whether a comma stands inside brackets ('decode (10 rounds, accepted: 0, ...)'): the
    commas of a bracketed list in a sentence, no separator of a comma-separated row."""
    depth = 0
    for ch in re.sub(r'"[^"]*"', "", line):  # (a quoted cell may hold any comma)
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == "," and depth > 0:
            return True
    return False


def _sep_table(run: list[Line], sep: str, structure: str) -> Grid | None:
    if sep == "," and any(_comma_in_brackets(t) for _, t in run):
        return None
    try:
        parsed = list(csv.reader([t for _, t in run], delimiter=sep))
    except csv.Error:
        return None
    rows = [(ln, [c.strip() for c in cells]) for (ln, _), cells in zip(run, parsed, strict=False)]
    width = {len(c) for _, c in rows[1:]} if len(rows) >= 2 else {len(c) for _, c in rows}
    if len(width) != 1 or min(width) < 2 or abs(len(rows[0][1]) - min(width)) > 1:
        return None
    # a header of one cell more or fewer than its rows (a trailing column no row fills): the
    # shorter rows padded with empty cells
    full = max(len(rows[0][1]), min(width))
    rows = [(ln, cells + [""] * (full - len(cells))) for ln, cells in rows]
    head, body = _split_header(rows)
    if not head or not body:
        return None
    return Grid(structure, head, body, run[0][0], run[-1][0])


def _texty(body: list[tuple[int, list[str]]], i: int) -> bool:
    """No body row holds a number in column i."""
    return not any(i < len(c) and _is_number(c[i]) for _, c in body)


# a header cell naming two columns, the second in brackets ('Speedup (τ)' over '3.05x  4.12')
_PAIRED_HEAD = re.compile(r"^(?P<a>[^()\[\]]*[^()\[\]\s])\s*(?P<b>[(\[][^()\[\]]+[)\]])$")


def _paired_header(run: list[Line]) -> Grid | None:
    """Columns separated by two or more spaces whose one-line header names two of them in one
    cell, the second in brackets, as papers print a figure and its symbol ('Method  Speedup
    (τ)' over 'EAGLE-3  3.05x  4.12'): that cell split in two. Read only where every body row
    has one cell more than the header, exactly one header cell is such a pair and both columns
    under it hold numbers."""
    if len(run) < 2:
        return None
    cells = [re.split(r"\s{2,}|\t+", t.strip()) for _, t in run]
    head, body = cells[0], cells[1:]
    n = len(body[0])
    if n < 3 or len(head) != n - 1 or any(len(c) != n for c in body):
        return None
    pairs = [i for i, h in enumerate(head) if _PAIRED_HEAD.match(h)]
    if len(pairs) != 1:
        return None
    i = pairs[0]
    if not all(_is_number(c[i]) and _is_number(c[i + 1]) for c in body):
        return None
    m = _PAIRED_HEAD.match(head[i])
    assert m is not None
    head = [*head[:i], m.group("a"), m.group("b"), *head[i + 1 :]]
    rows = [(ln, c) for (ln, _), c in zip(run[1:], body, strict=True)]
    return Grid("aligned columns", [head], rows, run[0][0], run[-1][0])


# a data frame's index name, alone on the line under the column names ('task_id'), as pandas
# prints a frame with a named index: the header row starts with blanks over the index column
_INDEX_NAME = re.compile(r"^[A-Za-z_][\w.]{0,40}\s*$")


def _pandas_index_name(run: list[Line]) -> bool:
    """Whether the run's second line is a pandas index name under an indented header of two
    columns or more, body rows below it."""
    return (
        len(run) >= 3
        and run[0][1][:1] == " "
        and len(run[0][1].split()) >= 2
        and _INDEX_NAME.match(run[1][1]) is not None
        and len(run[2][1].split()) == len(run[0][1].split()) + 1
    )


def _aligned_table(run: list[Line]) -> Grid | None:
    """Columns aligned by spaces: the column boundaries are the character positions that are
    blank on every line; columns empty on every body row join their left neighbour. A rule of
    dashes or '=' (tabulate's 'simple' format, pandas' to_markdown) ends the header."""
    if (paired := _paired_header(run)) is not None:
        return paired
    rules = [i for i, (_, t) in enumerate(run) if _DASH_RULE.match(t)]
    if rules and rules[0] > 0:
        cut = rules[0]
        run = [x for i, x in enumerate(run) if i not in rules]
        grid = _aligned_rows(run)
        if grid is None:
            return None
        rows = [(grid.header[k] if k < len(grid.header) else []) for k in range(len(grid.header))]
        all_rows = [*zip([ln for ln, _ in run[: len(rows)]], rows, strict=False), *grid.rows]
        head = [c for _, c in all_rows[:cut]]
        body = list(all_rows[cut:])
        if not head or not body:
            return None
        return Grid(grid.structure, head, body, grid.first_line, grid.last_line)
    return _aligned_rows(run)


def _aligned_rows(run: list[Line]) -> Grid | None:
    texts = [_drop_note(t.expandtabs()) for _, t in run]
    width = max(len(t) for t in texts)
    padded = [t.ljust(width) for t in texts]
    blank = [all(p[i] == " " for p in padded) for i in range(width)]
    spans: list[tuple[int, int]] = []
    start = None
    for i, b in enumerate(blank + [True]):
        if not b and start is None:
            start = i
        elif b and start is not None:
            spans.append((start, i))
            start = None
    if len(spans) < 2:
        return None
    rows = [
        (ln, [p[a:b].strip() for a, b in spans]) for (ln, _), p in zip(run, padded, strict=False)
    ]
    head, body = _split_header(rows)
    if not body or not head:
        return None
    # a header word over no data ('acc len' split at its space) joins the column on its left
    keep = [i for i in range(len(spans)) if any(r[i] for _, r in body)]
    if not keep:
        return None
    if keep[0] != 0:
        keep[0] = 0

    def fold(cells: list[str]) -> list[str]:
        out: list[str] = []
        for i, c in enumerate(cells):
            if i in keep or not out:
                out.append(c)
            else:
                out[-1] = f"{out[-1]} {c}".strip()
        return out

    head = [fold(h) for h in head]
    body = [(ln, fold(c)) for ln, c in body]
    # a text cell split at an inner space ('τ (acc.' | 'len)'): columns without a number and
    # without a header of their own join the text column on their left
    j = 1
    while j < len(head[0]):
        if _texty(body, j) and _texty(body, j - 1) and not any(j < len(h) and h[j] for h in head):
            head = [h[:j] + h[j + 1 :] if j < len(h) else h for h in head]
            body = [
                (ln, c[: j - 1] + [f"{c[j - 1]} {c[j]}".strip()] + c[j + 1 :]) for ln, c in body
            ]
            continue
        j += 1
    if len(head[0]) < 2:
        return None
    return Grid("aligned columns", head, body, run[0][0], run[-1][0])


# a table a web page's copy joined with single spaces ('Draft (size) Backend accept rate
# accepted/step' over 'small (80M) cpu 0.61 2.4'; 'Set A B Difference' over 'chat 3.03 3.28 B
# +8.3%'): its cells are its words, a bracket and a unit ('tok/s', 'ms', '%') joined to the word
# before (or, where that fits, the header's words one a cell and a row's label of up to three
# words one cell, its numbers, the rest of the line one cell)
_UNIT_WORD = re.compile(r"^(?:tok(?:en)?s?/s|t/s|tps|ms|s|sec|%|x|×)$", re.I)


def _spaced_cells(t: str) -> list[str]:
    out: list[str] = []
    for w in t.split():
        if out and (out[-1].count("(") > out[-1].count(")") or w[:1] == "(" or _UNIT_WORD.match(w)):
            out[-1] += " " + w
        else:
            out.append(w)
    return out


def _spaced_row(t: str, width: int) -> tuple[list[str], int, bool] | None:
    """A row's ``width`` cells, how many numbers it holds and whether words were joined: its
    words then its numbers, or a label of one to three words (one cell), its numbers and the
    rest of the line (one cell), single spaces only; None for any other row."""
    cells = _spaced_cells(t)
    i = next((i for i, c in enumerate(cells) if _is_number(c)), len(cells))
    j = next((j for j in range(i, len(cells)) if not _is_number(cells[j])), len(cells))
    if i > 0 and cells[i - 1][-1:] in ":=":
        return None  # a key and its values ('Position: 1 2 3', 'Rate: 0.45 0.25'), no row
    if j == len(cells) == width > i:
        return cells, j - i, False
    label, rest = " ".join(cells[:i]), [" ".join(cells[j:])] if j < len(cells) else []
    if (
        j == i
        or not 1 <= len(label.split()) <= 3
        or 1 + j - i + len(rest) != width
        or re.search(r"\s\s|\t", t.strip())
    ):
        return None
    return [label, *cells[i:j], *rest], j - i, True


# a header cell assigning a setting its value ('k=3', 'T=0.7', 'bs=8'): a configuration's column
_SETTING_CELL = re.compile(r"^[A-Za-z_][\w.-]{0,30}=(?:\d+(?:\.\d+)?|\.\d+)$")


def _settings_head(t: str) -> list[str]:
    """A header of two to three words naming the label column, then two settings' assignments
    or more, one a column ('Use Case k=1 k=2 k=3'): the words one cell, each assignment its
    own; [] for any other header (a multi-word column name among the figures stays unread)."""
    words = t.split()
    i = next((i for i, w in enumerate(words) if _SETTING_CELL.match(w)), len(words))
    lead, rest = words[:i], words[i:]
    if not 2 <= len(lead) <= 3 or len(rest) < 2 or not all(map(_SETTING_CELL.match, rest)):
        return []
    if any(any(ch.isdigit() for ch in w) for w in lead):
        return []
    return [" ".join(lead), *rest]


def _other_label_width(t: str, numbers: int, width: int) -> bool:
    """Whether a line under a spaced table's rows of ``width`` cells, ``numbers`` of them
    figures, is a row of the same figures behind a label of another count of words
    ('code 1.44x 1.84' under 'long text 1.52x 1.97'): the rows' labels then vary, so their
    words are no cells (the table is read with multi-word labels, flat_table.respaced)."""
    cells = _spaced_cells(t)
    if not numbers or len(cells) == width or cells[-1:] and cells[-1][-1:] in ":=":
        return False
    figures = cells[len(cells) - numbers :]
    label = cells[: len(cells) - numbers]
    return (
        bool(label)
        and all(map(_is_number, figures))
        and not any(map(_is_number, label))
        and label[-1][-1:] not in ":="
    )


def _named_pair_head(t: str) -> list[str]:
    """The header's cells with each adjacent pair of words naming an acceptance figure joined
    ('Category Benchmark N Acc Len': 'Acc Len' one column; 'Task Speedup Accept Rate Accept
    Length': two, of two figures), where neither word alone names one; [] where no pair, pairs
    overlap or two name one figure."""
    cells = _spaced_cells(t)
    if len(cells) > 16 or any(len(c) > 40 for c in cells):
        return []  # (a header's cells are short words, a bounded few)
    hits = [
        (i, m)
        for i in range(len(cells) - 1)
        if (m := C.key(f"{cells[i]} {cells[i + 1]}").metric) in C.ACCEPTANCE
        and C.key(cells[i]).metric not in C.ACCEPTANCE
        and C.key(cells[i + 1]).metric not in C.ACCEPTANCE
    ]
    # (two pairs of one figure, 'Acc Len Accept Length': which is the column is not told)
    if not hits or len({m for _, m in hits}) < len(hits):
        return []
    if any(b - a < 2 for (a, _), (b, _) in zip(hits, hits[1:], strict=False)):
        return []
    out = cells[:]
    for i, _ in reversed(hits):
        out[i : i + 2] = [f"{cells[i]} {cells[i + 1]}"]
    return out


def _ruled_header(run: list[Line]) -> int:
    """Where the lines under a spaced header meet the header of a table drawn below them: the
    first line after the first that stands over a rule of dashes ('bs\\ctx  1  32' over
    '------  ---  ---', its title the line above it), never a row of the table above; the
    run's length where none does."""
    return next((k for k in range(1, len(run) - 1) if _DASH_RULE.match(run[k + 1][1])), len(run))


def _spaced_table(run: list[Line], whole: bool) -> Grid | None:
    """A header of three cells or more (no number, no sentence end) over rows of as many cells
    and as many numbers: two numbers or more a row, or, where a row's words were joined, two
    rows or more making up the ``whole`` block under the header."""
    t = run[0][1]
    # (a markdown heading is a title over its lines, no header: '### Draft acceptance by step')
    if "|" in t or t.rstrip()[-1:] in ".:,;!?" or t.lstrip()[:1] == "#":
        return None
    paired = _named_pair_head(t)
    ruled = _ruled_header(run)
    for head in (_settings_head(t), _spaced_cells(t), t.split(), paired):
        rows: list[tuple[int, list[str]]] = []
        numbers, joined = 0, False
        for k, (ln, u) in (
            enumerate(run[1:], 1) if len(head) >= 3 and not any(map(_is_number, head)) else ()
        ):
            if k == ruled:
                break
            got = _spaced_row(u, len(head))
            # (under a header whose acceptance pair was joined, a row's words are its cells:
            # labels of several words leave the table to the readers of varied labels)
            if got is not None and head is paired and got[2]:
                rows = []
                break
            if got is None or numbers not in (0, got[1]):
                if rows and not joined and _other_label_width(u, numbers, len(head)):
                    rows = []  # (labels of several widths: a word is no cell, no table here)
                break
            rows.append((ln, got[0]))
            numbers, joined = got[1], joined or got[2]
        if rows and (whole and len(rows) == len(run) - 1 > 1 if joined else numbers >= 2):
            return Grid("spaced table", [head], rows, run[0][0], rows[-1][0])
    return None


_LATEX_ROW = re.compile(r"&.*\\\\\s*(?:\\hline)?\s*$")
_LATEX_RULE = re.compile(
    r"^\s*(?:\\(?:toprule|midrule|bottomrule|hline|cline\{[^}]*\}|cmidrule\S*)\s*)+$"
)
# a header cell spanning n columns ('\multicolumn{4}{c}{SetA}'): the name over each of them
_MULTICOLUMN = re.compile(r"\\multicolumn\{(\d{1,2})\}\{[^{}]*\}\{((?:[^{}]|\{[^{}]*\})*)\}")
# a barred symbol ('\(\bar{L}\)', the mean of L): the letter with a macron (also where the
# prose defines it: interpret.definitions)
LATEX_BAR = re.compile(r"(?:\\\(|\$)?\s*\\bar\{([A-Za-z])\}\s*(?:\\\)|\$)?")
BARRED = "\\1\u0304"
_LATEX_MACROS = (
    (re.compile(r"\\(?:textbf|textit|mathbf|mathrm|underline|emph)\{([^{}]*)\}"), r"\1"),
    (re.compile(r"\\tau\b"), "τ"),
    (re.compile(r"\\times\b"), "x"),
    (re.compile(r"\\%"), "%"),
    (re.compile(r"\\#"), "#"),
    (LATEX_BAR, BARRED),
    (re.compile(r"[$]"), ""),
)


def _latex_cell(cell: str) -> str:
    for pat, rep in _LATEX_MACROS:
        cell = pat.sub(rep, cell)
    return cell.strip()


def _latex_table(run: list[Line]) -> Grid | None:
    rows = []
    for ln, t in run:
        if _LATEX_RULE.match(t):
            continue
        body = re.sub(r"\\\\\s*(?:\\hline)?\s*$", "", t)
        body = _MULTICOLUMN.sub(lambda m: " & ".join([m.group(2)] * int(m.group(1))), body)
        rows.append((ln, [_latex_cell(c) for c in body.split("&")]))
    if len(rows) < 2 or len({len(c) for _, c in rows}) != 1:
        return None
    head, body_rows = _split_header(rows)
    if not head or not body_rows:
        return None
    return Grid("latex table", head, body_rows, run[0][0], run[-1][0])


# a header or row written with doubled bars ('|| name || AL ||', as wiki and Jira tables mark
# header cells; '|| -- | -- ||'): one bar each
_DOUBLE_BARS = re.compile(r"^\s*\|\||\|\|\s*$")


# (only where some line ends with them: a markdown row opening with '||' and closing with one
# bar, '||second run|2.4|', leaves its first cell empty, the cell above it spanning down)
_DOUBLE_END = re.compile(r"\|\|\s*$", re.M)


def _single_bars(t: str) -> str:
    return t.replace("||", "|") if _DOUBLE_BARS.search(t) else t


# a figure cell at a flattened row's end: a value or a range, perhaps approximate
_TAIL_VALUE = re.compile(r"[~≈]?\d+(?:\.\d+)?%?(?:[-–—]\d+(?:\.\d+)?%?)?")
_TAIL_CEILING = re.compile(r"/(\d{1,2})")
_HEAD_WORD = re.compile(r"[A-Za-z(][\w()/.,+-]*")
_TAIL_NAMES = (
    "accept_length",
    "tokens_per_step",
    "accepted_per_step",
    "accept_rate",
    "per_position",
)
# a per-position list's values at a flattened row's end ('0.81, 0.62, 0.44'): each but the last
# followed by its comma
_LIST_VALUE = re.compile(r"\d+(?:\.\d+)?%?,")


def _tail_names(t: str) -> tuple[str, list[str]] | None:
    """A header's leading words and the one to three acceptance figures' names its line ends in
    ('Mode Throughput MTP accept rate accept length': 'Mode Throughput', then 'MTP accept rate'
    and 'accept length'), each the shortest tail naming a length or a rate, grown to at most four
    words while it names the same figure and the word added ends no name of its own;
    None where the line ends in no such name or nothing stands before the names."""
    words = t.split()
    if not 2 <= len(words) <= 14 or any(ch.isdigit() for ch in t):
        return None
    if not all(_HEAD_WORD.fullmatch(w) for w in words):
        return None  # (an arrow or a sign between columns, 'Plain -> Drafted': arrowed.py's)

    def metric(i: int, j: int) -> str | None:
        m = C.key(" ".join(words[i:j])).metric if 0 <= i < j else None
        return m if m in _TAIL_NAMES else None

    names: list[str] = []
    end = len(words)
    while end > 0 and len(names) < 3:
        # the shortest tail naming a figure, then one word more while the name stays that
        # figure's and the word added ends no name of its own ('accept rate accept length')
        w = next((w for w in (1, 2, 3) if metric(end - w, end)), 0)
        if not w:
            break
        kind = metric(end - w, end)
        while w < 4 and not metric(end - w - 1, end - w) and not metric(end - w - 2, end - w):
            grown = metric(end - w - 1, end)
            if grown == "per_position" and kind == "accept_rate" and not names:
                # ('Per-pos Accept Rate' last: the rates at each draft position, a list a row)
                kind = grown
            elif grown != kind:
                break
            w += 1
        names.insert(0, " ".join(words[end - w : end]))
        end -= w
    if not names or end == 0:
        return None
    return " ".join(words[:end]), names


def _two_long_names(t: str) -> bool:
    """Whether a header line ends in two acceptance figures' names or more, of several words
    each ('Run draft accept rate accept length'): the single-spaced reader would take each word
    for a cell, and the joined-pair reader joins only one pair."""
    head = _tail_names(t) if t.count(" ") >= 3 else None
    return head is not None and sum(" " in nm for nm in head[1]) >= 2


_LIST_ITEM = re.compile(r"\d+(?:\.\d+)?%?")


def _tail_cells(t: str, n: int, lengths: list[bool | None]) -> tuple[str, list[str]] | None:
    """A flattened row's label (the words before) and its last ``n`` figure cells, a length's
    perhaps followed by its ceiling (`3.29 / 4`, the ceiling dropped where it is a whole number
    above the value); None where the line does not end in ``n`` such cells."""
    toks = t.split()
    cells: list[str] = []
    for length in reversed(lengths[-n:]):
        if length is None:
            # a per-position column: its rates listed, two or more, each but the last with a comma
            if not toks or not _LIST_ITEM.fullmatch(toks[-1]):
                return None
            got = [toks.pop()]
            while toks and _LIST_VALUE.fullmatch(toks[-1]):
                got.insert(0, toks.pop())
            if len(got) < 2:
                return None
            cells.insert(0, " ".join(got))
            continue
        ceiling = None
        if len(toks) >= 3 and toks[-2] == "/" and toks[-1].isdigit():
            ceiling, toks = int(toks[-1]), toks[:-2]
        elif len(toks) >= 2 and (c := _TAIL_CEILING.fullmatch(toks[-1])):
            ceiling, toks = int(c.group(1)), toks[:-1]
        if not toks or not _TAIL_VALUE.fullmatch(toks[-1]):
            return None
        cell = toks.pop()
        top = float(re.split("[-–—]", cell.lstrip("~≈").rstrip("%"))[-1].rstrip("%"))
        if ceiling is not None and (not length or "%" in cell or not top < ceiling <= 17):
            return None
        cells.insert(0, cell)
    label = " ".join(toks)
    if not re.search(r"[A-Za-z]", label) or label[-1:] in ":=":
        return None
    return label, cells


def _plain_row(t: str) -> bool:
    """Whether a line is a label of words then bare numbers alone ('long chat 1.21x 2.40', no
    unit word nor bracket joined to one): a row the single-spaced readers split (their labels
    of any width), no flattened row."""
    cells = _spaced_cells(t)
    i = next((i for i, c in enumerate(cells) if _is_number(c)), len(cells))
    return 0 < i < len(cells) and all(" " not in c and _is_number(c) for c in cells[i:])


def _tail_named_table(run: list[Line]) -> Grid | None:
    """A table a web page's copy flattened to single spaces, its acceptance columns last: a
    header line (no number, no sentence end) ending in one to three acceptance figures' names,
    over rows each ending in as many figure cells (a value or a range; a length perhaps with its
    ceiling, `3.29 / 4`), the rest of the row its label (its other columns' words and numbers,
    one cell). A row ending otherwise between two such rows (a baseline's, `no draft ~7.7
    tok/s`) is no row, but the table's; the table ends at its last figure row. Two lines or
    more under the header, not all of them words then numbers alone (the spaced readers')."""
    t = run[0][1]
    if "|" in t or t.rstrip()[-1:] in ".:,;!?" or t.lstrip()[:1] in "#-*>":
        return None
    if (head := _tail_names(t)) is None:
        return None
    label, names = head
    # (None: the per-position list, only as the last name; True: a length's, False: a rate's)
    lengths: list[bool | None] = [
        None if (m := C.key(nm).metric) == "per_position" else m != "accept_rate" for nm in names
    ]
    if None in lengths[:-1] or lengths == [None]:
        return None
    under = [(ln, u) for ln, u in run[1 : _ruled_header(run)] if u.strip()]
    if len(under) < 2 or (lengths[-1] is not None and all(map(_plain_row, (u for _, u in under)))):
        # (one line is no table; rows of words then numbers: the spaced readers', but for rows
        # ending in a per-position list, whose commas those readers take for no cell)
        return None
    rows: list[tuple[int, list[str]]] = []
    for ln, u in under:
        got = _tail_cells(u, len(names), lengths)
        if got is not None:
            rows.append((ln, [got[0], *got[1]]))
    rows = _same_unit_rows(rows, lengths)
    if not rows:
        return None
    return Grid("spaced table", [[label, *names]], rows, run[0][0], rows[-1][0])


def _same_unit_rows(
    rows: list[tuple[int, list[str]]], lengths: list[bool | None]
) -> list[tuple[int, list[str]]]:
    """``rows`` less those whose rate cell lacks the '%' the column's other cells print: a short
    row (a baseline's, its rate column empty) whose last figure is another column's ('plain 41'
    under 'setup speed accept rate', over 'drafted 63 71%'), not the rate."""
    for i, length in enumerate(lengths):
        if length is not False:
            continue
        marked = [("%" in r[1][1 + i]) for r in rows]
        if any(marked) and not all(marked):
            rows = [r for r, m in zip(rows, marked, strict=True) if m]
    return rows


def find(block: list[Line]) -> tuple[list[Grid], set[int]]:
    """The tables of a block and the line numbers they use."""
    if any(_DOUBLE_END.search(t) for _, t in block):
        block = [(ln, _single_bars(t)) for ln, t in block]
    grids: list[Grid] = []
    used: set[int] = set()
    i = 0
    n = len(block)
    while i < n:
        t = block[i][1]
        if _LATEX_ROW.search(t):
            j = i
            while j < n and (_LATEX_ROW.search(block[j][1]) or _LATEX_RULE.match(block[j][1])):
                j += 1
            g = _latex_table(block[i:j])
            if g is not None:
                grids.append(g)
                used.update(ln for ln, _ in block[i:j])
                i = j
                continue
        bars = sum(t.count(b) for b in _BARS)
        if bars == 1 and i + 1 < n and _PIPE_RULE.match(block[i + 1][1]):
            # a pipe table without its outer bars ('name | AL', '-- | --', 'base | 2.39')
            j = i + 2
            while (
                j < n
                and sum(block[j][1].count(b) for b in _BARS) == 1
                and (not _RULE.match(block[j][1]))
            ):
                j += 1
            g = _bar_table(block[i:j], outer=False)
            if g is not None and g.rows:
                grids.append(g)
                used.update(ln for ln, _ in block[i:j])
                i = j
                continue
        if bars >= 2 or (_RULE.match(t) and ("+" in t or any(ch in t for ch in "─━═┌╭"))):
            j = i
            while j < n and (
                sum(block[j][1].count(b) for b in _BARS) >= 2 or _RULE.match(block[j][1])
            ):
                j += 1
            # a delimiter row without outer bars ('-- | -- | --'): so are the other rows
            outer = not any(_PIPE_RULE.match(t2) for _, t2 in block[i:j])
            # (a grid table with spanning cells: read by its corners, grid by grid)
            g = _grid_table(block[i:j]) if _GRID_BORDER.match(t) else None
            g = g if g is not None else _bar_table(block[i:j], outer=outer)
            if g is not None:
                grids.append(g)
                used.update(ln for ln, _ in block[i:j])
            i = max(j, i + 1)
            continue
        for sep, structure in (("\t", "tsv"), (",", "csv"), (";", "csv")):
            # (a list item of prose, '- Decoding: trees of drafts, ...', is never a row of comma-
            # or semicolon-separated values, whose first field may be a negative number: '-0.5,')
            # (nor is a clause whose one separator ends it, 'without the draft;': a list item's
            # line wrapped by hand, its next items under it)
            if (
                sep in t
                and not _KV.match(t)
                and not (sep != "\t" and (B.BULLET.match(t) or _end_only(t, sep)))
            ):
                count = _width(t, sep)
                # the rows' width: the header's, or one more or fewer (a header cell no row fills)
                below = _width(block[i + 1][1], sep) if i + 1 < n else count
                body = below if abs(below - count) <= 1 and sep == "\t" else count
                j = i + 1 if i + 1 < n and sep in block[i + 1][1] and body == below else i
                while j < n and sep in block[j][1] and _width(block[j][1], sep) == body:
                    j += 1
                if j - i >= 2 and count >= 2:
                    g = _sep_table(block[i:j], sep, structure)
                    if g is not None:
                        grids.append(g)
                        used.update(ln for ln, _ in block[i:j])
                        i = j
                        break
        else:
            if _GAP.search(t.strip()) and not _KV.match(t):
                j = i
                # (a pandas index name under the header, 'task_id', is skipped)
                skip = i + 1 if _pandas_index_name(block[i : i + 3]) else -1
                while j < n and (
                    j == skip
                    or (_GAP.search(block[j][1].strip()) and not _KV.match(block[j][1]))
                    # (a rule of dashes between the header and the rows, or above a totals
                    # row: one unbroken run of '-' or '=', a spaced row on each side)
                    or (
                        j > i
                        and j + 1 < n
                        and _WHOLE_RULE.match(block[j][1])
                        and _GAP.search(block[j + 1][1].strip())
                        and not _KV.match(block[j + 1][1])
                    )
                ):
                    j += 1
                if j - i >= 2:
                    g = _aligned_table([x for k, x in enumerate(block[i:j], i) if k != skip])
                    if g is not None:
                        grids.append(g)
                        used.update(ln for ln, _ in block[i:j])
                        i = j
                        continue
            elif (
                i + 1 < n
                and not _KV.match(t)
                and (
                    # (a header ending in two names of several words each: no word is a cell)
                    (_two_long_names(t) and (g := _tail_named_table(block[i:])) is not None)
                    or (g := _spaced_table(block[i:], i == 0)) is not None
                    or (g := _tail_named_table(block[i:])) is not None
                )
            ):
                grids.append(g)
                used.update(ln for ln, _ in block if g.first_line <= ln <= g.last_line)
                i += 1 + len(g.rows)
                continue
            i += 1
            continue
    return grids, used
