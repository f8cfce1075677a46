"""A ranked list of one rate's values (interpret._ranked): fractions are the rate itself, whole
values with % its percentages; never a fraction read as hundredths."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = st.sampled_from(["Accept rates", "Draft acceptance rates", "Acceptance rates seen"])


@settings(max_examples=examples(40), deadline=None)
@given(
    name=_NAMES,
    vals=st.lists(st.integers(10, 99), min_size=2, max_size=4, unique=True),
    pct=st.sampled_from(["fraction", "sign"]),
)
def test_a_ranked_rate_keeps_its_scale(name: str, vals: list[int], pct: str) -> None:
    labs = ["north", "south", "east", "west"]
    shown = {"fraction": "0.{v}", "sign": "{v}%"}[pct]
    items = ", ".join(f"{lab} {shown.format(v=v)}" for lab, v in zip(labs, vals, strict=False))
    got = [r.printed_rate for r in read_paste(f"{name}: {items}\n").records]
    assert got == [v / 100 for v in vals]


def test_negative_control_a_tie_is_left_to_other_readers() -> None:
    got = read_paste("Accept rates: north 0.50, south 0.50\n").records
    assert all(r.printed_rate is None or r.printed_rate >= 0.4 for r in got)
