"""Accepted and drafted counts printed with their share under a header naming a rate, beside a
fixed k in the row's label ('| mtp3 | 717/1248 (57.45%) |'): the length is 1 + k x accepted /
drafted from the counts, not from the rounded share (evidence.COMPUTED_COUNTS_K_RULE); each side
of a change ('a/d (p%) → a2/d (p2%)') keeps its own counts. A header naming counts alone
('accepts/attempts': the denominator may count rounds), counts whose drafted total is no
multiple of k give no such length."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_INTRO = "Same card, old and new binaries, three prompts each; MTP drafts k tokens every round.\n\n"


def _cell(a: int, d: int) -> str:
    return f"{a}/{d} ({100 * a / d:.2f}%)"


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(1, 5),
    rounds=st.integers(150, 900),
    share=st.integers(30, 95),
    drop=st.integers(0, 20),
    label=st.sampled_from(["mtp{k}", "MTP k={k}", "K={k}"]),
    header=st.sampled_from(["Draft acceptance rate (old → new)", "Draft 接受率（旧 → 新）"]),
)
def test_counts_give_the_length_exactly(
    k: int, rounds: int, share: int, drop: int, label: str, header: str
) -> None:
    d = k * rounds
    a = d * share // 100
    a2 = max(0, a - drop)
    text = _INTRO + pipe_table(
        ["Mode", "tok/s", header],
        [[label.format(k=k), "61.5", f"{_cell(a, d)} → {_cell(a2, d)}"]],
    )
    got = sorted(r.accept_length for r in read_paste(text).records if r.accept_length)
    want = sorted([1 + k * a / d, 1 + k * a2 / d])
    assert got == [pytest.approx(w, abs=1e-6) for w in want]


@pytest.mark.parametrize(
    ("header", "cell"),
    [
        # counts named alone: the denominator may count rounds
        ("MTP accepts/attempts", "88/200 (44.00%)"),
        ("MTP accepts/attempts", "88/200"),
    ],
)
def test_negative_control_counts_without_a_named_share(read: Read, header: str, cell: str) -> None:
    text = _INTRO + pipe_table(["Mode", header], [["MTP k=2", cell]])
    assert all(
        r.accept_length is None or "accepted / drafted" not in r.bonus.rule
        for r in read(text).records
    )
    assert all(r.accept_length != pytest.approx(1.88) for r in read(text).records)


def test_negative_control_drafted_no_multiple_of_k(read: Read) -> None:
    text = _INTRO + pipe_table(["Mode", "Draft acceptance rate"], [["mtp3", "74/160 (46.25%)"]])
    assert all(r.accept_length is None for r in read(text).records)
