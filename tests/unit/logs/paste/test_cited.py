"""A figure cited as the reference a run reproduces, reaches or matches (a model card's, a
paper's, the published one) is no run of the paste: no record."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read


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


# a source's figure beside the paste's own on one line (cited.attributed): only the own one
@pytest.mark.parametrize(
    ("text", "own"),
    [
        (
            "In the blog post, their draft reached an AL of 2.80 with 4 draft tokens, while mine "
            "only gets 2.61.",
            2.61,
        ),
        (
            "In the [blog post](https://example.org/post), their draft reached an AL of 2.80, but "
            "my own draft only reached an AL of 2.61.",
            2.61,
        ),
        (
            "The paper reports an acceptance length of 3.10; I measured an acceptance length of "
            "2.74.",
            2.74,
        ),
        (
            "Their draft gets AL 2.80 (from the team's blog) while mine gets AL 2.61 on the same "
            "prompts.",
            2.61,
        ),
        (
            "According to the tech report the draft reaches an AL of 3.4, and mine reaches an AL "
            "of 2.9.",
            2.9,
        ),
    ],
)
def test_a_sources_figure_beside_the_own_is_no_record(read: Read, text: str, own: float) -> None:
    assert [r.printed_length for r in read(text + "\n").records] == [own], text


@pytest.mark.parametrize(
    ("text", "lengths"),
    [
        # the source's figure alone: a reported run (above)
        ("The paper reports an AL of 3.05.", [3.05]),
        # the first person between the source and each value: the paste's own runs
        (
            "In the blog post setup, I got an AL of 2.80 and my colleague got an AL of 2.61.",
            [2.80, 2.61],
        ),
        ("Our blog post shows my AL of 2.80 against the baseline AL of 2.61.", [2.80, 2.61]),
        # every value the source's: none is told apart as the paste's own, both stay
        (
            "The blog's draft reached an AL of 2.80 in their run and an AL of 2.61 in ours.",
            [2.80, 2.61],
        ),
        # a report may be the user's own benchmark report: no source
        (
            "In the report, draft A reaches an AL of 2.80 while draft B reaches an AL of 2.61.",
            [2.80, 2.61],
        ),
    ],
)
def test_figures_not_told_apart_stay(read: Read, text: str, lengths: list[float]) -> None:
    got = [r.printed_length for r in read(text + "\n").records]
    assert got == pytest.approx(lengths), text
