"""A rate another run 'also' reaches in a later sentence of the line, without the figure's name
('FP16 also reaches 68% on the same input', after '... restores 68% acceptance.'): that
figure, a record of its own, no length. Not for a percentage of another measure (the sentence
names the GPU, memory, a speed), one followed by 'of' or a comparison word, a hedge of a
condition, or a line whose earlier rate is no percentage."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_FIRST = "On the small box the w8 head drops to 12.5% acceptance on a short repro. "


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=99), st.sampled_from(["reaches", "gets", "hits"]))
def test_a_rate_said_also_of_another_run(read: Read, pct: int, verb: str) -> None:
    got = read(_FIRST + f"The FP16 head also {verb} {pct}% on the same input.\n").records
    assert [r.printed_rate for r in got] == pytest.approx([0.125, pct / 100])
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "second",
    [
        "The GPU also reaches 90% on the same input.",
        "The FP16 head also reaches 64% of peak.",
        "The FP16 head also reaches 64% faster decode.",
        "If we swap heads it would also reach 64% on this input.",
    ],
)
def test_negative_control_another_measure_or_no_run(read: Read, second: str) -> None:
    got = read(_FIRST + second + "\n").records
    assert [r.printed_rate for r in got] == [0.125]


def test_negative_control_no_percentage_before(read: Read) -> None:
    text = "The w8 head gets an accept length of 2.4 here. FP16 also reaches 64% on this input.\n"
    assert all(r.printed_rate != 0.64 for r in read(text).records)
