"""A length's name, its value, then a unit counting what a step commits to the output
(`tokens committed` or `committed tokens` per step, round or verify step): the target's own
token is among what a step commits, so the unit decides the bonus included where a bare
`tokens/step` after the name decides nothing (the house rule: authors write it loosely)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["Mean acceptance length", "Average accept length", "The acceptance length", "AL"]
_VERBS = [" is ", ": ", " was "]
_UNITS = [
    "tokens committed per verification step",
    "committed tokens per step",
    "tokens committed per round",
    "committed tokens per verify step",
    "tokens committed/step",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    verb=st.sampled_from(_VERBS),
    unit=st.sampled_from(_UNITS),
    value=st.integers(130, 720),
    lead=st.sampled_from(["With a draft head, ", "The draft head proposes 8 tokens a step. "]),
)
def test_a_committed_unit_after_the_length_decides_the_bonus(
    name: str, verb: str, unit: str, value: int, lead: str
) -> None:
    v = value / 100
    got = read_paste(f"{lead}{name}{verb}{v} {unit}.\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v, v)]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    unit=st.sampled_from(["tokens/step", "tokens per step", "tok/round", "tokens per verify step"]),
    value=st.integers(130, 720),
)
def test_negative_control_a_bare_tokens_unit_decides_nothing(
    name: str, unit: str, value: int
) -> None:
    v = value / 100
    got = read_paste(f"{name}: {v} {unit}\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v, None)]


def test_negative_control_accepted_tokens_is_no_committed_count() -> None:
    got = read_paste("Mean acceptance length is 2.40 accepted tokens per step.\n").records
    assert all(r.accept_length is None for r in got)


def test_the_example_of_the_docs() -> None:
    got = read_paste("Mean acceptance length is 2.95 tokens committed per verify step.\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.95, 2.95)]
