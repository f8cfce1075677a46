"""A share of drafts accepted written in a cell's bracket, perhaps in bold or a code span
('41 (**87% accepted**)', '41 (`87% accepted`)'), is that row's acceptance rate; where the
caption right above the table (a bold line or a sentence, a blank line between) says the runs
draft one token a step ('MTP head, depth 1:'), the row's length is 1 + rate, bonus included
(one draft a step: the rate is the accepted drafts per step). No caption, another depth, a
markdown heading instead of a caption, or an approximate share keep the rate alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _paste(caption: str, share: str, wrap: str = "**{}**", passes: int = 41) -> str:
    rows = [
        ["head on", f"{passes} ({wrap.format(share + ' accepted')})", "35.1", "**47.2**"],
        ["head off", "77", "28.4", "33.0"],
    ]
    return (
        "Our own engine, greedy decode, same prompts for both rows.\n\n"
        f"{caption}\n\n" + pipe_table(["", "verify passes", "ms/pass", "tok/s"], rows)
    )


@pytest.mark.parametrize(
    "caption",
    [
        "**Own MTP head, depth 1 — worth it:**",
        "**Single head at depth 1:**",
        "Runs with k=1:",
        "Each step proposes 1 draft token:",
    ],
)
@pytest.mark.parametrize("wrap", ["**{}**", "`{}`", "{}"])
def test_share_in_a_cell_bracket_under_a_depth_one_caption(
    read: Read, caption: str, wrap: str
) -> None:
    (r,) = read(_paste(caption, "87%", wrap)).records
    assert r.printed_rate == pytest.approx(0.87)
    assert r.accept_length == pytest.approx(1.87)
    assert r.printed_length is None
    assert r.bonus.value == "included"


@pytest.mark.parametrize(
    "caption",
    [
        "**Own MTP head — worth it:**",  # no depth
        "**Own MTP head, depth 3 — worth it:**",  # another depth
        "**Own MTP head, depth 1 or 2:**",  # several
        "### Own MTP head, depth 1",  # a markdown heading, no caption
    ],
)
def test_negative_control_no_depth_one_caption(read: Read, caption: str) -> None:
    got = read(_paste(caption, "87%")).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.87)]
    assert all(r.accept_length is None for r in got)


def test_negative_control_approximate_share(read: Read) -> None:
    got = read(_paste("**Own MTP head, depth 1:**", "~87%")).records
    assert all(r.accept_length is None for r in got)


def test_negative_control_share_of_something_else(read: Read) -> None:
    # a share not of drafts accepted ('87% cached') is no rate
    text = _paste("**Own MTP head, depth 1:**", "87%").replace("accepted", "cached")
    assert read(text).records == ()


@settings(max_examples=examples(50), deadline=None)
@given(
    pct=st.integers(1, 99),
    passes=st.integers(10, 400),
    wrap=st.sampled_from(["**{}**", "`{}`", "{}", "*{}*"]),
    head=st.sampled_from(["MTP head", "draft head", "built-in head"]),
    verdict=st.sampled_from(["pays off", "worth it", "clear win"]),
    bold=st.booleans(),
)
def test_generated_rows(
    pct: int, passes: int, wrap: str, head: str, verdict: str, bold: bool
) -> None:
    caption = f"{head}, depth 1 — {verdict}:"
    caption = f"**{caption}**" if bold else caption
    (r,) = read_paste(_paste(caption, f"{pct}%", wrap, passes)).records
    assert r.printed_rate == pytest.approx(pct / 100)
    assert r.accept_length == pytest.approx(1 + pct / 100)


@settings(max_examples=examples(30), deadline=None)
@given(pct=st.integers(1, 99), depth=st.integers(2, 9))
def test_generated_other_depths_keep_the_rate_alone(pct: int, depth: int) -> None:
    (r,) = read_paste(_paste(f"**MTP head, depth {depth}:**", f"{pct}%")).records
    assert r.printed_rate == pytest.approx(pct / 100)
    assert r.accept_length is None
