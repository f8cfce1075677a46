"""A table whose k's count from 0 (`interpret.k_from_zero`): a row labelled k=0 that measured a
rate above zero cannot be a run of zero drafts a step (nothing drafted gives no rate), so the
table's k's are indices (a lookahead, a draft position), never the draft tokens per step or a
draft maximum: no row's length is computed from its k (neither 1 + k x rate nor, at k=1,
1 + rate). A row of k=0 printing no rate or a zero rate (the run without drafts) leaves the
other rows' k's as they were."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEADERS = ["lookahead", "chain index", "offset", "depth index", "k"]


def _label(header: str, k: int, spelling: int, note: str) -> str:
    if header == "k":
        return str(k)
    base = [f"k={k}", f"k = {k}", f"K={k}"][spelling]
    return f"{base} ({note})" if note else base


def _table(header: str, rates: list[float], spelling: int, note: str) -> str:
    rows = [[_label(header, k, spelling, note), f"{r:.1f}%"] for k, r in enumerate(rates)]
    return "**Chained heads (3 prompts):**\n\n" + pipe_table([header, "accept rate"], rows)


@pytest.mark.parametrize("header", _HEADERS)
def test_rows_counted_from_zero_give_no_length(read: Read, header: str) -> None:
    got = read(_table(header, [47.5, 9.0, 3.5], 0, "")).records
    assert [r.printed_rate for r in got] == pytest.approx([0.475, 0.09, 0.035])
    assert [r.accept_length for r in got] == [None, None, None]


@settings(max_examples=examples(40), deadline=None)
@given(
    header=st.sampled_from(_HEADERS),
    rates=st.lists(
        st.integers(min_value=5, max_value=950).map(lambda n: n / 10), min_size=2, max_size=5
    ),
    spelling=st.integers(min_value=0, max_value=2),
    note=st.sampled_from(["", "first", "two ahead", "own output fed back"]),
)
def test_any_table_from_zero_gives_no_length(
    header: str, rates: list[float], spelling: int, note: str
) -> None:
    got = read_paste(_table(header, rates, spelling, note)).records
    assert len(got) == len(rates)
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize("zero_cell", ["0%", "-", "n/a"])
def test_a_row_of_no_drafts_leaves_the_other_k(zero_cell: str) -> None:
    # k=0 printing no rate (or a zero one) is the run without drafts: k=1 keeps 1 + rate
    text = "## Sweep\n\n" + pipe_table(
        ["config", "accept rate"],
        [["k=0 (no spec)", zero_cell], ["k=1", "58.0%"], ["k=2", "49.0%"]],
    )
    got = {dict(r.labels)["config"]: r.accept_length for r in read_paste(text).records}
    assert got["k=1"] == pytest.approx(1.58)
    assert got["k=2"] == pytest.approx(1.98)


def test_a_table_from_one_keeps_its_lengths() -> None:
    text = "## Sweep\n\n" + pipe_table(
        ["config", "accept rate"], [["k=1", "58.0%"], ["k=2", "49.0%"], ["k=3", "41.0%"]]
    )
    got = [r.accept_length for r in read_paste(text).records]
    assert got == pytest.approx([1.58, 1.98, 2.23])


def test_a_zero_row_in_another_table_is_no_index() -> None:
    # two tables: the first counts from zero, the second (k from 1) keeps its lengths
    text = (
        "**Chain A:**\n\n"
        + pipe_table(["lookahead", "accept rate"], [["k=0", "40.0%"], ["k=1", "8.0%"]])
        + "\n\n## Sweep B\n\n"
        + pipe_table(["config", "accept rate"], [["k=1", "58.0%"], ["k=2", "49.0%"]])
    )
    got = [r.accept_length for r in read_paste(text).records]
    assert got[:2] == [None, None]
    assert got[2:] == pytest.approx([1.58, 1.98])
