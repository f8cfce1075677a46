"""A column of accepted drafts a step named with the participle clipped (`acc drafts/round`,
cells' ACC_PER_STEP words) and its cells carrying a bracketed share of unsaid base
(interpret's ACC_PER_STEP branch of length_and_rate): the count read, the length one more; the
share not read as the rate; an accuracy column is none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_HEADS = st.sampled_from(["acc drafts/round", "acc drafts/step", "acc drafts per round"])


@settings(max_examples=examples(25), deadline=None)
@given(
    head=_HEADS,
    x=st.integers(50, 600),
    share=st.one_of(st.none(), st.integers(20, 95)),
    bold=st.booleans(),
)
def test_clipped_accepted_drafts_column(
    read, head: str, x: int, share: int | None, bold: bool
) -> None:
    v = x / 100
    cell = f"**{v:.2f}**" if bold else f"{v:.2f}"
    if share is not None:
        cell += f" ({share}%)"
    text = (
        "Spec tree lane, CPU verify.\n\n"
        f"| workload | speed | {head} |\n|---|---|---|\n| loop text | 1.04x | {cell} |\n"
    )
    recs = read(text).records
    assert [r.accept_length for r in recs] == pytest.approx([v + 1])
    assert all(r.printed_rate is None for r in recs)


def test_an_accuracy_column_is_no_acceptance(read) -> None:
    text = (
        "Spec tree lane, CPU verify.\n\n"
        "| workload | speed | acc |\n|---|---|---|\n| loop text | 1.04x | 0.91 |\n"
    )
    assert all(r.accept_length is None for r in read(text).records)
