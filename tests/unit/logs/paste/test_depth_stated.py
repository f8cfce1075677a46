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


# the whole of a step's positions after 'of': a share taken of them, N every position drafted
_POSITIONS_SAID = st.sampled_from(
    [
        "On deep prompts only 1.1 of the {d} drafted positions survive verification.",
        "Roughly half of its {d} draft positions get rejected at depth.",
        "A run keeps about 0.9 of all {d} speculative positions.",
        "We saw 2.0 of the {d} proposed positions kept on chat.",
    ]
)


def _kv_paste(length: str, rate: str, said: str) -> str:
    return (
        "Live figures from the decode loop:\n\n"
        f"mean accept len: {length}   draft rate: {rate}   # chat prompts\n\n"
        f"{said}\n"
    )


@given(d=st.integers(2, 9), frac=st.integers(1, 99), said=_POSITIONS_SAID, kv=st.booleans())
def test_a_length_above_the_positions_drafted_counts_the_bonus(
    read: Read, d: int, frac: int, said: str, kv: bool
) -> None:
    length = f"{d}.{frac:02d}"
    text = _kv_paste(length, "0.71", said.format(d=d)) if kv else _paste(length, said.format(d=d))
    got = [r for r in read(text).records if r.printed_length is not None]
    assert [r.printed_length for r in got] == [pytest.approx(float(length))]
    assert got[0].accept_length == pytest.approx(float(length))
    assert got[0].bonus.value == "included"


@given(d=st.integers(3, 9), below=st.integers(1, 150))
def test_a_length_at_or_below_the_positions_decides_nothing(read: Read, d: int, below: int) -> None:
    length = f"{max(1.01, d - below / 100):.2f}"
    said = f"On deep prompts only 1.1 of the {d} drafted positions survive verification."
    got = read(_paste(length, said)).records
    assert [r.accept_length for r in got] == [None]


@pytest.mark.parametrize(
    "said",
    [
        "Acceptance of the first 2 draft positions is high.",  # some of them
        "Most of the 2-3 drafted positions are rejected.",  # a range
        "The 3 drafted positions are mostly rejected.",  # no share of them
        "Only 1.2 of the 3 drafted positions and 1.9 of the 2 draft positions survive.",  # two
        "Only 1.2 of the 3 drafted tokens survive.",  # tokens: a count of any span
    ],
)
def test_positions_near_misses_decide_nothing(read: Read, said: str) -> None:
    got = read(_paste("3.62", said)).records
    assert [r.accept_length for r in got] == [None]
