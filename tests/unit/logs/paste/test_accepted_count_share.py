"""A table's accepted count with its share in brackets (`| 12 (25.0 %) |` under `accepted`,
beside a `drafted` column): the count, and the share as the row's acceptance rate where it is
the count over the row's drafted count at its printed precision; a share that is not leaves the
row its counts alone (a note says why). Near misses: the share beside no drafted count, the
bracket under a column that counts something else."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_INTRO = "Speculative decoding with a small draft model, two arms, same prompts.\n\n"


def _table(layout: str, order: bool, rows: list[tuple[str, int, str]]) -> str:
    head = ["arm", "tok/s", "drafted", "accepted"] if order else ["arm", "accepted", "drafted"]
    body = []
    for i, (label, drafted, acc_cell) in enumerate(rows):
        cells = (
            [label, f"{150 + i}.5", str(drafted), acc_cell]
            if order
            else [label, acc_cell, str(drafted)]
        )
        body.append(cells)
    if layout == "pipe":
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(c) + " |" for c in body]
    else:
        out = [",".join(head)] + [",".join(c) for c in body]
    return "\n".join(out) + "\n"


@given(
    layout=st.sampled_from(["pipe", "csv"]),
    order=st.booleans(),
    counts=st.lists(st.tuples(st.integers(20, 900), st.integers(1, 100)), min_size=2, max_size=4),
    decimals=st.integers(0, 2),
    space=st.sampled_from(["", " "]),
)
def test_share_equal_to_the_counts_is_the_rate(
    read: Read,
    layout: str,
    order: bool,
    counts: list[tuple[int, int]],
    decimals: int,
    space: str,
) -> None:
    rows = []
    want = []
    for i, (drafted, pct) in enumerate(counts):
        acc = max(1, drafted * pct // 100)
        share = round(100 * acc / drafted, decimals)
        rows.append((f"arm{i}", drafted, f"{acc} ({share:.{decimals}f}{space}%)"))
        want.append(share / 100)
    got = read(_INTRO + _table(layout, order, rows)).records
    assert [r.printed_rate for r in got] == [pytest.approx(w) for w in want]
    assert all(r.accept_length is None for r in got)  # (no steps, no k: no length)


@given(drafted=st.integers(40, 400), acc=st.integers(1, 30), off=st.integers(3, 40))
def test_share_that_is_not_the_counts_is_no_rate(
    read: Read, drafted: int, acc: int, off: int
) -> None:
    share = 100 * acc / drafted + off
    assume(share < 100)
    rows = [("a", drafted, f"{acc} ({share:.1f}%)"), ("b", drafted + 5, f"{acc} ({share:.1f}%)")]
    got = read(_INTRO + _table("pipe", True, rows)).records
    assert [r.printed_rate for r in got] == [None, None]
    assert all(r.accepted_tokens == acc for r in got)


@pytest.mark.parametrize(
    "table",
    [
        # the bracket under a column that counts something else
        "| arm | prompts | tok/s |\n|---|---:|---:|\n| a | 40 (25.0%) | 150.5 |\n"
        "| b | 30 (75.0%) | 151.5 |\n",
        # a count and share under 'accepted' with no drafted count anywhere: no rate told
        "| arm | accepted |\n|---|---:|\n| a | 12 (25.0%) |\n| b | 18 (37.5%) |\n",
    ],
)
def test_near_misses_give_no_rate(read: Read, table: str) -> None:
    assert all(r.printed_rate is None for r in read(_INTRO + table).records)
