"""A two-column table of metrics as rows, each row listing its runs after the metric's name and
their values joined by slashes (slash_rows.py): a column a run, the transposed reading pairing
each run's length and rate; a unit written once after the last value carried to the others.
A cell with another count of parts, words among the parts, or a table of three columns stay
as written; '2.4--2.9' is a range (cells.span), as '2.4-2.9' is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RUNS = [["C1", "C4", "C8"], ["bs1", "bs8"], ["8K", "32K", "64K", "128K"], ["chat", "code"]]
_LENGTH = ["mean acceptance length", "accept length", "MTP mean acceptance length"]
_RATE = ["draft acceptance", "acceptance rate", "draft-token acceptance"]


@settings(max_examples=examples(50), deadline=None)
@given(
    runs=st.sampled_from(_RUNS),
    length_name=st.sampled_from(_LENGTH),
    rate_name=st.sampled_from(_RATE),
    k=st.integers(2, 6),
    data=st.data(),
    spaced=st.booleans(),
    speed_first=st.booleans(),
)
def test_each_run_a_column_rate_and_length_paired(
    runs: list[str],
    length_name: str,
    rate_name: str,
    k: int,
    data: st.DataObject,
    spaced: bool,
    speed_first: bool,
) -> None:
    rates = data.draw(
        st.lists(st.integers(150, 850), min_size=len(runs), max_size=len(runs), unique=True)
    )
    lengths = [1 + k * r / 1000 for r in rates]
    sep = " / " if spaced else "/"
    labels = " / ".join(runs)
    speed = f"| decode {labels} | " + " / ".join(f"{40 + i * 9.5:.1f}" for i in range(len(runs)))
    rows = [
        f"| {length_name} {labels} | " + sep.join(f"{x:.2f}" for x in lengths) + " |",
        f"| {rate_name} {labels} | " + sep.join(f"{r / 10:.1f}%" for r in rates) + " |",
    ]
    rows.insert(0 if speed_first else 2, speed + " tok/s |")
    text = "| measure | result |\n|---|---:|\n" + "\n".join(rows) + "\n"
    got = [(r.printed_length, r.printed_rate) for r in read_paste(text).records]
    want = [(round(x, 2), r / 1000) for x, r in zip(lengths, rates, strict=True)]
    assert got == [(pytest.approx(a), pytest.approx(b)) for a, b in want]


def test_ranges_with_two_hyphens_are_ranges(read: Read) -> None:
    text = "| run | accept length |\n|---|---:|\n| chat | 2.41--2.96 |\n| code | 2.70--3.12 |\n"
    got = read(text).records
    assert len(got) == 2 and all(r.printed_length is None for r in got)


@pytest.mark.parametrize(
    "text",
    [
        # two labels, three values
        "| metric | value |\n|---|---|\n| accept length C1 / C4 | 2.1 / 2.4 / 2.6 |\n",
        # a word among the parts
        "| metric | value |\n|---|---|\n| accept length C1 / C4 | 2.1 / pending |\n",
        # three columns: no metric-and-value table
        "| metric | value | note |\n|---|---|---|\n| accept length C1 / C4 | 2.1 / 2.4 | x |\n",
    ],
)
def test_negative_control_no_run_columns(read: Read, text: str) -> None:
    assert all(r.printed_length not in (2.1, 2.4) for r in read(text).records)
