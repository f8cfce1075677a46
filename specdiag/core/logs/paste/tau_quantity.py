"""A table's τ column of another quantity, in a paste whose only speculative word is τ.

The letter τ alone is read as EAGLE's accept length: tokens a drafting-verification cycle
emits, the target's own token counted, so never below 1, and never above the most tokens any
engine verifies in a step (evidence.MAX_ACCEPT_LENGTH). Where nothing else in the paste speaks
of speculation, the letter is the only reason to read the column at all; a column headed by τ
alone (`τ`, `mean τ`, `τ ↑`) holding a value outside [1, MAX_ACCEPT_LENGTH] (an anomaly
score's threshold of 0.0134, a size of 96 or 127) is then another quantity under the same
letter, and one column holds one quantity: none of its rows is a length, those in range
neither.

Not this rule: a column whose values all lie in that range (read as before); a τ column in a
paste naming speculation anywhere else (a length below 1 is then a length without the bonus,
evidence.py, and one above the ceiling alone is set aside); a column naming more than the
symbol (`MT-bench τ`, `accept τ`).
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.evidence import MAX_ACCEPT_LENGTH, implausible
from specdiag.core.logs.paste.model import PasteRecord

# a header of the symbol alone: perhaps a mean's word or bar, an arrow saying which way is
# better, markdown's or LaTeX's marks around it
_BARE_TAU = re.compile(
    r"^[\s*_`$]*(?:(?:mean|avg|average)[ _]?)?τ\u0304?[\s*_`$]*[↑↓]?[\s*_`$]*$", re.I
)

OTHER_TAU = (
    "a τ column with a value no accept length takes (below 1 or above "
    f"{MAX_ACCEPT_LENGTH:g} tokens per step) in a paste naming no speculation but the letter: "
    "another quantity under τ (a threshold, a setting), no record"
)


def _tau_column(r: PasteRecord) -> str | None:
    """The name of the bare τ column ``r`` was read from, if it is one."""
    # (a record of the column alone: one read from several figures is a row of its own)
    if len(r.fields) == 1 and _BARE_TAU.match(r.fields[0][0]):
        return r.fields[0][0]
    return None


def _out_of_range(r: PasteRecord) -> bool:
    """Whether ``r``'s printed length is none a cycle can emit: below 1, or above the ceiling
    (such records evidence.record has already blanked, their notes saying so)."""
    if implausible(r):
        return True
    return isinstance(r.printed_length, float) and r.printed_length < 1


def other_quantity(records: list[PasteRecord], block_of: list[int]) -> set[int]:
    """The indices of ``records`` read from a bare τ column (one block, one column name) one of
    whose rows holds a value outside [1, MAX_ACCEPT_LENGTH]: every row of such a column. The
    caller checks that τ is the paste's only speculative word."""
    columns: dict[tuple[int, str], list[int]] = {}
    for i, (r, b) in enumerate(zip(records, block_of, strict=True)):
        if "table" in r.structure and (name := _tau_column(r)) is not None:
            columns.setdefault((b, name), []).append(i)
    out: set[int] = set()
    for rows in columns.values():
        if any(_out_of_range(records[i]) for i in rows):
            out.update(rows)
    return out
