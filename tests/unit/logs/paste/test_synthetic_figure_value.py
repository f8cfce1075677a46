"""A simulated or synthetic acceptance figure with its own value right after its name
('synthetic acceptance length 2.78', 'synthetic AL 2.78', '合成接受长度 2.78'): the value a
simulator or a recipe pins, no measurement, no record (notrun.simulated_marks). Near misses:
the adjective on the data ('synthetic prompts', '合成数据'), the simulation set against a
measured value in the sentence, a measured figure in a sentence of its own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = [
    "synthetic acceptance length",
    "synthetic AL",
    "simulated acceptance length",
    "synthetic accept length",
    "simulated AL",
]
_LEADS = [
    "Adds the recipe next to the existing arm ({name}{sep}{v}, thinking mode on).",
    "- **Draft:** EAGLE head, 3 draft tokens, {name}{sep}{v} on the load runs",
    "The replay harness is run with {name}{sep}{v} for every arm.",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    name=st.sampled_from(_NAMES),
    sep=st.sampled_from([" ", ": ", " = ", " of "]),
    v=st.integers(120, 460),
)
def test_a_synthetic_figure_with_its_value_is_no_record(
    read: Read, lead: str, name: str, sep: str, v: int
) -> None:
    text = "## Summary\n\n" + lead.format(name=name, sep=sep, v=f"{v / 100:.2f}") + "\n"
    assert read(text).records == ()


@pytest.mark.parametrize(
    "text",
    [
        "新增配方，与现有分支对齐（草稿模型、合成接受长度 2.64、思考模式开启）。\n",
        "对齐现有配置：模拟的接受长度 3.05，三个草稿 token。\n",
    ],
)
def test_chinese_synthetic_figure_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("On synthetic prompts the mean acceptance length was 2.64 with three drafts.\n", 2.64),
        ("合成数据上的平均接受长度为 2.64。\n", 2.64),
        ("Synthetic AL 3.00 was pinned for the load arm.\n\nWe measured AL 2.64 on chat.\n", 2.64),
    ],
)
def test_measured_beside_the_adjective_is_read(read: Read, text: str, length: float) -> None:
    assert [r.printed_length for r in read(text).records] == [pytest.approx(length)]
