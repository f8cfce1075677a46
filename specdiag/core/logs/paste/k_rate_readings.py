"""Lengths that are k x rate for one whole k, no k stated: two readings fit them.

Runs each printing a length beside an acceptance rate, where every length is k x rate for the
one whole k that fits them all (`reader._one_k_fits`, no k stated), are read two ways with the
same arithmetic:

- the rate per draft (accepted drafts / drafted), k drafts a step: k x rate is the accepted
  drafts a step, the bonus token left out (the length + 1 the tokens a step);
- the rate defined as the length over k (SGLang's older accept rate, the accept length over the
  draft tokens verified a step): the length is the tokens a step, the bonus token counted.

The identity alone decides neither: 3.42 beside 57.1% is 6 x rate both ways. Only a basis of
the rate proved apart from the length excludes the second reading: every run's rate proved per
draft by its own counts (rate = accepted / drafted tokens), by the drafts per step it divides,
or by a tool known to print a per-draft rate. A basis the length itself gave (the length's rate
times the draft tokens per step) proves nothing here. Otherwise the runs' convention is
unknown: the printed length is kept, the normalised one null.

Pure: records in, a decision out.
"""

from __future__ import annotations

from specdiag.core.logs.paste.model import PER_DRAFT, UNKNOWN, Decision, PasteRecord

# the rate-basis rules proving a rate per draft without the length (evidence.py)
_APART_FROM_LENGTH = (
    "identity: rate = accepted / drafted tokens",
    "identity: rate = accepted drafts per step / draft tokens per step",
    "computed: accepted / drafted tokens",
    "tool: ",
)


def per_draft_proved(runs: list[PasteRecord]) -> bool:
    """Whether every run's rate is proved per draft apart from its length (its counts, its
    drafts a step, or its tool): then k x rate is the accepted drafts a step."""
    return bool(runs) and all(
        r.rate_basis.value == PER_DRAFT and r.rate_basis.rule.startswith(_APART_FROM_LENGTH)
        for r in runs
    )


def two_readings(rule_k: str) -> Decision:
    """The convention of runs whose lengths are all k x rate with ``rule_k`` and whose rates no
    basis proves per draft: unknown, both readings told."""
    return Decision(
        UNKNOWN,
        f"two readings fit: every run's printed length = k x rate with {rule_k}, none fitting "
        "1 + k x rate: the accepted drafts a step (bonus excluded) where the rate is per draft, "
        "or the tokens a step (bonus included) where the rate is the length over k (SGLang's "
        "older accept rate); no count, drafts a step or tool proves the rate per draft",
    )
