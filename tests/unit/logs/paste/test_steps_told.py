"""SGLang's steps and draft tokens told in words ('three speculative steps and four draft
tokens') state the draft depth (interpret._K_STEPS_TOLD): a length above it counts the bonus
token; the steps without the draft tokens state nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.interpret import k_stated
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.sampled_from([("three", 3), ("3", 3), ("four", 4), ("5", 5), ("two", 2)]),
    kind=st.sampled_from(["speculative", "draft"]),
    above=st.integers(1, 95),
)
def test_steps_told_in_words_decide_a_length_above_them(
    steps: tuple[str, int], kind: str, above: int
) -> None:
    word, k = steps
    length = round(k + above / 100, 2)
    text = (
        f"The recipe runs {word} {kind} steps and {k + 1} draft tokens a round. "
        f"The accept length is {length:.2f} on the chat set.\n"
    )
    assert k_stated(text) == k
    (r,) = read_paste(text).records
    assert r.accept_length == pytest.approx(length)
    assert r.bonus.value == "included"


def test_negative_control_steps_without_draft_tokens_state_nothing(read: Read) -> None:
    text = "The recipe runs three speculative steps. The accept length is 3.40 on the chat set.\n"
    assert k_stated(text) is None
    assert all(r.accept_length is None for r in read(text).records)
