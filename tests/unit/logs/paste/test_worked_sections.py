"""Key-value lines under a markdown heading of expected figures or of a worked calculation
(`reader._worked_out`): '## Projected gains', '## Estimates', '## Napkin math for K=3',
'### Cost arithmetic' title what a setting would give, no run, so their lines are set aside
(listed as unread with the reason), as a table under such a heading already was. The same
lines under a heading of results, of a dataset ('## MATH', '## Results on math'), or in a
section that says its figures were measured are read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_WORKED = [
    "Projected gains",
    "Expected",
    "Estimates",
    "Napkin math",
    "Napkin math for the two-head chain",
    "Cost arithmetic",
    "Throughput calculations",
    "Back-of-envelope math",
]
_READ = ["Results", "MATH", "Math-500", "Results on math", "GSM8K and math", "Measurements"]


def _lines(k: int, per_step: float, cost: float) -> str:
    return (
        f"- K={k}: cost ≈ {cost:.1f}× decode forward, tokens/cycle = {per_step:.2f}, "
        f"throughput = {per_step / cost:.2f}× baseline\n"
    )


def _paste(heading: str, level: int, k: int, per_step: float, cost: float) -> str:
    return f"{'#' * level} {heading}\n\n" + _lines(k, per_step, cost)


@pytest.mark.parametrize("heading", _WORKED)
def test_worked_heading_sets_the_lines_aside(read: Read, heading: str) -> None:
    got = read(_paste(heading, 2, 2, 1.74, 1.6))
    assert got.records == ()


@pytest.mark.parametrize("heading", _WORKED)
def test_the_reason_is_listed(heading: str) -> None:
    got = read_paste(_paste(heading, 3, 2, 1.74, 1.6))
    assert [u.reason for u in got.unread] == [
        "key-value lines under a heading of expected figures or a worked calculation: no "
        "measurement, no record"
    ]


@pytest.mark.parametrize("heading", _READ)
def test_other_headings_keep_the_lines(read: Read, heading: str) -> None:
    got = read(_paste(heading, 2, 2, 1.74, 1.6)).records
    assert [r.printed_length for r in got] == pytest.approx([1.74])


def test_a_measured_section_keeps_the_lines() -> None:
    text = "## Expected results\n\nWe measured on a chat set:\n\n" + _lines(2, 1.74, 1.6)
    assert [r.printed_length for r in read_paste(text).records] == pytest.approx([1.74])


def test_only_the_worked_section_is_set_aside() -> None:
    text = (
        "## Results\n\n"
        + _lines(2, 1.74, 1.6)
        + "\n## Napkin math for K=4\n\n"
        + _lines(4, 2.65, 2.4)
        + "\n## Measurements\n\n"
        + _lines(3, 2.21, 2.0)
    )
    assert [r.printed_length for r in read_paste(text).records] == pytest.approx([1.74, 2.21])


@settings(max_examples=examples(40), deadline=None)
@given(
    worked=st.booleans(),
    index=st.integers(min_value=0, max_value=50),
    level=st.integers(min_value=1, max_value=4),
    k=st.integers(min_value=1, max_value=6),
    per_step=st.integers(min_value=110, max_value=450).map(lambda n: n / 100),
    cost=st.integers(min_value=11, max_value=30).map(lambda n: n / 10),
)
def test_any_heading_decides_by_its_kind(
    worked: bool, index: int, level: int, k: int, per_step: float, cost: float
) -> None:
    names = _WORKED if worked else _READ
    got = read_paste(_paste(names[index % len(names)], level, k, per_step, cost)).records
    if worked:
        assert got == ()
    else:
        assert [r.printed_length for r in got] == pytest.approx([per_step])
