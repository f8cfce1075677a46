"""A title naming who reported its figure before the figure's name ('Server-reported accept
rate:', 'Client-side acceptance length') names that figure: the table below is read as the
title's figure. The same lead before another measure ('Server-reported throughput:') names no
acceptance figure, and a lead word of another kind leaves the title as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = [
    "Server-reported",
    "Router-reported",
    "Client-side",
    "Engine-measured",
    "Scheduler-logged",
]
_RATES = ["speculative accept rate", "draft acceptance rate", "acceptance rate"]


def _table(title: str, vals: list[int]) -> str:
    return (
        f"{title}:\n\n| Setup | short/C1 | short/C32 | long/C1 |\n|---|---:|---:|---:|\n"
        f"| 4 cards | 0.{vals[0]:03d} | 0.{vals[1]:03d} | 0.{vals[2]:03d} |\n"
        f"| 8 cards | 0.{vals[3]:03d} | 0.{vals[4]:03d} | — |\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_LEADS),
    st.sampled_from(_RATES),
    st.lists(st.integers(150, 950), min_size=5, max_size=5),
)
def test_a_reported_by_lead_keeps_the_figure(
    read: Read, lead: str, rate: str, vals: list[int]
) -> None:
    recs = read(_table(f"{lead} {rate}", vals)).records
    assert sorted(r.printed_rate or 0 for r in recs) == sorted(v / 1000 for v in vals)


@settings(max_examples=examples(10), deadline=None)
@given(st.sampled_from(_LEADS), st.lists(st.integers(150, 950), min_size=5, max_size=5))
def test_another_measure_after_the_lead_is_none(read: Read, lead: str, vals: list[int]) -> None:
    assert read(_table(f"{lead} throughput ratio", vals)).records == ()


def test_a_lead_of_another_kind_is_as_before(read: Read) -> None:
    # ('Weekend-only': no reporter named) the title names no figure the readers know
    assert (
        read(_table("Weekend-only speculative accept rate", [300, 310, 320, 330, 340])).records
        == ()
    )
