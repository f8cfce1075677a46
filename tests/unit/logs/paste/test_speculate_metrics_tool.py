"""FastDeploy's response body names no tool, but its per-request object does: the choices'
`speculate_metrics` (accepted tokens, rejected tokens, accept ratio, average accept length, the
per-head counts and ratios) is a field only FastDeploy's OpenAI-style responses carry. A body
holding it, pasted with no other tool named, is FastDeploy's; the same figures under another key
(or the name inside a longer identifier) name no tool."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _body(key: str, steps: int, heads: list[int], indent: int | None, order: bool) -> str:
    per_head = [steps, *heads]
    accepted = sum(per_head)
    metrics = {
        "accepted_tokens": accepted,
        "rejected_tokens": steps * len(per_head) - accepted,
        "accept_ratio": 1 - steps / accepted,
        "average_accept_length": accepted / steps,
        "accepted_tokens_per_head": per_head,
    }
    if not order:
        metrics = dict(reversed(list(metrics.items())))
    body = {"id": "chatcmpl-7", "choices": [{"index": 0, key: metrics}]}
    return json.dumps(body, indent=indent)


_STEPS_AND_HEADS = st.integers(20, 400).flatmap(
    lambda steps: st.tuples(
        st.just(steps),
        st.lists(st.integers(1, steps), min_size=1, max_size=4).map(
            lambda xs: sorted(xs, reverse=True)
        ),
    )
)


@settings(max_examples=examples(20), deadline=None)
@given(
    sh=_STEPS_AND_HEADS,
    indent=st.sampled_from([None, 2, 4]),
    order=st.booleans(),
    title=st.sampled_from(["", "Example return of the chat endpoint:\n\n", "Response body:\n"]),
    fence=st.booleans(),
)
def test_speculate_metrics_names_its_tool(
    read, sh: tuple[int, list[int]], indent: int | None, order: bool, title: str, fence: bool
) -> None:
    steps, heads = sh
    body = _body("speculate_metrics", steps, heads, indent, order)
    if fence:
        body = f"```json\n{body}\n```"
    recs = read(f"{title}{body}\n").records
    assert len(recs) == 1
    (r,) = recs
    assert r.tool == "fastdeploy"
    assert r.printed_length == pytest.approx((steps + sum(heads)) / steps)


@pytest.mark.parametrize("key", ["speculative_metrics", "my_speculate_metrics", "spec_metrics"])
def test_other_keys_name_no_tool(read, key: str) -> None:
    recs = read(_body(key, 60, [36, 23, 9], 4, True) + "\n").records
    assert all(r.tool != "fastdeploy" for r in recs)
