"""A formula whose 'where' clause names its symbol as an acceptance figure ('gain = 1 / (1 - r),
where r = acceptance rate'), then the symbol given chosen values each mapped to a result
('r = 0.6 -> 2.5x'): the formula worked out, no run, no record. The same values measured and
stated under the figure's own name still read; a multiplier after a change's arrow
('acceptance rate 0.62 -> 1.4x') is what the figure leads to, never the figure's next value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import defined
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SYMS = ("r", "p", "q", "β")
_NAMES = ("acceptance rate", "the acceptance rate", "accept rate")


def _paste(sym: str, name: str, rates: list[int], arrow: str, fence: bool) -> str:
    worked = ";  ".join(f"{sym} = {v / 100:.2f} {arrow} {1 / (1.05 - v / 100):.2f}x" for v in rates)
    body = f"gain = 1 / (1.05 - {sym}),  where {sym} = {name}\n{worked}"
    if fence:
        body = f"```\n{body}\n```"
    return f"Upper bound of the draft head's gain at depth 1:\n\n{body}\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    sym=st.sampled_from(_SYMS),
    name=st.sampled_from(_NAMES),
    rates=st.lists(st.integers(40, 99), min_size=1, max_size=3),
    arrow=st.sampled_from(("->", "→", "=>")),
    fence=st.booleans(),
)
def test_worked_values_of_a_formulas_symbol_give_no_record(
    read: Read, sym: str, name: str, rates: list[int], arrow: str, fence: bool
) -> None:
    assert read(_paste(sym, name, rates, arrow, fence)).records == ()


def test_the_values_are_blanked_only_under_the_where_clause() -> None:
    lines = [(1, "gain = 1 / (1 - r), where r = acceptance rate"), (2, "r = 0.7 -> 3.3x")]
    assert defined.formula_inputs(lines)[1][1].strip() == ""
    # no 'where' naming the symbol an acceptance figure: the lines as they are
    other = [(1, "gain = 1 / (1 - r), where r = batch share"), (2, "r = 0.7 -> 3.3x")]
    assert defined.formula_inputs(other) == other
    # a value of the symbol not mapped to a result stays
    plain = [(1, "gain = 1 / (1 - r), where r = acceptance rate"), (2, "measured r = 0.7")]
    assert defined.formula_inputs(plain) == plain


@settings(max_examples=examples(20), deadline=None)
@given(rate=st.integers(40, 99))
def test_a_measured_rate_beside_a_formula_still_reads(read: Read, rate: int) -> None:
    text = (
        "gain = 1 / (1 - r), where r = acceptance rate\n\n"
        f"On our run the draft head measured acceptance rate: {rate / 100:.2f}\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [rate / 100]


@settings(max_examples=examples(20), deadline=None)
@given(rate=st.integers(40, 99), gain=st.integers(105, 300), sign=st.sampled_from(("x", "×")))
def test_a_multiplier_after_the_arrow_is_not_the_figure(
    read: Read, rate: int, gain: int, sign: str
) -> None:
    got = read(f"Spec decode on: acceptance rate = {rate / 100:.2f} -> {gain / 100:.2f}{sign}\n")
    assert [r.printed_rate for r in got.records] == [rate / 100]
    assert all(r.printed_length is None for r in got.records)


@settings(max_examples=examples(20), deadline=None)
@given(a=st.integers(150, 450), b=st.integers(150, 450))
def test_a_change_between_two_lengths_still_reads_both(read: Read, a: int, b: int) -> None:
    got = read(f"After the fix the acceptance length went {a / 100:.2f} -> {b / 100:.2f}\n")
    assert [r.printed_length for r in got.records] == [a / 100, b / 100]
