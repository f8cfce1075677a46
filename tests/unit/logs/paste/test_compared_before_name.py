"""Two runs' values compared before the figure's name they share ('61% vs 23.5% draft
acceptance'): two records, one a value, not the second alone. Values of two kinds, a third
value, or a word between the values and the name stay as written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import compared_before_name as CB
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=50, max_value=950), min_size=2, max_size=2, unique=True),
    st.sampled_from(["vs", "vs.", "versus"]),
    st.sampled_from(["draft acceptance", "acceptance rate", "draft-token acceptance"]),
    st.sampled_from(
        ["Leaner drafting: {p}; fewer drafts, more kept.", "We saw {p} on the chat set."]
    ),
)
def test_both_rates_are_read(
    read: Read, rates: list[int], vs: str, name: str, sentence: str
) -> None:
    a, b = (f"{x / 10:.1f}%" for x in rates)
    text = sentence.format(p=f"{a} {vs} {b} {name}") + "\n"
    got = [r.printed_rate for r in read(text).records]
    assert [round(x, 4) if x is not None else None for x in got] == [x / 1000 for x in rates]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=11, max_value=39),
    st.integers(min_value=50, max_value=950),
    st.sampled_from(
        [
            "{x}x vs {p}% draft acceptance",  # two kinds of value
            "{p}% vs {x} draft acceptance",  # a percentage against a plain number
            "{p}% vs {p}% in draft acceptance",  # a word between
            "{x} vs {x} tok/s acceptance",  # a unit between
            "+{p}% vs +{p}% draft acceptance",  # changes
            "by {p}% vs {p}% draft acceptance",  # a change's size
            "20-{p}% vs {p}% draft acceptance",  # a range
            "{p}% vs {p}% acceptance-weighted",  # another name
        ]
    ),
)
def test_other_phrases_stay(tenths: int, pct: int, phrase: str) -> None:
    line = "Result: " + phrase.format(x=tenths / 10, p=pct / 10) + "."
    assert CB.fronted([line], line) == [line]


def test_written_name_first() -> None:
    line = "Leaner drafting: 61% vs 23.5% draft acceptance; and 3.1 versus 2.4 mean accept length."
    assert CB.fronted([line], line) == [
        "Leaner drafting: draft acceptance 61% vs 23.5%; and 3.1 versus 2.4 mean accept length."
    ]
