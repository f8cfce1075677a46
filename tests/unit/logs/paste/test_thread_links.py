"""A tool named only by a link to a thread of its repository (a pull request, an issue, a
commit: links.py) is a hint, never the tool whose convention decides the figures, in any
structure (prose, key-value lines, a table); a name in the paste's words still is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.links import without_thread_links
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_REPOS = [
    ("sgl-project/sglang", "sglang"),
    ("vllm-project/vllm", "vllm"),
    ("ggml-org/llama.cpp", "llamacpp"),
    ("someone/SGLang", "sglang"),  # a fork's
]
_THREADS = [
    "pull/{n}",
    "pull/{n}/files",
    "issues/{n}",
    "issues/{n}#issuecomment-77",
    "commit/3fa9c1e",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    repo=st.sampled_from(_REPOS),
    thread=st.sampled_from(_THREADS),
    n=st.integers(10, 99_999),
    markdown=st.booleans(),
    hundredths=st.integers(120, 690),
)
def test_a_tool_named_only_by_a_thread_link_decides_nothing(
    read: Read, repo: tuple[str, str], thread: str, n: int, markdown: bool, hundredths: int
) -> None:
    url = f"https://github.com/{repo[0]}/{thread.format(n=n)}"
    link = f"[{url}]({url})" if markdown else url
    text = (
        f"I tested the DFlash draft on GSM8K using the pull request {link}.\n\n"
        f"The acceptance length was around **{hundredths / 100:.2f}** with English prompts.\n"
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(hundredths / 100)
    assert r.accept_length is None and r.bonus.value == "unknown"
    assert r.tool == "unknown" and repo[1] in r.tool_rule and "link" in r.tool_rule


def test_a_tool_also_named_in_words_still_decides() -> None:
    text = (
        "Tested on SGLang 0.5 with https://github.com/sgl-project/sglang/pull/123 applied.\n\n"
        "The accept length was 3.4 on GSM8K.\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.accept_length == 3.4


def test_links_blanked_and_told() -> None:
    text = "see https://github.com/vllm-project/vllm/pull/42 and vllm/blob"
    assert len(without_thread_links(text)) == len(text)
    assert "pull/42" not in without_thread_links(text)


_TABLE = "| dataset | accept length |\n|---|---|\n| gsm8k | 3.21 |\n| mt-bench | 2.87 |\n"


@pytest.mark.parametrize(
    ("lead", "tool"),
    [
        # a table under a link to a pull request: the tool named only by the link decides nothing
        ("Results with https://github.com/sgl-project/sglang/pull/1234 applied:", "unknown"),
        ("Numbers from [this issue](https://github.com/vllm-project/vllm/issues/1234):", "unknown"),
        # the tool also named in words, or a link into its own source files: still the tool
        (
            "Results on SGLang with https://github.com/sgl-project/sglang/pull/1234 applied:",
            "sglang",
        ),
        (
            "Results, read by https://github.com/sgl-project/sglang/blob/main/python/sglang/"
            "bench_serving.py:",
            "sglang",
        ),
    ],
)
def test_a_table_under_a_thread_link(read: Read, lead: str, tool: str) -> None:
    records = read(lead + "\n\n" + _TABLE).records
    assert [r.printed_length for r in records] == [3.21, 2.87]
    assert {r.tool for r in records} == {tool}
    if tool == "unknown":
        assert all(r.accept_length is None and "link" in r.tool_rule for r in records)
    else:
        assert [r.accept_length for r in records] == [3.21, 2.87]
