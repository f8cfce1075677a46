"""A rate printed before its noun, then a draft position ('0.88 acceptance at position 1', '72%
acceptance for draft pos 0'): that position's rate, never the run's acceptance rate (as after the
key, 'acceptance was 72% at position 0', interpret._AT_POSITION); no rate, no length is claimed of
the run. Near misses: a span of positions ('at position 1+', 'at depth 2-4') and a count of
positions ('at 2 positions') are no one position; a rate with no position after it is the run's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = ["Head v3 shows", "- **Chain=5 is fine**: the tuned head reaches", "With n=4 we got"]
_AT = ["at position", "at pos", "for draft position", "at depth", "on position", "at the position"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    at=st.sampled_from(_AT),
    pos=st.integers(0, 1),
    pct=st.booleans(),
    share=st.integers(31, 97),
    noun=st.sampled_from(["acceptance", "acceptance rate", "draft acceptance"]),
)
def test_a_rate_before_its_noun_at_a_position_is_no_run_rate(
    read: Read, lead: str, at: str, pos: int, pct: bool, share: int, noun: str
) -> None:
    val = f"{share}%" if pct else f"0.{share}"
    text = f"{lead} {val} {noun} {at} {pos} on the long prompts.\n"
    got = read(text).records
    assert all(r.printed_rate is None and r.accept_rate is None for r in got)
    assert all(r.printed_length is None and r.accept_length is None for r in got)


def test_a_span_of_positions_is_left_as_before(read: Read) -> None:
    # (no one position's rate: not read as position 1's)
    for span in ("at position 1+", "at depth 2-4"):
        got = read(f"Head v3 shows 64% acceptance {span}.\n").records
        assert not any(r.per_position for r in got)


def test_a_rate_before_its_noun_without_a_position_is_the_run_rate(read: Read) -> None:
    got = read("Head v3 shows 64% acceptance on the long prompts.\n").records
    assert [r.printed_rate for r in got] == [0.64]
    got = read("Head v3 shows 64% acceptance at 2 positions.\n").records
    assert [r.printed_rate for r in got] == [0.64]
