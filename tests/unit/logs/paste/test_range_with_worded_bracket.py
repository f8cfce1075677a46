"""A range cell under an acceptance figure followed by a bracket of words saying how it varies
(`0.48-0.83 (depends on the prompt)`): the run was measured, no one figure of it printed, as a
bare range cell (interpret._SPAN_QUALIFIED). A bracket holding a number (`(n=3)`), a unit
(`(tok/s)`) or too many words, or a range the figure cannot be, leaves the cell unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table

_WORDS = st.sampled_from(
    ["varies by context", "depends on the prompt", "per-request", "wide spread", "rough"]
)


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(30, 60),
    width=st.integers(5, 30),
    words=_WORDS,
    share=st.booleans(),
    transposed=st.booleans(),
    bracket=st.sampled_from(["()", "[]"]),
)
def test_a_range_then_words_in_a_bracket_is_a_record_of_no_figure(
    read, lo: int, width: int, words: str, share: bool, transposed: bool, bracket: str
) -> None:
    hi = lo + width
    rng = f"{lo}-{hi}%" if share else f"0.{lo}-0.{hi}"
    cell = f"{rng} {bracket[0]}{words}{bracket[1]}"
    if transposed:
        text = "### Run C\n\n" + pipe_table(
            ["Metric", "Value"], [["Accept rate", cell], ["Speed-up", "about 1.8x"]]
        )
    else:
        text = pipe_table(["setup", "accept rate"], [["draft-c", cell]])
    (r,) = read(text).records
    assert r.printed_rate is None and r.accept_rate is None and r.accept_length is None
    assert any(f"printed as a range ({rng})" in n for n in r.notes)


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(30, 60),
    width=st.integers(5, 30),
    tail=st.sampled_from(["(n=3)", "(tok/s)", "(one two three four five six seven)", "(2 runs)"]),
)
def test_brackets_of_numbers_units_or_long_words_read_nothing(
    read, lo: int, width: int, tail: str
) -> None:
    cell = f"0.{lo}-0.{lo + width} {tail}"
    text = pipe_table(["setup", "accept rate"], [["draft-c", cell]])
    assert not read(text).records


def test_a_rate_range_above_one_stays_unread(read) -> None:
    text = pipe_table(["setup", "accept rate"], [["draft-c", "12-18 (varies by context)"]])
    assert not read(text).records
