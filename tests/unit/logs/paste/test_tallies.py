"""A tally of items a run wins or passes ('wins acceptance length on 3/5 datasets'): a count of
items, never an acceptance figure (tallies.py); a slash figure with no item noun after it is
still read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "text",
    [
        "Served with vLLM: the tuned head wins acceptance length on 6/9 categories.\n",
        "Served with vLLM: draft B leads mean acceptance length in 4/4 benchmarks overall.\n",
        "Accept length better on 2 / 3 of the datasets after the fix.\n",
    ],
)
def test_a_tally_of_items_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    ("text", "length"),
    [
        # a length out of its most, no item counted after it: still read
        ("Average acceptance length 2.6 / 5 on the chat prompts.\n", 2.6),
    ],
)
def test_a_slash_figure_without_items_is_still_read(read: Read, text: str, length: float) -> None:
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(length)]


@settings(max_examples=25, deadline=None)
@given(
    b=st.integers(min_value=2, max_value=40),
    noun=st.sampled_from(["categories", "benchmarks", "datasets", "tasks", "domains", "prompts"]),
    name=st.sampled_from(["acceptance length", "accept length", "mean acceptance length"]),
    verb=st.sampled_from(["wins", "is higher", "improves", "leads"]),
    space=st.sampled_from(["/", " / "]),
)
def test_generated_tallies_give_no_record(
    b: int, noun: str, name: str, verb: str, space: str
) -> None:
    from specdiag.core.logs.paste import read_paste

    a = b - 1
    got = read_paste(f"The new draft {verb} {name} on {a}{space}{b} {noun} and speed too.\n")
    assert got.records == ()
