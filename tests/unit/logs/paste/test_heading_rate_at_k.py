"""A title's rate alone, with the draft tokens per step it sets ('### With `num_speculative_tokens=6`
acceptance falls to ~5%'), restating a run below it that prints a length but no rate (a server
line, a bullet): the title's length computed at that k (1 + k x rate) is the run's length at the
rate's printed precision, so the title is that run told again and gives no record. Not where
no length below lies within the rate's precision, nor where the run below prints a rate the
title's does not round."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, through_logs

_TITLES = [
    "### Raising `num_speculative_tokens={k}` drops draft acceptance to ~{p}%",
    "## With num_speculative_tokens={k}, acceptance collapses to about {p}%",
]


def _server(length: str) -> str:
    return (
        "```\nSpecDecoding metrics: Mean acceptance length: "
        + length
        + ", Accepted throughput: 10.10 tokens/s, Drafted throughput: 200.00 tokens/s\n```\n"
    )


def _bullets(length: str) -> str:
    return f"- mean acceptance length: {length}\n- throughput: 88 tok/s\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    k=st.integers(min_value=2, max_value=8),
    p=st.integers(min_value=2, max_value=40),
    off=st.integers(min_value=-4, max_value=4),
    server=st.booleans(),
)
def test_the_title_restating_the_run_below_gives_no_record(
    title: str, k: int, p: int, off: int, server: bool
) -> None:
    # (a length the rate rounds: 1 + k x (p +/- less than half a percent))
    length = f"{1 + k * (p + off / 10) / 100:.2f}"
    body = _server(length) if server else _bullets(length)
    text = title.format(k=k, p=p) + "\n\nWhat the run printed:\n\n" + body
    got = through_logs(text).records
    assert all(r.first_line != 1 for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    k=st.integers(min_value=2, max_value=8),
    p=st.integers(min_value=2, max_value=40),
)
def test_near_miss_a_length_the_rate_does_not_give(read: Read, title: str, k: int, p: int) -> None:
    # (one percent further than the title's rate: another run)
    length = f"{1 + k * (p + 1) / 100:.2f}"
    text = title.format(k=k, p=p) + "\n\nWhat the run printed:\n\n" + _bullets(length)
    for got in (read(text).records, through_logs(text).records):
        assert [r.printed_rate for r in got if r.first_line == 1] == [p / 100]
