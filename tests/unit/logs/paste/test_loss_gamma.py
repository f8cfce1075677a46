"""A loss weighting's gamma ('exponential decay (gamma=5)', 'focal, gamma=2') is the weighting's
exponent, never the draft tokens a step: it decides no length's bonus (interpret._loss_gamma).
A gamma on a line with no such weighting still states k."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _paste(k_line: str, value: str) -> str:
    return (
        "## Results\n\n"
        "| Set | Acceptance Length |\n|---|---|\n"
        f"| chat | {value} |\n\n"
        "## Setup\n\n| Parameter | Value |\n|---|---|\n"
        f"{k_line}\n| Epochs | 3 |\n"
    )


@pytest.mark.parametrize(
    "k_line",
    [
        "| Loss | cross-entropy + exponential decay (gamma=3) |",
        "| Objective | focal loss, gamma=2 |",
        "| Weights | positions discounted by gamma=3 |",
    ],
)
def test_a_loss_weightings_gamma_decides_nothing(read: Read, k_line: str) -> None:
    got = read(_paste(k_line, "4.30")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(pytest.approx(4.3), None)]


def test_a_gamma_of_the_drafts_still_decides(read: Read) -> None:
    got = read(_paste("| Draft | gamma=3 |", "4.30")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (pytest.approx(4.3), pytest.approx(4.3))
    ]


@settings(max_examples=25, deadline=None)
@given(
    g=st.integers(min_value=2, max_value=6),
    word=st.sampled_from(["decay", "exponential decay", "Focal", "discounted by", "decaying"]),
    extra=st.integers(min_value=1, max_value=30),
)
def test_generated_loss_gammas(g: int, word: str, extra: int) -> None:
    from specdiag.core.logs.paste import read_paste

    value = f"{g + 1}.{extra:02d}"
    got = read_paste(_paste(f"| Loss | {word} (gamma={g}) |", value)).records
    assert [r.accept_length for r in got] == [None]
