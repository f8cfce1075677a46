"""A prose block stating a draft maximum of one in one sentence and other drafted-token counts
in another: the sentence holding both the maximum of one and a rate decides that rate's length
(1 + rate), a rate in the other sentence stays undecided. A rate hedged 'in the range of' one
number is an approximation (the length as approximate as the rate); the maximum of one and
another count in one sentence (however its clauses split) decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ONE = ["`--draft-max 1`", "--spec-draft-n-max 1", "n_max=1", "`--draft-max=1`"]
_HEDGE = ["", "in the range of ", "about ", "around "]
_OTHER = ["for 3 drafted tokens", "with four draft tokens", "with `--draft-max 4`"]


@settings(max_examples=examples(40), deadline=None)
@given(
    one=st.sampled_from(_ONE),
    hedge=st.sampled_from(_HEDGE),
    other=st.sampled_from(_OTHER),
    first=st.integers(60, 97),
    second=st.integers(20, 59),
    one_first=st.booleans(),
)
def test_the_sentence_of_the_maximum_of_one_decides_its_rate(
    one: str, hedge: str, other: str, first: int, second: int, one_first: bool
) -> None:
    a = f"Running the fork with {one}, my acceptance rate is {hedge}0.{first} on chat prompts."
    b = f"Then {other} I get an acceptance rate of 0.{second} only."
    text = "MTP on a small GPU\n\n" + (f"{a} {b}" if one_first else f"{b} {a}") + "\n"
    got = {r.printed_rate: r.accept_length for r in read_paste(text).records}
    assert got.get(first / 100) == pytest.approx(1 + first / 100)
    assert got.get(second / 100, "absent") in (None, "absent")


@pytest.mark.parametrize(
    "text",
    [
        # the maximum of one and another count in one sentence, split by a comma
        "With `--draft-max 1` the acceptance rate is 0.84, but for 3 drafted tokens it is 0.52.\n",
        # the maximum of one in another sentence than the rate
        "I ran with `--draft-max 1` first. For 3 drafted tokens the acceptance rate is 0.52.\n",
        # a range after 'in the range of'
        "With `--draft-max 1` I see a rate in the range of 0.80-0.86. For 3 drafted tokens it drops.\n",
    ],
)
def test_negative_control_no_one_draft_length(read: Read, text: str) -> None:
    assert all(r.accept_length is None or r.accept_length > 2.5 for r in read(text).records)
    assert not any(
        r.accept_length is not None and 1.5 < r.accept_length < 2.0 for r in read(text).records
    )
