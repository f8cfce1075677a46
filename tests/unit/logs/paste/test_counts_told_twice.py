"""Counts a quoted server line prints, told again in prose before or after the line ('the head
scored 6.2% acceptance (9 accepted / 145 generated)', then the llama.cpp line printing '9
accepted / 145 generated'): the line's run told twice, one record, the line scanner's. Prose
counts that differ from the line's (another run) stay a record of their own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples


def _line(acc: int, gen: int) -> str:
    return f"    draft acceptance = {acc / gen:.5f} ({acc} accepted / {gen} generated)\n"


def _prose(acc: int, gen: int) -> str:
    return (
        f"The new head scored **{acc / gen:.1%} acceptance ({acc} accepted / {gen} generated)**.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(gen=st.integers(40, 900), share=st.integers(0, 60), after=st.booleans())
def test_prose_counts_of_the_quoted_line_are_that_run(gen: int, share: int, after: bool) -> None:
    acc = gen * share // 100
    blocks = [_prose(acc, gen), "The server prints it; check it first:\n\n" + _line(acc, gen)]
    text = "\n".join(reversed(blocks) if after else blocks)
    reading = read_held(text.encode(), None)
    assert reading.records == ()


@settings(max_examples=examples(30), deadline=None)
@given(gen=st.integers(40, 900), share=st.integers(0, 60))
def test_prose_counts_of_another_run_stay(gen: int, share: int) -> None:
    acc = gen * share // 100
    text = _prose(acc + 1, gen + 7) + "\nToday's run:\n\n" + _line(acc, gen)
    (r,) = read_held(text.encode(), None).records
    assert (r.accepted_tokens, r.drafted_tokens) == (acc + 1, gen + 7)


def test_a_log_line_of_the_same_counts_in_another_format_stays() -> None:
    # an older format's line of the same counts quoted before the new one: two lines, two records
    old = "Spec stats: Draft acceptance rate: 0.500, Number of accepted tokens: 40, Number of "
    text = (
        f"BEFORE:\n```\n{old}draft tokens: 80\n```\n\nAFTER:\n```\n"
        "SpecDecoding metrics: Draft acceptance rate: 50.0%, Accepted: 40 tokens, Drafted: 80 "
        "tokens\n```\n"
    )
    (r,) = read_held(text.encode(), None).records
    assert (r.first_line, r.accepted_tokens, r.drafted_tokens) == (3, 40, 80)
