"""A table whose rows are draft positions named by their number alone (`pos 1`, `position 2`,
`depth 3`, `位置 4`, perhaps with a note in brackets: `pos 1 (first draft token)`) under a first
header cell naming positions (`Position`, `pos`, `draft position`, `depth`, `位置`, `深度`), its
other columns runs, under a title that names acceptance (`acceptance by position, cache off vs
on:`): each row is the acceptance rate at that position, as a row named `acceptance at pos N`
is, so each run's column is one record of per-position rates (the transposed-table reader; a
column of signed changes is no run there). Under a header naming positions in so many words,
a bare number (`2`) or an offset from the verified token (`T+2`, every row so written, from
`T+1`) names the position too.

Read only where every body row is such a position, the numbers consecutive from 0 or 1, two
rows at least, and acceptance is named in the header or in the two lines right above the
table. A position column whose rows hold something else (a label, a gap, a repeated number), or
a title naming no acceptance (`latency by position`), leaves the table as it was.

Pure: a table and the lines above it in, a table out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.tables import Grid

_HEAD = re.compile(
    r"^(?:draft[\s_-]?)?(?:positions?|pos|depths?|token[\s_-]?positions?)$|^(?:位置|深度|草稿位置)$",
    re.I,
)
_ROW = re.compile(
    r"^(?:(?:draft[\s_-]?)?(?:position|pos|depth)|位置|深度)[\s_#-]{0,2}(?P<n>\d{1,2})"
    r"(?:\s*[(（][^()（）]{0,60}[)）])?$",
    re.I,
)
_ACCEPT = re.compile(r"accept|接受|采纳|受理|接收", re.I)
# a header naming positions in so many words ('Position', 'draft position', '位置'), not a depth
# (a depth of 1 to 5 in rows may be a sweep of the draft length, each row its own run): under
# it a bare number is the position's own
_POSITIONS = re.compile(
    r"^(?:draft[\s_-]?|token[\s_-]?)?(?:positions?|pos)$|^(?:位置|草稿位置)$", re.I
)
_BARE = re.compile(r"^(?P<n>\d{1,2})$")
# a position written as an offset from the verified token ('T+1', 't + 2'): the draft token so
# many steps ahead, as a bare number is; T+0 is the verified token itself, no draft, so the
# offsets count from 1 only
_OFFSET = re.compile(r"^[Tt]\s?\+\s?(?P<n>\d{1,2})$")
# a column named as the acceptance rate alone ('Acceptance Rate', 'draft accept rate')
_RATE = re.compile(r"^(?:draft[\s_-]?)?accept(?:ance)?[\s_-]?rate$|^接受率$", re.I)


def hinted(g: Grid) -> bool:
    """Whether the table's first header cell names positions (a cheap test first)."""
    return (
        bool(g.header) and bool(g.header[-1]) and _HEAD.match(_plain(g.header[-1][0])) is not None
    )


_plain = C.unmarked


def _numbers(g: Grid, row: re.Pattern[str] | None) -> list[int]:
    """Each body row's position number, or [] where a row names none. A table numbered by
    offsets ('T+1') is so numbered throughout and counts from 1."""
    nums: list[int] = []
    offsets = 0
    for _, cells in g.rows:
        first = _plain(cells[0]) if cells else ""
        m = _ROW.match(first)
        if m is None and row is not None:
            m = row.match(first) or _OFFSET.match(first)
            offsets += m is not None and m.re is _OFFSET
        if m is None:
            return []
        nums.append(int(m.group("n")))
    if offsets and (offsets != len(nums) or nums[0] != 1):
        return []
    return nums


def keyed(g: Grid, above: list[str]) -> Grid:
    """``g`` with its position rows named as the acceptance at each position, where the
    module's rule holds (``above``: the lines right above the table); else ``g``."""
    if len(g.rows) < 2 or not hinted(g):
        return g
    if not any(_ACCEPT.search(t) for t in [*above[-2:], *g.header[-1]]):
        return g
    row = _BARE if _POSITIONS.match(_plain(g.header[-1][0])) else None
    nums = _numbers(g, row)
    if not nums or nums[0] not in (0, 1) or nums != list(range(nums[0], nums[0] + len(nums))):
        return g
    rows = [
        (ln, [f"acceptance at pos {n}", *cells[1:]])
        for (ln, cells), n in zip(g.rows, nums, strict=True)
    ]
    header = g.header
    if (
        row is not None
        and len(header) == 1
        and len(header[0]) == 2
        and _RATE.match(_plain(header[0][1]))
    ):
        # one column beside the positions, named as the rate itself ('| Position | Acceptance
        # Rate |'): the rate at each position, so the column is one run's, named by no label
        header = [[header[0][0], "-"]]
    return Grid(g.structure, header, rows, g.first_line, g.last_line)
