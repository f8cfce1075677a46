"""A run's output tokens over its rounds deciding an accepted-per-round figure's bonus, a token
or two off the exact identity.

A table row printing a figure named accepted per step (``accept/round``, ``accepted/step``: some
tools count the target's own token among the accepted, some do not), its verify steps
(``rounds``, ``steps``) and the tokens the run output: the strict identities (output / steps =
the figure, bonus included; output / steps - 1, excluded) hold only where every token came
out of a step. A run's output holds a token or two no step emitted (the prefill's first token)
or a token fewer (a stop or an output cap inside its last step): so where steps x (1 + figure)
is the output within one or two tokens (within the figure's rounding) and steps x figure is
not (it lies a whole step count of tokens away), the figure counts the accepted drafts alone
(bonus excluded, length 1 + figure); the other way round, bonus included. At least six steps
(so that the two readings, a step count of tokens apart, can never both come within the
allowance); otherwise, or both or neither fitting, nothing is decided.

Also: a bare ``tokens`` column beside a steps column and an accepted-per-step column is the
run's output tokens (``_by_cells``'s question, :func:`output_column`): the tokens a run of
those rounds produced, checked by the identity above before it decides anything.

Pure: values in, a decision out.
"""

from __future__ import annotations

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.model import EXCLUDED, INCLUDED, Decision

# tokens of the output no verify step emitted (the prefill's), or cut from the last step
_MORE = 2
_FEWER = 1
_MOST_STEPS_APART = 6


def _fits(emitted_low: float, emitted_high: float, out: int) -> bool:
    return any(
        emitted_low - 1e-6 <= out - d <= emitted_high + 1e-6 for d in range(-_FEWER, _MORE + 1)
    )


def decide(v: C.Value, steps: int | None, out: int | None) -> Decision | None:
    """The bonus of an accepted-per-step figure ``v`` by the run's output tokens over its
    steps, a token or two outside the steps allowed (see the module); None where it does not
    decide."""
    if not steps or out is None or steps < _MOST_STEPS_APART or v.percent or v.number < 0:
        return None
    half = C.half_unit(v.decimals)
    low, high = (v.number - half) * steps, (v.number + half) * steps
    excluded = _fits(low + steps, high + steps, out)
    included = _fits(low, high, out)
    if excluded == included:
        return None
    if excluded:
        return Decision(
            EXCLUDED,
            f"counts: {steps} steps x (1 + {v.number:g}) is the {out} output tokens within "
            f"{_MORE} tokens no step emitted or {_FEWER} cut from the last step, {steps} x "
            f"{v.number:g} is not: the figure counts the accepted drafts alone",
        )
    return Decision(
        INCLUDED,
        f"counts: {steps} steps x {v.number:g} is the {out} output tokens within {_MORE} "
        f"tokens no step emitted or {_FEWER} cut from the last step, {steps} x "
        f"(1 + {v.number:g}) is not: the figure counts the target's own token",
    )


def output_column(name: str, metrics: set[str | None], cells: list[str]) -> bool:
    """Whether a column headed by a bare ``tokens`` (``name`` as cells.key gives it) beside a
    steps column and an accepted-per-step column, every cell a whole count, is the run's
    output tokens."""
    return (
        name == "tokens"
        and {C.STEPS, C.ACC_PER_STEP} <= metrics
        and bool(cells)
        and all(
            (v := C.value(c)) is not None and not v.percent and v.number == int(v.number) >= 1
            for c in cells
        )
    )
