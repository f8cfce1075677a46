"""A per-position column headed with its positions first and the acceptance word after them
('p0 / p1 accept', 'd1/d2/d3 acceptance rate (%)'): one list of rates a row, one value a draft
position, never two columns (the first a bare position, the second a rate of its own). The row's
other figures (its rate, its length) stay one record. Not where the positions skip or start past
1 ('pos1/pos3 acceptance'), nor a name of two figures ('accepted / drafted')."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "header",
    [
        "Pos0 / Pos1 acceptance",
        "p1/p2/p3 accept rate",
        "d1 / d2 / d3 acceptance (%)",
        "(t0/t1) draft acceptance",
        "position0/position1 acceptance probability",
    ],
)
def test_positions_first_name_a_per_position_figure(header: str) -> None:
    assert C.key(header).metric == C.PER_POSITION


@pytest.mark.parametrize(
    "header",
    [
        "pos1/pos3 acceptance",  # (positions skipped)
        "pos2/pos3 acceptance",  # (not from the first)
        "p0/d1 acceptance",  # (two spellings)
        "Accepted / Drafted",
        "p0 / p1 speedup",
    ],
)
def test_negative_control_not_a_position_list(header: str) -> None:
    assert C.key(header).metric != C.PER_POSITION


_SPELLING = st.sampled_from(["Pos{}", "pos{}", "p{}", "d{}", "P{}"])
_JOIN = st.sampled_from([" / ", "/"])
_WORD = st.sampled_from(["acceptance", "accept rate", "acc", "acceptance rate"])


@settings(max_examples=25, deadline=None)
@given(
    spelling=_SPELLING,
    join=_JOIN,
    word=_WORD,
    start=st.sampled_from([0, 1]),
    n=st.integers(min_value=2, max_value=4),
    rates=st.lists(st.integers(min_value=1, max_value=99), min_size=4, max_size=4),
    length_at=st.sampled_from(["before", "after"]),
)
def test_one_record_a_row_with_its_length(
    read: Read,
    spelling: str,
    join: str,
    word: str,
    start: int,
    n: int,
    rates: list[int],
    length_at: str,
) -> None:
    falling = sorted(rates, reverse=True)[:n]
    pos_head = join.join(spelling.format(start + i) for i in range(n)) + " " + word
    cell = join.join(f"{r}.00%" for r in falling)
    length = round(1 + sum(falling) / 100, 2)
    cols = [("Run", "arm-a"), ("tok/s", "88.5")]
    figure = [("Mean acceptance length", f"{length:.2f}")]
    positions = [(pos_head, cell)]
    cols += figure + positions if length_at == "before" else positions + figure
    text = "Runs of a speculative decoder:\n\n" + pipe_table(
        [h for h, _ in cols], [[c for _, c in cols]]
    )
    got = read(text).records
    assert len(got) == 1
    (r,) = got
    assert r.printed_length == pytest.approx(length)
    assert list(r.per_position) == pytest.approx([x / 100 for x in falling])
    assert all(lab != "column" for lab, _ in r.labels)
