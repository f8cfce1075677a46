"""A table a web page copied with single spaces whose header cells carry brackets ('Draft
Accept (code) Accept (chat) tok/s Notes') over rows of a label with a bracket, a run of figure
cells ('~117' approximate, a dash for an empty cell) and perhaps notes (flat_table.bracketed):
put back as a pipe table, one record per acceptance cell. Rows of several figure counts, a
header of another cell count, a number in a label outside its bracket, or no acceptance in the
header leave the lines as they were."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import flat_table as FT
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = ["stock (no fine-tune)", "tuned (KL, two epochs)", "ours (distilled head)", "big"]
_NOTES = ["", "best so far", "reproducible, see below"]


@settings(max_examples=examples(40), deadline=None)
@given(
    flat=st.lists(st.integers(300, 950), min_size=6, max_size=6, unique=True),
    n=st.integers(2, 3),
    notes=st.lists(st.sampled_from(_NOTES), min_size=3, max_size=3),
    base=st.booleans(),
)
def test_rows_read_as_a_table(
    read: Read, flat: list[int], n: int, notes: list[str], base: bool
) -> None:
    # (distinct values: a row repeating another's figures is that run again)
    rates = [(flat[2 * i], flat[2 * i + 1]) for i in range(n)]
    noted = any(notes[: len(rates)]) or base
    head = "Head Accept (code) Accept (chat) tok/s" + (" Notes" if noted else "")
    rows = []
    if base:
        rows.append("none (plain model) — — ~70 no draft")
    for i, (a, b) in enumerate(rates):
        rows.append(f"{_LABELS[i]} {a / 1000:.3f} {b / 1000:.3f} ~1{i}0 {notes[i]}".rstrip())
    recs = read("Acceptance is measured on two sets.\n\n" + "\n".join([head, *rows]) + "\n").records
    want = [x / 1000 for a, b in rates for x in (a, b)]
    assert [r.printed_rate for r in recs] == pytest.approx(want)


@pytest.mark.parametrize(
    "rows",
    [
        # figure runs of two counts
        ["stock (base) 0.61 0.58 ~90", "tuned (KL) 0.66 ~95"],
        # a number in the label outside its bracket
        ["stock 7B (base) 0.61 0.58 ~90", "tuned 7B (KL) 0.66 0.64 ~95"],
    ],
)
def test_near_misses_are_left(rows: list[str]) -> None:
    lines = list(enumerate(["Head Accept (code) Accept (chat) tok/s", *rows], 1))
    assert FT.bracketed(lines) == lines


def test_no_acceptance_in_the_header_is_left() -> None:
    lines = list(
        enumerate(
            ["Head Speed (code) Speed (chat) tok/s", "a (x) 0.61 0.58 ~90", "b (y) 0.6 0.5 ~9"], 1
        )
    )
    assert FT.bracketed(lines) == lines


def test_a_header_of_another_count_is_left() -> None:
    lines = list(
        enumerate(["Head Accept (code) tok/s", "a (x) 0.61 0.58 ~90", "b (y) 0.62 0.51 ~91"], 1)
    )
    assert FT.bracketed(lines) == lines
