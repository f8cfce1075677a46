"""SGLang's own key pair under a heading naming vLLM's metrics line (decode_pair.py): a block of
`accept len: N, accept rate: N` lines is SGLang's where the paste names SGLang, whatever the
heading above calls the block. Without SGLang named, or with vLLM's own keys in the block, the
heading's tool stays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.decode_pair import sglang_pair
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(title: str, heading: str, lines: list[str], fence: bool) -> str:
    body = "\n".join(lines)
    if fence:
        body = f"```\n{body}\n```"
    return f"# {title}\n\nRe-ran the long-context sweep overnight.\n\n{heading}\n\n{body}\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=st.lists(st.tuples(st.integers(150, 480), st.integers(10, 95)), min_size=1, max_size=4),
    title=st.sampled_from(
        ["[report] sglang-llama-70b-eagle on 4 GPUs", "SGLang EAGLE-3 sweep", "Results (sglang)"]
    ),
    heading=st.sampled_from(
        [
            "From the `SpecDecoding metrics` block of the new run:",
            "The SpecDecoding metrics section now shows:",
        ]
    ),
    tail=st.sampled_from(["", "   @ ~12,000 tok", ", gen throughput (token/s): 41.2"]),
    fence=st.booleans(),
)
def test_sglang_pair_under_vllms_name_is_sglangs(
    read: Read, runs: list[tuple[int, int]], title: str, heading: str, tail: str, fence: bool
) -> None:
    lines = [f"accept len: {a / 100:.2f}, accept rate: {r / 100:.2f}{tail}" for a, r in runs]
    got = read(_paste(title, heading, lines, fence)).records
    assert [r.printed_length for r in got] == pytest.approx([a / 100 for a, _ in runs])
    assert {r.tool for r in got} == {"sglang"}


def test_without_sglang_named_the_heading_stays() -> None:
    text = _paste(
        "Long-context sweep",
        "From the `SpecDecoding metrics` block of the new run:",
        ["accept len: 2.73, accept rate: 0.43", "accept len: 3.10, accept rate: 0.52"],
        fence=True,
    )
    assert {r.tool for r in read_paste(text).records} != {"sglang"}


@pytest.mark.parametrize(
    "block",
    [
        "accept len: 2.73, accept rate: 0.43\nMean acceptance length: 2.73",  # vLLM's key
        "accept len: 2.73, accept rate: 0.43\nAccepted: 120 tokens, Drafted: 300 tokens",
        "accept len: 2.73\naccept rate: 0.43",  # not the pair on one line
        "accept rate: 0.43, accept len: 2.73",  # another order
        "mean accept length: 2.73, accept rate: 0.43",
    ],
)
def test_not_the_pair(block: str) -> None:
    assert not sglang_pair(block)
