"""The acceptance's noun with its rate in brackets right after it, perhaps a length named after
a comma ('high acceptance (71%, length 3.84)'): the run's figures, one record
(interpret._noun_bracket). Nothing else in the bracket, a goal's noun or a superlative picking
one run of several: not read there."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEAD = "Draft-model speculation on the laptop, k=4.\n"


@settings(max_examples=examples(40), deadline=None)
@given(rate=st.integers(5, 99), adj=st.sampled_from(["", "high ", "poor ", "draft "]))
def test_a_rate_in_brackets_after_the_noun(rate: int, adj: str) -> None:
    text = _LEAD + f"The code prompts showed {adj}acceptance ({rate}%) on our box.\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == pytest.approx(rate / 100)


@settings(max_examples=examples(40), deadline=None)
@given(rate=st.integers(20, 95), name=st.sampled_from(["length", "accept length", "AL"]))
def test_a_rate_and_a_length_in_the_bracket_are_one_record(rate: int, name: str) -> None:
    length = f"{1 + 4 * rate / 100:.2f}"
    text = (
        _LEAD + "The log printed `Mean acceptance length: 1.00, Accepted: 0` on chat;\n"
        f"only the code prompts showed high acceptance ({rate}%, {name}\n  {length}).\n"
    )
    recs = read_paste(text).records
    assert len(recs) == 2
    assert recs[1].printed_rate == pytest.approx(rate / 100)
    assert recs[1].printed_length == float(length)
    assert recs[0].printed_rate is None


@pytest.mark.parametrize(
    ("line", "bad"),
    [
        ("We aim for a target acceptance (90%) on code.", 0.9),
        ("Greedy gives the highest acceptance (81.3%) of all.", 0.813),
        ("acceptance (76.0%, 95% CI 75.7-76.3%) on code.", 0.95),
        ("acceptance (71% of drafts) on code.", 0.71),
    ],
)
def test_negative_control_no_run_in_the_bracket(line: str, bad: float) -> None:
    rates = [r.printed_rate for r in read_paste(_LEAD + line + "\n").records]
    assert not any(x is not None and abs(x - bad) < 1e-9 for x in rates)
