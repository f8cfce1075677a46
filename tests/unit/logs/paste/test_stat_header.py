"""A table whose header names statistics alone (stat_header.py) under prose naming the figure
they summarise ('Metric = per-request `meta_info.spec_accept_length`', 'Accept length per
request:'): one record a row, its mean. Under prose naming latency, or with a column naming an
acceptance figure of its own, nothing is read this way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEAD = ["conc", "mean", "p50", "p90", "min", "max", "out tok/s"]


def _rows(means: list[int]) -> list[list[str]]:
    return [
        [str(2**i), f"{m / 1000:.3f}", f"{m / 1000:.2f}", "3.71", "1.95", "3.90", str(150 + 90 * i)]
        for i, m in enumerate(means)
    ]


def _paste(metric: str, rows: list[list[str]], head: list[str] = _HEAD) -> str:
    return (
        "## Baseline on 8x H100\n\n"
        "Image `lmsysorg/sglang:v0.5.9`, `--speculative-algorithm EAGLE3 --speculative-num-steps 5 "
        f"--speculative-eagle-topk 1 --speculative-num-draft-tokens 6`. {metric}; concurrency set "
        "by the client's thread pool.\n\n### Llama-3.1-8B\n\n**chat prompts** (greedy, 512 out):\n\n"
        + pipe_table(head, rows)
    )


@settings(max_examples=examples(15), deadline=None)
@given(means=st.lists(st.integers(1500, 4500), min_size=2, max_size=5))
def test_one_record_a_row_its_mean(read: Read, means: list[int]) -> None:
    got = read(_paste("Metric = per-request `meta_info.spec_accept_length`", _rows(means))).records
    assert [r.printed_length for r in got] == pytest.approx([m / 1000 for m in means])
    # SGLang's own response field: the server's convention, the target's token counted
    assert [r.accept_length for r in got] == pytest.approx([m / 1000 for m in means])


def test_the_example_of_the_rule_table(read: Read) -> None:
    text = "Accept length per request:\n\n" + pipe_table(
        ["batch", "avg", "median", "p99"],
        [["1", "2.84", "2.80", "3.60"], ["16", "2.71", "2.75", "3.40"]],
    )
    got = read(text).records
    assert [r.printed_length for r in got] == pytest.approx([2.84, 2.71])
    assert all(r.accept_length is None for r in got)  # no tool told: no convention


@pytest.mark.parametrize(
    "metric",
    [
        "Metric = per-request TTFT (ms)",
        "Metric = end-to-end latency per request",
        "Metric = output throughput",
    ],
)
def test_another_metric_reads_nothing(read: Read, metric: str) -> None:
    assert read(_paste(metric, _rows([2900, 3100]))).records == ()


def test_latency_named_right_above_reads_nothing(read: Read) -> None:
    text = _paste("Metric = per-request `meta_info.spec_accept_length`", []).rstrip()
    text = (
        text.rsplit("\n", 1)[0]
        + "\n\nPer-request latency (ms):\n\n"
        + pipe_table(
            ["conc", "mean", "p50", "p90"],
            [["1", "41.2", "40.1", "52.3"], ["8", "58.9", "57.0", "77.5"]],
        )
    )
    assert read(text).records == ()


def test_an_acceptance_column_of_its_own_is_the_tables(read: Read) -> None:
    head = ["conc", "mean", "p50", "accept length"]
    rows = [["1", "41.2", "40.1", "3.01"], ["8", "58.9", "57.0", "2.95"]]
    got = read(_paste("Metric = per-request `meta_info.spec_accept_length`", rows, head)).records
    assert [r.printed_length for r in got] == pytest.approx([3.01, 2.95])
