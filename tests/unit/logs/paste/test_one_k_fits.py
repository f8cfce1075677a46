"""Several runs of one block, each a length beside a per-draft rate, no k stated: where one
whole k gives every length as 1 + k x rate (and none as k x rate) the lengths count the bonus
token. Settings' lists written once over the figures' lists ('at C1 / C4 / C8, with mean
acceptance lengths a / b / c and draft-token acceptance of x% / y% / z%') are one run a value,
the sentence wrapped by hand or not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.slash_settings import joined
from tests.support.examples import examples


def test_three_runs_fit_one_k_with_the_bonus() -> None:
    # 1 + 2 x 0.7130 = 2.426, 1 + 2 x 0.6885 = 2.377, 1 + 2 x 0.6610 = 2.322
    text = (
        "Decode with the MTP head measured 41.2 / 118.7 / 190.3 tok/s at\n"
        "C1 / C4 / C8, with mean acceptance lengths 2.43 / 2.38 / 2.32 and draft-token\n"
        "acceptance of 71.30% / 68.85% / 66.10%. Every request finished.\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length, r.bonus.value) for r in got] == [
        (2.43, 2.43, "included"),
        (2.38, 2.38, "included"),
        (2.32, 2.32, "included"),
    ]
    assert "k = 2" in got[0].bonus.rule


def test_negative_control_lengths_no_one_k_fits_stay_undecided() -> None:
    # 2.43 fits 1 + 2 x 0.713; 2.90 fits no whole k with 0.6885 (1 + k x r: 2.377, 3.066)
    text = (
        "At C1 / C4 / C8, with mean acceptance lengths 2.43 / 2.90 / 2.32 and draft acceptance "
        "of 71.30% / 68.85% / 66.10%.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.43, 2.90, 2.32]
    assert all(r.accept_length is None for r in got)


def test_negative_control_two_runs_decide_nothing() -> None:
    # 3.42 = 6 x 0.571 and 2.88 = 6 x 0.479 within their rounding: a chance fit
    text = "At C1 / C4, with mean acceptance lengths 3.42 / 2.88 and draft acceptance of 57.1% / 47.9%.\n"
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


def test_negative_control_one_run_alone_decides_nothing() -> None:
    got = read_paste("Mean acceptance length 2.43 and draft acceptance of 71.30%.\n").records
    assert [r.accept_length for r in got] == [None]


def test_the_wrapped_lists_are_one_line() -> None:
    lines = [
        (1, "Decode measured 41.2 / 118.7 / 190.3 tok/s at"),
        (2, "C1 / C4 / C8, with mean acceptance lengths 2.43 / 2.38 / 2.32 and draft-token"),
        (3, "acceptance of 71.30% / 68.85% / 66.10%. Every request finished."),
        (4, "Prefill was flat."),
    ]
    got = joined(lines)
    assert [ln for ln, _ in got] == [1, 4]


@pytest.mark.parametrize(
    "lines",
    [
        # lists of another count on the next line: not the same runs
        [(1, "at C1 / C4 / C8, with mean acceptance lengths"), (2, "2.43 / 2.38 and more.")],
        # no lists at all
        [(1, "The mean acceptance length was high"), (2, "on every run.")],
    ],
)
def test_negative_control_lines_not_joined(lines: list[tuple[int, str]]) -> None:
    assert joined(lines) == lines


@settings(max_examples=examples(25), deadline=None)
@given(
    k=st.integers(1, 6),
    rates=st.lists(st.integers(3000, 9500), min_size=3, max_size=4, unique=True),
)
def test_one_k_fits_every_run(k: int, rates: list[int]) -> None:
    n = len(rates)
    labels = " / ".join(f"C{2**i}" for i in range(n))
    lengths = " / ".join(f"{1 + k * r / 10000:.2f}" for r in rates)
    pcts = " / ".join(f"{r / 100:.2f}%" for r in rates)
    text = f"At {labels}, with mean acceptance lengths {lengths} and draft acceptance of {pcts}.\n"
    got = read_paste(text).records
    assert len(got) == n
    # a k that fits by chance too (with or without the bonus) leaves it undecided, never wrong
    assert all(r.accept_length in (None, r.printed_length) for r in got)
    if all(r.accept_length is not None for r in got):
        assert f"k = {k}" in got[0].bonus.rule
