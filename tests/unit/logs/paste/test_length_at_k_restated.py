"""A prose length named at a bracketed draft setting ('AL (k=3) = 2.61') where a table of the
same paste has exactly one row of that k, printing a length within one unit of the prose's last
digit (rounded or cut), restates that row: one record, the row's (``restated_row.py``). A prose
length at a k no row has, or one printing another length, stays a run of its own."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_NAMES = st.sampled_from(["k", "nst", "gamma"])


def _paste(name: str, lengths: list[float], at: int, said: str) -> str:
    rows = [[str(k), f"{v:.3f}", str(500 + 40 * k)] for k, v in enumerate(lengths, start=1)]
    return (
        "## Draft depth sweep\n\n"
        + pipe_table([f"{name} (draft length)", "measured AL", "tok/s"], rows)
        + f"\n\n- **AL({name}={at}) = {said}**: this is the depth we keep for the service.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    base=st.integers(1200, 1900),  # x 1000
    steps=st.lists(st.integers(300, 700), min_size=2, max_size=3),
    pick=st.integers(0, 2),
    cut=st.booleans(),
)
def test_a_length_at_a_rows_k_restates_that_row(
    name: str, base: int, steps: list[int], pick: int, cut: bool
) -> None:
    lengths = [base / 1000]
    for s in steps:
        lengths.append(lengths[-1] + s / 1000)
    at = min(pick, len(lengths) - 1)
    v = round(lengths[at], 3)
    said = f"{math.floor(v * 100 + 1e-9) / 100:.2f}" if cut else f"{v:.2f}"
    got = read_paste(_paste(name, lengths, at + 1, said)).records
    assert [r.printed_length for r in got] == [round(x, 3) for x in lengths]
    assert any("restated" in n for n in got[at].notes)


def test_negative_control_another_length_at_that_k_is_a_run_of_its_own() -> None:
    got = read_paste(_paste("k", [1.812, 2.346, 2.905], 2, "2.58")).records
    assert [r.printed_length for r in got] == [1.812, 2.346, 2.905, 2.58]


def test_negative_control_a_k_no_row_has_is_a_run_of_its_own() -> None:
    got = read_paste(_paste("k", [1.812, 2.346, 2.905], 5, "2.34")).records
    assert [r.printed_length for r in got] == [1.812, 2.346, 2.905, 2.34]
