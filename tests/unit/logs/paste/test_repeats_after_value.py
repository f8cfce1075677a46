"""A whole number before the repeats a figure was averaged over (`runs`, `trials`, `seeds`,
`repeats`, `repetitions`) is their count, never the figure's value (`interpret._POPULATION_AFTER`);
the figure's own value elsewhere in the sentence is still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["mean acceptance", "average acceptance rate", "accept length"])
_REPEATS = st.sampled_from(["runs", "trials", "seeds", "repeats", "repetitions"])
_LEADS = st.sampled_from(["across all", "over", "averaged over", "of"])


@settings(max_examples=30, deadline=None)
@given(name=_NAMES, lead=_LEADS, n=st.integers(2, 60), repeats=_REPEATS)
def test_a_count_of_repeats_is_no_value(name: str, lead: str, n: int, repeats: str) -> None:
    from specdiag.core.logs.paste import read_paste

    text = f"Tokens per second @ {name} {lead} {n} {repeats}.\n"
    assert read_paste(text).records == ()


def test_the_figure_beside_its_repeats_is_still_read(read: Read) -> None:
    text = "Our draft head's acceptance rate across 9 runs: 64.5%\n"
    assert [r.printed_rate for r in read(text).records] == [0.645]


def test_a_value_before_another_noun_is_still_read(read: Read) -> None:
    # (a decimal before a plain noun that counts nothing: the figure's value as before)
    text = "The mean acceptance length was 2.71 tokens on the chat set.\n"
    assert [r.printed_length for r in read(text).records] == [2.71]
