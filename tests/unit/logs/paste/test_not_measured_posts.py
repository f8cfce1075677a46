"""Figures a paste says are no run: a post saying of itself that it holds no measurement ('A
sketch rather than a measurement'), every block after it, across its own headings, to a line
saying a run was measured; and a command's output block in a plan of expected figures (a table's
column or a heading naming what is expected or aimed at, nowhere a run said measured)."""

from __future__ import annotations

import time

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import reader as R
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_DISCLAIMERS = (
    "A design sketch rather than a measurement, written down for discussion.",
    "Note: this is not a measurement, only the reasoning.",
    "No measurements yet: the numbers below come from the thread.",
)


def _post(disclaimer: str, rate: int) -> str:
    return (
        f"# Proposal: a lookup drafter for tabular output\n\n{disclaimer}\n\n"
        "## Why it could help\n\n"
        f"The n-gram drafter reaches about {rate}% acceptance on free text, so most of the "
        "speculative budget is spent on drafts that are thrown away.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(disclaimer=st.sampled_from(_DISCLAIMERS), rate=st.integers(3, 95))
def test_a_post_saying_it_holds_no_measurement_gives_no_record(
    read: Read, disclaimer: str, rate: int
) -> None:
    plain = _post("Written up after a week of runs.", rate)
    assert [r.printed_rate for r in read(plain).records] == [rate / 100]
    got = read(_post(disclaimer, rate))
    assert got.records == ()
    assert any("holds no measurement" in b.reason for b in got.unread)


def test_a_measured_run_after_the_statement_is_read() -> None:
    text = _post(_DISCLAIMERS[0], 40) + (
        "\n## Follow-up\n\nWe measured it afterwards on our box:\n\nMean acceptance length: 2.61\n"
    )
    assert [r.printed_length for r in R.read_paste(text).records] == [2.61]


def test_measurement_in_other_words_is_no_statement() -> None:
    # 'measurement' beside other words (a unit, a measurement run) says nothing of the paste
    for line in (
        "The measurement window was 60 s.",
        "Every measurement ran on one GPU.",
    ):
        text = f"## Results\n\n{line}\n\nMean acceptance length: 2.44\n"
        assert [r.printed_length for r in R.read_paste(text).records] == [2.44], line


def _plan(column: str, tokens: int, steps: int, rate: int) -> str:
    return (
        "## Stage 4: validating the draft head\n\n"
        f"| Metric | Unit | {column} |\n|---|---|---|\n"
        "| Acceptance rate (greedy) | % | 70-80% |\n| Decode speed | tok/s | 1.4x baseline |\n\n"
        "### Command line\n\n```bash\nDRAFT_STATS=1 ./runner -m model.gguf -n 64\n```\n\n"
        "**Draft statistics output**:\n```\n"
        f"[draft] finished: {tokens} tokens in {steps} verify steps\n"
        f"[draft] Mean tokens/step: {tokens / steps:.2f}\n"
        f"[draft] Acceptance rate: {rate}.0%\n```\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    column=st.sampled_from(("Expected (k=1)", "Target", "Expected")),
    steps=st.integers(20, 40),
    extra=st.integers(1, 30),
    rate=st.integers(50, 95),
)
def test_an_output_block_in_a_plan_gives_no_record(
    read: Read, column: str, steps: int, extra: int, rate: int
) -> None:
    got = read(_plan(column, steps + extra, steps, rate))
    assert got.records == ()
    assert any("in a plan of expected figures" in b.reason for b in got.unread)


@settings(max_examples=examples(20), deadline=None)
@given(steps=st.integers(20, 40), extra=st.integers(1, 30), rate=st.integers(50, 95))
def test_an_output_block_outside_a_plan_is_read(steps: int, extra: int, rate: int) -> None:
    tokens = steps + extra
    # the same table's column names what was measured: no plan
    got = R.read_paste(_plan("Measured", tokens, steps, rate))
    assert [r.printed_length for r in got.records if r.printed_length] == [round(tokens / steps, 2)]
    # a plan that says a run was measured: its output block is that run's
    text = _plan("Expected", tokens, steps, rate).replace(
        "### Command line", "### Command line\n\nWe measured this on our box."
    )
    assert [r.printed_length for r in R.read_paste(text).records] == [round(tokens / steps, 2)]


def test_the_patterns_do_not_backtrack() -> None:
    line = ("1.5, 2 | - : 3 % " * 600)[:10_000]
    for pattern in (R._NO_MEASUREMENT, R._OUTPUT_TITLE):
        start = time.perf_counter()
        pattern.search(line)
        pattern.match(line)
        assert time.perf_counter() - start < 0.05


# --- a mean and its spread under a title naming acceptance (stat_header._titled) ------------


def _by_group(title: str, rates: list[int]) -> str:
    rows = "\n".join(
        f"| group_{i} | {r / 1000:.3f} | {0.1 + i / 100:.3f} | {120 + i} |"
        for i, r in enumerate(rates)
    )
    return f"### {title}\n\n| Group | Mean | Std | N |\n|---|---|---|---|\n{rows}\n"


@settings(max_examples=examples(20), deadline=None)
@given(
    title=st.sampled_from(("Acceptance by group", "Draft acceptance per group", "Acceptance rate")),
    rates=st.lists(st.integers(200, 900), min_size=2, max_size=5, unique=True),
)
def test_a_std_column_beside_the_mean_is_no_run(read: Read, title: str, rates: list[int]) -> None:
    got = read(_by_group(title, rates)).records
    assert [r.printed_rate for r in got] == [r / 1000 for r in rates]


def test_a_title_naming_another_measure_reads_no_acceptance() -> None:
    text = _by_group("Latency by group", [400, 500])
    assert R.read_paste(text).records == ()


# --- a fraction cell told again as a percentage with fewer digits (restated_row._coarser) ---


@settings(max_examples=examples(10), deadline=None)
@given(a=st.integers(3001, 4900), b=st.integers(5101, 7000))
def test_a_percentage_cutting_a_fraction_cell_restates_it(read: Read, a: int, b: int) -> None:
    assume(a % 10 and b % 10)  # (four digits in every cell)
    table = (
        "| Split | Mean Acceptance | Std | N |\n|---|---|---|---|\n"
        f"| first | {a / 10000:.4f} | 0.211 | 300 |\n| second | {b / 10000:.4f} | 0.190 | 410 |\n"
    )

    def said(x: float) -> str:
        return f"Drafts are accepted at **{x:.1f}%** in one group vs only **{a / 100 - 9:.1f}%**.\n"

    got = read(f"## Acceptance by split\n\n{table}\n{said(round(b / 100, 1))}").records
    assert [r.printed_rate for r in got] == [a / 10000, b / 10000]
    # a percentage rounding no cell is a run of its own
    other = read(f"## Acceptance by split\n\n{table}\n{said(round(b / 100 + 3, 1))}").records
    assert round(b / 100 + 3, 1) / 100 in [r.printed_rate for r in other]
