"""A key-value line listing several values under one average's name ('Mean acceptance length:
2.31, 2.47'): an average is one run's figure, so each value is a run of its own, one record
each in the order printed (before: the first value alone). A list under a name of no average
(perhaps per position), a key naming positions, values of two kinds or a range after the list
are left as they were."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import mean_list as ML
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_KEYS = ("Mean acceptance length", "Avg accept length", "Average acceptance length")
_RATE_KEYS = ("Avg draft acceptance rate", "Mean acceptance rate", "Average accept rate")
_TAILS = ("", "  (one per seed)", " (three prompts each)", "")


@settings(max_examples=examples(40), deadline=None)
@given(
    lengths=st.lists(st.integers(min_value=110, max_value=480), min_size=2, max_size=5),
    key=st.sampled_from(_LENGTH_KEYS),
    tail=st.sampled_from(_TAILS),
    sep=st.sampled_from((", ", ",", ",  ")),
    pad=st.sampled_from((" ", "   ")),
)
def test_an_average_listed_gives_one_record_a_value(
    read: Read, lengths: list[int], key: str, tail: str, sep: str, pad: str
) -> None:
    vals = sep.join(f"{v / 100:.2f}" for v in lengths)
    text = f"Speculative decoding with a small draft, greedy.\n\n{key}:{pad}{vals}{tail}\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [round(v / 100, 2) for v in lengths], text


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=st.lists(st.integers(min_value=200, max_value=990), min_size=2, max_size=4),
    key=st.sampled_from(_RATE_KEYS),
    tail=st.sampled_from(_TAILS),
)
def test_an_average_rate_listed_gives_one_record_a_value(
    read: Read, rates: list[int], key: str, tail: str
) -> None:
    vals = ", ".join(f"{v / 10:.1f}%" for v in rates)
    text = f"Speculative decoding with a small draft, greedy.\n\n{key}: {vals}{tail}\n"
    got = [r.printed_rate for r in read(text).records]
    assert len(got) == len(rates), text
    for g, v in zip(got, rates, strict=True):
        assert g is not None and abs(g - v / 1000) < 1e-9, text


def test_near_misses_are_left_as_they_were() -> None:
    kept = (
        "Acceptance rate: 0.81, 0.62",  # no average's word: perhaps per position
        "Mean per-position acceptance: 0.81, 0.62",  # a key naming positions
        "Mean acceptance rate: 81%, 0.62",  # two kinds of value
        "Mean acceptance length: 2.31, 2.47 - 2.60",  # a range after the list
        "Mean acceptance length: 2.31 - 2.47",  # a range alone
        "Mean TPOT: 18.2, 19.0",  # another measure
        "Mean acceptance length: 2.31",  # one value
    )
    for line in kept:
        assert ML.rewrite(line) == line, line
    assert ML.rewrite("Mean acceptance length: 2.31, 2.47 (seeds)") == (
        "Mean acceptance length: 2.31; Mean acceptance length: 2.47 (seeds)"
    )


def test_a_list_under_a_plain_name_keeps_its_first_value(read: Read) -> None:
    text = "Speculative decoding with a small draft, greedy.\n\nAcceptance rate: 0.81, 0.62\n"
    assert len(read(text).records) <= 1, text
