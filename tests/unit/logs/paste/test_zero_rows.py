"""A table row that accepted no draft (its acceptance rate or draft-target agreement exactly 0)
printing a length of exactly 1: the length column counts the target's own token."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table, render_table

_INTRO = "Draft head training, eval every few hundred steps:\n\n"


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(
        ["accuracy", "agreement", "top-1 acc", "acceptance rate", "draft accuracy"]
    ),
    zero=st.sampled_from(["0.000", "0.00", "0.0000"]),
    rates=st.lists(st.integers(10, 900), min_size=1, max_size=5),
    layout=st.sampled_from(["markdown", "aligned", "box"]),
    data=st.data(),
)
def test_the_zero_row_at_one_decides_the_column(
    name: str, zero: str, rates: list[int], layout: str, data: st.DataObject
) -> None:
    rows = [["10", "14.74", zero, "1.000"]]
    lengths = [1.0]
    for i, r in enumerate(sorted(rates)):
        length = round(1 + r / 1000 * data.draw(st.integers(10, 30)) / 10, 3)
        lengths.append(length)
        rows.append([str(100 * (i + 1)), "7.10", f"{r / 1000:.3f}", f"{length:.3f}"])
    text = _INTRO + render_table(layout, ["step", "loss", name, "accept len"], rows)
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == lengths
    assert [r.accept_length for r in got.records] == lengths
    assert {r.bonus.value for r in got.records} == {"included"}


def test_a_percent_zero_and_a_two_column_table() -> None:
    text = pipe_table(
        ["run", "acceptance rate", "accept length"],
        [["cold draft", "0%", "1.00"], ["warm draft", "41.5%", "2.24"]],
    )
    got = read_paste(_INTRO + text)
    assert [r.accept_length for r in got.records] == [1.0, 2.24]


def test_no_exact_zero_or_another_length_decides_nothing() -> None:
    for zero, one in (
        ("0.0", "1.000"),  # a fraction up to 0.05: 64 drafts a step could make 1 alone
        ("0", "1.000"),
        ("~0.000", "1.000"),  # approximate
        ("0.001", "1.000"),
        ("0.000", "1.092"),  # the zero counts something else: no length of 1 where it is
    ):
        text = pipe_table(
            ["step", "loss", "accuracy", "accept len"],
            [["10", "14.74", zero, one], ["400", "6.32", "0.069", "1.244"]],
        )
        got = read_paste(_INTRO + text)
        assert all(r.accept_length is None for r in got.records), (zero, one)


def test_a_tasks_accuracy_decides_nothing() -> None:
    for name in ("gsm8k accuracy", "eval acc", "MMLU acc", "loss"):
        text = pipe_table(
            ["checkpoint", name, "accept len"],
            [["ckpt-0", "0.000", "1.000"], ["ckpt-9", "0.612", "2.310"]],
        )
        got = read_paste(_INTRO + text)
        assert all(r.accept_length is None for r in got.records), name


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(1, 9),
    counts=st.booleans(),
    other=st.floats(min_value=1.5, max_value=4.5).map(lambda x: round(x, 2)),
)
def test_a_row_below_one_percent_printing_one_proves_the_bonus(
    tenths: int, counts: bool, other: float
) -> None:
    # next to nothing accepted ('0.3%'): a length leaving the target's token out is below 0.64
    # even at 64 drafts a step, so a printed 1.00 counts it, and so does the column
    cell = f"0.{tenths}%" + (f" ({tenths}/1000)" if counts else "")
    text = (
        "| Backend | Draft acceptance | Mean len |\n|---|---|---|\n"
        f"| first | 61.0% | {other:.2f} |\n| second | {cell} | 1.00 |\n"
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == pytest.approx([other, 1.0])


def test_a_row_at_one_percent_or_more_or_approximate_decides_nothing() -> None:
    for cell in ("1.5%", "~0.2%", "0.01"):
        text = (
            "| Backend | Draft acceptance | Mean len |\n|---|---|---|\n"
            f"| first | 61.0% | 2.80 |\n| second | {cell} | 1.00 |\n"
        )
        assert [r.accept_length for r in read_paste(text).records] == [None, None], cell
