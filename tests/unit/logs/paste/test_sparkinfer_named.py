"""sparkinfer named over a block or in it is the block's tool: its name alone, one word in any
case. Its conventions in prose and tables are unsaid, so naming it decides no length. The
words 'spark' and 'infer' apart, or a longer identifier holding the name, name no tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["sparkinfer", "SparkInfer", "SPARKINFER"]),
    where=st.sampled_from(["heading", "line"]),
    length=st.integers(min_value=120, max_value=480),
)
def test_the_name_makes_the_blocks_tool(read: Read, name: str, where: str, length: int) -> None:
    v = f"{length / 100:.2f}"
    if where == "heading":
        text = f"## {name} nightly check\n\n- block drafter: accept length was {v}.\n"
    else:
        text = f"- block drafter on {name}: accept length was {v}.\n"
    (r,) = read(text).records
    assert r.tool == "sparkinfer"
    assert r.printed_length == float(v)
    assert r.accept_length is None  # (its convention unsaid)


@settings(max_examples=examples(20), deadline=None)
@given(
    words=st.sampled_from(
        [
            "## Spark infer nightly check\n\n",
            "## spark-infer-bench results\n\n",
            "## my_sparkinfer_probe results\n\n",
        ]
    ),
    length=st.integers(min_value=120, max_value=480),
)
def test_no_tool_from_other_words(read: Read, words: str, length: int) -> None:
    v = f"{length / 100:.2f}"
    recs = read(words + f"- block drafter: accept length was {v}.\n").records
    assert all(r.tool != "sparkinfer" for r in recs)
    assert "sparkinfer" not in T.tools_named(words)
