"""Key-value lines right under a heading line naming them settings ('Settings:', 'Config:',
'Parameters:', '参数：') are a program's inputs: an acceptance rate there was set, not measured,
and gives no record (``notrun.settings_run_marks``). A paste whose own heading says its run is a
simulation ('Simulation (8 rounds):', '## Simulated run') gives no record at all: a simulator's
output from its own set rate (``notrun.simulation_heading``). A 'Results:' run still reads."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import notrun as NR
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEADS = st.sampled_from(
    [
        "Settings:",
        "Config:",
        "Configuration:",
        "Parameters:",
        "Params:",
        "Options:",
        "Arguments:",
        "Run settings:",
        "**Config:**",
        "设置：",
        "参数:",
        "配置:",
    ]
)
_RATE_KEYS = st.sampled_from(
    ["Acceptance rate", "Acceptance rate (alpha)", "accept_rate", "Draft acceptance"]
)


def _settings_paste(head: str, key: str, k: int, rate: float) -> str:
    return (
        "toy speculative decoding script, stdout:\n\n"
        f"{head}\n"
        f"  Draft tokens per step (k): {k}\n"
        f"  {key}: {rate:.2f}\n"
        f"  Seed: 7\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    head=_HEADS,
    key=_RATE_KEYS,
    k=st.integers(2, 8),
    rate=st.floats(0.3, 0.95).map(lambda x: round(x, 2)),
)
def test_a_rate_under_a_settings_heading_is_no_record(
    head: str, key: str, k: int, rate: float
) -> None:
    assert read_paste(_settings_paste(head, key, k, rate)).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    head=st.sampled_from(["Results:", "Summary:", "Measured:", "结果:"]),
    # (an identifier key alone, 'accept_rate: 0.5', reads as a YAML setting anyway)
    key=st.sampled_from(["Acceptance rate", "Acceptance rate (alpha)", "Draft acceptance"]),
    rate=st.floats(0.3, 0.95).map(lambda x: round(x, 2)),
)
def test_negative_control_a_results_heading_still_reads(head: str, key: str, rate: float) -> None:
    text = (
        "speculative decoding with an EAGLE draft, bench stdout:\n\n"
        f"{head}\n  {key}: {rate:.2f}\n  Throughput: 112.4 tok/s\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate)]


def test_settings_then_results_block_reads_only_the_results() -> None:
    text = (
        "EAGLE speculative decoding bench, stdout:\n\n"
        "Config:\n  num_speculative_tokens: 4\n  acceptance_threshold: 0.50\n\n"
        "Results:\n  Mean acceptance length: 2.91\n  Throughput: 88.0 tok/s\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [pytest.approx(2.91)]


def test_the_run_ends_at_a_line_that_is_no_setting() -> None:
    lines = ["Options:", "  k: 4", "  acceptance rate: 0.7", "Measured acceptance rate: 0.64"]
    assert sorted(NR.settings_run_marks(lines)) == [1, 2]


_SIM_HEADS = st.sampled_from(
    [
        "Simulation (12 generations):",
        "Simulation:",
        "## Simulation",
        "=== Simulated run ===",
        "**Simulated generations**",
        "模拟结果:",
    ]
)


@settings(max_examples=examples(25), deadline=None)
@given(
    sim=_SIM_HEADS,
    tokens=st.integers(20, 90),
    passes=st.integers(8, 19),
)
def test_a_paste_headed_as_a_simulation_gives_no_record(sim: str, tokens: int, passes: int) -> None:
    text = (
        "=== Toy speculative decoding ===\n\n"
        f"{sim}\n\n"
        "Round 1:\n  Drafted: 4, accepted: 3\n\n"
        "Totals:\n"
        f"  Accepted tokens per pass: {tokens / passes:.2f}\n"
        f"  Acceptance rate: 0.{tokens % 90 + 10}\n"
    )
    reading = read_paste(text)
    assert reading.records == ()


@pytest.mark.parametrize(
    "line",
    [
        "Simulation-free measurement on 2 GPUs, acceptance length 2.7",
        "We ran the simulation of the queue, then the real server:",
        "## Results of simulated acceptance vs real",
        "## Simulation vs. measured on one GPU",
        "模拟与实测对比:",
    ],
)
def test_negative_control_no_simulation_heading(line: str) -> None:
    assert NR.simulation_heading(line) is None


def test_negative_control_a_real_run_without_a_simulation_heading() -> None:
    text = (
        "Speculative decoding run (vLLM, EAGLE, num_speculative_tokens=3):\n\n"
        "Summary:\n  Mean acceptance length: 2.45\n  Throughput: 71.2 tok/s\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [pytest.approx(2.45)]
