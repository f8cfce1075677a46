"""A stack field naming the one serving engine ('**Stack:** vLLM 0.21 · some-model · fp8 KV ·
...', its value up to 120 characters) is a field saying what served the run, as an engine or
backend field is (tools._DECLARED): the engine's conventions decide the paste's lengths under
its own name. A stack naming two engines, or no stack field, reads as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _paste(stack: str) -> str:
    return (
        "## Two-card rig notes\n\n"
        f"{stack}\n"
        "**Report made:** 2026-03-02\n\n"
        "### Bench\n\n"
        "| Metric | Chat | Code |\n|---|---|---|\n"
        "| Decode TPS | 151.2 | 190.4 |\n"
        "| Draft accept | AL 3.27 | — |\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    key=st.sampled_from(["**Stack:**", "Stack:", "- Stack:", "**Serving stack:**"]),
    version=st.sampled_from(["v0.21.0", "0.19.1", "v0.30.2"]),
    parts=st.lists(
        st.sampled_from(["some-27B NVFP4", "fp8 KV", "MTP n=3", "128K ctx", "P2P OFF", "TP 2"]),
        min_size=0,
        max_size=6,
    ),
)
def test_a_stack_field_names_the_server(key: str, version: str, parts: list[str]) -> None:
    stack = " · ".join([f"vLLM {version}", *parts])
    (r,) = read_paste(_paste(f"{key} {stack}")).records
    assert r.tool == "vllm" and r.accept_length == 3.27, (r.tool_rule, r.bonus)
    assert "backend or engine field" in r.tool_rule


def test_a_stack_of_two_engines_reads_as_before() -> None:
    (r,) = read_paste(_paste("**Stack:** vLLM v0.21.0 vs SGLang 0.5.2 · fp8 KV")).records
    assert r.accept_length is None


def test_no_stack_field_reads_as_before() -> None:
    (r,) = read_paste(_paste("**Notes:** vLLM v0.21.0 · fp8 KV")).records
    assert r.accept_length is None and r.printed_length == 3.27
