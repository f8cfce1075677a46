"""core.doctor.cache_hits: pairing accept length with prefix-cache hits, on hostile input."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.doctor.cache_hits import CacheHitScanner, judge

PREFILL = (
    "[2026-12-01 22:16:51] Prefill batch, #new-seq: 1, #new-token: {n}, #cached-token: {c}, "
    "token usage: 0.03, #running-req: 0, #queue-req: 0, #pending-token: 0, cpu graph: False, "
    "input throughput (token/s): 0.11"
)


def test_pairs_each_decode_record_with_the_prefills_before_it() -> None:
    s = CacheHitScanner("x.log")
    s.line(PREFILL.format(n=100, c=0), 1)
    for _ in range(3):
        s.record(2.5, 1.0)
    s.line(PREFILL.format(n=2, c=98), 5)
    for _ in range(3):
        s.record(1.5, 1.0)
    e = s.evidence()
    assert e is not None and e.example_line == 5 and "#cached-token: 98" in e.example
    j = judge(e)
    assert (j.high_records, j.low_records) == (3, 3)
    assert j.high_accept_length == 1.5 and j.low_accept_length == 2.5 and j.drops


def test_no_hit_figures_no_evidence() -> None:
    s = CacheHitScanner("x.log")
    s.record(2.0, 1.0)
    assert s.evidence() is None


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("p"), st.integers(0, 10**9), st.integers(0, 10**9)),
            st.tuples(st.just("v"), st.floats(allow_nan=True), st.just(0)),
            st.tuples(st.just("r"), st.floats(allow_nan=True, allow_infinity=True), st.just(0)),
            st.tuples(st.just("t"), st.text(max_size=40).map(len), st.just(0)),
        ),
        max_size=60,
    )
)
def test_hostile_lines_never_crash_and_shares_stay_in_range(
    ops: list[tuple[str, float, int]],
) -> None:
    s = CacheHitScanner("x.log")
    for i, (kind, a, b) in enumerate(ops):
        if kind == "p":
            s.line(PREFILL.format(n=int(a), c=b), i)
        elif kind == "v":
            s.line(f"Engine 000: GPU KV cache usage: 1.0%, Prefix cache hit rate: {a}%", i)
        elif kind == "r":
            s.record(a, 1.0)
        else:
            s.line("x" * int(a), i)
    e = s.evidence()
    if e is not None:
        assert all(0.0 <= b.lo < 1.0 and b.records > 0 for b in e.bins)
        assert all(math.isfinite(b.accept_length) for b in e.bins)
        judge(e)
