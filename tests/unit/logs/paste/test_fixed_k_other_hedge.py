"""A vLLM lone rate under one MTP=N depth (fixed_k.py) on a line whose OTHER figures are hedged
('TTFT ~0.41s', '~2,310 tok/s'): that hedge is those figures', so the rate is still exact and
gives 1 + k x rate (before, any '~' on the line left it undecided). Near misses: the rate itself
hedged ('~74%', 'about 0.74'), a bound or a range elsewhere on the line: nothing decided."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OTHERS = ["TTFT ~0.41s", "prefill ~2,310 tok/s", "decode about 88 tok/s", "~1.9x over baseline"]


def _line(k: int, rate: str, others: list[str]) -> str:
    tail = ", ".join(others)
    return (
        "# Notes\n\n"
        f"- **Box B**: ran the vLLM build (TP=4, MTP={k}, fp8 cache). "
        f"MTP acceptance {rate}, {tail}.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(1, 5),
    pct=st.integers(35, 92),
    others=st.lists(st.sampled_from(_OTHERS), min_size=1, max_size=3, unique=True),
)
def test_another_figures_hedge_leaves_the_rate_exact(
    read: Read, k: int, pct: int, others: list[str]
) -> None:
    got = read(_line(k, f"{pct}%", others)).records
    rates = [r for r in got if r.printed_rate is not None]
    assert len(rates) == 1 and rates[0].tool == "vllm"
    assert rates[0].accept_length == pytest.approx(1 + k * pct / 100, abs=1e-6)


@pytest.mark.parametrize(
    ("rate", "others"),
    [
        ("~74%", ["TTFT 0.41s"]),
        ("about 74%", ["TTFT ~0.41s"]),
        ("74%", ["TTFT <0.41s"]),
        ("74%", ["TTFT 0.35-0.41s"]),
    ],
)
def test_the_rates_own_hedge_a_bound_or_a_range_decide_nothing(
    read: Read, rate: str, others: list[str]
) -> None:
    got = read(_line(2, rate, others)).records
    assert got and all(r.accept_length is None for r in got)
