"""A level held, written as a summary writes it, with no verb (`the probe showed acceptance
flat at ~74% across positions`, `AL steady around 2.6`): the figure's value, as `was flat at`
gives it (arrival.py). Near misses: another measure, a position after `at` (no value), a
condition, a level to be kept (`keep the acceptance flat at 70%`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_ADJ = st.sampled_from(["flat", "steady", "stable", "constant", "unchanged", "consistent"])
_PREP = st.sampled_from(["at", "around", "near"])
_MARK = st.sampled_from(["", "~", "≈"])
_LEAD = st.sampled_from(
    ["Once parsed, the probe showed", "After the fix we saw", "Result:", "The re-run has"]
)


@given(
    lead=_LEAD,
    adj=_ADJ,
    prep=_PREP,
    mark=_MARK,
    name=st.sampled_from(["acceptance", "conditional acceptance", "draft acceptance rate"]),
    pct=st.integers(30, 95),
    tail=st.sampled_from([".", " across all six positions.", " on the long prompts."]),
)
def test_a_rate_held_without_a_verb(
    read: Read, lead: str, adj: str, prep: str, mark: str, name: str, pct: int, tail: str
) -> None:
    text = f"MTP drafting on. {lead} {name} {adj} {prep} {mark}{pct}%{tail}\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(pct / 100)]
    assert got[0].accept_length is None


@given(adj=_ADJ, hundredths=st.integers(120, 480))
def test_a_length_held_without_a_verb(read: Read, adj: str, hundredths: int) -> None:
    text = f"EAGLE head on chat prompts: accept length {adj} at {hundredths / 100:.2f} all day.\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(hundredths / 100)]


@pytest.mark.parametrize(
    "text",
    [
        # another measure
        "MTP drafting on. The probe showed throughput flat at 80 tok/s.\n",
        # a position, no value
        "MTP drafting on. The probe showed acceptance flat at position 3.\n",
        # a condition
        "MTP drafting on. If acceptance stays flat at 80% we are fine.\n",
        # a level to be kept
        "MTP drafting on. The plan is to keep acceptance flat at 80%.\n",
        "MTP drafting on. Keeping the accept rate steady at 70% is the goal.\n",
    ],
)
def test_near_misses_read_no_figure(read: Read, text: str) -> None:
    assert read(text).records == ()
