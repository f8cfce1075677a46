"""Cells `speed@share` without `%` (`19.04@71.5`, `31.2 @ 0.74`) under a legend above the table
naming the acceptance after its `@` (`Mean tok/s @ mean acceptance`; `interpret.AT_LEGEND`): the
share after `@` is the acceptance rate, a percentage past 1, a fraction up to 1; one record a
cell. Without that legend, or with another figure after the legend's `@`, the cells are none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_LEGENDS = st.sampled_from(
    [
        "Median tok/s @ mean acceptance over the sweep.",
        "Cells read t/s @ accept rate.",
        "Decode speed @ draft acceptance, averaged over 8 prompts.",
    ]
)


def _paste(legend: str, cells: list[str]) -> str:
    rows = "".join(f"| build-{i} | {40 + i}.25 | {c} | +{5 + i}% |\n" for i, c in enumerate(cells))
    return (
        "Draft-model speculative decoding against plain decoding.\n"
        f"{legend}\n\n"
        "| Build | Plain | Spec | Gain |\n| --- | --- | --- | --- |\n" + rows
    )


@settings(max_examples=40, deadline=None)
@given(
    legend=_LEGENDS,
    shares=st.lists(st.integers(300, 990), min_size=1, max_size=3),
    pct=st.booleans(),
    space=st.sampled_from(["", " "]),
)
def test_the_share_after_at_is_the_rate(
    legend: str, shares: list[int], pct: bool, space: str
) -> None:
    cells = [
        f"3{i}.5{space}@{space}{s / 10:.1f}" if pct else f"3{i}.5{space}@{space}{s / 1000:.3f}"
        for i, s in enumerate(shares)
    ]
    got = [r.printed_rate for r in read_paste(_paste(legend, cells)).records]
    assert got == pytest.approx([s / 1000 for s in shares])


def test_two_builds_at_their_rates(read: Read) -> None:
    text = _paste("Mean t/s @ mean-acceptance across the runs.", ["18.40@70.5", "29.85@71.0"])
    assert [r.printed_rate for r in read(text).records] == pytest.approx([0.705, 0.71])


@pytest.mark.parametrize(
    "legend",
    [
        "Mean t/s @ batch size across the runs.",  # another setting after '@'
        "Acceptance was steady in every run.",  # acceptance named, no legend of the cells
    ],
)
def test_no_legend_of_the_share_reads_none(legend: str) -> None:
    assert read_paste(_paste(legend, ["18.40@70.5", "29.85@71.0"])).records == ()


def test_a_share_past_100_is_none(read: Read) -> None:
    text = _paste("Mean t/s @ mean acceptance.", ["18.40@170", "29.85@128"])
    assert read(text).records == ()
