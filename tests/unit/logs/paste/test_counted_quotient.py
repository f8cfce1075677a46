"""A decimal with the two named counts it is the quotient of (`cells._named_quotient`): a cell
`V (A tokens / B steps)` (`tok`, `rounds`, `iterations`, `cycles`, `forward passes`; a
qualifier such as `output` or `verify` allowed) is V where A / B gives V at its printed decimals,
as a key's value of that shape already was; the figure's name decides its convention as before.
Counts that do not give V, steps over tokens, or counts of another unit leave the cell unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_STEPS = st.integers(150, 9000)
_PER = st.integers(105, 480)
_TOKENS = st.sampled_from(["tokens", "tok", "output tokens", "generated tokens"])
_STEP_NOUNS = st.sampled_from(
    ["steps", "rounds", "iterations", "cycles", "forward passes", "verify steps", "target steps"]
)
_NAMES = st.sampled_from(["Tokens per step", "Tokens per verify step", "Tok/step", "tokens/round"])


def _count(n: int, commas: bool) -> str:
    return f"{n:,}" if commas else str(n)


def _table(name: str, cell: str, other: str) -> str:
    return f"| Metric | Value |\n|---|---|\n| {name} | {cell} |\n| {other} | 12 MB |\n"


@settings(max_examples=40, deadline=None)
@given(
    steps=_STEPS,
    per=_PER,
    tokens=_TOKENS,
    noun=_STEP_NOUNS,
    name=_NAMES,
    commas=st.booleans(),
    pad=st.sampled_from(["", " "]),
    other=st.sampled_from(["Head size", "Model size", "Draft weights"]),
)
def test_a_value_with_its_named_counts_is_read(
    steps: int,
    per: int,
    tokens: str,
    noun: str,
    name: str,
    commas: bool,
    pad: str,
    other: str,
) -> None:
    total = steps * per // 100
    value = round(total / steps, 2)
    cell = f"{value:.2f} ({pad}{_count(total, commas)} {tokens} /{pad} {_count(steps, commas)} {noun}{pad})"
    recs = read_paste(_table(name, cell, other)).records
    assert [r.printed_length for r in recs] == pytest.approx([value])
    assert [r.accept_length for r in recs] == pytest.approx([value])  # tokens a step: its name


@settings(max_examples=30, deadline=None)
@given(steps=_STEPS, per=_PER, off=st.integers(3, 40), name=_NAMES)
def test_counts_that_do_not_give_the_value_leave_it_unread(
    steps: int, per: int, off: int, name: str
) -> None:
    total = steps * per // 100
    value = round(total / steps, 2) + off / 100  # the counts give another value
    cell = f"{value:.2f} ({total:,} tokens / {steps:,} steps)"
    assert read_paste(_table(name, cell, "Head size")).records == ()


@settings(max_examples=30, deadline=None)
@given(steps=_STEPS, per=_PER, name=_NAMES)
def test_steps_over_tokens_or_other_units_stay_unread(steps: int, per: int, name: str) -> None:
    total = steps * per // 100
    value = round(total / steps, 2)
    for bracket in (f"{steps:,} steps / {total:,} tokens", f"{total:,} MB / {steps:,} s"):
        cell = f"{value:.2f} ({bracket})"
        assert read_paste(_table(name, cell, "Head size")).records == ()


def test_an_accept_length_so_written_keeps_its_convention_open(read: Read) -> None:
    text = _table("Accept length", "2.35 (4,700 tokens / 2,000 steps)", "Head size")
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([2.35])
    assert [r.accept_length for r in recs] == [None]


def test_through_the_pipeline(read: Read) -> None:
    text = _table("Tokens per step", "1.94 (3,880 tokens / 2,000 rounds)", "Model size")
    assert [r.accept_length for r in read(text).records] == pytest.approx([1.94])
