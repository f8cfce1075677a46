"""Cells holding two figures split by '/' where only the first such column's header names the
parts ('| task | n_max=1 rate / a.len | n_max=2 | n_max=3 |' over '| code | 88.10% / 1.88 |
79.50% / 2.52 | ...'): every column repeating the cells' shape is split alike, one record per
cell with its rate and length. A draft maximum in the label ('n_max=1') proves the bonus where
the length is above it or is 1 + it x rate, and no length is computed from it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEADER = ["task", "n_max=1 rate / a.len", "n_max=2", "n_max=3"]


def test_every_column_repeating_the_shape_is_read(read: Read) -> None:
    text = "MTP depth sweep, greedy.\n\n" + pipe_table(
        _HEADER,
        [
            ["code", "88.10% / 1.88", "79.50% / 2.52", "72.20% / 3.10"],
            ["chat", "81.40% / 1.81", "70.05% / 2.31", "61.90% / 2.74"],
        ],
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [1.88, 2.52, 3.10, 1.81, 2.31, 2.74]
    assert [r.printed_rate for r in recs] == pytest.approx(
        [0.881, 0.795, 0.722, 0.814, 0.7005, 0.619]
    )
    assert [dict(r.labels)["column"] for r in recs] == ["n_max=1", "n_max=2", "n_max=3"] * 2
    # 1.88 = 1 + 1 x 0.881; 2.52 > 2; 3.10 > 3; 1.81 = 1 + 0.814 (within rounding); 2.31 > 2;
    # 2.74 is below 3 and 1 + 3 x 0.619 = 2.857: its column's other row decides it
    assert [r.accept_length for r in recs] == [1.88, 2.52, 3.10, 1.81, 2.31, 2.74]
    assert all(r.bonus.value == INCLUDED for r in recs)
    assert recs[5].bonus.rule.startswith("the column's other rows")


def test_without_a_draft_count_nothing_is_decided() -> None:
    text = pipe_table(
        ["task", "draft A rate / a.len", "draft B"],
        [["code", "61.0% / 2.40", "55.2% / 2.10"]],
    )
    recs = read_paste(text).records
    assert [(r.printed_rate, r.printed_length) for r in recs] == [(0.61, 2.4), (0.552, 2.1)]
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize("label", ["n_max=4", "draft-max=4", "draft_max=4"])
def test_a_draft_maximum_computes_no_length(label: str) -> None:
    # a rate alone under a draft maximum: the drafts of each step are not told (llama.cpp
    # drafts fewer where the draft is unsure), so never 1 + 4 x rate
    text = pipe_table(["config", "accept rate"], [[label, "62.5%"]])
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.625 and r.accept_length is None


@pytest.mark.parametrize(
    "other",
    [
        "79.50% / 2.52 / 3",  # another number of values
        "2.52 / 79.50%",  # the '%' elsewhere
        "n/a",
    ],
)
def test_columns_of_another_shape_are_not_split(other: str) -> None:
    text = pipe_table(_HEADER[:3], [["code", "88.10% / 1.88", other]])
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [1.88]


def test_a_column_naming_another_measure_is_not_split() -> None:
    text = pipe_table(
        ["task", "rate / a.len", "tok/s"], [["code", "88.10% / 1.88", "41.20% / 1.20"]]
    )
    assert [r.printed_length for r in read_paste(text).records] == [1.88]


@settings(max_examples=examples(50), deadline=None)
@given(
    rates=st.lists(st.integers(3000, 9900), min_size=3, max_size=3),
)
def test_generated_depth_one_columns(rates: list[int]) -> None:
    cells = [f"{r / 100:.2f}% / {1 + r / 10000:.2f}" for r in rates]
    text = pipe_table(
        ["task", "depth=1 rate / a.len", "n_max=1 B", "n_max=1 C"], [["code", *cells]]
    )
    text = text.replace("depth=1", "n_max=1")
    recs = read_paste(text).records
    assert len(recs) == 3
    assert [r.accept_length for r in recs] == [float(f"{1 + r / 10000:.2f}") for r in rates]


def test_a_draft_maximum_proves_no_bonus_left_out() -> None:
    # 1.60 = 2 x 0.80 would leave the bonus out for exactly 2 drafts a step; under a maximum a
    # step may draft fewer, so 1.60 may count it as well: nothing decided
    text = pipe_table(["config", "accept rate", "accept length"], [["n_max=2", "80.0%", "1.60"]])
    (r,) = read_paste(text).records
    assert r.printed_length == 1.6 and r.accept_length is None
    # the same under an exact k decides it (bonus left out)
    text = text.replace("n_max=2", "k=2")
    (r,) = read_paste(text).records
    assert r.accept_length == 2.6
