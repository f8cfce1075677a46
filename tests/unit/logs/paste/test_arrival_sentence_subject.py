"""A figure's value after a verb of arriving ('reached 3.1', 'climbed to 2.4') whose name runs
back over an earlier sentence ('The acceptance rate was 62%. The average acceptance length
reached 3.1.'): the verb's subject is the last sentence's words, and the earlier sentence is
left to the other readers, its own figure read (before: claimed with the subject and lost)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    rate=st.integers(20, 95),
    length=st.integers(12, 48),
    rate_name=st.sampled_from(["The acceptance rate", "Draft acceptance", "The accept rate"]),
    length_name=st.sampled_from(
        ["The average acceptance length", "Mean accept length", "The acceptance length"]
    ),
    verb=st.sampled_from(["reached", "climbed to", "rose to", "went up to"]),
)
def test_the_earlier_sentence_keeps_its_figure(
    read: Read, rate: int, length: int, rate_name: str, length_name: str, verb: str
) -> None:
    text = f"{rate_name} was {rate}%. {length_name} {verb} {length / 10:.1f}.\n"
    got = read(text).records
    rates = [round(r.printed_rate, 4) for r in got if r.printed_rate is not None]
    lengths = [r.printed_length for r in got if r.printed_length is not None]
    assert rates == [rate / 100] and lengths == [length / 10], text
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(
    lead=st.sampled_from(["We tried many settings.", "Nothing else changed!", "Step 3 was slow."]),
    length=st.integers(12, 48),
)
def test_an_earlier_sentence_without_a_figure_gives_none(
    read: Read, lead: str, length: int
) -> None:
    got = read(f"{lead} The average acceptance length reached {length / 10:.1f}.\n").records
    assert [(r.printed_length, r.printed_rate) for r in got] == [(length / 10, None)]
