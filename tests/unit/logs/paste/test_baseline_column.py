"""A tokens-a-step column (`Tokens/Iter`, `tokens per round`) whose row at k x rate fits two
readings (accepted drafts under a loose name, or tokens a step with a rate defined as tokens /
k) is decided where the same column prints exactly 1 for the run without drafts
(baseline_column.py): the column counts the target's own token, the row's figure is bonus
included. A baseline row printing another value, or none, leaves the row undecided."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_HEADS = ["Tokens/Iter", "tokens per round", "Tok/Step", "**Tokens/Iter**"]
_BASELINES = ["Baseline (AR)", "**Baseline (AR)**", "Baseline", "No spec", "Vanilla"]


def _paste(
    head: str, base: tuple[str, str] | None, rows: list[tuple[int, int]], rate: str = "接受率 (%)"
) -> str:
    out = "Runs of the draft chain against plain decoding.\n\n"
    out += f"| Method | {rate} | {head} |\n|---|---|---|\n"
    if base is not None:
        out += f"| {base[0]} | - | {base[1]} |\n"
    for k, rate in rows:
        out += f"| Chain K={k} | {rate / 10:.1f} | {k * rate / 1000:.2f} |\n"
    return out


def _rows(data: st.DataObject) -> list[tuple[int, int]]:
    # k x rate with its decimals exact (no rounding to argue over)
    return data.draw(
        st.lists(
            st.tuples(st.sampled_from([2, 4, 5]), st.sampled_from([500, 600, 700, 800])),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    base=st.sampled_from(_BASELINES),
    one=st.sampled_from(["1.0", "1.00", "1"]),
    rate=st.sampled_from(["接受率 (%)", "Acceptance rate (%)"]),
    data=st.data(),
)
def test_a_baseline_at_one_decides_the_k_times_rate_rows(
    read, head: str, base: str, one: str, rate: str, data: st.DataObject
) -> None:
    rows = _rows(data)
    got = read(_paste(head, (base, one), rows, rate)).records
    want = [k * r / 1000 for k, r in rows]
    assert [r.printed_length for r in got] == want
    assert [r.accept_length for r in got] == want


@settings(max_examples=examples(20), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    base=st.sampled_from([None, ("Baseline (AR)", "1.05"), ("Baseline (AR)", "100%")]),
    data=st.data(),
)
def test_no_baseline_at_one_leaves_the_rows_undecided(
    read, head: str, base: tuple[str, str] | None, data: st.DataObject
) -> None:
    rows = _rows(data)
    got = [r for r in read(_paste(head, base, rows)).records if r.printed_rate is not None]
    assert [r.printed_length for r in got] == [k * r / 1000 for k, r in rows]
    assert all(r.accept_length is None for r in got)
