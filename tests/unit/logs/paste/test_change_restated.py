"""A change in prose between two runs read above it (change_restated.py): `(2.4 → 3.9)` under
lines printing 2.41 and 3.87 tells those runs again, no record of its own. A change whose end
rounds no earlier record, or two, or whose two ends round one record, stays."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(lengths: list[int], change: str) -> str:
    rows = "\n".join(
        f"- shard {i}: mean accept length {v / 100:.2f}" for i, v in enumerate(lengths)
    )
    return (
        "Three shards of the nightly eval, one draft head.\n\n"
        f"{rows}\n\n"
        f"The accept length rises across shards {change}, mostly a context effect.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    lengths=st.lists(st.integers(120, 580), min_size=2, max_size=4, unique=True),
    ends=st.tuples(st.integers(0, 3), st.integers(0, 3)),
    shape=st.sampled_from(["({a} → {b})", "({a} -> {b})", "from {a} to {b}", "({a}→{b})"]),
)
def test_a_change_between_two_runs_above_is_no_record(
    read: Read, lengths: list[int], ends: tuple[int, int], shape: str
) -> None:
    i, k = ends
    assume(i < len(lengths) and k < len(lengths) and i != k)
    # each end, rounded to one decimal, must round only its own run
    tenths = [round(v / 10) for v in lengths]
    assume(tenths.count(tenths[i]) == 1 and tenths.count(tenths[k]) == 1)
    assume(all(abs(v - tenths[i] * 10) > 5 or j == i for j, v in enumerate(lengths)))
    assume(all(abs(v - tenths[k] * 10) > 5 or j == k for j, v in enumerate(lengths)))
    change = shape.format(a=f"{tenths[i] / 10:.1f}", b=f"{tenths[k] / 10:.1f}")
    got = read(_paste(lengths, change)).records
    assert [r.printed_length for r in got] == pytest.approx([v / 100 for v in lengths])


@pytest.mark.parametrize(
    "change",
    [
        "(2.4 → 5.1)",  # the end rounds no run above: a run of its own
        "(2.4 → 2.4)",  # both ends one run
        "(1.3 → 2.4)",  # the start rounds no run above
    ],
)
def test_a_change_of_its_own_stays(change: str) -> None:
    text = _paste([241, 387, 299], change)
    got = [r.printed_length for r in read_paste(text).records]
    assert got[:3] == [2.41, 3.87, 2.99]
    assert len(got) == 5


def test_an_end_rounding_two_runs_stays() -> None:
    text = _paste([241, 238, 387], "(2.4 → 3.9)")  # 2.4 rounds 2.41 and 2.38
    assert len(read_paste(text).records) == 5


def test_a_change_above_the_runs_stays() -> None:
    text = (
        "Three shards of the nightly eval, one draft head.\n\n"
        "The accept length rises across shards (2.4 → 3.9), mostly a context effect.\n\n"
        "- shard 0: mean accept length 2.41\n- shard 1: mean accept length 3.87\n"
    )
    assert len(read_paste(text).records) == 4
