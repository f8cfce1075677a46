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
