"""A comparison of one acceptance figure between two settings (compared_settings.py) whose
values are printed as approximate ('(~61%)', '(≈ 0.52)') and whose settings assign a value
('the quick p_min=0.1 run', 'k=3'): a record per bracket, each the value as printed. Near
misses: a hedge, a range in the bracket, two kinds of value."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = "Draft model on one GPU, same prompts.\n\n"
_SETTING = st.sampled_from(
    ["the quick p_min=0.1 run", "k=3", "the draft-max=8 case", "temp=0.7 sampling", "batch one"]
)
_APPROX = st.sampled_from(["~", "≈", "≈ ", ""])


@settings(max_examples=examples(40), deadline=None)
@given(
    s1=_SETTING,
    s2=_SETTING,
    a1=_APPROX,
    a2=_APPROX,
    x=st.integers(5, 95),
    y=st.integers(5, 95),
    percent=st.booleans(),
    filler=st.sampled_from(["", "actually ", "clearly much "]),
    more=st.sampled_from(["LOWER", "higher", "worse"]),
)
def test_approximate_values_and_assigned_settings(
    read: Read,
    s1: str,
    s2: str,
    a1: str,
    a2: str,
    x: int,
    y: int,
    percent: bool,
    filler: str,
    more: str,
) -> None:
    assume(x != y)  # (two settings printing one value: one run told twice)
    v1, v2 = (f"{x}.5%", f"{y}.5%") if percent else (f"{x / 100:.2f}", f"{y / 100:.2f}")
    text = (
        _HEAD + f"Draft acceptance was {filler}{more} in {s1} ({a1}{v1}) than in {s2} ({a2}{v2}).\n"
    )
    recs = read(text).records
    want = [(x + 0.5) / 100, (y + 0.5) / 100] if percent else [x / 100, y / 100]
    assert [r.printed_rate for r in recs] == [pytest.approx(w) for w in want], text
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "sentence",
    [
        "Draft acceptance would be lower in the p_min=0.1 run (~61%) than in k=3 (~70%).",
        "Draft acceptance was lower in the p_min=0.1 run (~55-61%) than in k=3 (~70%).",
        "Draft acceptance was lower in the p_min=0.1 run (~0.61) than in k=3 (~70%).",
    ],
)
def test_near_misses_stay_unread(read: Read, sentence: str) -> None:
    assert read(_HEAD + sentence + "\n").records == ()
