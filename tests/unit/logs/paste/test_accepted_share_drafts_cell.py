"""A cell under an acceptance column telling a run's drafting in three parts, in any order
(`1.50 accepted/round`, `50.0% drafted`, `avg draft 3.00`), whose figures hold accepted = share
x drafts a step within their rounding: the share is the rate, the accepted figure the drafts a
step kept, the target's own token left out (length 1 + it). Where the identity fails, or a part
is missing, no length is read from the cell."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ACC = ["{a} accepted/round", "{a} accepted per step", "{a} accepted tokens/iteration"]
_SHARE = ["{p}% drafted", "{p}% of drafted", "{p}% of drafts accepted"]
_DRAFT = ["avg draft {d}", "mean drafted {d}", "average draft len {d}"]


def _table(cells: list[str]) -> str:
    rows = "\n".join(f"| run-{i} | {10 + i}.5 | {c} |" for i, c in enumerate(cells))
    return f"| Setup | tok/s | Acceptance |\n| --- | ---: | --- |\n{rows}\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    runs=st.lists(st.tuples(st.integers(300, 950), st.integers(200, 500)), min_size=1, max_size=3),
    forms=st.tuples(st.sampled_from(_ACC), st.sampled_from(_SHARE), st.sampled_from(_DRAFT)),
    order=st.permutations([0, 1, 2]),
    sep=st.sampled_from([", ", "; "]),
)
def test_three_parts_by_their_identity(
    read: Read,
    runs: list[tuple[int, int]],
    forms: tuple[str, str, str],
    order: list[int],
    sep: str,
) -> None:
    cells, want = [], []
    for rate, drafts in runs:
        p, d = rate / 10, drafts / 100
        a = round(p / 100 * d, 2)
        parts = [
            forms[0].format(a=f"{a:.2f}"),
            forms[1].format(p=f"{p:.1f}"),
            forms[2].format(d=f"{d:.2f}"),
        ]
        cells.append(sep.join(parts[i] for i in order))
        want.append((round(1 + a, 6), round(rate / 1000, 6)))
    recs = read(_table(cells)).records
    assert [r.accept_length for r in recs] == pytest.approx([w[0] for w in want])
    assert [r.printed_rate for r in recs] == pytest.approx([w[1] for w in want])


@pytest.mark.parametrize(
    "cell",
    [
        "1.50 accepted/round, 70.0% drafted, avg draft 3.00",  # 0.70 x 3.00 = 2.10, not 1.50
        "1.50 accepted/round, 50.0% drafted",  # no drafts a step
        "1.50 accepted/round, 50.0% drafted, avg draft 3.00, 12 ms",  # a fourth part
    ],
)
def test_no_length_without_the_identity(read: Read, cell: str) -> None:
    recs = read(_table([cell])).records
    assert all(r.accept_length is None for r in recs)
