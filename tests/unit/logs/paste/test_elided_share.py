"""A share named once and left out of the next parallel clause (`depth 2 runs 0.9x at 61%
accept; depth 3 runs 0.6x at 47%`): each clause's bare share is the same figure of its own run
(elided.py). Near misses: a share with a name of its own, no `%`, no `;` between the clauses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(["accept", "acceptance", "acceptance rate", "draft acceptance"])
_PREP = st.sampled_from(["at", "with", "@"])


@given(
    name=_NAME,
    prep=_PREP,
    a=st.integers(300, 950),
    b=st.integers(300, 950),
    bold=st.booleans(),
    end=st.sampled_from([".", "; same tokens throughout.", ""]),
)
def test_each_clause_is_a_run(
    read: Read, name: str, prep: str, a: int, b: int, bold: bool, end: str
) -> None:
    s = "**" if bold else ""
    text = (
        f"Measured on the small box: {s}depth 2 = 0.91x{s} {prep} {a / 10:.1f}% {name}; "
        f"{s}depth 3 = 0.62x{s} {prep} {b / 10:.1f}%{end}\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(a / 1000), pytest.approx(b / 1000)]
    assert all(r.accept_length is None for r in got)


@given(a=st.integers(30, 95), b=st.integers(30, 95))
def test_a_share_named_otherwise_is_not_the_figure(read: Read, a: int, b: int) -> None:
    text = f"Depth 2 ran at {a}% acceptance; depth 3 ran at {b}% GPU memory.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(a / 100)]


def test_no_semicolon_no_elision(read: Read) -> None:
    text = "Depth 2 ran at 72% acceptance, and the batch of 8 ran at 40% of peak.\n"
    assert [r.printed_rate for r in read(text).records] == [pytest.approx(0.72)]


def test_a_bare_number_is_no_share(read: Read) -> None:
    text = "Depth 2 ran at 72% acceptance; depth 3 ran at 54 tok/s.\n"
    assert [r.printed_rate for r in read(text).records] == [pytest.approx(0.72)]
