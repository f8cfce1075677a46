"""Tokens per backbone step (`cells._STEP_PHRASES`, `interpret`'s prose length, `reader`'s
candidate test): heads that draft for a frozen model (Medusa's) call that model the backbone, so
a step of the backbone is a verify step of the target, and tokens per backbone step are tokens
per step, the target's own token included, as tokens per target step are. A backbone step's
other measures (time, memory) and a bare 'backbone' stay as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_VALUES = st.integers(105, 480).map(lambda n: n / 100)
_UNITS = st.sampled_from(
    ["tokens per backbone step", "tokens/backbone step", "tok per backbone step"]
)


@settings(max_examples=30, deadline=None)
@given(value=_VALUES, unit=_UNITS, lead=st.sampled_from(["Our Medusa build emits", "We get"]))
def test_prose_tokens_per_backbone_step_is_the_length(value: float, unit: str, lead: str) -> None:
    text = (
        f"Three draft heads sit on a frozen backbone.\n{lead} {value:.2f} {unit} on the chat set.\n"
    )
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == pytest.approx([value])
    assert [r.accept_length for r in recs] == pytest.approx([value])


@settings(max_examples=30, deadline=None)
@given(value=_VALUES, name=st.sampled_from(["Tokens per backbone step", "Tok/backbone step"]))
def test_a_table_row_of_tokens_per_backbone_step(value: float, name: str) -> None:
    text = f"| Metric | Value |\n|---|---|\n| {name} | {value:.2f} |\n| Head size | 9 MB |\n"
    assert [r.accept_length for r in read_paste(text).records] == pytest.approx([value])


def test_through_the_pipeline(read: Read) -> None:
    text = "Two heads on a frozen backbone give 1.87 tokens per backbone step overall.\n"
    assert [r.accept_length for r in read(text).records] == pytest.approx([1.87])


@pytest.mark.parametrize(
    "text",
    [
        "The backbone step takes 41 ms and 2.30 GB of memory.\n",
        "| Metric | Value |\n|---|---|\n| Backbone step time (ms) | 41.2 |\n| Params | 2.4B |\n",
        "The frozen backbone has 2.40 billion parameters per layer group.\n",
    ],
)
def test_other_measures_of_a_backbone_step_read_nothing(text: str) -> None:
    assert read_paste(text).records == ()
