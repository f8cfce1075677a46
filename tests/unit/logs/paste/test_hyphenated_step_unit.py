"""Tokens per step written as a hyphenated compound after a decimal (`2.40 tokens-per-round`,
`1.85 tok-per-step`): the same unit as `tokens per round`, a length with the target's own token
counted. Near misses: a speed (`tokens-per-second`), a whole number (a setting or what a step
drafts), a unit of something else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NOUNS = ["step", "round", "cycle", "verify", "iteration"]


@given(
    tok=st.sampled_from(["tokens", "token", "tok", "toks"]),
    noun=st.sampled_from(_NOUNS),
    hundredths=st.integers(105, 690),
    lead=st.sampled_from(
        [
            "Our draft model holds {v} at k=4.",
            "Gate: acceptance above 70% (we measured 81.0% / {v} with k=4).",
            "- speculative run, k=4: {v}",
        ]
    ),
)
def test_hyphenated_unit_is_tokens_per_step(
    read: Read, tok: str, noun: str, hundredths: int, lead: str
) -> None:
    v = f"{hundredths / 100:.2f} {tok}-per-{noun}"
    got = read(lead.format(v=v) + "\n").records
    lengths = [r.accept_length for r in got if r.accept_length is not None]
    assert lengths == [pytest.approx(hundredths / 100)]
    assert [r.bonus.value for r in got if r.accept_length is not None] == ["included"]


@pytest.mark.parametrize(
    "text",
    [
        "Speculative decoding on: 45.30 tokens-per-second at k=4.",
        "Speculative decoding on, k=4: the draft proposes 4 tokens-per-step.",
        "Speculative decoding on: 3.10 joules-per-step at k=4.",
    ],
)
def test_near_misses_give_no_length(read: Read, text: str) -> None:
    assert all(r.accept_length is None for r in read(text + "\n").records)
