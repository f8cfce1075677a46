"""A table cell holding one run's rate and length joined by a slash: ``77.8% / 3.33``.

Users fold the two acceptance figures of a run into one column (``| EAGLE accept |`` over
``| 77.8% / 3.33 |``, ``| acceptance |`` over ``| 3.10 / 71.5% |``): one value a percentage,
the other a plain decimal within a step's tokens (1 to 16). A share and a count of tokens a
step are two figures of one run, never two runs of one figure (two runs print the same form
twice: ``2.22 / 2.25``, ``65% / 70%``) nor a value out of its most (a most is a whole number:
``2.6 / 5``). So the cell is one record, the rate and the length (its convention untold by
the cell; the paste's other evidence, a stated k or a tool, may decide it).

Only where the forms differ beyond doubt: the percentage written with ``%``, the length with
decimals and no ``%``, from 1 to the most tokens a step holds. Both percentages, both plain,
a whole number after the slash, a plain value below 1 (a share written as a fraction) or
above a step's tokens (a speed) leave the cell as before. Under a header naming a rate by its
word (``avg acceptance rate``, ``accept %``), a plain value written as the percentage after it
is (``5.0 / 7.5%``: one decimal each) is that rate too, its ``%`` written once after the last
value for all of them: two runs' rates, no pair.

Pure: a cell's text in, its two figures out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C

_PCT = r"(?P<{0}>\d{{1,3}}(?:\.\d+)?\s*%)"
_LEN = r"(?P<{0}>\d{{1,2}}\.\d+)"
# a rate then a length, or a length then a rate, joined by one slash (spaces around it or none)
_PAIR = re.compile(
    "^(?:"
    + _PCT.format("r1")
    + r"\s*/\s*"
    + _LEN.format("l1")
    + "|"
    + _LEN.format("l2")
    + r"\s*/\s*"
    + _PCT.format("r2")
    + ")$"
)


def rate_and_length(cell: str, rate_named: bool = False) -> tuple[C.Value, C.Value] | None:
    """(rate, length) of a cell ``P% / L`` or ``L / P%`` (markup dropped), or None: the
    length a decimal from 1 to the most tokens a step holds, the rate a share up to 100%;
    None too for ``L / P%`` written alike under a header naming a rate (``rate_named``: the
    '%' written once for both)."""
    if "/" not in cell or "%" not in cell:
        return None  # (the cheap test: no slash or no percentage, no such pair)
    m = _PAIR.match(C._MARKUP.sub("", cell).strip())
    if m is None:
        return None
    if rate_named and m.group("l2") and C.half_of(m.group("l2")) == C.half_of(m.group("r2")[:-1]):
        return None  # ('5.0 / 7.5%' under a rate: the '%' after the last applies to both)
    # (the two told apart as a bracketed pair's are: cells.length_rate_apart)
    lr = C.length_rate_apart(
        C.value(m.group("r1") or m.group("l2")), C.value(m.group("l1") or m.group("r2"))
    )
    return None if lr is None else (lr[1], lr[0])
