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


# an approximate value and the runs it holds for, in a bracket right after the figure's name
# ('near-identical acceptance (~0.80 both quants)'): one value for all of them, as measured
_SCOPES = [
    "both quants",
    "all runs",
    "on average",
    "across all prompts",
    "in both arms",
    "each seed",
]
_HEDGES = ["~", "≈", "about ", "around ", "roughly "]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["acceptance", "draft acceptance", "the accept rate", "acceptance rate"]),
    hedge=st.sampled_from(_HEDGES),
    comma=st.sampled_from(["", ","]),
    scope=st.sampled_from(_SCOPES),
    pct=st.integers(5, 95),
    as_pct=st.booleans(),
)
def test_an_approximate_rate_over_several_runs_is_one_record(
    name: str, hedge: str, comma: str, scope: str, pct: int, as_pct: bool
) -> None:
    value = f"{pct}%" if as_pct else f"{pct / 100:.2f}"
    text = (
        f"{_LEAD}Acceptance 0.70-0.90 on prose. The Q8_0 draft is slower than F16 despite "
        f"near-identical {name} ({hedge}{value}{comma} {scope}).\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == pytest.approx(pct / 100)
    assert r.accept_length is None


def test_an_approximate_length_over_several_runs_is_one_record() -> None:
    text = f"{_LEAD}Mean accept length (roughly 2.41 in all three runs) on chat.\n"
    (r,) = read_paste(text).records
    assert r.printed_length == pytest.approx(2.41)


@pytest.mark.parametrize(
    "sentence",
    [
        "Acceptance 0.70-0.80 on prose.",  # a range
        "near-identical acceptance (~0.70-0.80 both quants).",  # a range
        "we want acceptance (~0.80 both quants) next week.",  # a goal
        "the acceptance threshold (~0.80 all runs) is too strict.",  # a threshold
        "acceptance (~0.80 target for all runs) was set.",  # a target
        "near-identical acceptance (~2.9 both quants).",  # no rate
        "mean AL (~0.8 both quants).",  # no length
        "If acceptance (~0.80 both quants) holds, F16 wins.",  # a condition
        "near-identical acceptance (0.80 both quants) but slower.",  # no hedge: not this form
    ],
)
def test_a_range_a_goal_or_a_wrong_kind_in_such_a_bracket_is_no_record(sentence: str) -> None:
    assert read_paste(f"{_LEAD}{sentence}\n").records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    hedge=st.sampled_from(["around", "aroud", "arround", "about", "~", "roughly", "approx."]),
    pct=st.integers(35, 92),
    stop=st.sampled_from([". ", "! ", " "]),
    tail=st.sampled_from(
        ["", " when paired with the 14B model", " with greedy sampling", " on chat"]
    ),
)
def test_an_approximate_rate_in_a_bracket_closing_its_sentence_is_one_record(
    read: Read, hedge: str, pct: int, stop: str, tail: str
) -> None:
    # a bracket after the sentence naming the figure: that figure's value, approximate
    text = (
        "Tried the tiny model as a draft: it is fast and gets a decent accept rate in "
        f"speculative decoding{stop}({hedge} {pct}%{tail})\nThe vocab is a close match.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pct / 100]


@pytest.mark.parametrize(
    "text",
    [
        # a goal, a baseline or a comparison in the bracket
        "The draft gets a decent accept rate in speculative decoding. (around 68% vs the 7B)\n",
        "The draft gets a decent accept rate in speculative decoding. (about 68% for baseline)\n",
        # a range
        "The draft gets a decent accept rate in speculative decoding. (around 60-68%)\n",
        # no acceptance named in the sentence before: the bracket is some other share
        "The draft is fast in speculative decoding. Its answers read well (around 68% on chat)\n",
        # a length's name over a share: the wrong kind
        "The draft gets a decent accept length in speculative decoding. (around 68%)\n",
    ],
)
def test_such_a_bracket_of_a_goal_a_range_or_no_named_figure_is_no_record(text: str) -> None:
    assert read_paste(text).records == ()
