"""Tokens a step named by what the step emits, before the unit's step noun ('2.3 tokens emitted
per verify', '2.3 emitted per round': interpret._LENGTH_FIRST): tokens a step, the target's own
token counted; a whole count, a per-second rate or another noun after the participle is not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_UNITS = st.sampled_from(
    ["emitted per verify", "tokens emitted per verify", "emitted per step", "emitted/verify"]
)
_LEADS = st.sampled_from(["The drafter averaged {v}", "MTP held {v}"])


@settings(max_examples=examples(30), deadline=None)
@given(unit=_UNITS, lead=_LEADS, x=st.integers(150, 480))
def test_a_decimal_emitted_per_step_is_tokens_a_step(read, unit: str, lead: str, x: int) -> None:
    v = x / 100
    text = f"MTP speculative decoding notes.\n\n{lead.format(v=f'{v:.2f}')} {unit}.\n"
    recs = read(text).records
    assert [r.accept_length for r in recs] == pytest.approx([v])


@pytest.mark.parametrize(
    "line",
    [
        "The server emitted 3 per verify.",  # a whole count, no mean
        "The server averaged 41.20 emitted per second.",  # a speed
        "The server averaged 2.40 emitted warnings per step.",  # another noun
    ],
)
def test_near_misses_give_no_length(read, line: str) -> None:
    text = f"MTP speculative decoding notes.\n\n{line}\n"
    assert all(r.accept_length is None for r in read(text).records)
