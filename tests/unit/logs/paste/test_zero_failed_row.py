"""A rate of exactly 0% in a table row its own label marks as failed ('❌', 'FAIL', 'error'):
the draft may never have run (an incompatible draft switched off), so no length of 1 is
claimed; the record stays, its rate as printed. A 0% in a row of no such mark keeps its
length of 1."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table

_FAILED = ["❌ broken", "FAIL - junk text", "✗ load error", "failed (vocab)", "crashed", "error"]
_FINE = ["✅ ok", "works", "slow but fine", "ok"]


def _text(layout: str, status: str, zero: str, other: str) -> str:
    rows = [
        ["big-a", "tiny-a", other, "12.5", "✅ ok"],
        ["big-b", "tiny-b", zero, "N/A", status],
    ]
    return "Speculative runs, two drafts:\n\n" + render_table(
        layout, ["Target", "Draft", "Accept Rate", "Speed (t/s)", "Status"], rows
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    layout=st.sampled_from(["markdown", "aligned", "box"]),
    status=st.sampled_from(_FAILED),
    zero=st.sampled_from(["0%", "0.0%", "**0%**"]),
    other=st.integers(5, 95).map(lambda p: f"{p}.5%"),
)
def test_a_failed_rows_zero_claims_no_length(
    layout: str, status: str, zero: str, other: str
) -> None:
    got = read_paste(_text(layout, status, zero, other)).records
    assert [r.printed_rate for r in got][1] == 0.0
    assert [r.accept_length for r in got] == [None, None]


@settings(max_examples=examples(30), deadline=None)
@given(
    layout=st.sampled_from(["markdown", "aligned", "box"]),
    status=st.sampled_from(_FINE),
    other=st.integers(5, 95).map(lambda p: f"{p}.5%"),
)
def test_a_zero_in_a_row_not_marked_failed_is_still_one(
    layout: str, status: str, other: str
) -> None:
    got = read_paste(_text(layout, status, "0%", other)).records
    assert [r.accept_length for r in got] == [None, 1.0]
