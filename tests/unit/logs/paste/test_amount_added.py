"""A value after a verb of adding, gaining or losing ('one more draft position adds 0.57 accepted
tokens per round'), on one line or wrapped between the verb and its value: by how much the
figure changed between two runs, no record. The same value after another verb, or a key-value
line after a wrapped verb, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_VERBS = ("adds", "added", "gains", "gained", "loses", "costs", "adds another", "gains about")
_NAMES = ("accepted tokens per round", "accepted tokens/step", "accepted drafts per step")


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(_VERBS),
    st.sampled_from(_NAMES),
    st.integers(min_value=11, max_value=290),
    st.booleans(),
)
def test_an_amount_added_is_no_record(
    read: Read, verb: str, name: str, hundredths: int, wrapped: bool
) -> None:
    amount = f"{hundredths / 100:.2f}"
    gap = "\n   " if wrapped else " "
    text = (
        "Speculative decoding sweep notes.\n\n"
        f"2. **More draft positions help less.** Raising the draft depth from 3 to 4 {verb}"
        f"{gap}{amount} {name}, and a deeper draft helps even less.\n"
    )
    assert [r.printed_length for r in read(text).records] == [], text


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(min_value=130, max_value=390), st.booleans())
def test_a_measured_value_is_still_read(read: Read, hundredths: int, wrapped: bool) -> None:
    """'reaches' is no change: the wrapped value is the run's; a key after a wrapped 'adds'
    is a key-value line of its own."""
    amount = f"{hundredths / 100:.2f}"
    gap = "\n   " if wrapped else " "
    text = (
        "Speculative decoding sweep notes.\n\n"
        f"With a depth of 4 the draft reaches{gap}{amount} accepted tokens per round on chat.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [hundredths / 100], text
    keyed = f"Speculative decoding sweep notes. The new head adds\naccept length: {amount}\n"
    assert [r.printed_length for r in read(keyed).records] == [hundredths / 100], keyed
