"""A figure the writer found a run able to reach (`text._FOUND_CAN`): after a finding in the
first person (`I found that`, `we observed`, `I noticed that`), `<figure> can reach <value>` (or
`can hit`) reports what the run showed: read as the arrival (`reached`). A bare `can reach`
(a claim, a target) and one with a condition or a modal after it stay unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_FINDING = ["I found that", "We found that", "I observed that", "we noticed that", "I see that"]
_NAME = ["the accept len", "the acceptance length", "the mean accept length", "our AL"]


@settings(max_examples=examples(40), deadline=None)
@given(
    finding=st.sampled_from(_FINDING),
    name=st.sampled_from(_NAME),
    verb=st.sampled_from(["can reach", "can hit"]),
    hedge=st.sampled_from(["", "nearly ", "about "]),
    tenths=st.integers(15, 70),
)
def test_a_found_ability_is_the_runs_figure(
    finding: str, name: str, verb: str, hedge: str, tenths: int
) -> None:
    value = f"{tenths / 10:.1f}"
    text = (
        f"While tuning the draft head on a 4B target, {finding} {name} {verb} {hedge}{value} "
        "but the throughput barely moves.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [float(value)]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAME),
    tail=st.sampled_from(
        [" if we train longer", " once the head is retrained", ", which would help", ""]
    ),
    finding=st.booleans(),
    tenths=st.integers(15, 70),
)
def test_a_claim_or_a_condition_stays_unread(
    name: str, tail: str, finding: bool, tenths: int
) -> None:
    if finding and not tail:
        return  # (the reading case above)
    lead = "I found that " if finding else "In general "
    text = f"While tuning the draft head, {lead}{name} can reach {tenths / 10:.1f}{tail}.\n"
    assert read_paste(text).records == ()
