"""A figure's name owned by the draft after it (interpret._OF_THE_DRAFT): 'the acceptance rate
of the draft is 41%' is the draft's acceptance rate, never a draft setting of 41; a setting
named alone ('Draft: 8') stays a label, and another measure 'of the draft' is no acceptance."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_OWNERS = st.sampled_from(["the draft", "our drafter", "the draft model", "its drafts"])
_VERBS = st.sampled_from(["is", "was", "is only", "was about"])


@settings(max_examples=examples(40), deadline=None)
@given(
    owner=_OWNERS,
    verb=_VERBS,
    v=st.integers(3, 95),
    pct=st.booleans(),
)
def test_a_rate_of_the_draft_is_read(owner: str, verb: str, v: int, pct: bool) -> None:
    text = f"Using a small model to speculate, the acceptance rate of {owner} {verb} {v}"
    text += ("%" if pct else "") + " on long prompts.\n"
    got = [r.printed_rate for r in read_paste(text).records]
    assert got == [v / 100]


def test_a_length_of_the_drafter() -> None:
    got = read_paste("On chat, the accept length of the drafter was 2.64 tokens per step.\n")
    assert [r.printed_length for r in got.records] == [2.64]


def test_negative_controls() -> None:
    assert I.key_of("Draft").metric == I.key_of("draft").metric  # the setting, as before
    assert I.key_of("the latency of the draft").metric not in ("accept_rate", "accept_length")
    assert I.key_of("acceptance rate of the draft").metric == I.key_of("acceptance rate").metric
