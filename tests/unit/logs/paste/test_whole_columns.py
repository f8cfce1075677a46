"""Under a title naming the acceptance rate, a column of whole numbers beside a column of
fractions is an index or a count (whole_columns.py): a slot, a seed, a worker's number, the
accepted and drafted counts, never a rate (before: a slot of 0 read as a rate of exactly 0 and a
length of 1.0 computed from it, a seed of 3 as a rate of 3%, each row two records). Near misses
read as before: a table whose columns are all whole numbers (shares without '%'), a column
mixing whole numbers and fractions, a title naming a length."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

# (each naming speculation: a title of acceptance alone over a bare table is 'acceptance' in
# another meaning, no record, whatever its columns)
_TITLES = [
    "## Per-task DFlash acceptance (in completion order)",
    "## Per-prompt draft acceptance",
    "### Draft acceptance by request",
    "**MTP acceptance rate per prompt**",
]
_INDEX = ["slot", "seed", "worker", "replica", "lane"]
_RATE = ["rate", "share", "value"]


@settings(max_examples=examples(60), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    index=st.sampled_from(_INDEX),
    rate_name=st.sampled_from(_RATE),
    counts=st.booleans(),
    first=st.booleans(),
    most=st.sampled_from([1, 3, 7, 63]),
    data=st.data(),
)
def test_whole_number_columns_beside_fractions_are_no_rates(
    read: Read,
    title: str,
    index: str,
    rate_name: str,
    counts: bool,
    first: bool,
    most: int,
    data: st.DataObject,
) -> None:
    n = data.draw(st.integers(2, 6))
    header = ["order", *(["A", "G"] if counts else []), rate_name]
    header.insert(1 if first else len(header) - 1, index)
    rows, rates = [], []
    for i in range(n):
        drafted = data.draw(st.integers(20, 400))
        accepted = data.draw(st.integers(1, drafted - 1))
        rate = round(accepted / drafted, 3)
        if not 0 < rate < 1:
            rate = 0.5  # (a share strictly inside: a run that accepted some drafts)
        rates.append(rate)
        row = [str(i), *([str(accepted), str(drafted)] if counts else []), f"{rate:.3f}"]
        row.insert(1 if first else len(row) - 1, str(data.draw(st.integers(0, most))))
        rows.append(row)
    got = read(title + "\n\n" + pipe_table(header, rows)).records
    assert [r.printed_rate for r in got] == pytest.approx(rates)
    assert all(r.accept_length is None for r in got)
    assert not any(index in dict(r.fields) for r in got)


def _rates(read: Read, rows: list[list[str]], title: str = "## Acceptance rate") -> list[float]:
    text = title + "\n\n" + pipe_table(["prompt", "run a", "run b"], rows)
    return [r.printed_rate for r in read(text).records if r.printed_rate is not None]


def test_all_whole_numbers_stay_shares(read: Read) -> None:
    # (no fraction beside them: shares printed without '%', as before)
    got = _rates(read, [["chat", "82", "75"], ["code", "64", "71"]])
    assert got == pytest.approx([0.82, 0.75, 0.64, 0.71])


def test_a_column_mixing_whole_numbers_and_fractions_stays_a_rate(read: Read) -> None:
    got = _rates(read, [["chat", "1", "0.75"], ["code", "0.95", "0.71"]])
    assert got == pytest.approx([1.0, 0.75, 0.95, 0.71])


def test_whole_numbers_under_a_length_title_stay_lengths(read: Read) -> None:
    text = "### Accept length\n\n" + pipe_table(
        ["set", "stage 1", "stage 2"], [["quiz", "2", "2.41"], ["proofs", "3", "2.77"]]
    )
    got = [r.printed_length for r in read(text).records]
    assert got == pytest.approx([2.0, 2.41, 3.0, 2.77])
