"""A drafting method's name then 'n=N' in a row's label ('draft-mtp n=4', 'mtp n=3', 'eagle3 n =
2'): the method's draft count, which llama.cpp's n_draft makes a maximum, so taken as a draft
maximum (interpret._MAX_IN_LABEL): a printed length above it, or equal to 1 + it x the row's
rate, counts the bonus token; no length is computed from it for a rate alone. An 'n=' after
no method's name (a sample count: 'prompts n=40') is no such maximum."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _table(label: str, rate: str, length: str) -> str:
    return (
        "| arm | spec | tok/s | accept rate | mean len |\n|---|---|---|---|---|\n"
        f"| A | {label} | 71.5 | {rate} | {length} |\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    method=st.sampled_from(["draft-mtp", "mtp", "eagle3", "draft"]),
    sep=st.sampled_from(["n=", "n = "]),
    n=st.integers(2, 6),
    rate=st.integers(50, 99),
)
def test_a_length_above_the_methods_n_counts_the_bonus(
    read: Read, method: str, sep: str, n: int, rate: int
) -> None:
    length = 1 + n * rate / 100
    got = read(_table(f"{method} {sep}{n}", f"0.{rate:02d}", f"{length:.2f}")).records
    assert [r.accept_length for r in got] == [pytest.approx(round(length, 2))]
    assert got[0].bonus.value == "included"


def test_a_rate_alone_takes_no_length_from_it(read: Read) -> None:
    got = read(_table("draft-mtp n=4", "0.62", "—")).records
    assert [(r.printed_rate, r.accept_length) for r in got] == [(pytest.approx(0.62), None)]


def test_a_sample_count_is_no_maximum(read: Read) -> None:
    got = read(_table("prompts n=4", "0.62", "2.86")).records
    assert [r.accept_length for r in got] == [None]
