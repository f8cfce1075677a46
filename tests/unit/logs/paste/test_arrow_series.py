"""A bracketed series of rates joined by arrows after the acceptance's name ('acceptance falls
with k (71% → 52% → 38%)') is one rate per value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Acceptance", "Draft acceptance", "acceptance rate"]),
    verb=st.sampled_from(["falls as k grows", "shrinks with the draft size", "changes"]),
    arrow=st.sampled_from([" → ", " -> ", "->", " => "]),
    pcts=st.lists(st.integers(5, 95), min_size=2, max_size=5),
)
def test_an_arrow_series_of_rates_after_the_name(
    name: str, verb: str, arrow: str, pcts: list[int]
) -> None:
    series = arrow.join(f"{p}%" for p in pcts)
    text = f"Speculative sweep notes.\n{name} {verb} ({series}) because the draft is weak.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [p / 100 for p in pcts]
    assert all(r.accept_length is None for r in got)


def test_negative_control_a_series_of_another_measure_is_not_read() -> None:
    text = "Speculative sweep: acceptance fine, speedup by k (120% → 140% → 90%).\n"
    assert all(r.printed_rate is None for r in read_paste(text).records)


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(["accept-rate", "accept rate", "acceptance_rate", "draft acceptance"]),
    verb=st.sampled_from(["decayed with the context", "sank after the merge", "collapses"]),
    arrow=st.sampled_from([" → ", " -> ", "→"]),
    fracs=st.lists(st.integers(0, 99), min_size=2, max_size=5),
    tail=st.sampled_from(["", ", 7.5 tok/s", " measured", ", batch 1"]),
)
def test_a_series_of_fractions_with_a_tail_is_one_rate_a_value(
    name: str, verb: str, arrow: str, fracs: list[int], tail: str
) -> None:
    series = arrow.join(f"0.{f:02d}" for f in fracs)
    text = f"Speculative sweep notes.\nThe {name} {verb} ({series}{tail}) on every prompt.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [f / 100 for f in fracs]
    # a rate of zero: no draft accepted, every step emits the target's token alone
    assert [r.accept_length for r in got] == [1.0 if f == 0 else None for f in fracs]


def test_a_percentage_series_said_measured(read: Read) -> None:
    text = "Speculative decoding: accept collapses silently (48%→4% measured) on long prompts.\n"
    assert [r.printed_rate for r in read(text).records] == [0.48, 0.04]


def test_negative_control_series_that_are_no_rates_are_left() -> None:
    for text in (
        # a value above 1 without '%': no rate
        "Speculative notes: the acceptance rate series (0.55 → 1.40) was odd.\n",
        # percentages beside fractions: no one series
        "Speculative notes: the acceptance rate drifted (55% → 0.12) overnight.\n",
    ):
        got = read_paste(text).records
        assert not any(r.printed_rate == 0.12 for r in got), text


def test_an_ascii_arrow_before_a_zero_is_no_bound() -> None:
    # '-> 0.00' is the series' next value, not '> 0.00' (a bound): an exact zero, length 1
    text = "Speculative sweep notes.\nThe accept rate collapsed (0.31 -> 0.00) on long prompts.\n"
    got = read_paste(text).records
    assert [(r.printed_rate, r.accept_length) for r in got] == [(0.31, None), (0.0, 1.0)]
