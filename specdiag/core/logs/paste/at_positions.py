"""A pipe table's per-position columns named by an acceptance word and `@` the position
(`Acc@0 | Acc@1 | Acc@2`, `Accept@1 | Accept@2`, `α@1`), beside a column of the run's length
(`Acceptance Length`, `AL`, `tok/step`) in the same header.

Two such columns or more under one name, their positions running without a gap from 0 or 1,
read as the acceptance rate at each draft position (their header as `NAME pos N`, a name the
readers know): the row's length is then checked against them (1 + their sum within the
rounding: the length counts the target's own token; their sum: it does not; neither: the
convention stays unknown). The length column is required: without a length to check, a bare
`@N` (a top-N accuracy, `Acc@1 | Acc@5`) would be a figure of its own; so are a single `@N`
column, positions with a gap, names that differ (`Acc@1 | Top@2`), or another word before `@`.

Pure: a paste's lines in, lines out. A look at each line opening a pipe table (the line above
a delimiter row), gated by `@` and `|` in the paste.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

Line = tuple[int, str]

# an acceptance word, '@', one position digit (a unit in brackets after it: 'Acc@0 (%)')
_AT = re.compile(
    r"^(?P<lead>\s*[*_`]{0,2})(?P<name>acc|accept|accepted|acceptance|accept(?:ance)?[ _-]rate|"
    r"acc[ _-]rate|α|alpha)\s*@\s*(?P<pos>\d)(?P<tail>\s*(?:\(\s*%\s*\))?[*_`]{0,2}\s*)$",
    re.I,
)
_LENGTHS = (C.LENGTH, C.TOK_PER_STEP)


def hinted(text: str) -> bool:
    """Whether the paste may hold such a table (cheap: '@' and '|' in it)."""
    return "@" in text and "|" in text


def _header(cells: list[str]) -> list[str] | None:
    """The header's cells with its `NAME@N` columns renamed `NAME pos N`, or None where the
    header is no such table's (see the module's rules)."""
    found = [(j, m) for j, c in enumerate(cells) if (m := _AT.match(c)) is not None]
    if len(found) < 2:
        return None
    if len({m.group("name").lower() for _, m in found}) != 1:
        return None
    pos = sorted(int(m.group("pos")) for _, m in found)
    if pos[0] not in (0, 1) or pos != list(range(pos[0], pos[0] + len(pos))):
        return None
    at = {j for j, _ in found}
    if not any(
        C.key(C._MARKUP.sub("", c).strip()).metric in _LENGTHS
        for j, c in enumerate(cells)
        if j not in at and c.strip()
    ):
        return None
    out = list(cells)
    for j, m in found:
        out[j] = f"{m.group('lead')}{m.group('name')} pos {m.group('pos')}{m.group('tail')}"
    return out


def glossed(lines: list[Line]) -> list[Line]:
    """``lines`` with each such table's `NAME@N` header cells read as `NAME pos N` (call only
    where :func:`hinted`)."""
    out = list(lines)
    for i in range(len(out) - 1):
        ln, t = out[i]
        if "@" not in t or "|" not in t or not C.PIPE_DELIM.match(out[i + 1][1]):
            continue
        cells = _header(t.split("|"))
        if cells is not None:
            out[i] = (ln, "|".join(cells))
    return out
