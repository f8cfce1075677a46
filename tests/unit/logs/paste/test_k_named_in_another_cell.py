"""A 'k=N' written in one cell of a table row (a notes column: 'close to k=4') beside the row's
own number under a bare 'K' header that differs from it: the assignment names another run the
row is compared with, never the row's drafts a step, so no length 1 + N x rate is computed. Where
the two agree, or no 'K' column stands beside it, the label's k is the row's as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table

_NOTES = ["close to k={k}", "Same as k={k}", "worse than k={k}", "⚠️ like k={k} run"]


@settings(max_examples=examples(40), deadline=None)
@given(
    layout=st.sampled_from(["markdown", "tsv", "box"]),
    own=st.integers(2, 24),
    other=st.integers(2, 24),
    note=st.sampled_from(_NOTES),
    rate=st.integers(100, 900),
)
def test_another_k_in_a_note_computes_no_length(
    layout: str, own: int, other: int, note: str, rate: int
) -> None:
    if own == other:
        other += 1
    rows = [
        ["m-big", "m-tiny", str(own), f"{rate / 10:.1f}%", note.format(k=other)],
        ["m-big", "m-tiny", str(other), f"{(1000 - rate) / 10:.1f}%", "plain"],
    ]
    text = render_table(layout, ["Target", "Draft", "K", "Accept Rate", "Notes"], rows)
    got = read_paste("Draft sweep:\n\n" + text).records
    assert [r.printed_rate for r in got] == pytest.approx([rate / 1000, 1 - rate / 1000])
    assert [r.accept_length for r in got] == [None, None]


@settings(max_examples=examples(30), deadline=None)
@given(
    layout=st.sampled_from(["markdown", "aligned", "box"]),
    k=st.integers(2, 8),
    rate=st.integers(100, 900),
    with_column=st.booleans(),
)
def test_a_label_k_that_agrees_or_stands_alone_still_computes(
    layout: str, k: int, rate: int, with_column: bool
) -> None:
    header = ["Config", *(["K"] if with_column else []), "Accept Rate"]
    row = [f"chain k={k}", *([str(k)] if with_column else []), f"{rate / 10:.1f}%"]
    got = read_paste("Draft sweep:\n\n" + render_table(layout, header, [row])).records
    assert [r.accept_length for r in got] == pytest.approx([1 + k * rate / 1000])
