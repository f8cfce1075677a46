"""A k stated in the header of another measure's column ('tok/s at k=2') is that column's
setting: a row leaving the column empty ('-', '—', 'n/a') shows no run at that k, so its rate
alone gives no 1 + k x rate length (interpret._by_rows); rows with a value there take it as
before. A k in the acceptance column's own header, or in the label column's, holds for every
row."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _table(acc_head: str, speed_head: str, rows: list[tuple[str, str, str]]) -> str:
    lines = [f"| arm | {acc_head} | {speed_head} |", "|---|---|---:|"]
    lines += [f"| {a} | {r} | {s} |" for a, r, s in rows]
    return "## Measured\n\n" + "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 6),
    acc_head=st.sampled_from(["draft acceptance", "acceptance rate", "draft accept rate"]),
    speed=st.sampled_from(["tok/s at k={k}", "decode tok/s (k={k})", "speed @ k={k}"]),
    empty=st.sampled_from(["-", "—", "n/a", "N/A", ""]),
    rates=st.lists(st.integers(100, 900), min_size=3, max_size=3),
    blank_at=st.integers(0, 2),
)
def test_a_row_empty_under_the_k_column_takes_no_k(
    read: Read, k: int, acc_head: str, speed: str, empty: str, rates: list[int], blank_at: int
) -> None:
    rows = [
        (f"arm-{i}", f"{r / 10:.1f} %", empty if i == blank_at else f"{60 + i * 7}.5")
        for i, r in enumerate(rates)
    ]
    got = read(_table(acc_head, speed.format(k=k), rows)).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 1000 for r in rates])
    want = [None if i == blank_at else pytest.approx(1 + k * r / 1000) for i, r in enumerate(rates)]
    assert [r.accept_length for r in got] == want


@pytest.mark.parametrize(
    ("acc_head", "speed_head"),
    [("draft acceptance (k=2)", "tok/s"), ("draft acceptance (k=2)", "decode tok/s")],
)
def test_a_k_in_the_acceptance_header_holds_for_every_row(
    read: Read, acc_head: str, speed_head: str
) -> None:
    rows = [("arm-a", "40.0 %", "71.5"), ("arm-b", "50.0 %", "-")]
    got = read(_table(acc_head, speed_head, rows)).records
    assert [r.accept_length for r in got] == pytest.approx([1.8, 2.0])
