"""A figure's name, then a preposition, then a plain number with no separator (`accept rate on
1.5 is poor`, `acceptance length for 0.8 drops`): the number is the preposition's object (a
version, a setting), no value of the figure and no record. A percentage after it, a separator,
or a number before the preposition are read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read


def _figures(text: str, read: Read = read_paste) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.printed_rate) for r in read(text).records]


@settings(max_examples=40, deadline=None)
@given(
    head=st.sampled_from(["", "# ", "## ", "**"]),
    name=st.sampled_from(["Acceptance rate", "accept rate", "Draft acceptance", "Accept length"]),
    prep=st.sampled_from(["on", "for", "with", "under", "using", "On", "FOR"]),
    major=st.integers(0, 9),
    minor=st.integers(0, 9),
    tail=st.sampled_from([" is very low", " drops a lot", " looks wrong", ""]),
)
def test_a_number_after_a_preposition_is_no_value(
    head: str, name: str, prep: str, major: int, minor: int, tail: str
) -> None:
    text = f"{head}{name} {prep} {major}.{minor}{tail}\n"
    assert _figures(text) == []


@pytest.mark.parametrize(
    "text",
    ["# Draft acceptance on 3.0 is poor\n\nI tried the documented flags.\n"],
)
def test_a_version_title_is_no_record(read: Read, text: str) -> None:
    assert _figures(text, read) == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the value before the preposition: the run's figure, its condition after it
        ("Accept length 2.4 on chat\n", [(2.4, None)]),
        # a separator after the condition: the value is the figure's
        ("Acceptance rate on chat: 63%\n", [(None, 0.63)]),
        # 'at' a value is the figure's value
        ("acceptance rate at 0.7\n", [(None, 0.7)]),
    ],
)
def test_values_beside_a_condition_stay_read(
    text: str, want: list[tuple[float | None, float | None]]
) -> None:
    got = _figures(text)
    assert [(a, pytest.approx(b) if b else b) for a, b in got] == want
