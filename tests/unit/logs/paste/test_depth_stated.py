"""A draft depth stated in a sentence (`The proposal depth is 5`, `draft depth: 4`, `at a
speculation depth of 6`): the most drafts a verify step accepts, so a mean length above it
counts the target's own token (before: the convention unknown). Near misses: a length at or
below the depth, two depths stated, a list or range of depths, or a bare `depth` (no word of
drafting before it) decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_SAID = st.sampled_from(
    [
        "The proposal depth is {d}.",
        "The draft depth is {d}, so longer blocks were never tried.",
        "We ran at a speculation depth of {d} throughout.",
        "Settings: tree depth = {d}, greedy.",
        "Draft depth: {d}",
    ]
)


def _paste(length: str, said: str) -> str:
    return (
        f"At 16k the mean accept length is **{length}** on the long-context set.\n"
        f"{said}\n\n"
        "Raising it further for long sequences is the next experiment.\n"
    )


@given(d=st.integers(2, 9), frac=st.integers(1, 99), said=_SAID)
def test_a_length_above_the_stated_depth_counts_the_bonus(
    read: Read, d: int, frac: int, said: str
) -> None:
    length = f"{d}.{frac:02d}"
    got = read(_paste(length, said.format(d=d))).records
    assert len(got) == 1
    assert got[0].printed_length == pytest.approx(float(length))
    assert got[0].accept_length == pytest.approx(float(length))


@given(d=st.integers(3, 9), below=st.integers(1, 150), said=_SAID)
def test_a_length_at_or_below_the_depth_decides_nothing(
    read: Read, d: int, below: int, said: str
) -> None:
    length = f"{max(1.01, d - below / 100):.2f}"
    got = read(_paste(length, said.format(d=d))).records
    assert [r.accept_length for r in got] == [None]


@pytest.mark.parametrize(
    "said",
    [
        "The proposal depth is 3, later proposal depth of 5.",  # two depths: none stated
        "The proposal depth is 3 or 4 depending on the request.",  # a choice of depths
        "The draft depth of 3-4 was swept.",  # a range
        "The depth is 3.",  # a bare depth: a network's as well
        "Raise the depth to 3 for long prompts.",  # a goal, no statement
    ],
)
def test_near_misses_decide_nothing(read: Read, said: str) -> None:
    got = read(_paste("3.62", said)).records
    assert [r.accept_length for r in got] == [None]
