"""Two arms of an A/B under one bare 'accept' after a statistic, each value's label after it
('mean accept 4.12 fused vs 3.87 split'): each arm a record with its printed length, the
convention unknown. A count with its unit ('mean accept 5.5 requests vs 4.5 requests') or a
value out of a length's range is no such pair."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _para(body: str) -> str:
    return f"## EAGLE drafter A/B\n\n- same target and prompts, speculative decoding on: {body}\n"


def test_two_arms_two_records() -> None:
    got = read_paste(_para("**mean accept 4.12 fused vs 3.87 split**.")).records
    assert [r.printed_length for r in got] == [4.12, 3.87]
    assert all(r.accept_length is None for r in got)


def test_counts_with_units_are_no_arms() -> None:
    assert read_paste(_para("mean accept 5.5 requests vs 4.5 requests per batch.")).records == ()
    assert read_paste(_para("we accept 5 requests vs 3 requests before.")).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    st.integers(110, 1500),
    st.integers(110, 1500),
    st.sampled_from(["avg", "mean", "median"]),
    st.sampled_from([("fused", "split"), ("direct", "shifted"), ("bf16", "fp8")]),
)
def test_any_pair_of_arms(a: int, b: int, stat: str, labels: tuple[str, str]) -> None:
    text = _para(f"{stat} accept {a / 100:.2f} {labels[0]} vs {b / 100:.2f} {labels[1]}")
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [round(a / 100, 2), round(b / 100, 2)]
    assert all(r.accept_length is None for r in got)
