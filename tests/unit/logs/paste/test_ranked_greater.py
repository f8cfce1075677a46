"""A ranking joined by `>` (`code 91% > prose 72% > chat 58%`) is a ranked list as one joined by
commas; over percentages, a bare `acceptance` named beside the list (`draft acceptance`) is the
rate. Another measure beside it, or ties, leave it unread; a length's name is no rate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    shares=st.lists(st.integers(10, 99), min_size=2, max_size=4, unique=True),
    noun=st.sampled_from(["draft acceptance", "token acceptance", "acceptance"]),
    lead=st.sampled_from(["By prompt kind, {n}: ", "Task type moves {n} ({l})."]),
)
def test_greater_ranking_under_bare_acceptance(
    read: Read, shares: list[int], noun: str, lead: str
) -> None:
    shares = sorted(shares, reverse=True)
    names = ["code", "prose", "chat", "poetry"][: len(shares)]
    listed = " > ".join(f"{n} {s}%" for n, s in zip(names, shares, strict=True))
    text = lead.format(n=noun, l=listed) if "{l}" in lead else lead.format(n=noun) + listed
    got = read(text.rstrip(".") + ".\n").records
    assert [round(r.printed_rate * 100) for r in got if r.printed_rate is not None] == shares


@settings(max_examples=examples(20), deadline=None)
@given(shares=st.lists(st.integers(10, 99), min_size=2, max_size=3, unique=True))
def test_greater_ranking_of_another_measure_is_no_rate(read: Read, shares: list[int]) -> None:
    listed = " > ".join(
        f"{n} {s}%" for n, s in zip(["code", "prose", "chat"], shares, strict=False)
    )
    assert read(f"GPU time shares with draft acceptance on: {listed}.\n").records == ()


def test_bare_acceptance_over_plain_values_is_no_rate(read: Read) -> None:
    assert read("Draft acceptance by task: code 2.91 > prose 2.40 > chat 1.95.\n").records == ()
