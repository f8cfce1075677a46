"""Two runs' per-position rates set against each other in one clause ('per-position acceptance
reads 0.61/0.35/0.12 on long prompts against 0.92/0.77/0.58 on short ones'): one record each,
its list its per-position rates. 'per-index' names the draft positions too. A single list, lists
without what each was measured on, or another figure's name leave the line as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import position_pairs as PP
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = [
    "per-position acceptance",
    "per-index acceptance",
    "Per-position acceptance rate",
    "per-draft-index acceptance",
    "acceptance per position",
]
_VERBS = ["reads", "is", "was", "sits at"]
_AGAINST = ["against", "vs", "versus", "and", "while", "compared with"]


def _rates(draw_pcts: list[int]) -> list[float]:
    return sorted((p / 100 for p in draw_pcts), reverse=True)


def _listed(rates: list[float], mark: str) -> str:
    return mark + "/".join(f"{r:.2f}" for r in rates) + mark


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    verb=st.sampled_from(_VERBS),
    against=st.sampled_from(_AGAINST),
    mark=st.sampled_from(["", "**", "`"]),
    first=st.lists(st.integers(40, 99), min_size=2, max_size=5),
    second=st.lists(st.integers(5, 39), min_size=2, max_size=5),
    lead=st.sampled_from(["", "With the depth forced to 3, ", "Under sampling, "]),
)
def test_two_lists_set_against_each_other_are_two_runs(
    read: Read,
    name: str,
    verb: str,
    against: str,
    mark: str,
    first: list[int],
    second: list[int],
    lead: str,
) -> None:
    a, b = _rates(first), _rates(second)
    text = (
        f"{lead}{name} {verb} {_listed(a, mark)} on long chat turns {against} "
        f"{_listed(b, mark)} on unit tests: the last index rarely holds.\n"
    )
    got = read(text).records
    assert [list(r.per_position or ()) for r in got] == [
        pytest.approx(a),
        pytest.approx(b),
    ]
    assert all(r.accept_length is None and r.printed_length is None for r in got)


@pytest.mark.parametrize(
    "line",
    [
        # another figure's name before the lists
        "per-position latency reads 0.50/0.22/0.09 on long turns against 0.97/0.81/0.63 on tests.",
        # what each list was measured on not said
        "per-position acceptance reads 0.50/0.22/0.09 against 0.97/0.81/0.63.",
        # no per-position name at all
        "the split reads 0.50/0.22/0.09 on long turns against 0.97/0.81/0.63 on tests.",
    ],
)
def test_near_misses_are_not_split(line: str) -> None:
    assert PP.rewrite(line) == line


def test_one_list_is_left_to_the_other_readers() -> None:
    line = "per-position acceptance reads 0.50/0.22/0.09 on long turns, fine by us."
    assert PP.rewrite(line) == line


def test_per_index_names_positions(read: Read) -> None:
    (r,) = read("per-index acceptance: 0.71/0.40/0.18\n").records
    assert list(r.per_position or ()) == pytest.approx([0.71, 0.40, 0.18])
    assert r.printed_rate is None
