"""A question quoted in prose ('a checklist for "the head looks trained but acceptance sits near
0.2: why?"') states no measurement: no record, on one line or across two
(quoted_question.py). A quoted statement, or a figure outside the quoted question, is read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "text",
    [
        'A checklist for "the head looks trained but acceptance rate sits near 0.2: why?" '
        "with one probe.\n",
        "A checklist for “the head looks trained but the accept length is ~1.1, what broke?” "
        "with one probe.\n",
        # the quote wrapped onto a second line
        'A checklist for "the head looks trained but acceptance rate sits near 0.2, so where\n'
        'do the two paths differ?" with one probe.\n',
    ],
)
def test_a_quoted_question_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ('She asked "is it slow?" and the acceptance rate was 0.62 afterwards.\n', 0.62),
        ('We quote "the head looks trained" but acceptance rate is 0.37. Why?\n', 0.37),
    ],
)
def test_a_figure_outside_the_quoted_question_is_read(read: Read, text: str, rate: float) -> None:
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate)]


@settings(max_examples=25, deadline=None)
@given(
    x=st.integers(min_value=10, max_value=95),
    name=st.sampled_from(["acceptance rate", "draft acceptance", "accept rate"]),
    quotes=st.sampled_from([('"', '"'), ("“", "”")]),
    wrap=st.booleans(),
)
def test_generated_quoted_questions(x: int, name: str, quotes: tuple[str, str], wrap: bool) -> None:
    from specdiag.core.logs.paste import read_paste

    o, c = quotes
    gap = "\n" if wrap else " "
    asked = f"Notes on {o}the {name} is 0.{x} after training, so{gap}what is off?{c} below.\n"
    assert read_paste(asked).records == ()
    told = f"Notes on {o}the setup{c}: the {name} is 0.{x} after training.\n"
    assert [r.printed_rate for r in read_paste(told).records] == [pytest.approx(x / 100)]
