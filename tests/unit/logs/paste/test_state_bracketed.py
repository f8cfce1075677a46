"""A figure's name, a verb of state and a word or two, then a bracket opening with its value and
a word of measuring ('accept length is near-saturating (~5.8/6 measured on H100)'): the value
the sentence reports, with its maximum where it prints one. A bracket of a value without a word
of measuring, or without the verb of state, is read as before (nothing here)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_VERBS = ["is", "was", "stays", "remains", "looks"]
_WORDS = ["near-saturating", "very high", "solid", "close to the cap"]
_MEASURE = ["measured on two cards", "observed on chat", "seen in the nightly run"]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(_VERBS),
    st.sampled_from([w for w in _WORDS if len(w.split()) <= 2]),
    st.sampled_from(_MEASURE),
    st.integers(120, 590),
    st.booleans(),
)
def test_the_bracketed_value_is_read(
    read: Read, verb: str, words: str, measure: str, hundredths: int, out_of: bool
) -> None:
    v = hundredths / 100
    val = f"~{v:.2f}/6" if out_of else f"{v:.2f}"
    text = (
        f"With the MTP draft the accept length {verb} {words} ({val} {measure}), so we keep it.\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [v], text
    assert recs[0].max_length == (6.0 if out_of else None)


@settings(max_examples=examples(20), deadline=None)
@given(st.sampled_from(_VERBS), st.integers(120, 590))
def test_no_word_of_measuring_reads_nothing(read: Read, verb: str, hundredths: int) -> None:
    text = (
        f"With the MTP draft the accept length {verb} near-saturating ({hundredths / 100:.2f} "
        "is the cap we set), so we keep it.\n"
    )
    assert read(text).records == ()
