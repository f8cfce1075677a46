"""A figure's name, the dataset it was measured on (a name holding digits: 'GSM8K',
'MT-Bench-101'), a verb and the value (on_dataset.py): the value under the figure's name, never
the dataset's 'label'. A length told so names no printer: printed, no normalised length even
where a tool is named. After a rate that moved ('jumped from 25% to 60%'), the length in the
next sentence is the later run's."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import Read


def test_a_length_after_a_jump_is_the_later_runs(read: Read) -> None:
    text = (
        "Turning the reasoning mode off, the speculative decode acceptance rate with vLLM jumped "
        "from 30% to 55%. The average acceptance length on the GSM8K dataset reached 6, better "
        "than the paper.\n"
    )
    got = read(text).records
    assert [(r.printed_rate, r.printed_length, r.accept_length) for r in got] == [
        (pytest.approx(0.30), None, None),
        (pytest.approx(0.55), 6.0, None),
    ]


@pytest.mark.parametrize(
    ("text", "rate", "length"),
    [
        (
            "EAGLE speculative decoding: the mean accept length on MT-Bench-101 came to 3.2.\n",
            None,
            3.2,
        ),
        (
            "EAGLE speculative decoding: the acceptance rate on the GSM8K set was 0.71.\n",
            0.71,
            None,
        ),
        ("With vLLM, the average acceptance length over HumanEval2 stood at 2.9.\n", None, 2.9),
    ],
)
def test_a_figure_on_a_dataset_named_with_digits(
    read: Read, text: str, rate: float | None, length: float | None
) -> None:
    got = read(text).records
    assert [(r.printed_rate, r.printed_length, r.accept_length) for r in got] == [
        (None if rate is None else pytest.approx(rate), length, None)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "EAGLE speculative decoding: acceptance rate on MT-Bench-101 would reach 0.9 at best.\n",
        "EAGLE speculative decoding: the mean acceptance length on GSM8K reached 2 to 3.\n",
        "EAGLE speculative decoding: the mean acceptance length on GSM8K is above 3.\n",
    ],
)
def test_no_figure_from_a_conditional_a_range_or_a_bound(read: Read, text: str) -> None:
    assert read(text).records == ()
