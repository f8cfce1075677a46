"""A key whose value is a run of numbered items, each a whole number, a separator and its figure,
the numbers running on by one from 0 or 1: ``Accepted drafts per step (% of steps):  0: 13%
1: 9%   2: 7%   3: 71%``, ``steps by drafts accepted = 0=120, 1=85, 2=40``, ``acceptance per
position: 1: 0.81 | 2: 0.62 | 3: 0.44``. A tool printing a histogram of its verify steps by how
many drafts each accepted (a share of the steps or a count per number), or any figure by
position, this way gives no value of the key: the first item's number (``0``, ``1``) is that
item's label, never the key's figure (a length of 0 accepted drafts a step, a rate of 1), and a
share of the steps with that many accepted is no acceptance figure of its own. The run is read as
nothing: claimed whole (from the separator after the key) with no items, so that no reader of a
line's pairs takes the key's value out of it.

Only where the items' numbers run on by one from 0 or 1 (two items at least, each number a
whole one of one or two digits, each separated from its figure by ``:`` or ``=``), the items
parted by blanks, ``,``, ``;`` or ``|``: a single numbered item (``k=1: 1.8``), numbers that skip
or fall (``3: 2.9, 1: 1.8``), a ratio (``= 1:3``) or a clock (``12:30:45``) stay as before, as do
items whose labels carry words (``pos 1: 0.8, pos 2: 0.6``: each its own pair) and a map in braces
(``{0: 69, 1: 48}``: the histogram's readers in interpret.py).

Pure: text in, spans out; linear: the run's items are bounded and the search goes on after
each run it tries.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

# one numbered item: its number, the separator, its figure (a share, a count or a decimal)
_ITEM = r"(?P<n>\d{1,2})[ \t]*[:=][ \t]*[~≈]?(?:\d+(?:\.\d+)?|\.\d+)(?:[ \t]*%)?"
_ONE = re.compile(_ITEM)
_RUN = re.compile(
    # the key's separator (no number's: '= 1:3', '12:30'), then two numbered items or more (at
    # most 64), parted by blanks or a ',', ';' or '|'
    r"(?<![\d{])[:=][ \t]*[*`]{0,2}(?P<run>"
    + _ITEM.replace("?P<n>", "?:")
    + r"(?:(?:[ \t]*[,;|][ \t]*|[ \t]+)"
    + _ITEM.replace("?P<n>", "?:")
    + r"){1,63})"
)


def hinted(text: str) -> bool:
    """Whether a line may hold such a run (cheap test before the regex): a separator and the
    number 0 or 1."""
    return (":" in text or "=" in text) and ("0" in text or "1" in text)


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, no items) of each run of items numbered on by one from 0 or 1 after a key's
    separator: no figure of the key."""
    for m in _RUN.finditer(text):
        nums = [int(i.group("n")) for i in _ONE.finditer(m.group("run"))]
        if nums[0] in (0, 1) and nums == list(range(nums[0], nums[0] + len(nums))):
            yield m.start(), m.end(), []
