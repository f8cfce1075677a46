"""Runs set against each other in brackets right after an acceptance figure's name ('the
acceptance split (the ~31% token-fed vs the ~45%-but-slower hidden-state path)'): a rate
record each, no length (split_rates.py). Another measure's bracket, a share of time, a range
or a conditional is not read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    ("text", "rates"),
    [
        (
            "With the EAGLE3 draft the acceptance split (the ~31% token-fed vs the "
            "~45%-but-slower hidden-state path) comes from the feed alone.\n",
            [0.31, 0.45],
        ),
        (
            "Speculative decoding acceptance rate (61% greedy vs 58.5% sampled) on MT-bench.\n",
            [0.61, 0.585],
        ),
        (
            "Draft acceptance (72% chat versus 64% code versus 55% math) with the MTP head.\n",
            [0.72, 0.64, 0.55],
        ),
    ],
)
def test_each_run_in_the_bracket_is_a_rate_record(
    read: Read, text: str, rates: list[float]
) -> None:
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(x) for x in rates]
    assert all(r.accept_length is None and r.printed_length is None for r in got)


@pytest.mark.parametrize(
    "text",
    [
        "Speculative decoding speedup (61% vs 58%) on MT-bench.\n",
        "Speculative decoding acceptance split (61% of the time vs 58%) on MT-bench.\n",
        "Speculative decoding acceptance split (would be ~61% greedy vs 58% sampled).\n",
        "Speculative decoding acceptance (28%-40% token-fed vs 45% hidden).\n",
        "Speculative decoding acceptance (41.2 tok/s at 61% vs 38.0 tok/s at 58%).\n",
    ],
)
def test_other_brackets_are_not_read_as_runs(read: Read, text: str) -> None:
    assert read(text).records == ()


# runs set against each other BEFORE the figure's name (split_rates.versus_first)


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        (
            "Our head edges out the baseline: 2.91 vs 2.85 mean acceptance at K=5.\n",
            [2.91, 2.85],
        ),
        (
            "The retrained drafter wins: 2.91 vs 2.85 mean acceptance at K=5, 2.95 vs 2.90 "
            "batch-one (K=3: 2.41 vs 2.44, still 1.2% behind). Details below.\n",
            [2.91, 2.85, 2.95, 2.90, 2.41, 2.44],
        ),
        ("New tree: 3.12 versus 2.98 acceptance length on the chat split.\n", [3.12, 2.98]),
    ],
)
def test_pairs_before_the_name_are_runs(text: str, lengths: list[float], read: Read) -> None:
    recs = read(text).records
    assert [r.printed_length for r in recs] == lengths
    assert all(r.accept_length is None for r in recs)


def test_fraction_pairs_before_the_name_are_rates(read: Read) -> None:
    recs = read("Greedy decoding gave 0.71 vs 0.66 acceptance on the chat prompts.\n").records
    assert [r.printed_rate for r in recs] == [0.71, 0.66]


@pytest.mark.parametrize(
    "text",
    [
        # a goal, another measure, a rate's name, a percentage, a mix of kinds
        "We target 2.91 vs 2.85 mean acceptance next quarter.\n",
        "Throughput came to 41.2 vs 38.5 tok/s on the mean acceptance workload.\n",
        "We saw 0.91 vs 1.85 mean acceptance.\n",
    ],
)
def test_pairs_before_the_name_not_read(text: str, read: Read) -> None:
    assert read(text).records == ()


def test_later_pairs_stop_at_another_measure(read: Read) -> None:
    text = "Ours: 2.91 vs 2.85 mean acceptance at K=5, 41.2 vs 40.8 tok/s decode.\n"
    assert [r.printed_length for r in read(text).records] == [2.91, 2.85]


@settings(max_examples=examples(25), deadline=None)
@given(
    pairs=st.lists(st.tuples(st.integers(120, 590), st.integers(120, 590)), min_size=1, max_size=3),
    name=st.sampled_from(["mean acceptance", "acceptance length", "avg acceptance length", "AL"]),
)
def test_every_pair_of_the_sentence_is_read(
    pairs: list[tuple[int, int]], name: str, read: Read
) -> None:
    quals = ["at K=4", "on code", "(K=2:"]
    parts = [f"{a / 100:.2f} vs {b / 100:.2f}" for a, b in pairs]
    text = f"Ours against the reference: {parts[0]} {name} {quals[0]}"
    for i, p in enumerate(parts[1:], start=1):
        text += f", {p} {quals[i]}" if i == 1 else f" {quals[i]} {p})"
    recs = read(text + ". Then the rest.\n").records
    assert [r.printed_length for r in recs] == [v / 100 for ab in pairs for v in ab]


def test_a_pair_with_a_range_is_none(read: Read) -> None:
    assert read("Ours gets 2.10 vs 2.30–2.45 mean acceptance on prose.\n").records == ()
    assert read("Ours gets 2.05–2.10 vs 2.30 mean acceptance on prose.\n").records == ()
