"""A range of shares named by a bare `accept` after it (`71-84% accept`, `0.58–0.79 accept`) is
what the runs spread over, no one figure: in a sentence no record (before, its high end was read
as a rate). One share before `accept` is read as before (interpret._RATE_ACCEPT)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_DASH = st.sampled_from(["-", "–", "—", " - ", "~"])
_OPEN = st.sampled_from(
    [
        "Same as the March row ({v} accept). Nothing else changed.",
        "The tuned build, {v} accept, 52.1 tok/s.",
        "- second tier: 48.2 narr / 61.7 code TPS, AL 3.1-3.4 {v} accept",
    ]
)


@given(
    shape=_OPEN,
    dash=_DASH,
    lo=st.integers(40, 70),
    span=st.integers(3, 20),
    pct=st.booleans(),
)
def test_a_range_before_accept_is_no_record(
    read: Read, shape: str, dash: str, lo: int, span: int, pct: bool
) -> None:
    hi = lo + span
    v = f"{lo}{dash}{hi}%" if pct else f"0.{lo}{dash}0.{hi}"
    assert read("## Changelog\n\n" + shape.format(v=v) + "\n").records == ()


@given(shape=_OPEN, v=st.integers(40, 95), pct=st.booleans())
def test_one_share_before_accept_is_a_rate(read: Read, shape: str, v: int, pct: bool) -> None:
    text = "## Changelog\n\n" + shape.format(v=f"{v}%" if pct else f"0.{v}") + "\n"
    assert [r.printed_rate for r in read(text).records] == [v / 100]
