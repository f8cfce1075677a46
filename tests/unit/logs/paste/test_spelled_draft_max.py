"""llama.cpp's draft maximum spelled as its flag in a column's header ('spec-draft-n-max',
'--draft-n-max', 'spec_draft_max'; cells.py's labels): a configuration column, each row's label,
so a row of 1 drafts at most one token a step and its rate gives the length 1 + rate
(one_draft.rows), rows of more keep their rate alone (before: the column named nothing, no row
was told its maximum, no length). Near misses read as before: a minimum spelled the same way
('spec-draft-n-min'), a probability ('spec-draft-p-min')."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_SPELLINGS = [
    "spec-draft-n-max",
    "--spec-draft-n-max",
    "draft-n-max",
    "spec_draft_n_max",
    "spec-draft-max",
]
_RATES = ["aggregate_accept_rate", "acceptance rate", "accept rate"]


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(_SPELLINGS),
    rate_name=st.sampled_from(_RATES),
    maxima=st.lists(st.integers(1, 6), min_size=1, max_size=4, unique=True),
    baseline=st.booleans(),
    data=st.data(),
)
def test_a_spelled_flag_column_tells_each_row_its_maximum(
    read: Read,
    name: str,
    rate_name: str,
    maxima: list[int],
    baseline: bool,
    data: st.DataObject,
) -> None:
    rows, want = [], []
    if baseline:
        rows.append(["n/a - no mtp", "22.92", "n/a"])
    for m in sorted(maxima):
        rate = data.draw(st.integers(1001, 9899)) / 10000
        rows.append([str(m), f"{data.draw(st.integers(2300, 3100)) / 100:.2f}", f"{rate:.4f}"])
        want.append(round(1 + rate, 6) if m == 1 else None)
    text = "Speed up on a laptop GPU with MTP:\n\n" + pipe_table(
        [name, "average tk/s", rate_name], rows
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [
        pytest.approx(w) if w is not None else None for w in want
    ]


@pytest.mark.parametrize("name", ["spec-draft-n-min", "spec-draft-p-min"])
def test_a_minimum_or_a_probability_tells_no_maximum(read: Read, name: str) -> None:
    text = "Speed up on a laptop GPU with MTP:\n\n" + pipe_table(
        [name, "average tk/s", "aggregate_accept_rate"],
        [["1", "27.58", "0.8835"], ["2", "29.39", "0.8150"]],
    )
    got = read(text).records
    assert got and all(r.accept_length is None for r in got)
