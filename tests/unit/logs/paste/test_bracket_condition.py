"""A measured figure, then in a bracket the same figure's value under another condition
(`draft acceptance 0.1 on long prompts (0.7 shallow, no errors)`, `accept length 2.9 on chat
(3.4 on code)`): two records, one a run (bracket_condition.py). A bracket of another kind, a
unit, a statistic, a goal, a range, a restated value, or after words naming another measure,
reads as before: the bracket's value no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import bracket_condition as BCD
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ("draft acceptance", "acceptance rate", "token acceptance", "acceptance")
_WHERE = (
    "on the big model",
    "at prompts of ~8k tokens or more",
    "with the fused kernel",
    "",
    "for the long-context runs",
)
_CONDITIONS = (
    "shallow",
    "greedy",
    "at short prompts",
    "without the prefix cache",
    "on chat",
    "with cuda graphs off",
    "in eager mode",
)
_TAILS = ("", ", output unaffected", "; no crash")


def _paste(line: str) -> str:
    return f"# Regression report\n\n{line}\n\nSteps to reproduce follow below.\n"


@st.composite
def _pair(draw: st.DrawFn) -> tuple[int, int]:
    a, b = draw(st.lists(st.integers(0, 99), min_size=2, max_size=2, unique=True))
    return a, b


@settings(max_examples=examples(40), deadline=None)
@given(
    _pair(),
    st.sampled_from(_NAMES),
    st.sampled_from(_WHERE),
    st.sampled_from(_CONDITIONS),
    st.sampled_from(_TAILS),
    st.booleans(),
    st.sampled_from(("{n} {v}", "{v} {n}", "{n}: {v}")),
)
def test_the_other_conditions_value_is_a_record(
    read: Read,
    pair: tuple[int, int],
    name: str,
    where: str,
    cond: str,
    tail: str,
    pct: bool,
    order: str,
) -> None:
    a, b = pair

    def w(x: int) -> str:
        return f"{x}%" if pct else f"{x / 100:.2f}"

    first = order.format(n=name, v=w(a))
    line = f"The {first} {where} ({w(b)} {cond}{tail})".replace("  ", " ")
    got = read(_paste(line)).records
    assert [r.printed_rate for r in got] == [pytest.approx(a / 100), pytest.approx(b / 100)], line


@settings(max_examples=examples(25), deadline=None)
@given(
    st.lists(st.integers(12, 60), min_size=2, max_size=2, unique=True),
    st.sampled_from(("on chat", "on code", "greedy", "at short prompts")),
)
def test_lengths_alike(read: Read, pair: list[int], cond: str) -> None:
    a, b = (x / 10 for x in pair)
    line = f"Mean accept length {a:.1f} on the summarisation set ({b:.1f} {cond})."
    got = read(_paste(line)).records
    assert [r.printed_length for r in got] == [pytest.approx(a), pytest.approx(b)], line


_MISSES = {
    "unit": "{b} ms",
    "plural": "{b} epochs",
    "statistic": "{b} overall",
    "hedge": "{b} measured",
    "goal": "{b} target",
    "prep-goal": "{b} on average",
    "range": "{b}-{c} shallow",
    "words-first": "paper {b} shallow",
    "bare": "{b}",
    "same": "{a} shallow",
}


@settings(max_examples=examples(40), deadline=None)
@given(_pair(), st.sampled_from(sorted(_MISSES)), st.sampled_from(_NAMES))
def test_near_misses_read_as_before(
    read: Read, pair: tuple[int, int], miss: str, name: str
) -> None:
    a, b = pair
    sa, sb = f"{a / 100:.2f}", f"{b / 100:.2f}"
    bracket = _MISSES[miss].format(a=sa, b=sb, c=f"{min(b + 5, 99) / 100:.2f}")
    line = f"The {name} {sa} on the big model ({bracket})."
    assert BCD.rewrite(line) == line
    got = read(_paste(line)).records
    assert all(r.printed_rate != pytest.approx(b / 100) for r in got) or miss == "same", got


@settings(max_examples=examples(30), deadline=None)
@given(
    _pair(),
    st.sampled_from(_CONDITIONS),
    st.sampled_from(("kind", "measure", "value-between", "unnamed")),
)
def test_other_near_misses_are_not_rewritten(pair: tuple[int, int], cond: str, miss: str) -> None:
    a, b = pair
    first, bracket, between = f"acceptance {a}%", f"{b / 100:.2f}", "on the big model"
    if miss == "kind":
        pass  # a fraction in the bracket after a percentage
    elif miss == "measure":
        bracket, between = f"{b}%", "with throughput down"
    elif miss == "value-between":
        bracket, between = f"{b}%", "and 1.4x speed"
    else:
        first, bracket = f"{a}% of the requests", f"{b}%"
    line = f"We saw {first} {between} ({bracket} {cond})."
    assert BCD.rewrite(line) == line
