"""An approximate figure a sentence credits to another's work ('the gain reported in the upstream
pull request is close to 68 percent acceptance'): a paraphrase of that work's measurement, whose
exact value is the work's own: no run of the paste, even where it is the paste's only figure. An
exact value credited to a source stays a reported run; so does a hedged value with a first person
between the source and it, or credited to the writer's own work ('this PR')."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SOURCES = [
    "in the PR",
    "in the upstream pull request",
    "according to the linked issue",
    "in the vendor's blog post",
    "from that paper",
]
_HEDGES = ["near", "about", "around", "roughly", "approximately", "~"]


@settings(max_examples=examples(25), deadline=None)
@given(
    source=st.sampled_from(_SOURCES),
    hedge=st.sampled_from(_HEDGES),
    pct=st.integers(30, 95),
    unit=st.sampled_from([" percent", "%"]),
    lead=st.sampled_from(["", "News roundup\n", "## What the change does\n\n"]),
    before=st.booleans(),
)
def test_hedged_figure_of_another_work_is_no_run(
    read: Read, source: str, hedge: str, pct: int, unit: str, lead: str, before: bool
) -> None:
    sep = "" if hedge == "~" else " "
    value = f"{hedge}{sep}{pct}{unit}"
    if before:
        sentence = f"The results {source} show a draft acceptance rate {value} with four drafts."
    else:
        sentence = (
            f"Speculative decoding with an MTP head landed last week. The speedup measured "
            f"{source} is 1.8x with an acceptance rate {value} at three draft tokens."
        )
    assert read(f"{lead}{sentence}\n").records == ()


@pytest.mark.parametrize(
    "text",
    [
        # an exact value credited to a source: a reported run
        "The measured speedup in the PR is 1.8x with an acceptance rate of 74.6% at k=3.\n",
        # the writer's own work
        "The speedup measured in this PR is 1.8x with an acceptance rate near 75% at k=3.\n",
        # a first person between the source and the value
        "Following the setup in the PR, I measured an acceptance rate of about 71% at k=3.\n",
        # no source named: the writer's own approximate figure
        "On the desktop box the draft acceptance rate sits near 75 percent at three drafts.\n",
    ],
)
def test_runs_that_stay(read: Read, text: str) -> None:
    recs = read(text).records
    assert len(recs) == 1
    assert recs[0].printed_rate is not None
