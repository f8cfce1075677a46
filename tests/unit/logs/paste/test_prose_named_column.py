"""A table column of percentages under a name that says no figure, which the paste's prose
restates cell for cell as acceptance (`prose_named_column.py`): the column is the acceptance
rate, a range cell a record with no figure. Another measure's column, a column of other cells,
or prose restating no cell (or the value before another measure) read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["Head per-draft", "MTP (mean)", "EAGLE share", "drafter"])
_DASH = st.sampled_from(["–", "-", "—"])


def _table(name: str, cells: list[str]) -> str:
    rows = "".join(f"| build {i} | {100 + i}.5 | {c} | fine |\n" for i, c in enumerate(cells))
    return f"| Build | decode tok/s | {name} | notes |\n|---|---|---|---|\n{rows}"


@settings(max_examples=30, deadline=None)
@given(
    name=_NAMES,
    lo=st.integers(40, 70),
    width=st.integers(3, 25),
    n=st.integers(1, 3),
    dash=_DASH,
)
def test_ranges_the_prose_calls_acceptance_are_records_of_no_figure(
    name: str, lo: int, width: int, n: int, dash: str
) -> None:
    cell = f"{lo}{dash}{lo + width}%"
    text = (
        _table(name, [cell] * n) + f"\nAt {lo}{dash}{lo + width}% acceptance the head holds up.\n"
    )
    recs = read_paste(text).records
    assert len(recs) == n
    assert all(r.printed_length is None and r.accept_length is None for r in recs)


@settings(max_examples=30, deadline=None)
@given(name=_NAMES, rates=st.lists(st.integers(30, 95), min_size=2, max_size=4, unique=True))
def test_single_percentages_the_prose_restates_are_rates(name: str, rates: list[int]) -> None:
    text = _table(name, [f"{r}%" for r in rates]) + f"\nWith acceptance of {rates[0]}% it pays.\n"
    got = [r.printed_rate for r in read_paste(text).records]
    assert got == pytest.approx([r / 100 for r in rates])


def test_through_the_pipeline(read: Read) -> None:
    text = _table("Head per-draft", ["61–70%", "64–72%"]) + "\nAt 64–72% acceptance it wins.\n"
    assert len(read(text).records) == 2


@pytest.mark.parametrize(
    "text",
    [
        # prose restating no cell
        _table("Head per-draft", ["61–70%", "64–72%"]) + "\nAt 80% acceptance it would win.\n",
        # the value before another measure
        _table("Head per-draft", ["61–70%", "64–72%"]) + "\nAt 61–70% accuracy it is fine.\n",
        # a column naming another measure
        _table("GPU util", ["61–70%", "64–72%"]) + "\nAt 61–70% acceptance it wins.\n",
        # a column of other cells
        _table("Head per-draft", ["61–70%", "n/a"]) + "\nAt 61–70% acceptance it wins.\n",
    ],
)
def test_other_columns_read_nothing(text: str) -> None:
    # (no record of the table's lines; prose of its own reads as before)
    assert all(r.first_line > 4 for r in read_paste(text).records)
