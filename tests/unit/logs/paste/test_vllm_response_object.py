"""vLLM's per-request response object named by its keys (`tools._MARKS`): a
`speculative_decoding` object holding `num_accepted_draft_tokens` (vLLM's spelling; TensorRT-LLM's
object of the same name counts `total_accepted_draft_tokens`) is vLLM's, also where the body is
pasted with placeholders (`"choices": [ ... ]`) the line scanner cannot parse. The same counts
under another key, or TensorRT-LLM's spelling, name no vLLM."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _body(steps: int, accepted: int, k: int, key: str, counts: str, first: bool) -> str:
    spec = {
        "mean_acceptance_length": 1 + accepted / steps,
        "num_spec_steps": steps,
        counts: accepted,
        "num_draft_tokens": steps * k,
        "num_spec_tokens": k,
    }
    if not first:  # the counts' key ahead of the length
        spec = {counts: accepted, **{a: b for a, b in spec.items() if a != counts}}
    metrics = {"e2e_latency_s": 1.25, key: spec}
    text = json.dumps({"usage": {"completion_tokens": 80}, "metrics": metrics}, indent=2)
    # as pasted in a description: a placeholder list, never valid JSON
    return text.replace('"usage": {', '"choices": [ ... ],\n  "usage": {', 1) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(10, 400),
    share=st.floats(0.05, 0.95),
    k=st.integers(1, 5),
    first=st.booleans(),
)
def test_vllms_response_object_names_vllm(steps: int, share: float, k: int, first: bool) -> None:
    accepted = int(steps * k * share)
    text = _body(steps, accepted, k, "speculative_decoding", "num_accepted_draft_tokens", first)
    (r,) = read_paste(text).records
    assert r.tool == "vllm"
    assert r.accept_length is not None and abs(r.accept_length - (1 + accepted / steps)) < 1e-3


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.integers(10, 400),
    k=st.integers(1, 5),
    other=st.sampled_from(
        [
            ("speculative_decoding", "total_accepted_draft_tokens"),
            ("spec_stats", "num_accepted_draft_tokens"),
            ("my_speculative_decoding", "num_accepted_draft_tokens"),
        ]
    ),
)
def test_another_key_names_no_vllm(steps: int, k: int, other: tuple[str, str]) -> None:
    key, counts = other
    recs = read_paste(_body(steps, steps // 2, k, key, counts, True)).records
    assert all(r.tool != "vllm" for r in recs)
