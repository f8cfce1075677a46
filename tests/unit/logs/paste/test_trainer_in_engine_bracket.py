"""A training framework named first in a bracket right after a serving engine's name ('SGLang
(SpecForge)', 'SGLang([SpecForge](address))': the engine's part, the code that ran) is no second
tool: the engine measured the figures. The framework named on its own, before the engine, or
beside it with a word between, leaves several tools named, as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TABLE = (
    "Numbers from my box:\n\n"
    "| batch | accept length |\n"
    "|---|---|\n"
    "| 1 | {a} |\n"
    "| 8 | {b} |\n\n"
    "- Setup\n"
    "GPUs: 2 x A100\n"
    "{code}\n"
)


@settings(max_examples=examples(25), deadline=None)
@given(
    a=st.integers(150, 390),
    b=st.integers(150, 390),
    engine=st.sampled_from(["SGLang", "sglang"]),
    trainer=st.sampled_from(["SpecForge", "specforge"]),
    form=st.sampled_from(["{e}({t})", "{e} ({t})", "{e}([{t}](https://example.org/team/{t}))"]),
    lead=st.sampled_from(["Code: ", "Stack: ", ""]),
)
def test_a_trainer_in_the_engines_bracket_is_no_second_tool(
    read: Read, a: int, b: int, engine: str, trainer: str, form: str, lead: str
) -> None:
    code = lead + form.format(e=engine, t=trainer)
    got = read(_TABLE.format(a=a / 100, b=b / 100, code=code)).records
    assert [r.printed_length for r in got] == pytest.approx([a / 100, b / 100])
    assert {r.tool for r in got} == {"sglang"}


@pytest.mark.parametrize(
    "code",
    [
        "Code: SpecForge (SGLang)",  # the framework first, the engine its part
        "Code: SGLang and SpecForge",  # two named side by side
        "Code: SGLang (patched), SpecForge",  # the bracket holds something else
    ],
)
def test_negative_control_other_placements_name_two_tools(code: str) -> None:
    got = read_paste(_TABLE.format(a=2.41, b=2.63, code=code)).records
    assert len(got) == 2 and {r.tool for r in got} == {"unknown"}
