"""Shapes of held-out pastes read in general: a draft trainer's trajectory table (a row a logged
step, a loss column beside the learning rate or the epoch, an acceptance column among them: the
trainer's estimate, no record; a source's figure quoted beside it is no run either), and a bold
title line naming a model card as its figures' source (a section of quoted figures, as a
markdown heading naming one is)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_ACC_NAMES = ["acc_len", "accept_len (τ est.)", "Mean accept length", "τ", "accept rate"]
_TRAINED = ["lr", "learning rate", "LR", "peak lr"]


def _trajectory(acc: str, trained: str, values: list[int], loss_first: bool) -> str:
    cols = ["iter", "train loss", acc, trained] if loss_first else ["iter", acc, trained, "loss"]
    lines = ["| " + " | ".join(cols) + " |", "|" + "---:|" * len(cols)]
    for i, v in enumerate(values):
        figure = f"{v / 1000:.3f}" if "rate" not in acc else f"{v / 4000:.3f}"
        cells = {
            "iter": str(50 * (i + 1)),
            "train loss": f"{9 - i * 0.7:.2f}",
            "loss": f"{9 - i * 0.7:.2f}",
            acc: figure,
            trained: "3.0e-5",
        }
        lines.append("| " + " | ".join(cells[c] for c in cols) + " |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    acc=st.sampled_from(_ACC_NAMES),
    trained=st.sampled_from(_TRAINED),
    values=st.lists(st.integers(1000, 3900), min_size=2, max_size=6),
    loss_first=st.booleans(),
)
def test_a_draft_trainers_trajectory_table_gives_no_record(
    acc: str, trained: str, values: list[int], loss_first: bool
) -> None:
    text = (
        "Training the speculative draft head on our chat mix, one row a logged step:\n\n"
        + _trajectory(acc, trained, values, loss_first)
    )
    reading = read_paste(text)
    assert reading.records == ()
    assert any("training trajectory" in b.reason for b in reading.unread)


@pytest.mark.parametrize(
    "header",
    [
        # a loss that is no training loss, no learning rate or epoch beside it
        "| run | packet loss | acc_len |",
        # a learning rate's word, no loss
        "| run | lr | acc_len |",
        # checkpoints evaluated after so many epochs: a loss and an epoch, no learning rate
        "| epoch | train loss | acc_len |",
    ],
)
def test_a_table_without_a_trainers_pair_of_columns_is_read(header: str) -> None:
    text = (
        "Speculative decoding, served:\n\n" + header + "\n|---|---:|---:|\n"
        "| a | 0.10 | 2.41 |\n| b | 0.20 | 2.63 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.41, 2.63]


@settings(max_examples=examples(20), deadline=None)
@given(tau=st.integers(30, 90), source=st.sampled_from(["the paper's", "the tech report's"]))
def test_a_sources_figure_beside_a_trajectory_is_no_record(tau: int, source: str) -> None:
    text = (
        f"A short validation run of the draft trainer ({source} headline τ≈{tau / 10} came "
        "from a longer schedule).\n\n" + _trajectory("acc_len", "lr", [1100, 1500, 1900], True)
    )
    assert read_paste(text).records == ()


def test_a_sources_figure_alone_stays_a_reported_run() -> None:
    text = "Speculative decoding: the paper's headline τ is 3.4 on the chat set.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.4]


_CARD_ROWS = (
    "| Set | Mean acceptance length |\n|---|---:|\n| chat | {a:.2f} |\n| code | {b:.2f} |\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(210, 480),
    b=st.integers(210, 480),
    title=st.sampled_from(
        [
            "**Published figures (from the model card, greedy decoding):**",
            "**Model card numbers**",
            "__Lengths quoted from the model-card__",
        ]
    ),
    prose=st.booleans(),
)
def test_a_bold_title_naming_a_model_card_quotes_its_figures(
    a: int, b: int, title: str, prose: bool
) -> None:
    body = (
        f"The draft's mean acceptance length is {a / 100:.2f} on chat, {b / 100:.2f} on code.\n"
        if prose
        else _CARD_ROWS.format(a=a / 100, b=b / 100)
    )
    text = (
        "# Plan: evaluate the speculative draft\n\n"
        + title
        + "\n\n"
        + body
        + "\n## Our own run\n\nOn one card we got a mean acceptance length of 2.61.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.61]


@pytest.mark.parametrize(
    "title",
    [
        "**Our runs vs the model card:**",
        "**Model card settings, measured on our box:**",
        "**Results on the chat set:**",
    ],
)
def test_a_bold_title_of_the_pastes_own_run_is_read(title: str) -> None:
    text = "Speculative decoding.\n\n" + title + "\n\n" + _CARD_ROWS.format(a=2.4, b=3.1)
    assert [r.printed_length for r in read_paste(text).records] == [2.4, 3.1]


def test_the_bold_card_title_ends_at_the_next_bold_title() -> None:
    text = (
        "**From the model card:**\n\n"
        + _CARD_ROWS.format(a=4.1, b=3.9)
        + "\n**Measured here:**\n\n| Prompt | Mean acceptance length |\n|---|---:|\n"
        "| 4K | 3.30 |\n| 32K | 3.10 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.3, 3.1]


def _running(rates: list[float]) -> float:
    # expected accepted drafts of the chain: position i is reached when all before it accept
    return sum(math.prod(rates[: i + 1]) for i in range(len(rates)))


def _gate(first: float, second: float, chain: str, colon: bool) -> str:
    listed = f"- Conditional acceptance by step: `{chain}`.\n"
    if colon:
        listed = f"- Conditional acceptance by step:\n  `{chain}`.\n"
    return (
        "## Offline gate for the draft head\n\n"
        "| checkpoint | eval set | mean accepted | verdict |\n|---|---|---:|---|\n"
        f"| head A | small set | `{first:.3f}` | kept |\n"
        f"| head B | small set | `{second:.4f}` | best |\n\nHead B details:\n\n" + listed
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=st.lists(st.integers(2000, 9800), min_size=2, max_size=6),
    bonus=st.booleans(),
    colon=st.booleans(),
)
def test_a_length_equal_to_a_conditional_chains_running_sum_counts_drafts_alone(
    rates: list[int], bonus: bool, colon: bool
) -> None:
    chain = [r / 10000 for r in rates]
    second = round(_running(chain) + (1 if bonus else 0), 4)
    first = round(second + 0.25, 3)  # another row, no identity of its own: the column follows
    text = _gate(first, second, ", ".join(f"{x:.4f}" for x in chain), colon)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [first, second]
    shift = 0 if bonus else 1
    assert [r.accept_length for r in got] == [
        pytest.approx(first + shift),
        pytest.approx(second + shift),
    ]


@pytest.mark.parametrize(
    "chain",
    [
        # no length equals the running sum (nor 1 + it)
        "0.7000, 0.5000, 0.4000",
        # rates so coarse that the sum moves by more than the proof allows
        "0.9, 0.6, 0.5, 0.4",
    ],
)
def test_a_chain_proving_nothing_leaves_the_lengths_undecided(chain: str) -> None:
    text = _gate(1.2, 1.8765, chain, False)
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [None, None]


def test_rates_not_named_conditional_prove_nothing() -> None:
    chain = [0.8812, 0.5930, 0.4410]
    second = round(_running(chain), 4)
    text = _gate(1.2, second, ", ".join(map(str, chain)), False).replace("Conditional ", "")
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


_PLAIN = "| run | tokens/s | acc_len |\n|---|---:|---:|\n| a | 41.0 | 2.41 |\n| b | 44.5 | 2.63 |\n"


@pytest.mark.parametrize(
    "legend",
    [
        "Columns (`acc_len` = expected accepted prefix per block, the τ proxy of the trainer):",
        "Legend: acc_len is a cheap proxy for the served accept length; tokens/s from the bench.",
    ],
)
def test_a_column_its_legend_calls_a_proxy_gives_no_record(legend: str) -> None:
    text = "Speculative decoding draft check.\n\n" + legend + "\n\n" + _PLAIN
    assert read_paste(text).records == ()


@pytest.mark.parametrize(
    "legend",
    [
        "Columns (`acc_len` = mean accepted tokens per step, served):",
        # the proxy is another column's
        "Legend: acc_len is the served accept length; tokens/s is a proxy for cost.",
    ],
)
def test_a_legend_calling_no_acceptance_column_a_proxy_is_read(legend: str) -> None:
    text = "Speculative decoding draft check.\n\n" + legend + "\n\n" + _PLAIN
    assert [r.printed_length for r in read_paste(text).records] == [2.41, 2.63]


@settings(max_examples=examples(30), deadline=None)
@given(rate=st.integers(5, 95), other=st.integers(2, 4))
def test_gamma_of_one_in_the_rates_own_sentence_gives_one_plus_the_rate(
    rate: int, other: int
) -> None:
    text = (
        f"Draft scaffold for γ≥{other}: the verify path is not yet right.\n"
        f"γ={other} run: acceptance_rate = 41.0%, outputs diverge.\n"
        f"γ=1 path still matches (acceptance {rate}%, speedup 0.90x).\n"
    )
    got = {r.first_line: r for r in read_paste(text).records}
    assert got[3].accept_length == pytest.approx(1 + rate / 100)
    assert got[2].accept_length is None


def test_gamma_of_two_in_the_rates_own_sentence_decides_nothing() -> None:
    text = "γ=2 path: acceptance 41%, speedup 0.9x.\n"
    assert [r.accept_length for r in read_paste(text).records] == [None]


@pytest.mark.parametrize("stat", ["avg", "avg.", "average", "mean"])
def test_a_value_before_a_statistic_of_accepted_tokens_per_round_is_a_length(stat: str) -> None:
    text = f"With the draft on:\n- 51.5 t/s, 4.27 {stat} accepted tokens per round\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(4.27, None)]


@pytest.mark.parametrize(
    "line",
    [
        # a range
        "- 20-30 t/s, 2.10-2.95 avg accepted tokens per round",
        # a threshold
        "- anything above ~5 avg acceptance would beat the baseline",
    ],
)
def test_a_range_or_a_threshold_of_accepted_tokens_per_round_is_no_record(line: str) -> None:
    assert read_paste("With the draft on:\n" + line + "\n").records == ()


def test_a_proxy_figures_own_line_above_a_table_defines_no_column() -> None:
    text = (
        "Teacher-forced check of the draft:\n\n- first-token match: `90.10%`\n"
        "- acceptance proxy: `30.50%`\n\nServed speculative decoding:\n\n"
        "| Path | Speedup | Acceptance |\n| --- | ---: | ---: |\n"
        "| batched | `1.30x` | `61.20%` |\n| serial | `1.80x` | `60.40%` |\n"
    )
    rates = [r.printed_rate for r in read_paste(text).records]
    assert 0.612 in rates and 0.604 in rates


def _out_of(header: str, cells: list[str]) -> str:
    rows = "".join(f"| set {i} | {40 + i}.0 | {c} |\n" for i, c in enumerate(cells))
    return (
        f"Speculative decoding, block drafter:\n\n| workload | t/s | {header} |\n|---|---|---|\n"
        + rows
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(3, 16),
    over=st.integers(1, 9),
    low=st.integers(1, 2),
    header=st.sampled_from(["accepted drafts", "accepted tokens", "accepted"]),
)
def test_a_mean_out_of_k_above_k_counts_the_targets_token_in_its_whole_column(
    k: int, over: int, low: int, header: str
) -> None:
    cells = [f"{k}.{over} / {k}", f"~{low} / {k}"]
    got = read_paste(_out_of(header, cells)).records
    assert [r.printed_length for r in got] == [float(f"{k}.{over}"), float(low)]
    assert [r.accept_length for r in got] == [float(f"{k}.{over}"), float(low)]


def test_a_mean_of_accepted_drafts_out_of_k_below_k_leaves_the_bonus_out() -> None:
    got = read_paste(_out_of("accepted drafts", ["5.3 / 7", "4.1 / 7"])).records
    assert [r.accept_length for r in got] == [6.3, 5.1]


@pytest.mark.parametrize(
    "cells",
    [
        # whole counts of drafted ones: accepted of drafted, no mean
        ["5 / 8", "6 / 8"],
        # no one K
        ["3.1 / 7", "2.2 / 5"],
    ],
)
def test_cells_of_no_one_k_or_whole_counts_are_no_mean_out_of_k(cells: list[str]) -> None:
    got = read_paste(_out_of("accepted drafts", cells)).records
    assert all(r.accept_length is None or r.accept_length < 8 for r in got)
    assert not any(
        r.bonus.rule.startswith("value:") and "drafts a step it is out of" in r.bonus.rule
        for r in got
    )
