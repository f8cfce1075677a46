"""A setting's slash-joined values, then the one reference figure of the baseline ('against a
38.0 tok/s baseline,'), then a figure's list of as many values: still one run a setting value
(the aside is no list). Another aside, or a list of another count, leaves the line as it is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.slash_settings import rewrite


@settings(max_examples=40, deadline=None)
@given(
    ks=st.lists(st.integers(1, 9), min_size=2, max_size=4, unique=True),
    rates=st.data(),
    word=st.sampled_from(("against", "vs", "versus", "compared to")),
    base=st.sampled_from(("baseline", "AR baseline")),
)
def test_aside_between_setting_and_list(
    ks: list[int], rates: st.DataObject, word: str, base: str
) -> None:
    vals = rates.draw(st.lists(st.integers(20, 90), min_size=len(ks), max_size=len(ks)))
    line = (
        f"Sweep at k={'/'.join(map(str, ks))} {word} a 30.5 tok/s {base}, acceptance "
        + " / ".join(f"{v}.5%" for v in vals)
        + ".\n"
    )
    recs = read_paste(line).records
    assert [r.printed_rate for r in recs] == pytest.approx([(v + 0.5) / 100 for v in vals])
    assert [dict(r.labels).get("k") for r in recs] == [str(k) for k in ks]


def test_near_misses() -> None:
    for line in (
        "Sweep at k=2/4 against the old draft, acceptance 50.5% / 40.5%.",
        "Sweep at k=2/4 against a 30.5 tok/s baseline, acceptance 50.5% / 40.5% / 30.5%.",
    ):
        assert rewrite(line) == line
