"""A length glossed in a bracket right after its name, the gloss saying what a step emits
(`Accept length (τ — mean tokens emitted per target forward) is 2.4 ...`): a definition of the
paste's length (defined._GLOSSED), so a later bare `accept length` value in the paste counts the
target's own token too. A bracket of another kind (where it was measured) defines nothing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_GLOSS = st.sampled_from(
    [
        "EAGLE τ — mean tokens emitted per target forward",
        "τ, the mean tokens emitted per target forward",
        "i.e. tokens emitted per decode step",
    ]
)


@given(gloss=_GLOSS, a=st.integers(15, 29), b=st.integers(310, 590))
def test_a_later_bare_length_takes_the_gloss(read: Read, gloss: str, a: int, b: int) -> None:
    text = (
        "Performance\n"
        f"Accept length ({gloss}) is {a / 10:.1f} on the chain drafter. "
        f"A tree drafter raises accept length to ~{b / 100:.2f} but is slower.\n"
    )
    got = {r.printed_length: r.accept_length for r in read(text).records}
    assert got == {a / 10: a / 10, b / 100: b / 100}


@given(a=st.integers(15, 29), b=st.integers(310, 590))
def test_a_bracket_of_where_it_was_measured_defines_nothing(read: Read, a: int, b: int) -> None:
    text = (
        "Performance\n"
        f"Accept length (measured over eighty prompts, greedy) is {a / 10:.1f} on the chain "
        f"drafter. A tree drafter raises accept length to ~{b / 100:.2f} but is slower.\n"
    )
    got = {r.printed_length: r.accept_length for r in read(text).records}
    assert got == {a / 10: None, b / 100: None}
