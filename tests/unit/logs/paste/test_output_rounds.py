"""A run's output tokens over its rounds decide an accepted-per-round figure's bonus a token or
two off the exact identity (output_rounds.py): the output may hold a token no step emitted
(the prefill's) or lack one cut from the last step. steps x (1 + figure) within that of the
output, and steps x figure not: bonus excluded (length 1 + figure); the other way: included.
A bare 'tokens' column beside the rounds and the figure is the run's output tokens.

Near misses read as before: fewer than six steps, an output further off than the allowance,
a bare 'tokens' column with no steps column beside it."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_FIGURE = ["accept/round", "accepted/round", "accepted per step", "avg accepted/step"]
_STEPS = ["rounds", "verify steps", "spec steps"]
_TOKENS = ["tokens", "output tokens"]


def _printed(x: Fraction) -> str:
    """``x`` with two decimals, never a half-way point (the generator skips those)."""
    return f"{float(x):.2f}"


def _text(tokens: str, steps: str, figure: str, out: int, n: int, shown: str) -> str:
    return "Live test, one request:\n\n" + pipe_table(
        ["Test", tokens, steps, figure, "tok/s"],
        [["B=1, one request", str(out), str(n), shown, "11.7"]],
    )


@st.composite
def _run(draw: st.DrawFn, least: int = 6, most: int = 60) -> tuple[int, int]:
    n = draw(st.integers(least, most))
    acc = draw(st.integers(n // 2, 6 * n))
    # (never a half-way point of the printed hundredths)
    assume((Fraction(acc, n) * 1000) % 10 != 5)
    return n, acc


@settings(max_examples=examples(50), deadline=None)
@given(
    tokens=st.sampled_from(_TOKENS),
    steps=st.sampled_from(_STEPS),
    figure=st.sampled_from(_FIGURE),
    run=_run(),
    off=st.sampled_from([-1, 1, 2]),
    included=st.booleans(),
)
def test_the_output_near_the_steps_decides(
    read: Read,
    tokens: str,
    steps: str,
    figure: str,
    run: tuple[int, int],
    off: int,
    included: bool,
) -> None:
    n, acc = run
    per = Fraction(n + acc, n) if included else Fraction(acc, n)
    assume((per * 1000) % 10 != 5)
    shown = _printed(per)
    (r,) = read(_text(tokens, steps, figure, n + acc + off, n, shown)).records
    assert r.printed_length == pytest.approx(float(shown))
    assert r.bonus.value == ("included" if included else "excluded")
    assert r.accept_length == pytest.approx(float(shown) + (0 if included else 1))


@settings(max_examples=examples(30), deadline=None)
@given(
    figure=st.sampled_from(_FIGURE),
    run=_run(least=2, most=5),
    off=st.sampled_from([-1, 1, 2]),
)
def test_few_steps_decide_nothing(read: Read, figure: str, run: tuple[int, int], off: int) -> None:
    n, acc = run
    shown = _printed(Fraction(acc, n))
    got = read(_text("output tokens", "rounds", figure, n + acc + off, n, shown)).records
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    figure=st.sampled_from(_FIGURE),
    run=_run(least=10),
    off=st.sampled_from([-4, -3, 3, 4, 5]),
)
def test_an_output_further_off_decides_nothing(
    read: Read, figure: str, run: tuple[int, int], off: int
) -> None:
    n, acc = run
    shown = _printed(Fraction(acc, n))
    got = read(_text("tokens", "rounds", figure, n + acc + off, n, shown)).records
    assert all(r.accept_length is None for r in got)


def test_a_bare_tokens_column_without_steps_stays(read: Read) -> None:
    text = "Live test:\n\n" + pipe_table(
        ["Test", "tokens", "accept/round", "tok/s"], [["one request", "78", "4.64", "11.7"]]
    )
    got = read(text).records
    assert all(r.accept_length is None and r.output_tokens is None for r in got)
