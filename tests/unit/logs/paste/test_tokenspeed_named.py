"""TokenSpeed (an engine derived from SGLang) named over a block or in it is the block's tool:
its name alone, written as one word in any case ('TokenSpeed', 'tokenspeed'). Its conventions
in prose and tables are unsaid, so naming it decides no length. The English words 'token speed'
(a throughput) name no tool, nor does a longer identifier holding the name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["TokenSpeed", "tokenspeed", "TOKENSPEED"]),
    where=st.sampled_from(["heading", "line"]),
    length=st.integers(min_value=120, max_value=480),
)
def test_the_name_makes_the_blocks_tool(read: Read, name: str, where: str, length: int) -> None:
    v = f"{length / 100:.2f}"
    if where == "heading":
        text = f"### {name} + a draft head\n\n- c1 run: accept length was {v}.\n"
    else:
        text = f"- c1 run on {name}: accept length was {v}.\n"
    (r,) = read(text).records
    assert r.tool == "tokenspeed"
    assert r.printed_length == float(v)
    assert r.accept_length is None  # (its convention unsaid)


@settings(max_examples=examples(20), deadline=None)
@given(
    words=st.sampled_from(
        [
            "### Output token speed\n\n",
            "### token-speed sweep\n\n",
            "### my_tokenspeed_probe results\n\n",
        ]
    ),
    length=st.integers(min_value=120, max_value=480),
)
def test_no_tool_from_other_words(read: Read, words: str, length: int) -> None:
    v = f"{length / 100:.2f}"
    recs = read(words + f"- c1 run: accept length was {v}.\n").records
    assert all(r.tool != "tokenspeed" for r in recs)
    assert "tokenspeed" not in T.tools_named(words)
