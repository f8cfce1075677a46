"""A title of instructions below a table ('Usage with vLLM', 'Deployment on SGLang', as a page
copied without its markup gives it) opens a block of its own: the tool it names is how to run the
model, not the printer of the figures above it, so its conventions do not decide them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import READERS, Read

_TABLE = "Results on our two prompt sets\n| setup | accept length |\n|---|---|\n| base | {a} |\n| tuned | {b} |\n"
_CODE = "from {mod} import Engine\nengine = Engine(model='ours', draft='ours-draft')\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    tool=st.sampled_from([("vLLM", "vllm"), ("SGLang", "sglang")]),
    title=st.sampled_from(
        [
            "Usage with {t}",
            "## Deployment on {t}",
            "**Quickstart with {t}**",
            "How to use it with {t}:",
        ]
    ),
    a=st.integers(110, 390),
    b=st.integers(110, 390),
    reader=st.sampled_from(READERS),
)
def test_a_usage_title_names_no_printer(
    tool: tuple[str, str], title: str, a: int, b: int, reader: tuple[str, Read]
) -> None:
    name, mod = tool
    text = _TABLE.format(a=a / 100, b=b / 100) + title.format(t=name) + "\n" + _CODE.format(mod=mod)
    recs = reader[1](text).records
    assert [r.printed_length for r in recs] == [a / 100, b / 100]
    assert all(r.accept_length is None for r in recs)


def test_a_tool_named_with_the_figures_still_decides() -> None:
    # near miss: the table's own title names the engine that measured it
    text = (
        _TABLE.replace("Results on", "vLLM results on").format(a=2.1, b=2.6) + "Usage with vLLM\n"
    )
    recs = read_paste(text).records
    assert [(r.tool, r.accept_length) for r in recs] == [("vllm", 2.1), ("vllm", 2.6)]


def test_a_sentence_about_usage_is_no_title() -> None:
    # a sentence (it ends in a full stop and goes on) stays in its block
    text = _TABLE.format(a=2.1, b=2.6) + "We measured these with vLLM on one GPU.\n"
    recs = read_paste(text).records
    assert [r.tool for r in recs] == ["vllm", "vllm"]
