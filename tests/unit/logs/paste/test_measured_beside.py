"""A line holding a measured sentence and, after it, a supposition ('If k=6 keeps that
curve, decode could gain 20%'): the supposition's sentence is no run, the measured one is read;
a figure written only in the supposition stays unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MEASURED = ["(measured last week)", "(measured on 2026-01-12)", "— we measured it twice"]
_SUPPOSE = [
    "If k=6 keeps a similar per-position acceptance curve, decode could gain about 20%.",
    "If the acceptance holds at k=7, throughput would rise by 15%.",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    v=st.integers(2100, 4400),
    measured=st.sampled_from(_MEASURED),
    suppose=st.sampled_from(_SUPPOSE),
)
def test_the_measured_sentence_is_read(v: int, measured: str, suppose: str) -> None:
    text = f"- Our mean acceptance length is {v / 100:.2f} at k=4 {measured}. {suppose}\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == pytest.approx([v / 100])


def test_through_the_pipeline(read: Read) -> None:
    text = f"- Our mean acceptance length is 2.87 at k=4 (measured last week). {_SUPPOSE[0]}\n"
    assert [r.printed_length for r in read(text).records] == [2.87]


def test_a_figure_only_in_the_supposition_is_not_read() -> None:
    text = (
        "- We measured the decode speed last week. If the acceptance length were 3.4, decode "
        "could gain about 20%.\n"
    )
    assert read_paste(text).records == ()


def test_a_figure_not_said_measured_beside_a_supposition_is_not_read() -> None:
    text = "- Our mean acceptance length is 2.87 at k=4. " + _SUPPOSE[0] + "\n"
    assert read_paste(text).records == ()
