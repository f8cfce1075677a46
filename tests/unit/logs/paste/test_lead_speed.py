"""A lead sentence printing one later record's one figure and the speed of its line ('First
numbers: 61.4 tok/s at 72.9% acceptance.' over 'Mean of five runs: 61.4 tok/s, 72.9% acceptance
rate.'): that run told first, one record (lead_restated._paced). Another speed, another figure,
a second speed on a line or two later lines alike leave the records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = [
    "Short story: the small head gives {v} {u} with {r}% acceptance on the laptop card.",
    "My first try hits {v} {u} with {r}% acceptance, right after the nightly build.",
    "It reaches {r}% acceptance and {v} {u} an hour after the merge.",
]
_LATER = [
    "Over four runs it averaged {v} {u}, {r}% acceptance rate.",
    "Mean of the runs: {v} {u} and an acceptance rate of {r}%.",
    "Once warmed up I measured {v} {u} average across three runs, {r}% acceptance rate.",
]
_UNITS = ["t/s", "tok/s", "tokens/s"]
_FILLER = (
    "\n\nSetup: one card, greedy decoding, a 256-token answer, the draft head loaded beside.\n\n"
)


def _text(lead: str, later: str, v1: str, v2: str, r1: str, r2: str, u: str) -> str:
    return lead.format(v=v1, u=u, r=r1) + _FILLER + later.format(v=v2, u=u, r=r2) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    later=st.sampled_from(_LATER),
    unit=st.sampled_from(_UNITS),
    tenths=st.integers(300, 2500),
    rate=st.integers(401, 899),
)
def test_the_lead_is_the_later_run_told_first(
    read: Read, lead: str, later: str, unit: str, tenths: int, rate: int
) -> None:
    v, r = f"{tenths / 10:.1f}", f"{rate / 10:.1f}"
    recs = read(_text(lead, later, v, v, r, r, unit)).records
    assert [x.printed_rate for x in recs] == pytest.approx([rate / 1000])
    assert recs[0].first_line > 1
    assert any("told first by the lead" in n for n in recs[0].notes)


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    later=st.sampled_from(_LATER),
    unit=st.sampled_from(_UNITS),
    tenths=st.integers(300, 2500),
    rate=st.integers(401, 899),
    which=st.sampled_from(["speed", "rate"]),
)
def test_another_speed_or_figure_is_another_run(
    read: Read, lead: str, later: str, unit: str, tenths: int, rate: int, which: str
) -> None:
    v, r = f"{tenths / 10:.1f}", f"{rate / 10:.1f}"
    v2 = f"{(tenths + 7) / 10:.1f}" if which == "speed" else v
    r2 = f"{(rate + 13) / 10:.1f}" if which == "rate" else r
    recs = read(_text(lead, later, v, v2, r, r2, unit)).records
    assert len(recs) == 2


def test_a_lead_of_two_speeds_is_kept(read: Read) -> None:
    text = (
        "It went from 40.2 tok/s to 61.4 tok/s at 72.9% acceptance.\n\n"
        "Mean of the runs: 61.4 tok/s and an acceptance rate of 72.9%.\n"
    )
    assert len(read(text).records) == 2


def test_two_later_lines_alike_are_kept(read: Read) -> None:
    text = (
        "My first try hits 61.4 tok/s with 72.9% acceptance.\n\n"
        "Card A, mean of the runs: 61.4 tok/s and an acceptance rate of 72.9%.\n\n"
        "Card B gave the same again: 61.4 tok/s with acceptance of 72.9% on every prompt.\n"
    )
    assert len(read(text).records) == 3


def test_the_same_fields_twice_are_two_runs(read: Read) -> None:
    text = "Run: 61.4 tok/s, acceptance 72.9%\n\nRun: 61.4 tok/s, acceptance 72.9%\n"
    assert len(read(text).records) == 2
