"""An acceptance figure's name and a whole number joined by an operator, closed in a code span
or brackets ('`L_acc - 1`', '(accept_len+1)', '[tau / 2]'): a formula over the figure (the
target's token taken off or put back), no figure of its own; a sentence holding only such a
formula gives no record. Not a figure with decimals after a dash ('acceptance length - 2.35'),
nor a formula over another name ('(k - 1)'), nor the figure's own value beside the formula."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import defined as DF
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["AL", "accept_len", "acceptance length", "tau", "AR", "accept length"]
_OPS = ["-", "+", "−", "/", "*"]
_OPEN_CLOSE = [("`", "`"), ("(", ")"), ("[", "]")]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    op=st.sampled_from(_OPS),
    n=st.integers(min_value=1, max_value=9),
    spaced=st.booleans(),
    marks=st.sampled_from(_OPEN_CLOSE),
)
def test_a_formula_is_blanked_and_gives_no_record(
    read: Read, name: str, op: str, n: int, spaced: bool, marks: tuple[str, str]
) -> None:
    sp = " " if spaced else ""
    formula = f"{marks[0]}{name}{sp}{op}{sp}{n}{marks[1]}"
    line = f"With speculative decoding the other engine's knob expects {formula} instead."
    ((_, out),) = DF.offset_expressions([(1, line)])
    assert str(n) not in out and len(out) == len(line)
    assert read(line + "\n").records == ()


def test_near_miss_a_figure_after_a_dash_is_read(read: Read) -> None:
    text = "With speculative decoding on:\n\n- acceptance length - 2.35 on the chat set\n"
    assert [r.printed_length for r in read(text).records] == [2.35]


def test_near_miss_another_name_is_left(read: Read) -> None:
    line = "The speculative run reached an acceptance length of 2.35 at (k - 1) drafts."
    assert DF.offset_expressions([(1, line)]) == [(1, line)]
    assert [r.printed_length for r in read(line + "\n").records] == [2.35]


def test_the_figure_beside_its_formula_is_read(read: Read) -> None:
    line = "With speculative decoding the acceptance length was 2.35, so `AL - 1` drafts a step."
    assert [r.printed_length for r in read(line + "\n").records] == [2.35]
