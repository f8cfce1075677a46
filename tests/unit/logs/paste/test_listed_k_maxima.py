"""Runs a line lists each after its k (`Acceptance: K=4 64%, K=8 30%, K=16 17%`): as in a
table (`interpret._k_maxima`), a k past a fixed chain's (`evidence.FIXED_K_MOST`) states a draft
maximum for every run of the line, its small k's too, so no run's length is computed as
1 + k x rate; k's all within a fixed chain keep their computed lengths."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import evidence as E
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _line(ks: list[int], shares: list[int], name: str, sym: str) -> str:
    items = ", ".join(f"{sym}={k} {s}%" for k, s in zip(ks, shares, strict=True))
    return f"Drafter parity checked on the eval set.\n{name}: {items}.\n"


_NAMES = st.sampled_from(["Acceptance", "Acceptance rate", "Draft acceptance"])


@settings(max_examples=examples(40), deadline=None)
@given(
    small=st.lists(st.integers(2, E.FIXED_K_MOST), min_size=1, max_size=3, unique=True),
    big=st.integers(E.FIXED_K_MOST + 1, 32),
    shares=st.lists(st.integers(5, 95), min_size=4, max_size=4, unique=True),
    name=_NAMES,
    sym=st.sampled_from(["K", "k"]),
)
def test_a_k_past_a_fixed_chain_leaves_every_run_a_rate(
    read: Read, small: list[int], big: int, shares: list[int], name: str, sym: str
) -> None:
    ks = [*sorted(small), big]
    text = _line(ks, shares[: len(ks)], name, sym)
    got = read(text).records
    assert [round(r.printed_rate or -1, 4) for r in got] == [s / 100 for s in shares[: len(ks)]]
    assert all(r.accept_length is None for r in got), text


@settings(max_examples=examples(40), deadline=None)
@given(
    ks=st.lists(st.integers(2, E.FIXED_K_MOST), min_size=2, max_size=3, unique=True).map(sorted),
    top=st.integers(60, 95),
    name=_NAMES,
    sym=st.sampled_from(["K", "k"]),
)
def test_k_within_a_fixed_chain_keep_their_lengths(
    read: Read, ks: list[int], top: int, name: str, sym: str
) -> None:
    shares = [top - 20 * i for i in range(len(ks))]  # falling with k, as a chain's rate does
    got = read(_line(ks, shares, name, sym)).records
    assert [round(r.accept_length or 0, 4) for r in got] == [
        round(1 + k * s / 100, 4) for k, s in zip(ks, shares, strict=True)
    ]
