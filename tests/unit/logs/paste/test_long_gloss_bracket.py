"""A name glossed in a closed bracket before its value, the gloss too long for the name's
suffix search (`Accept length (the paper's τ — mean tokens emitted per target forward) is
2.6`): the gloss names what is counted (tokens a step, the target's own token counted), as a
short gloss already does (interpret._glossed_key). Another measure before the bracket, or a
gloss naming no acceptance figure, reads nothing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_LEAD = st.sampled_from(["EAGLE τ —", "τ —", "τ, i.e. the", "also called τ, the"])
_GLOSS = st.sampled_from(
    [
        "mean tokens emitted per target forward",
        "average tokens emitted per verify step",
        "mean tokens per forward pass",
        "tokens emitted per decode step",
    ]
)


@given(lead=_LEAD, gloss=_GLOSS, v=st.integers(15, 59))
def test_the_long_gloss_names_the_figure(read: Read, lead: str, gloss: str, v: int) -> None:
    text = f"Results\nAccept length ({lead} {gloss}) is {v / 10:.1f} on the chat set.\n"
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v / 10, v / 10)]


@given(lead=_LEAD, gloss=_GLOSS, v=st.integers(15, 59))
def test_another_measure_glossed_reads_nothing(read: Read, lead: str, gloss: str, v: int) -> None:
    text = f"Results\nThroughput gain ({lead} {gloss}) is {v / 10:.1f} on the chat set.\n"
    assert read(text).records == ()
