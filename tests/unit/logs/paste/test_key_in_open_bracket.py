"""A figure's key right after a bracket opened in a sentence ('the numbers (acceptance_length=2.6,
...) came from one node'): the key is the words after the bracket's opening, never the sentence's
words before it joined to the bracket. And per-position rates after a verb of their fall
('per-position acceptance decaying 0.8/0.6/0.4'): the positions' rates, which must then fall."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_KEYS = ["acceptance_length", "spec_acceptance_length", "mean accept length", "avg_accept_len"]


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(_KEYS),
    sep=st.sampled_from(["=", ": ", " = "]),
    value=st.integers(120, 590),
    bracket=st.sampled_from(["()", "[]"]),
    ticks=st.booleans(),
    lead=st.sampled_from(["The figures", "Our numbers", "Results"]),
    tail=st.sampled_from(
        [" come from one node.", " were logged by the bench.", "", " and nothing else."]
    ),
    other=st.sampled_from(["", ", batch 8", ", 2 nodes"]),
)
def test_a_key_opening_a_bracket_is_read(
    read: Read,
    key: str,
    sep: str,
    value: int,
    bracket: str,
    ticks: bool,
    lead: str,
    tail: str,
    other: str,
) -> None:
    pair = f"{key}{sep}{value / 100:.2f}"
    if ticks:
        pair = f"`{pair}`"
    recs = read(f"{lead} {bracket[0]}{pair}{other}{bracket[1]}{tail}\n").records
    assert [r.printed_length for r in recs] == [round(value / 100, 2)]


@settings(max_examples=examples(20), deadline=None)
@given(
    key=st.sampled_from(["throughput", "latency_ms", "batch size", "target acceptance_length"]),
    value=st.integers(120, 590),
)
def test_a_bracket_of_another_measure_or_a_goal_is_none(read: Read, key: str, value: int) -> None:
    recs = read(f"We ran it twice ({key}={value / 100:.2f}) on the small set.\n").records
    assert recs == ()


def test_a_bound_in_a_bracket_is_none(read: Read) -> None:
    assert read("Releases (mean accept len >= 3.10) are required.\n").records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(["decaying", "falling", "declining", "dropping", "tapering"]),
    rates=st.lists(st.integers(5, 95), min_size=2, max_size=5, unique=True),
    ticks=st.booleans(),
)
def test_positions_after_a_verb_of_their_fall(
    read: Read, verb: str, rates: list[int], ticks: bool
) -> None:
    fall = sorted(rates, reverse=True)
    run = "/".join(f"{r / 100:.2f}" for r in fall)
    length = 1 + sum(fall) / 100
    if ticks:
        run = f"`{run}`"
    text = f"The run logged accept_length={length:.2f}, per-position acceptance {verb} {run}.\n"
    recs = read(text).records
    assert len(recs) == 1
    assert recs[0].accept_length == round(length, 2)  # the identity decides: bonus included


@settings(max_examples=examples(20), deadline=None)
@given(
    verb=st.sampled_from(["decaying", "falling"]),
    rates=st.lists(st.integers(5, 95), min_size=2, max_size=4, unique=True),
)
def test_a_fall_said_of_rising_values_or_of_no_positions_is_none(
    read: Read, verb: str, rates: list[int]
) -> None:
    rise = "/".join(f"{r / 100:.2f}" for r in sorted(rates))
    fall = "/".join(f"{r / 100:.2f}" for r in sorted(rates, reverse=True))
    got = read(f"per-position acceptance {verb} {rise} over the day.\n").records
    assert all(not r.per_position for r in got)
    assert read(f"acceptance rate {verb} {fall} over three days.\n").records == ()
