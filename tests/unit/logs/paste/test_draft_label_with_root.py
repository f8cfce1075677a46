"""A sweep's drafts label counting the target's own token beside the drafts (SGLang's
`--speculative-num-draft-tokens`, a bare 'draft' column): where no row fits 1 + label x rate and
three rows or more fit 1 + (label - 1) x rate, k is one below the label and the length counts the
bonus; lengths at (label - 1) x rate decide nothing. (A rate near 1 makes label x rate and
1 + (label - 1) x rate one value: nothing is decided then, and the tests keep rates below 0.86.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _table(name: str, rows: list[tuple[int, float, float]], default: int | None) -> str:
    head = f"| {name} | tok/s | accept_len | accept_rate |\n|---:|---:|---:|---:|\n"
    return head + "".join(
        f"| {n}{' (default)' if n == default else ''} | {40 + n}.5 | {length:.2f} | {rate:.2f} |\n"
        for n, rate, length in rows
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    labels=st.lists(st.integers(3, 16), min_size=3, max_size=6, unique=True),
    rates=st.lists(st.integers(30, 85), min_size=6, max_size=6),
    name=st.sampled_from(["draft", "Draft tokens", "num draft tokens"]),
    default=st.booleans(),
)
def test_a_drafts_label_counting_the_root_is_one_above_k(
    labels: list[int], rates: list[int], name: str, default: bool
) -> None:
    labels.sort()
    rows = [
        (n, r / 100, round(1 + (n - 1) * r / 100, 2)) for n, r in zip(labels, rates, strict=False)
    ]
    got = read_paste(_table(name, rows, labels[0] if default else None)).records
    assert [r.accept_length for r in got] == pytest.approx([length for _, _, length in rows])


@settings(max_examples=examples(30), deadline=None)
@given(
    labels=st.lists(st.integers(5, 16), min_size=3, max_size=6, unique=True),
    rates=st.lists(st.integers(40, 85), min_size=6, max_size=6),
)
def test_lengths_of_the_drafts_alone_decide_nothing(labels: list[int], rates: list[int]) -> None:
    labels.sort()
    rows = [(n, r / 100, round((n - 1) * r / 100, 2)) for n, r in zip(labels, rates, strict=False)]
    got = read_paste(_table("draft", rows, None)).records
    assert [r.printed_length for r in got] == pytest.approx([length for _, _, length in rows])
    # (never read as counting the bonus; a value rule may still prove them the drafts alone)
    assert all(r.accept_length != pytest.approx(r.printed_length) for r in got)


def test_a_bare_draft_column_of_names_decides_nothing() -> None:
    text = (
        "| draft | accept_len | accept_rate |\n|---|---:|---:|\n"
        "| small-a | 3.10 | 0.70 |\n| small-b | 2.50 | 0.40 |\n| small-c | 2.00 | 0.45 |\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.1, 2.5, 2.0]
    assert all(r.accept_length is None for r in got)
