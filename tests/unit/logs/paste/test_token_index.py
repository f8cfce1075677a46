"""A number right after 'token' behind a qualifier ('the acceptance rate of `token 0`',
'acceptance at token 3') is the draft position's index, never a rate of 0 or 3; 'per token'
names no position and its value is still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(60), deadline=None)
@given(
    pos=st.integers(0, 9),
    tick=st.sampled_from(["", "`"]),
    qual=st.sampled_from(["of", "at", "for"]),
    name=st.sampled_from(["acceptance rate", "acceptance", "accept rate"]),
    tail=st.sampled_from(["is very low.", "and the next one drop off.", "looks fine to me."]),
)
def test_a_token_index_is_no_rate(pos: int, tick: str, qual: str, name: str, tail: str) -> None:
    text = f"The {name} {qual} {tick}token {pos}{tick} {tail}\n"
    assert read_paste(text).records == ()


def test_a_run_beside_a_token_index_keeps_its_figures() -> None:
    text = (
        "mean acceptance length: 2.40\n"
        "num_drafts: 500\n"
        "num_accepted_tokens: 700\n"
        "\n"
        "The acceptance rate of `token 2` looks low to me.\n"
    )
    got = read_paste(text).records
    assert [(r.first_line, r.printed_length) for r in got] == [(1, 2.4)]


def test_a_rate_per_token_is_still_read() -> None:
    got = read_paste("Speculative decoding: acceptance rate per token 0.72\n").records
    assert [r.printed_rate for r in got] == [0.72]
