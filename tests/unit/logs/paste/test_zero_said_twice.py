"""A rate of exactly zero said in prose, then said again in later prose (a summary's '0% draft
acceptance', then the suspected cause's '... and 0% acceptance', a colon in that sentence or
not): one run told twice, the later goes. A short key-value line of zero (a tool's output) or
a zero with its own counts stays its own."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.run import LogsOptions, run_logs
from tests.support.examples import examples


def _records(text: str) -> int:
    result = run_logs(["-"], LogsOptions(workers=1), stdin=io.BytesIO(text.encode()))
    return sum(len(reading.records) for _, reading in result.pastes)


_FIRST = "With the quantized draft enabled the run gets **0% draft acceptance** and ~{t} tok/s.\n\n"


@settings(max_examples=examples(20), deadline=None)
@given(
    st.integers(min_value=2, max_value=9),
    st.sampled_from(
        [
            "Likely cause (after some reading): the fp16 path is unstable here, giving noise "
            "logits and 0% acceptance.",
            "Likely cause: the fp16 path is unstable on this chip, giving noise logits and 0% "
            "acceptance.",
            "The fp16 path is unstable on this chip, which gives noise logits and 0% acceptance.",
        ]
    ),
)
def test_a_zero_said_again_in_later_prose_is_one_run(t: int, later: str) -> None:
    assert _records(_FIRST.format(t=t) + later + "\n") == 1


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(min_value=2, max_value=9))
def test_a_short_zero_line_after_it_stays_its_own(t: int) -> None:
    """A tool's output line 'acceptance: 0%' (under ten words) is a run printed, not speech."""
    assert _records(_FIRST.format(t=t) + "Second run, other box:\n\nacceptance: 0%\n") == 2
