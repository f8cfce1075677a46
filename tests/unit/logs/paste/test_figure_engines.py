"""`X on <engine A> vs Y on <engine B>`, `X with A, Y with B`: each figure said measured on its
own serving engine, beside another engine's, is that engine's and takes its convention; never
where the name after the preposition is no engine alone (a style, a page, a model id), nor
where one engine is named twice."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.unit.logs.paste.pipeline import Read

RULE = "the engine the figure is said measured on, beside another engine's"


def _tools(read: Read, text: str) -> list[tuple[str, float | None, float | None]]:
    return [(r.tool, r.printed_length, r.accept_length) for r in read(text).records]


def test_a_title_comparing_two_engines(read: Read) -> None:
    text = "# Draft model X: acceptance length ~2.5 on llama.cpp vs ~4.0 on SGLang, same drafter?\n"
    assert _tools(read, text) == [("llamacpp", 2.5, 2.5), ("sglang", 4.0, 4.0)]
    assert {r.tool_rule for r in read(text).records} == {RULE}


def test_prose_with_each_engine(read: Read) -> None:
    text = "Same target and draft.\nMean acceptance length 2.7 with SGLang, 3.2 with vLLM 0.11.\n"
    assert _tools(read, text) == [("sglang", 2.7, 2.7), ("vllm", 3.2, 3.2)]


def test_a_style_or_a_page_is_no_engine(read: Read) -> None:
    for text in (
        "Prompt styles.\nAcceptance length 2.4 with vLLM-style prompts vs 2.9 with SGLang-style ones.\n",
        "Docs.\nAcceptance length 2.4 on the vLLM docs page vs 2.9 on the SGLang docs page.\n",
        "Drafts.\nAcceptance length 2.4 with sglang/EAGLE-x vs 2.9 with vllm/EAGLE-y drafts.\n",
    ):
        assert {t for t, _, _ in _tools(read, text)} <= {"unknown"}, text


def test_one_engine_twice_decides_nothing_new(read: Read) -> None:
    text = "Served on vLLM and SGLang.\nAcceptance length 2.4 on vLLM vs 2.9 on vLLM with a new draft.\n"
    assert all(r.tool_rule != RULE for r in read(text).records)


@given(
    a=st.integers(min_value=11, max_value=79),
    b=st.integers(min_value=11, max_value=79),
    sep=st.sampled_from([" vs ", ", ", " versus ", " while "]),
    prep=st.sampled_from(["on", "with", "in", "under"]),
)
def test_figure_engines_any_pair(a: int, b: int, sep: str, prep: str) -> None:
    line = f"accept length {a / 10:.1f} {prep} SGLang{sep}{b / 10:.1f} {prep} llama.cpp"
    got = T.figure_engines(line)
    assert sorted(got.values()) == ["llamacpp", "sglang"]
    assert T.figure_engine(line, [f"{a / 10:.1f}"]) == ("sglang" if a != b else None)
