"""vLLM's per-position acceptance rates, printed alone, as the length they sum to.

vLLM counts, for each draft position i, the drafts accepted at i (``num_accepted_tokens_per_pos``
in its ``SpecDecoding metrics`` line, ``spec_decode_num_accepted_tokens_per_pos`` on
``/metrics``), and divides each count by the number of drafts (verify steps that drafted): the
share of steps accepting position i, never a rate given the position before (a draft after a
rejected one is never accepted). So the rates never rise, and their sum is the accepted drafts
per step: 1 + the sum is the tokens a step emits, the target's own token counted (the identity
vLLM >= 0.9 prints as its mean acceptance length; 0.8.5 printed the sum alone).

Only for a record the paste's evidence gives to vLLM under a rule that lets the tool's
conventions decide (``evidence.CONVENTION_RULES``: named in the block, the row's engine or
backend column, ...), printing per-position rates and nothing else to check them against (no
length, rate, ratio or count: where those are printed the identities decide), the positions
without gaps from the first, each rate within [0, 1], never rising along the positions, at most
``FIXED_K_MOST`` of them and two at least (one position alone is a rate). A rising list (the
writer's own conditional chain, or another figure), a position 0 of exactly 1 (the target's
own token listed first), or a record of another tool decide nothing here.

Only, too, where the figure's name says its values are per position, as vLLM's own names do
(``Per-position acceptance rate``, ``num_accepted_tokens_per_pos``; a header ``Acceptance (per
position)``, ``pos 0``): a list under a bare rate's or ratio's name (``Accept ratio | 0.94 0.68
0.34``) may be another program's figure of another meaning (a rate given the position before, a
forced setting), which vLLM's convention does not tell.

Pure: figures in, a yes or no out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

RULE = (
    "computed: 1 + the sum of the per-position rates (tool: vLLM's per-position rate is the "
    "drafts accepted at that position over all drafts, unconditional; no length printed)"
)


# a name saying its values are per draft position: the word (`pos`, `position`, `positions`,
# `positional`; `pos0`, `per_pos`), never inside another word (`purpose`, `positive`)
_POSITION_NAMED = re.compile(r"(?<![a-z])pos(?:itions?|itional)?(?![a-z])|位置", re.I)


def named(fields: Sequence[tuple[str, str]]) -> bool:
    """Whether one of a record's figures is named per position (``_POSITION_NAMED``)."""
    return any(_POSITION_NAMED.search(name) is not None for name, _ in fields)


def fits(positions: Sequence[float], most: int) -> bool:
    """Whether a list of per-position rates is one vLLM prints: two to ``most`` rates within
    [0, 1], never rising along the positions."""
    if not 2 <= len(positions) <= most:
        return False
    if any(not 0.0 <= v <= 1.0 for v in positions):
        return False
    return all(b <= a for a, b in zip(positions, positions[1:], strict=False))
