"""'near' as a hedge between an acceptance figure's name and its value ('a draft acceptance
rate near 64%', 'near 64 percent'): the value, approximate, as after 'about' or 'around'; no
length without the drafts a step. 'near' before no number ('near zero') reads nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=99), st.sampled_from(["%", " percent"]))
def test_rate_near_a_value(read: Read, pct: int, unit: str) -> None:
    got = read(f"On our two boxes we saw a draft acceptance rate near {pct}{unit}.\n").records
    assert len(got) == 1
    assert got[0].printed_rate == pytest.approx(pct / 100)
    assert got[0].accept_length is None


@pytest.mark.parametrize(
    "text",
    [
        "On the old build the acceptance rate sat near zero.\n",
        "The loader keeps its cache near 64 GB while the draft runs.\n",
    ],
)
def test_negative_control_near_no_acceptance_value(read: Read, text: str) -> None:
    assert not read(text).records
