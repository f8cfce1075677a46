"""A table column named by a speculative method and `accept` (`MTP accept`, `Draft accept`,
`EAGLE-3 accept`, perhaps qualified in a bracket) over shares, under lines calling the figure
acceptance, is that method's acceptance rate, as a bare `Accept` column is
(``cells.METHOD_ACCEPT``, ``interpret.grid``); a draft maximum of one in a row's setting column
makes that row's length 1 + rate. Counts, values past 1 without `%`, a word that is no method
(`User accept`), or no line naming acceptance leave the column unread as a rate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = st.sampled_from(
    ["MTP accept", "Draft accept", "EAGLE-3 accept", "spec accept", "MTP accept (code)"]
)


def _text(head: str, cells: list[str], told: bool) -> str:
    lead = (
        "Higher draft limits check more tokens, but the acceptance drops quickly:\n\n"
        if told
        else "Throughput per setting:\n\n"
    )
    rows = "".join(f"| {i + 2} | {70 - i} | {c} |\n" for i, c in enumerate(cells))
    return f"{lead}| n-max | tok/s | {head} |\n|---|---|---|\n{rows}"


@settings(max_examples=examples(40), deadline=None)
@given(head=_HEAD, rates=st.lists(st.integers(31, 94), min_size=2, max_size=5), pct=st.booleans())
def test_shares_under_a_method_accept_column(
    read: Read, head: str, rates: list[int], pct: bool
) -> None:
    cells = [f"{r}%" if pct else f"0.{r}" for r in rates]
    recs = read(_text(head, cells, True)).records
    assert [r.printed_rate for r in recs] == pytest.approx([r / 100 for r in rates])
    # (a draft maximum above one: at most that many drafts a step, no length)
    assert all(r.accept_length is None for r in recs)


def test_a_draft_maximum_of_one_gives_its_row_a_length(read: Read) -> None:
    text = _text("MTP accept", ["0.74", "0.63"], True).replace("| 2 | 70 |", "| 1 | 70 |", 1)
    recs = read(text).records
    assert [r.accept_length for r in recs] == pytest.approx([1.74, None])


@pytest.mark.parametrize(
    ("head", "cells", "told"),
    [
        ("MTP accept", ["0.74", "0.63"], False),  # no line naming acceptance
        ("MTP accept", ["12", "40"], True),  # counts
        ("MTP accept", ["1.8", "2.4"], True),  # past 1 without '%'
        ("User accept", ["0.74", "0.63"], True),  # no speculative method
    ],
)
def test_other_columns_are_no_rate(read: Read, head: str, cells: list[str], told: bool) -> None:
    assert all(r.printed_rate is None for r in read(_text(head, cells, told)).records)
