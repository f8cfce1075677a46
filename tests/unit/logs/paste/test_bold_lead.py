"""A paragraph opening with a figure alone in bold, right under a title that names one
acceptance figure and no value ('## Acceptance Rate' over '**0%** — the draft never ...'): the
title's figure, that value. The rest of the paragraph is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(
        [
            ("## Acceptance Rate", "rate"),
            ("### Draft acceptance rate", "rate"),
            ("**Accept length**", "length"),
            ("## Mean acceptance length", "length"),
        ]
    ),
    v=st.integers(0, 100),
    after=st.sampled_from([" — the draft rarely agrees with the target.", ": low.", ".", ""]),
)
def test_a_bold_figure_under_a_title_naming_it(title: tuple[str, str], v: int, after: str) -> None:
    heading, metric = title
    value = f"{v}%" if metric == "rate" else f"{1 + v / 50:.2f}"
    text = f"EAGLE-3 draft head, speculative decoding.\n\n{heading}\n\n**{value}**{after}\n"
    (r,) = read_paste(text).records
    if metric == "rate":
        assert r.printed_rate == v / 100 and r.printed_length is None
    else:
        assert r.printed_length == float(value) and r.printed_rate is None
    assert r.first_line == 5


def test_negative_controls_a_bold_figure_the_title_does_not_name() -> None:
    for heading, lead in (
        # the title names another measure, or none
        ("## Throughput", "**61%** — of peak."),
        ("## Results", "**61%** — the draft rarely agrees."),
        # the title names a figure that is no measurement
        ("## Target acceptance rate", "**70%** — what we aim for."),
        ("## Acceptance rate (simulated)", "**70%** — from the model."),
        # the title holds a value of its own: the bold figure is not its only one
        ("## Acceptance rate at k=3", "**61%** — low."),
        # a figure in bold followed by its own noun: not the title's value
        ("## Acceptance length", "**3** runs failed to start."),
        ("## Acceptance length", "**2.5x** speedup over plain decoding."),
    ):
        text = f"EAGLE-3 draft head, speculative decoding.\n\n{heading}\n\n{lead}\n"
        assert read_paste(text).records == (), heading + " / " + lead
    # a paragraph between the title and the bold figure: the figure is not under the title
    text = "## Acceptance Rate\n\nWe ran it twice.\n\n**61%** — low.\n"
    assert read_paste(text).records == ()
