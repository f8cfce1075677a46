"""SGLang's three EAGLE settings by their short names, in the order of its flags
(`--speculative-num-steps`, `--speculative-eagle-topk`, `--speculative-num-draft-tokens`):
`steps=2, topk=4, draft_tokens=6` names SGLang as the tool, whose accept length counts the
bonus. Two of the three, another order, or another tool's names for a draft tree
(`depth`, `total_token`, `num_speculative_tokens`) name no tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.tools import tools_named
from tests.support.examples import examples


@settings(max_examples=examples(60), deadline=None)
@given(
    steps=st.integers(1, 8),
    topk=st.integers(1, 10),
    tokens=st.integers(2, 64),
    num=st.booleans(),
    under=st.booleans(),
    sp=st.sampled_from(["", " "]),
    length=st.integers(130, 590),
)
def test_the_triple_names_sglang(
    steps: int, topk: int, tokens: int, num: bool, under: bool, sp: str, length: int
) -> None:
    k = "top_k" if under else "topk"
    d = "num_draft_tokens" if num else "draft_tokens"
    triple = f"steps{sp}={sp}{steps}, {k}{sp}={sp}{topk}, {d}{sp}={sp}{tokens}"
    assert tools_named(f"Checked on a 70B target (TP=4, EAGLE3, {triple})") == ["sglang"]
    v = length / 100
    text = f"- Ran the 70B target (TP=4, EAGLE3, {triple})\n  - Accept length: {v}\n"
    got = read_paste(text).records
    assert [(r.tool, r.printed_length, r.accept_length) for r in got] == [("sglang", v, v)]


@settings(max_examples=examples(40), deadline=None)
@given(
    text=st.sampled_from(
        [
            "steps=3, topk=1",
            "topk=1, steps=3, draft_tokens=4",
            "depth=3, top_k=8, total_token=60",
            "num_speculative_tokens=3, topk=1",
            "max_steps=3, topk=1, draft_tokens=4x",
        ]
    )
)
def test_negative_control_other_settings_name_no_tool(text: str) -> None:
    assert tools_named(f"Run (EAGLE, {text})") == []


def test_the_example_of_the_docs() -> None:
    text = "Tested (EAGLE, steps=2, topk=4, draft_tokens=6): accept length 2.71\n"
    got = read_paste(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 2.71)]
