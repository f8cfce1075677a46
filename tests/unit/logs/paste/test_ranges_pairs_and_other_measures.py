"""Shapes of held-out pastes read in general: a tilde between two numbers is a range, not an
approximate value after a separator; another measure's noun after a value takes the value; a
count of zero before its noun ('zero accepted drafts') says nothing was accepted, for the
length of 1 it sits beside alone; a row label naming a configuration by 'AR' (autoregressive)
makes no metrics-as-rows table; a name pair joined by '/' over a value pair, one name an
acceptance figure and the other no figure, gives that figure its own value."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# ---------------------------------------------------------------- a tilde between two numbers


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(11, 30),
    span=st.integers(1, 40),
    lead=st.sampled_from(
        [
            "- **Vertical axis**: mean accept length (set B), range ",
            "- 纵轴：mean accept length (set B)，范围 ",
            "- accept length: ",
        ]
    ),
    space=st.sampled_from(["", " "]),
)
def test_a_tilde_between_two_numbers_is_a_range(lo: int, span: int, lead: str, space: str) -> None:
    text = f"{lead}{lo / 10:.1f}{space}~{space}{(lo + span) / 10:.1f}\n"
    assert read_paste(text).records == ()


def test_a_tilde_after_a_name_is_still_an_approximate_value(read: Read) -> None:
    (r,) = read("- mean accept length ~ 2.64 on the chat set\n").records
    assert r.printed_length == 2.64


# ------------------------------------------------------- another measure's noun after a value


@settings(max_examples=examples(30), deadline=None)
@given(
    gain=st.integers(1, 9),
    other=st.integers(2, 30),
    noun=st.sampled_from(
        ["extra speedup", "more throughput", "further speedup", "lower latency", "speedup"]
    ),
    verb=st.sampled_from(["good for", "which gives", "worth"]),
)
def test_a_value_before_another_measures_noun_is_that_measures(
    gain: int, other: int, noun: str, verb: str
) -> None:
    text = f"Sibling drafts lift acceptance by ~{gain} points, {verb} ~{other}% {noun}.\n"
    assert read_paste(text).records == ()


def test_a_measure_opening_its_own_value_leaves_the_rate_read(read: Read) -> None:
    (r,) = read("chat set: acceptance 64% throughput 118 tok/s\n").records
    assert r.printed_rate == 0.64


# ------------------------------------------------------------------ 'zero accepted drafts'


@settings(max_examples=examples(20), deadline=None)
@given(
    words=st.sampled_from(
        ["zero accepted drafts", "no accepted tokens", "zero accepted proposals"]
    ),
    other=st.integers(150, 480),
)
def test_zero_accepted_before_its_noun_decides_the_one_alone(words: str, other: int) -> None:
    text = (
        f"On our quick check the wide head kept a mean accepted length of {other / 100}.\n"
        "\n"
        f"The pruned head was dropped: {words} over the whole check, "
        "so its mean accept length was 1.0.\n"
    )
    full, quant = read_paste(text).records
    assert quant.printed_length == 1.0 and quant.accept_length == 1.0
    # the words speak of the pruned head alone: the wide head's length stays undecided
    assert full.printed_length == other / 100 and full.accept_length is None


def test_zero_accepted_in_a_hypothesis_decides_nothing() -> None:
    text = "If the head had zero accepted drafts, the mean accept length would be 1.0.\n"
    assert all(r.accept_length is None for r in read_paste(text).records)


# -------------------------------------------------------------- 'AR' naming a configuration


def test_a_configuration_named_ar_makes_no_metrics_as_rows_table(read: Read) -> None:
    text = (
        "| setup | success | step time | speedup |\n"
        "| --- | ---: | ---: | ---: |\n"
        "| plain looped AR | 0.712 | 0.191s | 1.000x |\n"
        "| draft strict | 0.735 | 0.166s | 1.151x |\n"
    )
    assert read(text).records == ()


def test_a_qualified_ar_row_is_still_the_rate(read: Read) -> None:
    text = "| metric | run A | run B |\n| --- | ---: | ---: |\n| mean AR | 61% | 57% |\n"
    assert [r.printed_rate for r in read(text).records] == [0.61, 0.57]


# ------------------------------------------------------------------- a name pair over values


@settings(max_examples=examples(30), deadline=None)
@given(
    other=st.integers(2000, 2900),
    length=st.integers(1100, 1900),
    bold=st.sampled_from(["", "**"]),
)
def test_a_name_pair_row_gives_the_acceptance_name_its_own_value(
    other: int, length: int, bold: str
) -> None:
    text = (
        "| metric | result |\n| --- | ---: |\n| success | 0.801 |\n"
        f"| Advance / avg accept length | {bold}{other / 1000} / {length / 1000}{bold} |\n"
        "| speedup | 1.31x |\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == length / 1000 and r.accept_length is None


def test_a_name_pair_column_gives_one_record_a_row(read: Read) -> None:
    text = (
        "| run | Advance / avg accept length |\n| --- | ---: |\n"
        "| A | 2.511 / 1.372 |\n| B | 2.611 / 1.472 |\n"
    )
    assert [r.printed_length for r in read(text).records] == [1.372, 1.472]


def test_a_figure_and_its_statistic_are_no_name_pair(read: Read) -> None:
    # ('AL / mean': one figure and a statistic of it, not another measure beside it)
    text = "| metric | run A |\n| --- | ---: |\n| AL / mean | 2.31 / 2.40 |\n"
    assert read(text).records == ()


# --------------------------------------------------------------- a figure alone in inline math


@settings(max_examples=examples(20), deadline=None)
@given(length=st.integers(120, 480), k=st.integers(2, 8))
def test_a_figure_in_inline_math_is_read_as_printed(length: int, k: int) -> None:
    text = (
        "On chat replies the small draft reached an average acceptance length of "
        f"${length / 100}$ tokens per verification cycle (${k}$ drafted).\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == length / 100 and r.accept_length is None


def test_dollar_amounts_are_no_math(read: Read) -> None:
    text = "The box costs $3.20/$4 an hour, and the acceptance rate was 71%.\n"
    assert [(r.printed_length, r.printed_rate) for r in read(text).records] == [(None, 0.71)]


# ------------------------------------------------------------------- a model's size, a source


@pytest.mark.parametrize("model", ["Kestrel 2 7B", "Heron 3 70B", "Wren 4 8b"])
def test_a_number_before_a_model_size_is_the_models_name(model: str) -> None:
    text = f"# Chain drafts stay short on {model}: acceptance length\n"
    assert read_paste(text).records == ()


def test_a_papers_figures_over_the_writers_own_are_references(read: Read) -> None:
    text = (
        "Checking the chain setting against the report. In the paper we see that "
        "$\\tau$ reaches 3.1 on chains and 3.7 on trees.\n"
        "\n"
        "On my box the chain setting stops at $\\tau$ = 2.4, "
        "while trees give $\\tau$ = 3.66.\n"
    )
    assert [r.printed_length for r in read(text).records] == [2.4, 3.66]


def test_a_papers_figures_alone_stay_reported_runs(read: Read) -> None:
    text = "In the paper we see that $\\tau$ reaches 3.1 on chains.\n"
    assert [r.printed_length for r in read(text).records] == [3.1]


def test_the_writer_running_after_the_source_is_the_writers(read: Read) -> None:
    text = "In the paper's setup, I measured an acceptance length of 2.9 on the chat set.\n"
    assert [r.printed_length for r in read(text).records] == [2.9]
