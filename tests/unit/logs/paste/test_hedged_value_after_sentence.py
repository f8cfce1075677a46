"""A name before a hedged value (`~`, `≈` standing between them as the only separator) never runs
back over a sentence's end: `Plain decoding emits one token per forward pass. The card peaks at
~52 tok/s.` names no figure for 52 (its clause names none), as a verb's subject never does. A
name in the value's own sentence, hedged, is read as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(
    ["one token per forward pass", "a single token per step", "one token per decode step"]
)
_HEDGE = st.sampled_from(["~", "≈", "≈ "])
_AFTER = st.sampled_from(["tok/s whatever the stack", "tokens/s on that card", "t/s at best"])


@given(name=_NAME, hedge=_HEDGE, after=_AFTER, v=st.integers(200, 900))
def test_a_hedged_value_after_a_sentence_end_takes_no_earlier_name(
    read: Read, name: str, hedge: str, after: str, v: int
) -> None:
    text = (
        "Why drafting helps\n"
        f"Plain decoding emits {name}. On one small card, the 14B model peaks at "
        f"{hedge}{v / 10:.1f} {after}.\n"
    )
    assert read(text).records == ()


@given(
    name=st.sampled_from(["Mean tokens per forward pass", "Accept length", "Tokens per step"]),
    hedge=_HEDGE,
    v=st.integers(15, 59),
)
def test_a_hedged_value_in_its_names_sentence_is_read(
    read: Read, name: str, hedge: str, v: int
) -> None:
    text = f"Results\nSetup done. {name} {hedge}{v / 10:.1f} on the chat set.\n"
    assert [r.printed_length for r in read(text).records] == [v / 10]
