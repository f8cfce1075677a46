"""A caption over a table setting every row's one k (captioned_k.py): `**Core data** (K=5,
target + tiny draft):` over rows printing an acceptance rate alone gives each row 1 + k x rate,
bonus included, as a row's own `k=5` label does. A caption ending otherwise (a sentence), two
k's, a draft maximum, a k past a fixed chain's, a line between the caption and the table, or an
approximate rate, or a draft position the caption measures at, leave the rates alone, as
before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.captioned_k import caption_k
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_CAPTIONS = [
    "**Core data** (K={k}, {pair}):",
    "Results at k={k}:",
    "核心数据（K={k}，{pair}）：",
    "Main comparison ({pair}, gamma={k}):",
]
_PAIRS = ["target + tiny draft", "Pythia pair", "base with its small draft"]
_HEADERS = ["Accept%", "Acceptance rate", "accept rate"]


def _paste(caption: str, header: str, rates: list[int], approx: bool = False) -> str:
    rows = [
        [f"cfg-{chr(97 + i)}", str(120 + 9 * i), f"{'~' if approx else ''}{r / 10:.1f}%"]
        for i, r in enumerate(rates)
    ]
    table = pipe_table(["config", "tok/s", header], rows)
    return f"### Experiment\n\n{caption}\n\n{table}"


_rates = st.lists(st.integers(300, 990), min_size=1, max_size=4)


@settings(max_examples=examples(40), deadline=None)
@given(
    caption=st.sampled_from(_CAPTIONS),
    pair=st.sampled_from(_PAIRS),
    header=st.sampled_from(_HEADERS),
    k=st.integers(2, 8),
    rates=_rates,
)
def test_a_captions_k_is_every_rows(
    read: Read, caption: str, pair: str, header: str, k: int, rates: list[int]
) -> None:
    got = read(_paste(caption.format(k=k, pair=pair), header, rates)).records
    assert [r.printed_rate for r in got] == [pytest.approx(r / 1000) for r in rates]
    assert [r.accept_length for r in got] == [pytest.approx(1 + k * r / 1000) for r in rates]
    assert all(r.bonus.value == "included" for r in got)
    # the negative control: the same k said in a sentence above the table, no caption
    said = f"We ran everything with k={k} on one card."
    got = read(_paste(said, header, rates)).records
    assert [r.printed_rate for r in got] == [pytest.approx(r / 1000) for r in rates]
    assert all(r.accept_length is None for r in got)


_NEAR_MISSES = [
    # two k's: whose rows are whose is unsaid
    "Results (k={k} and k={j}):",
    # a draft maximum beside it: a step may draft fewer
    "Results (k={k}, n_max={j}):",
    # a k past a fixed chain's: a draft maximum's scale
    "Results at K=1{k}:",
    # a draft position the rates were measured at: that position's rates
    "Acceptance at depth {j}, k={k} chain:",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    near=st.sampled_from(_NEAR_MISSES),
    header=st.sampled_from(_HEADERS),
    kj=st.lists(st.integers(2, 8), min_size=2, max_size=2, unique=True),
    rates=_rates,
)
def test_near_miss_captions_decide_nothing(
    read: Read, near: str, header: str, kj: list[int], rates: list[int]
) -> None:
    k, j = kj
    got = read(_paste(near.format(k=k, j=j), header, rates)).records
    assert [r.printed_rate for r in got] == [pytest.approx(r / 1000) for r in rates]
    assert all(r.accept_length is None for r in got)
    # a line between the caption and the table: the caption is no longer the table's
    got = read(
        _paste(f"Results at k={k}:\n\nThe runs were warm and repeated.", header, rates)
    ).records
    assert all(r.accept_length is None for r in got)
    # an approximate rate: no exact length from it
    got = read(_paste(f"Results at k={k}:", header, rates, approx=True)).records
    assert all(r.accept_length is None for r in got)


def test_the_caption() -> None:
    assert caption_k(["**Core data** (K=5, target + tiny draft):"], "") == (
        5,
        "Core data (K=5, target + tiny draft):",
    )
    assert caption_k(["Results at k=4."], "") is None  # a sentence, no caption
    assert caption_k(["Results at k=2/4:"], "") is None  # a list of k's
    assert caption_k(["Results at k=4:"], "llama-server --draft-max 4") is None
    assert caption_k(["n-gram results at k=4:"], "") is None  # drafts vary a step
    assert caption_k(["Acceptance at position 2, k=4:"], "") is None  # a position's rates
