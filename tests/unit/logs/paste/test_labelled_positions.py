"""Per-position rates labelled by their positions after a per-position figure's name, in a text
block or a line of prose (interpret.labelled_positions): `acceptance by draft position: pos1
~45%` is one record with a per-position rate and no length; `per-position acceptance = depth 1:
0.81; depth 2: 0.62` two positions of one record. Positions must run from 0 or 1 without a gap;
a range, a share mixed with a fraction, a name that is no acceptance's (a ranking's `pos1`) is
no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Qwen3 MTP on one GB10, greedy, our own engine.\n\n"
_NAMES = ["acceptance by draft position", "per-position acceptance", "acceptance per position"]
_LABELS = ["pos{}", "pos {}", "position {}", "depth {}"]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    label=st.sampled_from(_LABELS),
    sep=st.sampled_from([": ", ":    ", " = "]),
    hedge=st.sampled_from(["", "~"]),
    rates=st.lists(st.integers(5, 95), min_size=1, max_size=4).map(
        lambda xs: sorted(xs, reverse=True)
    ),
    fenced=st.booleans(),
    tail=st.sampled_from(["", ", falling off hard at deeper positions", " (greedy)"]),
)
def test_labelled_position_rates_are_one_record(
    read: Read,
    name: str,
    label: str,
    sep: str,
    hedge: str,
    rates: list[int],
    fenced: bool,
    tail: str,
) -> None:
    listed = ", ".join(f"{label.format(i + 1)} {hedge}{r}%" for i, r in enumerate(rates))
    line = f"{name}{sep}{listed}{tail}"
    text = f"{_LEAD}```text\n{line}\n```\n" if fenced else f"{_LEAD}{line}\n"
    (r,) = read(text).records
    assert r.per_position == pytest.approx([x / 100 for x in rates])
    assert r.printed_length is None and r.accept_length is None


def test_the_text_block_of_the_issue() -> None:
    text = (
        f"{_LEAD}```text\n"
        "drafts=1 (shallow speculation):  1.59x over non-spec decode, sustained.\n"
        "acceptance by draft position:    pos1 ~45%, falling off hard at deeper positions\n"
        "```\n"
    )
    (r,) = read_paste(text).records
    assert r.per_position == (0.45,)
    assert r.accept_length is None


@pytest.mark.parametrize(
    "line",
    [
        # a ranking, a leaderboard: no acceptance named
        "ranking: pos1 45%, pos2 30%",
        "search results CTR: pos1 45%, pos2 30%",
        # a range, a bound
        "acceptance by draft position: pos1 40-45%",
        "acceptance by draft position: pos1 40% to 45%",
        # positions with a gap or not from the first
        "acceptance by draft position: pos2 45%",
        "acceptance by draft position: pos1 45%, pos3 20%",
        # shares and fractions mixed, a share above 100%
        "acceptance by draft position: pos1 45%, pos2 0.3",
        "acceptance by draft position: pos1 145%",
    ],
)
def test_no_record_for_a_ranking_a_range_or_positions_out_of_order(line: str) -> None:
    assert read_paste(f"{_LEAD}{line}\n").records == (), line
