"""A table column of an acceptance figure's change ('Acceptance Δ') whose cells bracket the
figure's two ends after the change ('+12.5pp (61.0→73.5%)'): the two ends are two runs'
figures, two records a cell; a cell of the change alone ('+2.0pp') gives none. A change column of
another measure ('Speed Δ', '+9% (8.1→8.8 t/s)'), or change cells without ends, give none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_PAIRS = st.lists(
    st.tuples(st.integers(300, 900), st.integers(300, 900)).filter(lambda p: p[0] != p[1]),
    min_size=1,
    max_size=4,
)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Acceptance Δ", "Accept rate Δ", "Acceptance delta"]),
    pairs=_PAIRS,
    arrow=st.sampled_from(["→", "->"]),
    alone=st.integers(0, 2),
)
def test_the_bracketed_ends_are_two_runs(
    name: str, pairs: list[tuple[int, int]], arrow: str, alone: int
) -> None:
    rows = [
        [f"m-{i}", "code", f"{(b - a) / 10:+.1f}pp ({a / 10:.1f}{arrow}{b / 10:.1f}%)", "+4%"]
        for i, (a, b) in enumerate(pairs)
    ]
    rows += [[f"x-{i}", "chat", f"+{i + 1}.0pp", "-2%"] for i in range(alone)]
    text = "Lookup A/B:\n\n" + pipe_table(["Model", "Task", name, "Speed Δ"], rows)
    got = read_paste(text).records
    want = [x / 1000 for a, b in pairs for x in (a, b)]
    assert [r.printed_rate for r in got] == pytest.approx(want)


@settings(max_examples=examples(30), deadline=None)
@given(pairs=_PAIRS)
def test_another_measures_or_bare_changes_give_none(pairs: list[tuple[int, int]]) -> None:
    rows = [
        [f"m-{i}", f"{(b - a) / 10:+.1f}pp", f"+3% ({a / 100:.1f}→{b / 100:.1f} t/s)"]
        for i, (a, b) in enumerate(pairs)
    ]
    text = "Lookup A/B:\n\n" + pipe_table(["Model", "Acceptance Δ", "Speed Δ"], rows)
    assert read_paste(text).records == ()
