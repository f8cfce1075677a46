"""A plural rate's name, a hedge and one value ('token acceptance rates about 0.7'): one
approximate figure of the rates seen, a record with that rate and no length. A list or a range
after it, no hedge, or a value no rate can be leave it unread as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

_LEADS = (
    "Across our runs we got {name} {hedge} {val} on long prompts.",
    "Local tests show a 1.8x gain, with {name} {hedge} {val}, which is good enough.",
    "{name} {hedge} {val} held for every seed.",
)


@settings(max_examples=40, deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    name=st.sampled_from(("acceptance rates", "draft acceptance rates", "token acceptance rates")),
    hedge=st.sampled_from(("around", "about", "roughly", "approximately", "~")),
    share=st.integers(20, 95),
    pct=st.booleans(),
)
def test_one_hedged_value_is_one_rate(
    lead: str, name: str, hedge: str, share: int, pct: bool
) -> None:
    val = f"{share}%" if pct else f"0.{share:02d}"
    text = lead.format(name=name, hedge=hedge, val=val)
    text = text[0].upper() + text[1:] + "\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == pytest.approx(share / 100)
    assert r.printed_length is None and r.accept_length is None


def test_near_misses() -> None:
    for text in (
        "We saw acceptance rates around 0.61 and 0.55 on the two sets.\n",
        "We saw acceptance rates around 0.6-0.7 on chat.\n",
        "We saw acceptance rates of 0.61 on chat.\n",
        "We saw acceptance rates around 2.4 on chat.\n",
    ):
        assert not [r for r in read_paste(text).records if r.printed_rate is not None], text
