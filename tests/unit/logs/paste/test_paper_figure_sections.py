"""A section whose markdown heading names a paper's figure or table with its page ('### Some
paper — Fig.6 (p.4)', '## Table 2 (page 7)') holds notes reading a published plot or table: its
values are the paper's, no run of the paste; the section ends at the next heading, and a heading
naming the paste's own run, or a figure without its page, is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    rate=st.integers(40, 99),
    fig=st.sampled_from(["Fig.6 (p.4)", "Figure 3 (page 5)", "Fig. 2b (p. 11)", "Table 4 (p.7)"]),
    title=st.sampled_from(["A tree drafter paper", "Draft trees, read closely"]),
)
def test_a_paper_figure_section_gives_no_record(rate: int, fig: str, title: str) -> None:
    text = (
        f"### {title} — {fig}\n\n"
        f"**Reading:** in the top confidence bin the acceptance rate is about 0.{rate}, and it "
        "falls with the bin.\n\n"
        "## Our own run\n\nOn one card we got a mean acceptance length of 2.61.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.61]


@pytest.mark.parametrize(
    "heading",
    [
        "### Figure 3: acceptance by bin",  # no page: perhaps the writer's own plot
        "### Our run against Fig.6 (p.4)",  # the paste's own run beside the paper's
    ],
)
def test_a_heading_without_a_page_or_with_the_own_run_is_read(heading: str) -> None:
    text = heading + "\n\nWe measured an acceptance rate of 0.72 on the chat set.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.72]
