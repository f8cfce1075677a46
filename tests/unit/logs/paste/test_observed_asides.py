"""A measured figure in brackets after its name's clause (asides.py): `fails just under the 50%
acceptance rate threshold (observed 49.70%)` is one record, 49.70% (the threshold no record);
`lifts K=4 acceptance to 52.7–74.6% (P3 K=2 hits 88.2%)` is one record with its label (the range
no record). A goal, a bound or a quoted figure in the bracket, a modal, a condition, another
measure or a restated value is no record."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.asides import rewrite
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "MTP speculative decoding, nightly CI on 8 GPUs.\n\n"

_CLAUSES = [
    "- `test_mtp[fp8-8gpu]` intermittently fails just under the 50% acceptance rate threshold",
    "- The run lands below the 0.5 acceptance threshold",
    "- The acceptance rate fell short of the gate",
    "- Draft acceptance was marginal on the long prompts",
]
_VERBS = ["observed", "measured", "got", "was", "observed:", "measured ="]


@settings(max_examples=examples(30), deadline=None)
@given(
    clause=st.sampled_from(_CLAUSES),
    verb=st.sampled_from(_VERBS),
    hundredths=st.integers(500, 9900),
    tail=st.sampled_from([".", ", twice this week.", " on the last run."]),
)
def test_an_observed_rate_in_brackets_is_one_record(
    read: Read, clause: str, verb: str, hundredths: int, tail: str
) -> None:
    # (after a threshold only a verb of measuring: '(was 0.50)' there is the goal's own value)
    assume(not ("threshold" in clause and verb == "was"))
    text = f"{_LEAD}{clause} ({verb} {hundredths / 100:.2f}%){tail}\n"
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(hundredths / 10000)
    assert r.accept_length is None


@pytest.mark.parametrize("label", ["P3 K=2", "K=2", "prompt 3", "the code set"])
def test_a_labelled_bracket_keeps_its_label(label: str) -> None:
    text = (
        f"{_LEAD}Three longer prompts lift K=4 acceptance to **52.7–74.6%** ({label} hits "
        "88.2%), with speedup up to **2.43×**.\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == pytest.approx(0.882)
    if "K=" in label:
        assert any(v == "2" for _, v in r.labels)


def test_a_length_in_brackets_after_its_name() -> None:
    text = f"{_LEAD}The accept length regressed after the merge (measured 2.41).\n"
    (r,) = read_paste(text).records
    assert r.printed_length == pytest.approx(2.41)


@pytest.mark.parametrize(
    "sentence",
    [
        # a goal, a threshold, a bound, a quoted figure
        "the acceptance rate is checked on every run (target 70%)",
        "the acceptance rate gates the merge (threshold 0.5)",
        "the acceptance rate gates the merge (threshold is 0.5)",
        "the acceptance rate is well known (paper: 80%)",
        "the acceptance rate is fine (expected 70%)",
        # a goal's own former value
        "we lower the acceptance threshold (was 0.50)",
        "the acceptance rate target moves up (is 70%)",
        # a modal, a condition
        "the acceptance rate matters (would hit 60%)",
        "if the acceptance rate falls (observed 40%), the job fails",
        # another measure between the name and the bracket
        "acceptance is fine but throughput fell (observed 40%)",
        # a range in the bracket
        "the acceptance rate varied (observed 45-50%)",
        # a share after a length's name, a length after a rate's name
        "the accept length fell (observed 24%)",
        "the acceptance rate fell (observed 2.4)",
    ],
)
def test_no_record_for_a_goal_a_bound_a_modal_a_condition_or_another_measure(
    sentence: str,
) -> None:
    assert read_paste(f"{_LEAD}With MTP on, {sentence}.\n").records == (), sentence


def test_a_value_restated_in_brackets_is_not_a_second_record() -> None:
    line = "the acceptance rate was 0.497 (observed 49.7%) on the last run"
    assert rewrite(line) == line


def test_lines_without_an_acceptance_name_are_untouched() -> None:
    line = "GPU utilisation was high (observed 97%) all night"
    assert rewrite(line) == line
