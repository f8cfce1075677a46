"""A configuration or phase word before a mean's name that the vocabulary spells with its
aggregation word (`warmup averageAccepted`, `GSM8K mean accepted tokens`, `short avg
accepted`): the column holds that mean for it, as `MT-bench τ` holds τ. Near misses: a word
of another measure before it (`speedup average accepted`), the aggregation word alone after a
configuration (`warmup average`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_INTRO = "MTP speculative decoding on one loaded model, temp 0.\n\n"


@given(
    head=st.sampled_from(["warmup", "GSM8K", "short", "steady"]),
    name=st.sampled_from(["averageAccepted", "average accepted", "avg accepted", "meanAccepted"]),
    values=st.lists(st.integers(110, 390), min_size=2, max_size=4),
    bold=st.booleans(),
)
def test_configuration_before_a_mean_name_is_that_mean(
    read: Read, head: str, name: str, values: list[int], bold: bool
) -> None:
    mark = "**" if bold else ""
    rows = "".join(f"| p{i} | {mark}{v / 100:.2f}{mark} | 9.5 |\n" for i, v in enumerate(values))
    text = _INTRO + f"| prompt | {head} {name} | wall s |\n|---|---|---|\n" + rows
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(v / 100) for v in values]


@pytest.mark.parametrize("header", ["speedup average accepted", "warmup average"])
def test_other_measure_or_bare_aggregate_is_no_length(read: Read, header: str) -> None:
    text = _INTRO + f"| prompt | {header} | wall s |\n|---|---|---|\n| a | 1.42 | 9.5 |\n"
    text += "| b | 2.31 | 9.7 |\n"
    assert all(r.printed_length is None for r in read(text).records)
