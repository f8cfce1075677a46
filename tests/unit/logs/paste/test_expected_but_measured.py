"""A table under an 'Expected results' heading whose section says its figures were measured
('3K samples, measured on ChatSet (40 prompts):') is a run the section measured: read. Without
such words, or where they are a future or a modal ('should be measured on'), the heading keeps
the table what is expected: no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEADINGS = ["## Expected Results", "## Expected numbers", "## Expected outcome"]


def _text(heading: str, said: str, length: float, rate: int) -> str:
    return (
        f"{heading}\n\nThese are small smoke runs.\n\n### Draft one\n\n{said}\n\n"
        "| Metric | Value |\n| --- | --- |\n"
        f"| Acceptance rate | {rate / 10:.1f}% |\n| Acceptance length | {length:.2f} |\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    heading=st.sampled_from(_HEADINGS),
    said=st.sampled_from(
        [
            "3K samples, 2 epochs, measured on ChatSet (40 prompts):",
            "Trained briefly; we measured these on a held-out set.",
            "One epoch, measured with 512 output tokens:",
        ]
    ),
    length=st.floats(1.2, 3.9).map(lambda x: round(x, 2)),
    rate=st.integers(50, 900),
)
def test_a_measured_section_under_expected_is_read(
    heading: str, said: str, length: float, rate: int
) -> None:
    got = read_paste(_text(heading, said, length, rate)).records
    assert [r.printed_length for r in got] == pytest.approx([length])


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(_HEADINGS),
    said=st.sampled_from(
        [
            "3K samples, 2 epochs, on ChatSet (40 prompts):",
            "These should be measured on ChatSet (40 prompts):",
            "Numbers to be measured with 512 output tokens:",
        ]
    ),
    length=st.floats(1.2, 3.9).map(lambda x: round(x, 2)),
    rate=st.integers(50, 900),
)
def test_expected_without_a_measurement_is_no_record(
    heading: str, said: str, length: float, rate: int
) -> None:
    assert read_paste(_text(heading, said, length, rate)).records == ()
