"""A length of exactly 1 where the paste says, as what happened, that no draft was accepted
(garbage drafts, every draft rejected): it counts the target's own token (with the bonus left
out it would be 0). Never a hypothesis, a length of another value, or a paste printing a length
below 1; the same decision as a zero row's and a baseline row's (zero_rows.target_alone)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import zero_rows as ZR
from tests.support.examples import examples


def _report(cause: str, value: str = "1.00") -> str:
    return (
        "## Bug\n\n"
        "Loading the draft head with the wrong layer count gives no error at startup.\n\n"
        f"{cause}\n\n"
        f"The server log shows `accept length: {value}` on every decode batch.\n"
    )


@pytest.mark.parametrize(
    "cause",
    [
        "The head then emits garbage predictions, so throughput drops below plain decoding.",
        "No draft tokens are accepted at all after the restart.",
        "Every draft is rejected by the verifier.",
        "Nothing gets accepted, and decoding is slower than without speculation.",
    ],
)
def test_a_length_of_one_where_nothing_was_accepted(cause: str) -> None:
    (r,) = read_paste(_report(cause)).records
    assert r.accept_length == 1.0
    assert r.bonus.rule.startswith("value: the paste says")


@pytest.mark.parametrize(
    "cause",
    [
        # a hypothesis, not what happened
        "If no draft is accepted, the server should warn about it.",
        "We would expect garbage predictions with a mismatched head.",
        # nothing said of the drafts
        "Throughput drops below plain decoding after the restart.",
    ],
)
def test_negative_control_nothing_said(cause: str) -> None:
    (r,) = read_paste(_report(cause)).records
    assert r.accept_length is None


def test_negative_control_another_value() -> None:
    text = _report("The head emits garbage predictions.", "1.40")
    (r,) = read_paste(text).records
    assert r.accept_length is None


def test_negative_control_a_length_below_one_elsewhere() -> None:
    text = _report("Every draft is rejected by the verifier.") + (
        "\nOn the older build the same log showed `accept length: 0.42`.\n"
    )
    # (the paste's lengths are then read one way, as the value below 1 proves)
    got = read_paste(text).records
    assert not any(r.bonus.rule.startswith("value: the paste says") for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(
    lead=st.sampled_from(["", "After the update, ", "On MI300X, "]),
    noun=st.sampled_from(["draft", "draft token", "proposal"]),
    verb=st.sampled_from(["is", "was", "gets"]),
)
def test_generated_statements(lead: str, noun: str, verb: str) -> None:
    text = f"{lead}no {noun} {verb} accepted."
    assert ZR.said_none_accepted(text) is not None
    assert ZR.said_none_accepted(f"If {text}") is None


def _two_runs(first: str, second: str) -> str:
    return (
        f"## Run A (old head)\n\n{first}The server log shows `accept length: 1.00`.\n\n"
        f"## Run B (fixed head)\n\n{second}The bench prints `accept length: 1.00` per batch.\n"
    )


def test_two_runs_printing_one_the_words_of_one_run_alone() -> None:
    # lengths of 1 in several paragraphs: the words count in their own paragraph alone
    got = read_paste(_two_runs("Nothing gets accepted. ", "")).records
    rules = [r.bonus.rule for r in got]
    assert rules[0].startswith("value: the paste says 'Nothing gets accepted'")
    # (run B's length is no more decided by run A's words; the paste's rule that one name is
    # printed one way may still decide it from run A's)
    assert not rules[1].startswith("value: the paste says")
    got = read_paste(_two_runs("", "Every draft is rejected by the verifier. ")).records
    assert [r.bonus.rule.startswith("value: the paste says") for r in got] == [False, True]


def test_one_paragraph_of_ones_takes_the_words_of_the_whole_paste() -> None:
    # (one run printing 1: the words of another paragraph still say it, as the report above)
    text = "Every draft is rejected by the verifier.\n\n" + "`accept length: 1.00`\n"
    (r,) = read_paste(text).records
    assert r.bonus.rule.startswith("value: the paste says")


@pytest.mark.parametrize(
    "cause",
    [
        "Every proposal is rejected by the verifier.",
        "The verifier rejects every proposal after the reload.",
        # (a sentence wrapped inside a code comment, its marker on the next line)
        "// the head writes nowhere, so every proposal is\n    // rejected by the verifier",
    ],
)
def test_every_proposal_rejected_says_none_accepted(cause: str) -> None:
    (r,) = read_paste(_report(cause)).records
    assert r.accept_length == 1.0


def test_negative_control_a_proposal_rejected_now_and_then_decides_nothing() -> None:
    (r,) = read_paste(_report("A proposal is rejected now and then, as expected.")).records
    assert r.accept_length is None
    text = "// if every proposal is\n// rejected, the head writes nowhere"
    (r,) = read_paste(_report(text)).records
    assert r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(hundredths=st.integers(101, 480), unit=st.sampled_from(["/step", " per step", "/round"]))
def test_a_value_before_a_bare_accepted_per_step_is_a_length_undecided(
    hundredths: int, unit: str
) -> None:
    # what a bare 'accepted' counts per step is not said: printed, no convention claimed
    v = f"{hundredths / 100:.2f}"
    text = f"MTP drafting on the large model.\nThe run measured {v} accepted{unit} on chat.\n"
    (r,) = read_paste(text).records
    assert r.printed_length == float(v)
    assert r.accept_length is None


def test_a_bare_accepted_per_step_of_one_where_every_proposal_is_rejected() -> None:
    text = (
        "MTP drafting on the large model; every proposal is rejected.\n"
        "Measured as `draft budget 3` with `1.00 accepted/step`.\n"
    )
    (r,) = read_paste(text).records
    assert (r.printed_length, r.accept_length) == (1.0, 1.0)


def test_negative_control_accepted_per_draft_token_is_no_length() -> None:
    text = "MTP drafting on the large model.\nThe run measured 0.62 accepted per draft token.\n"
    assert all(r.printed_length is None for r in read_paste(text).records)
