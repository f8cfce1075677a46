"""'accepted tokens per draft' (a draft: one step's proposal, as vLLM counts its drafts) above 1
is accepted drafts per step, the bonus left out, as 'accepted per draft' is (cells.key); at or
below 1 it may be accepted / drafted, a rate, and is no length (evidence.Figures.put)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = [
    "accepted_tokens_per_draft",
    "accepted tokens per draft",
    "mean_accepted_tokens_per_draft",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    steps=st.integers(50, 400),
    per=st.integers(110, 390),
    with_counts=st.booleans(),
)
def test_above_one_it_is_accepted_drafts_per_step(
    name: str, steps: int, per: int, with_counts: bool
) -> None:
    accepted = steps * per // 100
    value = accepted / steps
    obj: dict[str, object] = {"mode": "spec-3"}
    if with_counts:
        obj.update({"drafts": steps, "accepted_tokens": accepted})
    obj[name] = value
    got = [(r.printed_length, r.accept_length) for r in read_paste(json.dumps(obj)).records]
    assert got == [(pytest.approx(value), pytest.approx(value + 1))]


@pytest.mark.parametrize(
    "text",
    [
        '{"mode": "spec-3", "accepted_tokens_per_draft": 0.73}',
        "accepted tokens per draft: 0.64\n",
    ],
)
def test_negative_control_at_most_one_is_no_length(read: Read, text: str) -> None:
    assert all(r.printed_length is None for r in read(text).records)
