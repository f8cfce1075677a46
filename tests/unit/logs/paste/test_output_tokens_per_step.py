"""A value followed by 'output tokens' or 'generated tokens' per step (per verification, per
round, per verify step): the tokens a step adds to the output, the target's own among them, an
accept length with the bonus counted. Near misses: output tokens per second or per request (a
throughput, a reply's length), no decimals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NOUN = st.sampled_from(["output tokens", "generated tokens", "Output tokens"])
_STEP = st.sampled_from(
    ["verification", "verify step", "verification step", "step", "round", "forward pass"]
)
_SEP = st.sampled_from([" per ", "/"])
_LENGTH = st.floats(1.05, 7.9).map(lambda x: round(x, 2))
_LEAD = st.sampled_from(
    [
        "Our draft head for speculative decoding reached {rate}% acceptance, with {v} {unit}.",
        "With speculative decoding on, the run gave {v} {unit} (draft acceptance {rate}%).",
        "EAGLE speculative decoding: {v} {unit} measured over the eval set.",
    ]
)


@settings(max_examples=examples(30), deadline=None)
@given(lead=_LEAD, noun=_NOUN, sep=_SEP, step=_STEP, v=_LENGTH, rate=st.integers(10, 90))
def test_output_tokens_per_step_is_a_length_bonus_counted(
    lead: str, noun: str, sep: str, step: str, v: float, rate: int
) -> None:
    text = lead.format(v=f"{v:.2f}", unit=f"{noun}{sep}{step}", rate=rate)
    recs = [r for r in read_paste(text).records if r.printed_length is not None]
    assert [r.printed_length for r in recs] == [pytest.approx(v)]
    assert recs[0].accept_length == pytest.approx(v)


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEAD,
    noun=_NOUN,
    sep=_SEP,
    per=st.sampled_from(["second", "request", "sec", "prompt", "user"]),
    v=_LENGTH,
    rate=st.integers(10, 90),
)
def test_output_tokens_per_second_or_request_is_no_length(
    lead: str, noun: str, sep: str, per: str, v: float, rate: int
) -> None:
    text = lead.format(v=f"{v:.2f}", unit=f"{noun}{sep}{per}", rate=rate)
    assert all(r.printed_length is None for r in read_paste(text).records)
