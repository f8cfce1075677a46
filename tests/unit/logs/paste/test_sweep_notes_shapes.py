"""Shapes of held-out pastes of speculation sweeps read in general: two k's stated before one
rate (whose it is is unsaid: no length), a k written as the term of a sum (`1 + k = 3`: no
setting), a column named acceptance without 'rate' holding lengths beside a rate's column (one
record a row), a bare histogram of accepted drafts per step beside its accepted count, a range
whose values are backticked, a table captioned as gathered from forums (quoted, no record) and a
list item led by `Expected:` (a projection)."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cited as CIT
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _lengths(text: str) -> list[float | None]:
    return [r.accept_length for r in read_paste(text).records]


# --- two k's before one figure


def test_two_ks_before_one_rate_claim_no_length() -> None:
    text = (
        "With `num_speculative_tokens=3` the draft kept up: 51.0 vs 48.2 tok/s at batch 4.\n"
        "`num_speculative_tokens=2` did no better despite 81.5% acceptance, so the cost is\n"
        "elsewhere.\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.815]
    assert [r.accept_length for r in got] == [None]  # 1 + 3 x 0.815 would be false


def test_one_k_before_its_rate_still_gives_the_length() -> None:
    text = "With `num_speculative_tokens=3` we measured 60.0% acceptance on the chat set.\n"
    assert _lengths(text) == [pytest.approx(2.8)]


# --- a k as a sum's term


@settings(max_examples=examples(20), deadline=None)
@given(k=st.integers(1, 6), acc=st.integers(10, 90))
def test_a_k_written_as_a_sums_term_is_no_setting(k: int, acc: int) -> None:
    text = (
        f"- drafts `{100 * k}`, accepted `{acc * k}`, acceptance rate `{acc}.00%`\n"
        f"- the path runs `1 + num_speculative_tokens = {k + 1}` tokens a step\n"
    )
    got = read_paste(text).records
    assert all(r.accept_length is None for r in got)  # never 1 + (k + 1) x rate


def test_a_k_set_plainly_is_still_read() -> None:
    pairs = list(I.pairs("uses num_speculative_tokens = 3 on the chat set"))
    assert [(k.metric, v.number) for k, v, _, _ in pairs] == [("k", 3.0)]


# --- a length column named acceptance without 'rate'


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(2, 6), pct=st.integers(30, 80))
def test_a_length_column_named_mean_acceptance_joins_the_rows_rate(k: int, pct: int) -> None:
    length = round(1 + k * pct / 100, 1)
    text = (
        "| num_speculative_tokens | Acceptance Rate | Mean Acceptance | Speed |\n"
        "|---|---|---|---|\n"
        f"| {k} | {pct}% | {length} | ~3 tok/s |\n"
        f"| {k + 1} | 40-45% | 2.5-2.8 | ~2 tok/s |\n"
    )
    got = read_paste(text).records
    assert len(got) == 2  # one record a row, never one a column
    assert got[0].printed_length == length and got[0].printed_rate == pytest.approx(pct / 100)
    assert got[0].accept_length == length  # 1 + k x rate = the printed length: bonus included
    assert got[1].accept_length is None


def test_a_mean_acceptance_column_of_rates_stays_a_rate() -> None:
    text = (
        "| k | Acceptance Rate | Mean Acceptance |\n|---|---|---|\n"
        "| 2 | 70% | 0.68 |\n| 4 | 55% | 0.52 |\n"
    )
    got = read_paste(text).records
    assert all(r.printed_length is None for r in got)  # (no value above 1: no length)


# --- a bare histogram beside its accepted count


@settings(max_examples=examples(30), deadline=None)
@given(h=st.lists(st.integers(1, 400), min_size=2, max_size=5))
def test_a_bare_histogram_matching_the_accepted_count_gives_the_length(h: list[int]) -> None:
    steps, acc = sum(h), sum(i * n for i, n in enumerate(h))
    drafts = steps * (len(h) - 1)
    hist = ", ".join(f"{i}: {n}" for i, n in enumerate(h))
    text = (
        "trace summaries:\n\n"
        f"- run A: rows `{steps}`, drafts `{drafts}`, accepted `{acc}`, acceptance rate "
        f"`{100 * acc / drafts:.2f}%`, histogram `{{{hist}}}`\n"
        f"- run B: rows `{steps}`, drafts `{drafts + 1}`, accepted `{acc + 1}`, acceptance rate "
        f"`{100 * (acc + 1) / (drafts + 1):.2f}%`, histogram `{{{hist}}}`\n"
    )
    got = read_paste(text).records
    assert got[0].accept_length == pytest.approx(1 + acc / steps, abs=1e-5)
    # the sum disagrees with the accepted count: the histogram is not the accepted drafts'
    assert got[1].accept_length is None


def test_each_lines_histogram_joins_its_own_line() -> None:
    text = (
        "- a: rows `12`, accepted `10`, acceptance rate `83.33%`, histogram `{0: 2, 1: 10}`\n"
        "- b: rows `40`, accepted `20`, acceptance rate `50.00%`, histogram `{0: 20, 1: 20}`\n"
    )
    assert _lengths(text) == [pytest.approx(1 + 10 / 12), pytest.approx(1.5)]


# --- a backticked range


def test_a_backticked_range_is_no_rate() -> None:
    text = (
        "- summary: accepted `300`, drafts `400`, acceptance rate `75.00%`\n"
        "- requests ranged from about `40.5%` to `97.0%` draft acceptance\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.75]


# --- a table of figures gathered from forums


_TABLE = (
    "| k | Acceptance Rate | Notes |\n|---|---|---|\n| 6 | ~14% | slow |\n| 4 | ~22% | fine |\n"
)


@pytest.mark.parametrize(
    "caption",
    [
        "From the vendor forums and the project's discussions on this draft:",
        "Collected from community threads:",
        "According to posts on reddit about the drafter:",
    ],
)
def test_a_table_captioned_as_gathered_from_forums_gives_no_record(caption: str) -> None:
    assert read_paste("## Notes\n\n" + caption + "\n\n" + _TABLE).records == ()


@pytest.mark.parametrize(
    "caption",
    ["Measured on our box:", "From our own runs vs the forum figures:", "From the sweep:"],
)
def test_a_caption_of_the_pastes_own_run_is_read(caption: str) -> None:
    assert len(read_paste("## Notes\n\n" + caption + "\n\n" + _TABLE).records) == 2


def test_hearsay_caption_is_linear_on_a_long_line() -> None:
    line = "From " + "ab, 12.5 - " * 1000 + ":"
    assert _best_ms(lambda: CIT.hearsay_caption(line)) < 50


# --- a projection led by 'Expected:'


def test_an_expected_item_is_no_measurement() -> None:
    text = "**Plan B**\n- lower the draft depth to 4\n- Expected: 8-10 tok/s with 30% acceptance\n"
    assert read_paste(text).records == ()


def test_an_expected_in_the_middle_of_a_measured_line_is_read() -> None:
    text = "- measured: 9.1 tok/s with 31% acceptance, as expected\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.31]


def _best_ms(
    fn,
) -> float:  # (the best of three: a loaded machine's pauses are no cost of the pattern)
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def test_new_patterns_are_linear_on_a_long_line() -> None:
    line = "1 + " + "3.5 , 7 - " * 1000 + " = 4 histogram {0: 1, 1: 2} accepted 9"
    for pat in (I._FORMULA_TERM, I._BARE_HISTOGRAM, I._ACCEPTED_COUNT, I._RANGE_AFTER):
        assert _best_ms(lambda pat=pat: list(re.finditer(pat, line))) < 50
    for pat in (I._MEASURE_AFTER, I._AT_POSITION, I._RANGE_AFTER):
        assert _best_ms(lambda pat=pat: [pat.match(line, i) for i in range(0, len(line), 97)]) < 50


# --- a transposed table's reference column


@pytest.mark.parametrize(
    "ref", ["documented ref (last week)", "Reference", "published", "model card"]
)
def test_a_reference_column_of_a_transposed_table_is_no_run(ref: str) -> None:
    text = (
        "Launched with `--speculative-num-steps 3` on SGLang.\n\n"
        f"| metric | measured | {ref} |\n|---|---|---|\n| accept len | 3.41 | ~3.5 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.41]


def test_a_run_column_beside_it_named_otherwise_is_read() -> None:
    text = (
        "Launched with `--speculative-num-steps 3` on SGLang.\n\n"
        "| metric | run A | run B |\n|---|---|---|\n| accept len | 3.41 | 3.52 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.41, 3.52]


# --- a duration and a position's rate are no run's rate


@pytest.mark.parametrize("unit", ["ms", "s", "seconds", "µs"])
def test_a_duration_after_an_acceptance_word_is_no_rate(unit: str) -> None:
    text = (
        f"Acceptance rate 81.0% on chat; so it is not acceptance but a fixed ~25 {unit} a round.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.81]


def test_a_rate_at_a_draft_position_is_that_positions() -> None:
    text = "With `num_speculative_tokens=2` acceptance was 93% at position 0 on chat.\n"
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [None]  # never 1 + 2 x 0.93
    assert [list(r.per_position) for r in got] == [[0.93]]


def test_a_rate_at_a_batch_size_is_the_runs() -> None:
    text = "With `num_speculative_tokens=2` acceptance was 70% at batch 4 on chat.\n"
    assert _lengths(text) == [pytest.approx(2.4)]


# --- llama.cpp's token sampler API named in a table


_LOOKUP = (
    "## n-gram lookup sweep\n\n"
    "| config | tok/s | accept | note |\n|---|---|---|---|\n"
    "| dm=4 | 120.5 | 61.0% | ok |\n"
    "| dm=8 | — | — | abort in {fn} (see log) |\n"
)


def test_llamacpps_sampler_functions_are_no_sampler_of_another_meaning() -> None:
    got = read_paste(_LOOKUP.format(fn="common_sampler_sample")).records
    assert [r.printed_rate for r in got] == [0.61]


def test_a_monte_carlo_sampler_still_hides_the_block() -> None:
    text = (
        "| chain | accept | step size |\n|---|---|---|\n"
        "| mcmc sampler A | 61.0% | 0.1 |\n| mcmc sampler B | 44.0% | 0.2 |\n"
    )
    assert read_paste(text).records == ()
