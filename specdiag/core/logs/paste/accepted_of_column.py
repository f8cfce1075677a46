"""A pipe table's bare accepted-count column whose every cell is a share of whole counts: the
accepted drafts out of the drafted ones.

    | path | accepted | note |
    |---|---|---|
    | lookup | **3 in 40** | slow replay |
    | tree draft | 19 of 52 | long answers |

A column headed by an accepted count alone (`accepted`, `accepted drafts`: no figure of its own
beside it) whose every filled cell (two at least) reads `A in B`, `A of B` or `A/B` of whole
numbers, A at most B (perhaps the counted drafts named after B, `19 of 52 drafts`), gives the
accepted drafts and the drafts proposed of each row: the header is read as `accepted / drafted`
and each cell as `A/B`, which the readers know (a rate A / B, with its counts). A cell of any
other form (a count alone, a decimal, a percentage), A above B, a header naming another figure
too, or a single share alone leave the table as written. A cell listing several runs' shares by
`,` or `;` (`0/159, 3/317`: a row of runs, each its share) counts each share, the cell read as
`A/B, C/D`, a record each.

Pure: a paste's lines in, lines out. One look at each line opening a table (the line above a
delimiter row), gated by the word in the paste; each row's cells split once.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

_HEAD = re.compile(r"^[*_`]*accepted(?:\s+(?:drafts?|draft\s+tokens|tokens))?[*_`]*$", re.I)
_SHARE = re.compile(
    r"^(?P<m>[*_`]*)(?P<a>\d{1,9})\s*(?:in|of|/)\s*(?P<b>\d{1,9})"
    r"(?:\s+(?:draft(?:ed)?\s+)?(?:drafts?|tokens?|proposals?))?(?P=m)$",
    re.I,
)
_GLOSS = "accepted / drafted"
_LIST = re.compile(r"[,;]\s+")


def hinted(text: str) -> bool:
    """Whether the paste may hold such a table."""
    return "|" in text and "ccepted" in text


def _split(t: str) -> tuple[list[str], bool]:
    """The cells of a pipe row as written (spaces kept), and whether it opens on a bar."""
    cells = t.split("|")
    lead = bool(cells) and not cells[0].strip()
    if lead:
        cells = cells[1:]
    if cells and not cells[-1].strip():
        cells = cells[:-1]
    return cells, lead


def glossed(lines: list[Line]) -> list[Line]:
    """``lines`` with each such column read as accepted over drafted counts (see the module)."""
    out = list(lines)
    n = len(out)
    for i in range(n - 1):
        ln, head = out[i]
        if "|" not in head or "ccepted" not in head or not C.PIPE_DELIM.match(out[i + 1][1]):
            continue
        names, _ = _split(head)
        cols = [k for k, c in enumerate(names) if _HEAD.match(c.strip())]
        if len(cols) != 1 or any(
            C.key(c.strip()).metric in C.ACCEPTANCE for k, c in enumerate(names) if k != cols[0]
        ):
            continue
        col = cols[0]
        rows = []
        j = i + 2
        while j < n and "|" in out[j][1] and not C.PIPE_DELIM.match(out[j][1]):
            rows.append(j)
            j += 1
        shares: list[tuple[int, list[re.Match[str]]]] = []
        for r in rows:
            cells, _ = _split(out[r][1])
            cell = cells[col].strip() if col < len(cells) else ""
            if cell in ("", "-", "—", "n/a"):
                continue
            parts = _LIST.split(cell)
            ms = [_SHARE.match(x.strip()) for x in parts] if len(parts) <= 8 else [None]
            if not all(m and int(m["b"]) >= max(int(m["a"]), 1) for m in ms):
                shares = []
                break
            shares.append((r, [m for m in ms if m]))
        if sum(len(got) for _, got in shares) < 2:
            continue
        out[i] = (ln, _replaced(head, col, _GLOSS))
        for r, got in shares:
            out[r] = (
                out[r][0],
                _replaced(out[r][1], col, ", ".join(f"{m['a']}/{m['b']}" for m in got)),
            )
    return out


def _replaced(t: str, col: int, cell: str) -> str:
    cells = t.split("|")
    k = col + (1 if cells and not cells[0].strip() else 0)
    cells[k] = f" {cell} "
    return "|".join(cells)
