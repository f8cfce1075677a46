"""A table cell under an acceptance column listing the figure on several subsets, each a value
then the subset's name, joined by `,` or `;` (`| 48.5% chat, 7.5% long docs |`): one record a
subset, labelled by it; the other rows read as before. Near misses: a count's shares (`61%
accepted, 39% rejected`), values of two forms, one item alone, a cell under a column of another
measure."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_SUBS = ["chat", "math", "long docs", "B7 prompts", "code review", "qa"]


def _table(cell: str, sep: str = "|") -> str:
    return (
        "| head | corpus | offline acceptance |\n| --- | --- | --- |\n"
        f"| pilot-a | 900 mixed | {cell} |\n| pilot-b | 950 mixed | 31.5% |\n"
    )


@given(
    subs=st.lists(st.sampled_from(_SUBS), min_size=2, max_size=4, unique=True),
    shares=st.lists(st.integers(10, 990), min_size=4, max_size=4),
    joiner=st.sampled_from([", ", "; "]),
    on=st.sampled_from(["", "on "]),
)
def test_each_subset_is_a_record(
    read: Read, subs: list[str], shares: list[int], joiner: str, on: str
) -> None:
    cell = joiner.join(f"{s / 10:.1f}% {on}{sub}" for sub, s in zip(subs, shares, strict=False))
    got = read(_table(cell)).records
    want = [s / 1000 for s in shares[: len(subs)]] + [0.315]
    assert [r.printed_rate for r in got] == [pytest.approx(w) for w in want]
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "cell",
    [
        "61% accepted, 39% rejected",  # a count's shares, no subsets
        "48.5% chat, 0.075 math",  # values of two forms
        "48.5% chat",  # one item alone: a value and its note
        "48.5% chat, 48.5% chat",  # the same subset twice
    ],
)
def test_near_misses_give_no_subset_records(read: Read, cell: str) -> None:
    got = read(_table(cell)).records
    assert len(got) <= 2
    assert all(r.printed_rate != 0.39 for r in got)


def test_a_cell_under_another_measure_gives_none(read: Read) -> None:
    text = (
        "| head | speedup | offline acceptance |\n| --- | --- | --- |\n"
        "| pilot-a | 1.5 chat, 1.2 math | 40.5% |\n| pilot-b | 1.1 chat, 1.3 math | 31.5% |\n"
    )
    assert [r.printed_rate for r in read(text).records] == [0.405, 0.315]
