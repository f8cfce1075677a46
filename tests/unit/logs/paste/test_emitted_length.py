"""`emitted length` (`mean emitted length`) names a length (cells.py): the mean tokens a verify
step emits, the target's own token counted or not as the paste's evidence decides; no engine
prints it, so no engine's convention is its (evidence._NO_ENGINE_NAME), whichever the paste
names. The engine's own name beside it keeps the engine's rule. (A block is read where it
names acceptance: the figure's line here does.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import INCLUDED, UNDECIDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["mean emitted length", "Mean emitted length", "emitted length"]),
    value=st.integers(120, 480),
    sep=st.sampled_from([": ", " of ", " was "]),
    mark=st.sampled_from(["", "`", "**"]),
)
def test_an_emitted_length_keeps_no_engines_convention(
    read: Read, name: str, value: int, sep: str, mark: str
) -> None:
    text = (
        "We served the draft with vLLM on one card.\n\n"
        f"- acceptance after training: {name}{sep}{mark}{value / 100:.2f}{mark} on chat.\n"
    )
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].printed_length == value / 100, text
    assert got[0].bonus == UNDECIDED and got[0].accept_length is None, text


@settings(max_examples=examples(20), deadline=None)
@given(value=st.integers(120, 480))
def test_the_engines_own_name_keeps_its_rule(read: Read, value: int) -> None:
    text = (
        "We served the draft with vLLM on one card.\n\n"
        f"- acceptance after training: mean acceptance length of {value / 100:.2f} on chat.\n"
    )
    got = read(text).records
    assert len(got) == 1 and got[0].bonus.value == INCLUDED, text
