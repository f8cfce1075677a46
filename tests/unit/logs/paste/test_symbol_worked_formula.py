"""A one-letter symbol the paste names as an acceptance figure ('the acceptance rate p') and
sets to a value on a line that works a formula out over letters ('p=70%: gain = (1 + 0.7k) × C
/ (k×c + C) = ...') is the formula's chosen input: the line is a worked example, no run, and
gives no record; the same symbol set on a line of plain results still reads as the figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from tests.unit.logs.paste.pipeline import Read

_DEFINED = [(0, "p", "acceptance rate")]


def _tutorial(rows: list[str]) -> str:
    return "\n".join(rows) + "\nWhen the acceptance rate p is below c/C, drafting loses.\n"


@settings(max_examples=30, deadline=None)
@given(
    pcts=st.lists(st.integers(1, 19).map(lambda n: n * 5), min_size=2, max_size=5, unique=True),
    letter=st.sampled_from(["C", "T", "c"]),
    op=st.sampled_from(["×", "*", "·"]),
)
def test_a_worked_formula_gives_no_record(
    read: Read, pcts: list[int], letter: str, op: str
) -> None:
    rows = [
        f"p={v}%:  gain = ({v / 25:.1f}+1) {op} {letter} / (4{op}{letter}/16 + {letter}) = {1 + v / 25:.1f}x"
        for v in pcts
    ]
    assert read(_tutorial(rows)).records == ()


@settings(max_examples=30, deadline=None)
@given(v=st.integers(30, 95), op=st.sampled_from(["×", "*"]))
def test_the_line_keeps_its_symbol(v: int, op: str) -> None:
    line = f"p = {v}% -> speedup = (1 + 4 {op} 0.{v}) {op} T / (2T) = 2.1x"
    ((_, got),) = I.with_symbols([(5, line)], _DEFINED)
    assert got == line


@settings(max_examples=30, deadline=None)
@given(v=st.integers(30, 95), label=st.sampled_from(["chat", "code", "math"]))
def test_a_result_line_still_reads_the_figure(v: int, label: str) -> None:
    ((_, got),) = I.with_symbols([(5, f"- {label}: p = {v}%, speedup = 2.1x")], _DEFINED)
    assert got == f"- {label}: acceptance rate = {v}%, speedup = 2.1x"


def test_bold_and_units_are_no_product() -> None:
    assert not I.worked_formula("**p** = 0.7 and **k** = 4, 41 t/s = fine")
    assert I.worked_formula("p=0.7: gain = 1.7 × T / T = 1.7x")
