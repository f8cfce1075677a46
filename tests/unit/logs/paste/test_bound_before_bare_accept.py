"""A value printed before a bare `accept` (`74.1% accept`) is a rate named after it
(interpret._rate_accept); after a comparison, a goal or a range's first end (`if <0.70
accept`, `at least 0.7 accept`) it is a bound, no figure read: the name is not moved before
the value, which would leave the comparison behind."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BOUNDS = ["<", "< ", ">", ">=", "≤", "≥", "below ", "at least ", "under "]


@settings(max_examples=examples(40), deadline=None)
@given(
    bound=st.sampled_from(_BOUNDS),
    value=st.integers(30, 95),
    lead=st.sampled_from(["- Stop the trial early if ", "Drop the head if ", "Kill it when "]),
    pct=st.booleans(),
)
def test_a_bound_before_a_bare_accept_is_no_figure(
    read: Read, bound: str, value: int, lead: str, pct: bool
) -> None:
    shown = f"{value}%" if pct else f"0.{value:02d}"
    text = f"Plan for the new head.\n{lead}{bound}{shown} accept.\n"
    assert read(text).records == (), text


@settings(max_examples=examples(20), deadline=None)
@given(value=st.integers(30, 95), pct=st.booleans())
def test_a_measured_value_before_a_bare_accept_is_a_rate(read: Read, value: int, pct: bool) -> None:
    shown = f"{value}%" if pct else f"0.{value:02d}"
    text = f"Results for the new head.\nWe see {shown} accept on code.\n"
    got = read(text).records
    assert len(got) == 1, text
    assert abs((got[0].printed_rate or 0.0) - value / 100) < 1e-9, text
