"""A length named by an abbreviation llama.cpp never prints (`AL`, `τ`, `a.len`) in a paste that
names llama.cpp is the writer's own figure: llama.cpp's convention does not decide its bonus
(left unknown where nothing else does). The spelled-out name keeps the tool's rule, and another
tool's `AL` (SGLang prints that figure) keeps its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEADINGS = ["## llama.cpp runs on our box", "### Same scale: llama.cpp figures (ours)"]


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(_HEADINGS),
    name=st.sampled_from(["AL", "AL:", "τ =", "a.len", "**AL**"]),
    value=st.integers(120, 690),
)
def test_an_abbreviation_keeps_its_convention_unknown(heading: str, name: str, value: int) -> None:
    v = f"{value / 100:.2f}"
    text = f"{heading}\n\nWith the MTP head, {name} {v} on the code set.\n"
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [float(v)]
    assert recs[0].accept_length is None
    assert recs[0].tool == "llamacpp"


@settings(max_examples=examples(20), deadline=None)
@given(
    heading=st.sampled_from(_HEADINGS),
    name=st.sampled_from(["mean acceptance length", "accept length:"]),
    value=st.integers(120, 690),
)
def test_the_spelled_out_name_keeps_the_tools_rule(heading: str, name: str, value: int) -> None:
    v = f"{value / 100:.2f}"
    text = f"{heading}\n\nWith the MTP head, {name} {v} on the code set.\n"
    assert [r.accept_length for r in read_paste(text).records] == [float(v)]


def test_another_tools_abbreviation_keeps_its_rule() -> None:
    text = "## SGLang runs on our box\n\nWith the MTP head, AL 2.40 on the code set.\n"
    assert [r.accept_length for r in read_paste(text).records] == [2.4]
