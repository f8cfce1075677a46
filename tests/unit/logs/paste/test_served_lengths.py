"""The one tool a paste names as the server of its runs ('serving ... in vLLM 0.11.0', a setup
item '* vLLM 0.11.0, v1 engine'): its documented convention decides a length the user's prose
gives under the tool's own name for it ('AL', 'mean acceptance length'), never a rate, never a
figure the paste gives another source for (a paper, a model card, another tool), never a vLLM
older than 0.9 (which printed its length without the bonus token). The tool's version field
('**vLLM version**: 0.12.0') names it as the server too."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETUPS = [
    "* vLLM {v}, v1 engine, async scheduling enabled\n* 2x H100, TP=2\n* Prefix caching on",
    "- vLLM {v} (docker image)\n- 8x A100, TP=8\n- chunked prefill enabled",
    "We have been serving Qwen3-32B with an EAGLE-3 draft in vLLM {v} for two weeks.",
    "The model is deployed on vLLM {v} behind a load balancer.",
    # the tool's version field, as an issue's form or an environment report gives it
    "**vLLM version**: {v} (nightly image)\n**Hardware**: 2x H100, TP=2",
    "vLLM version = v{v}\ngpu = 8x A100",
]
_FILLER = "# Problem\n\nThe service restarts nightly; traffic is steady.\n\n# Observations\n\n"
_NAMES = ["AL", "the AL", "the mean acceptance length", "acceptance length"]


def _paste(setup: str, version: str, sentence: str) -> str:
    return "# Setup\n\n" + setup.format(v=version) + "\n\n" + _FILLER + sentence + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    setup=st.sampled_from(_SETUPS),
    minor=st.integers(9, 19),
    name=st.sampled_from(_NAMES),
    start=st.integers(220, 400),
    drop=st.integers(10, 60),
)
def test_a_served_tools_length_in_prose(
    read: Read, setup: str, minor: int, name: str, start: int, drop: int
) -> None:
    a, b = start / 100, (start - drop) / 100
    text = _paste(
        setup,
        f"0.{minor}.1",
        f"In production {name} starts at ~{a:.2f}, then regresses to ~{b:.2f}.",
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(a), pytest.approx(b)]
    assert [r.accept_length for r in got] == [pytest.approx(a), pytest.approx(b)]
    assert all(r.tool == "vllm" and "server of its runs" in r.tool_rule for r in got)
    assert all(r.bonus.rule.startswith("tool: vLLM") for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(setup=st.sampled_from(_SETUPS), start=st.integers(50, 90))
def test_never_a_rate(read: Read, setup: str, start: int) -> None:
    text = _paste(
        setup,
        "0.11.0",
        f"In production the acceptance rate starts at ~{start}%, then drops to ~40%.",
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(start / 100), pytest.approx(0.4)]
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "sentence",
    [
        # a paper's figure, a model card's
        "For reference, the EAGLE-3 paper reports an AL of 3.4 on MT-bench.",
        "The model card's published AL is 3.4 on MT-bench.",
        # another tool measured it
        "Offline, SpecForge's bench_eagle3.py gives an accept length of 3.2.",
    ],
)
def test_no_served_convention_for_another_source(read: Read, sentence: str) -> None:
    text = _paste(_SETUPS[0], "0.11.0", sentence)
    got = read(text).records
    assert got
    assert not any("server of its runs" in r.tool_rule for r in got)
    # (SpecForge's own convention may decide its own figure: never vLLM's)
    assert all(r.accept_length is None or r.tool == "specforge" for r in got)


def test_counts_that_do_not_fit_decide_nothing(read: Read) -> None:
    # 1 + 1420 / 1000 is no 2.9: the paste's own figures disagree, the tool decides nothing
    sentence = "In production the mean acceptance length is 2.9 (1420 accepted over 1000 steps)."
    got = read(_paste(_SETUPS[0], "0.11.0", sentence)).records
    assert [r.printed_length for r in got] == [2.9]
    assert got[0].accept_length is None


def test_an_old_vllm_decides_nothing(read: Read) -> None:
    # vLLM 0.8.5 printed its mean acceptance length without the bonus token
    text = _paste(_SETUPS[0], "0.8.5", "In production the AL starts at ~2.9, then drops to ~2.5.")
    got = read(text).records
    assert [r.printed_length for r in got] == [2.9, 2.5]
    assert all(r.accept_length is None for r in got)


def test_a_tool_named_but_not_as_server(read: Read) -> None:
    # vLLM named as what was tried once, not as the server of the runs
    text = (
        "# Problem\n\nThe AL regresses over time.\n\n# Observations\n\n"
        "In production the AL starts at ~2.9, then regresses to ~2.5.\n\n"
        "We also tried vLLM 0.11.0 once on a laptop.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [2.9, 2.5]
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("when serving models with EAGLE drafts in vLLM 0.17.1. AL drops", {"vllm"}),
        ("* vLLM 0.17.1, v1 engine", {"vllm"}),
        ("1. **SGLang** v0.5.3 (nightly)", {"sglang"}),
        ("we deployed on SGLang last week", {"sglang"}),
        ("- vLLM 0.9 added EAGLE-3 support", set()),  # a feature's origin
        ("Serving vs vLLM: ours is faster", set()),
        ("unlike serving in SGLang, we ...", set()),
        ("* vLLM 0.8.5, v0 engine", set()),  # printed its length without the bonus token
        ("**vLLM version**: 0.12.0rc1", {"vllm"}),
        ("SGLang version: v0.5.3", {"sglang"}),
        ("vLLM Version: 0.8.5.post1", set()),  # its version field, as old
        ("Python version: 3.12.1", set()),  # no tool's version
        ("> the vLLM version: it ships 0.12 soon", set()),  # no field: words before the name
        ("served with care", set()),
        # a recipe's field requiring the engine's version
        ('recipe:\n  min_vllm_version: "0.14.2"', {"vllm"}),
        ("sglang_version = 0.5.4", {"sglang"}),
        ("  min_vllm_version: 0.8.5", set()),  # before the bonus token was counted
        ("python_version: 3.12", set()),
        ("vllm version 0.14 is out", set()),  # no field
    ],
)
def test_served(text: str, tools: set[str]) -> None:
    assert T.served(text) == tools


_RECIPE = (
    "info:\n"
    "  name: demo-moe\n"
    '  summary: "{head}"\n'
    "engine:\n"
    '  {field}: "0.{minor}.0"\n'
    "  args:\n"
    '    - "--speculative-config"\n'
    '    - \'{{"method":"mtp","num_speculative_tokens":{k}}}\'\n'
    "\n"
    "dependencies:\n"
    '  - command: "uv pip install vllm"\n'
)


@settings(max_examples=examples(25), deadline=None)
@given(
    minor=st.integers(9, 30),
    k=st.integers(2, 6),
    al=st.integers(150, 400),
    name=st.sampled_from(["mean acceptance length", "AL", "acceptance length"]),
)
def test_a_recipe_requiring_the_engine_decides_its_length(
    read: Read, minor: int, k: int, al: int, name: str
) -> None:
    # a recipe's headline field, the recipe requiring the engine by a version field: the
    # engine's length, under its own name, bonus included
    head = f"210 tok/s per user with MTP{k} ({name} {al / 100:.2f})"
    got = read(_RECIPE.format(head=head, field="min_vllm_version", minor=minor, k=k)).records
    assert [r.printed_length for r in got] == [pytest.approx(al / 100)]
    assert got[0].accept_length == pytest.approx(al / 100)
    assert got[0].tool == "vllm"


@pytest.mark.parametrize(
    ("field", "minor", "head"),
    [
        ("min_vllm_version", 8, "210 tok/s per user (mean acceptance length 2.40)"),  # old vLLM
        ("min_cuda_version", 12, "210 tok/s per user (mean acceptance length 2.40)"),  # no engine
        ("min_vllm_version", 12, "the paper's AL is 2.40 on chat prompts"),  # another source
    ],
)
def test_a_recipe_field_that_decides_nothing(read: Read, field: str, minor: int, head: str) -> None:
    got = read(_RECIPE.format(head=head, field=field, minor=minor, k=3)).records
    assert len(got) == 1
    assert got[0].accept_length is None
