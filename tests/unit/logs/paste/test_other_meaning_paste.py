"""A paste that names no speculative word and nothing of a model's decoding, and speaks of
acceptance in another meaning somewhere (reader._other_paste): a word of that meaning in any of
its blocks (a Monte Carlo sampler's warnings in a code block under a sentence of the description),
or a figure tracked over a window of calendar days (a product dashboard's): every block is that
meaning, no record. A speculative or a model's word anywhere in the paste reads it as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import reader as R
from tests.support.examples import examples

_SENTENCE = st.sampled_from(
    [
        "This fixes the empty histogram people hit when the acceptance rate is {v}.",
        "Several users were confused by an acceptance rate of {v} in the output.",
        "- Guards against an acceptance rate of {v} that left the buffer unfilled.",
    ]
)
_SAMPLER_LOG = st.sampled_from(
    [
        "[Chain.cpp][warning] Acceptance rate is low: 0.0{d}. Tune the proposal distribution.",
        "WARNING: Metropolis acceptance came to 0.{d} after burn-in",
        "mcmc: acceptance {d}% (step size 0.5)",
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    s=_SENTENCE,
    log=_SAMPLER_LOG,
    v=st.sampled_from(["0", "0.0", "zero"]),
    d=st.integers(11, 89),
    fence=st.booleans(),
)
def test_another_meaning_named_in_one_block_holds_for_the_paste(
    s: str, log: str, v: str, d: int, fence: bool
) -> None:
    block = log.format(d=d)
    if fence:
        block = "```\n" + block + "\n```"
    text = "# Description\n" + s.format(v=v) + "\n\n## Example\n" + block + "\n"
    reading = read_paste(text)
    assert reading.records == () and reading.ignored


@settings(max_examples=examples(40), deadline=None)
@given(
    v=st.integers(12, 70),
    n=st.integers(2, 90),
    unit=st.sampled_from(["days", "weeks", "months"]),
    lead=st.sampled_from(["past", "last", "previous", "trailing"]),
    order=st.booleans(),
)
def test_a_share_over_a_window_of_calendar_days_without_a_model_is_no_record(
    v: int, n: int, unit: str, lead: str, order: bool
) -> None:
    one = f"The dashboard shows the acceptance rate average is {v}.25%."
    two = f"In the chart below, the acceptance rate in the {lead} {n} {unit} stayed under {v}%."
    text = "Hello team,\n\n" + (one + " " + two if order else two + " " + one) + "\n"
    reading = read_paste(text)
    assert reading.records == () and reading.ignored


def test_negative_control_a_models_word_keeps_the_sampler_sentence() -> None:
    # the description names a draft model: the sentence is read as before (the sampler's
    # own line stays another meaning)
    text = (
        "The draft model's acceptance rate was 0.61 on the chat set.\n\n"
        "```\nWARNING: Metropolis acceptance came to 0.23 after burn-in\n```\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [0.61]


def test_negative_control_a_window_beside_a_model_is_read() -> None:
    text = "Over the past 7 days the served model's acceptance rate averaged 64%.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]


def test_negative_control_a_time_without_a_window_is_read() -> None:
    # 'last week' says when, no window counted in days: read as before
    text = "Hello all,\n\nLast week the measured acceptance rate came to about 41% overall.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.41]


def test_what_a_calendar_window_is() -> None:
    assert R._CALENDAR_WINDOW.search("over the past 28 days")
    assert R._CALENDAR_WINDOW.search("a 30-day average")
    assert not R._CALENDAR_WINDOW.search("the last 3 steps")
    assert not R._CALENDAR_WINDOW.search("last week")
    assert not R._other_paste("acceptance rate over the past 9 days", no_model=False)
