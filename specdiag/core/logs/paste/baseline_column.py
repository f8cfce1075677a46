"""The run without drafts at 1 in a tokens-a-step column decides the column's k x rate rows.

A figure named as every token of a step ('Tokens/Iter', 'tokens per round') printed at k x
rate fits two readings (reader._rate_times_k): the accepted drafts a step under a loose name
(bonus excluded), or the tokens a step its name says with a rate defined as tokens a step / k
(bonus included). Where the same column prints exactly 1 in a row named as the run without
drafts ('Baseline (AR)', 'no spec', 'vanilla'), the column counts the one token plain decoding
emits a step, the target's own: the name is exact, the first reading is gone, and the row's
figure counts the bonus token. A baseline row printing another value, a percentage, or no
such row leaves both readings.
"""

from __future__ import annotations

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def one_in_column(body: str, name: str) -> bool:
    """Whether a pipe table of ``body`` has a column headed ``name`` (markup aside) where a row
    labelled as the run without drafts prints exactly 1 (no '%')."""
    want = C._MARKUP.sub("", name).strip().lower()
    if not want:
        return False
    col: int | None = None
    for line in body.splitlines():
        if line.count("|") < 2:
            col = None  # (a table ends at a line of no cells)
            continue
        cells = _cells(line)
        if col is None:
            heads = [C._MARKUP.sub("", c).strip().lower() for c in cells]
            col = heads.index(want) if want in heads else None
            continue
        if col >= len(cells) or not cells:
            continue
        v = C.value(cells[col])
        if v is not None and not v.percent and v.number == 1.0 and I.baseline_label(cells[0]):
            return True
    return False
