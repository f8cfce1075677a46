"""A 'Draft accept' column holding one fraction with the counts that give it ('0.55 (121/220)'),
the other rows a dash (a run without drafts), is the drafts' acceptance rate: the counts prove
the share where a second value would (interpret._counted); counts that do not give the fraction,
or one bare fraction, read as before (no rate)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _table(name: str, cell: str) -> str:
    return (
        f"| Build | decode t/s | {name} |\n|---|---:|---:|\n"
        f"| baseline | 40.2 | — |\n| with draft | 51.7 | {cell} |\n"
    )


def test_one_counted_fraction_is_a_rate(read: Read) -> None:
    got = read(_table("Draft accept", "0.55 (121/220)")).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.55)]
    assert [r.printed_length for r in got] == [None]
    assert [r.accept_length for r in got] == [None]


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ("Draft accept", "0.55 (121/300)"),  # counts that do not give the fraction
        ("Draft accept", "0.55"),  # one bare fraction: no proof it is a share
        ("Draft acc", "0.55 (121/220)"),  # an accuracy as often
    ],
)
def test_controls_read_no_rate(read: Read, name: str, cell: str) -> None:
    got = read(_table(name, cell)).records
    assert [r.printed_rate for r in got if r.printed_rate is not None] == []


@settings(max_examples=25, deadline=None)
@given(
    b=st.integers(min_value=20, max_value=5000),
    frac=st.floats(min_value=0.05, max_value=0.99),
    places=st.sampled_from([2, 3]),
    word=st.sampled_from(["Draft", "draft", "Drafter"]),
)
def test_generated_counted_fractions(b: int, frac: float, places: int, word: str) -> None:
    from specdiag.core.logs.paste import read_paste

    a = max(1, round(b * frac))
    shown = f"{a / b:.{places}f}"
    got = read_paste(_table(f"{word} accept", f"{shown} ({a}/{b})")).records
    assert [r.printed_rate for r in got] == [pytest.approx(float(shown))]
