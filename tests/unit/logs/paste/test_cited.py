"""A figure cited as the reference a run reproduces, reaches or matches (a model card's, a
paper's, the published one) is no run of the paste: no record."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste


@pytest.mark.parametrize(
    "clause",
    [
        "reproducing that card's published AL of {v}",
        "which reproduces the paper's acceptance length of {v}",
        "matching the official mean acceptance length ({v})",
        "close to the model card's AL: {v}",
        "within 3% of the reported AL of {v}",
        "reaching the vendor's published figure of {v}",
    ],
)
def test_a_cited_reference_is_no_record(clause: str) -> None:
    text = (
        "Measured the draft on MT-Bench (9,120 decode steps), " + clause.format(v="3.05") + ".\n\n"
        "```\nAL          : 2.925\n```\n"
    )
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [2.925], clause


@pytest.mark.parametrize(
    "text",
    [
        # a source's figure reported as a run, no verb setting the run against it
        "The model card reports an AL of 3.05 on MT-Bench.\n",
        # the run's own value after the clause
        "Reproducing the paper's setup, we got an AL of 3.05 on MT-Bench.\n",
        "We tried to match the paper's setup: AL 3.05 on MT-Bench.\n",
    ],
)
def test_a_reported_or_measured_figure_stays_a_record(text: str) -> None:
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [3.05], text
