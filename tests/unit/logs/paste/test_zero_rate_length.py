"""A printed length beside a per-draft rate of exactly 0 and no counts ('0% draft acceptance
(mean accept length = 1.0)'): no draft accepted, so each step emitted the target's token alone,
1 + 0 whatever its drafts: a length of 1 counts the bonus, a length of 0 leaves it out. A rate
above 0, or a length of neither, decides nothing by it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SHAPES = [
    "On the old image the draft gave **{r} draft acceptance (mean accept length = {L})** on chat.",
    "Speculative run, stale build: acceptance rate {r}, mean acceptance length {L}.",
    "- MTP run on the old runtime: accept rate {r}, accept length {L}",
]


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(_SHAPES),
    st.sampled_from(["0%", "0.0%", "0.00"]),
    st.sampled_from(["1.0", "1.00", "1"]),
)
def test_a_length_of_one_beside_a_zero_rate_counts_the_bonus(
    read: Read, shape: str, rate: str, length: str
) -> None:
    recs = read(shape.format(r=rate, L=length) + "\n").records
    assert [(r.printed_length, r.accept_length) for r in recs] == [(1.0, 1.0)]
    assert recs[0].bonus.value == "included"


@settings(max_examples=examples(20), deadline=None)
@given(st.sampled_from(_SHAPES), st.integers(1, 9), st.integers(11, 30))
def test_a_rate_above_zero_decides_nothing_by_it(
    read: Read, shape: str, pct: int, tenths: int
) -> None:
    recs = read(shape.format(r=f"{pct}%", L=f"{tenths / 10:.1f}") + "\n").records
    assert all(r.accept_length is None for r in recs)


def test_a_length_of_neither_decides_nothing(read: Read) -> None:
    recs = read(_SHAPES[1].format(r="0%", L="1.6") + "\n").records
    assert all(r.accept_length is None for r in recs)
