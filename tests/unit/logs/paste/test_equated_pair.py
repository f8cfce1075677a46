"""Two labelled values of a figure set side by side with a sign of equality or comparison after
the sentence naming it and a colon ('chat acceptance drops the same way on both cards: single
0.085 ≡ dual 0.090'): one record a label. Words naming another measure before the colon, values
of two forms, a figure's name where a label stands, or no acceptance name leave the line as it
was."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import equated_pair as EQ
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["chat acceptance", "Acceptance rate", "draft acceptance"]),
    mid=st.sampled_from(["", " drops the same way on both cards", " *holds* on the new box"]),
    sign=st.sampled_from(["≡", "≈", "=", "vs", "versus"]),
    mark=st.sampled_from(["", "**"]),
    a=st.integers(5, 95),
    b=st.integers(5, 95),
    pct=st.booleans(),
    tail=st.sampled_from(["", " (~38 TPS)", ", both slow."]),
)
def test_a_labelled_pair_is_two_runs(
    read: Read, name: str, mid: str, sign: str, mark: str, a: int, b: int, pct: bool, tail: str
) -> None:
    # (a share beside a speed in its clause is left to the readers' own rule on shares)
    assume(not (pct and "TPS" in tail))
    va, vb = (f"{a}%", f"{b}%") if pct else (f"0.{a:02d}", f"0.{b:02d}")
    text = f"{name}{mid}: {mark}single {va} {sign} dual {vb}{mark}{tail}\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([a / 100, b / 100])
    assert all(r.printed_length is None for r in got)


@pytest.mark.parametrize(
    "line",
    [
        # another measure named before the colon
        "chat acceptance looks fine but throughput drops: single 38 ≡ dual 41",
        # values of two forms
        "chat acceptance: single 61% ≡ dual 0.63",
        # a figure's name where a label stands
        "chat acceptance: AL 2.1 = rate 0.55",
        # no acceptance name
        "the two cards agree: single 0.61 ≡ dual 0.63",
    ],
)
def test_near_misses_are_left(line: str) -> None:
    assert EQ.rewrite(line) == line
