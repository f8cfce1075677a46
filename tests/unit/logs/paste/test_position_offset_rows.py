"""Rows named by an offset from the verified token (`T+1`, `t + 2`, ...) under a first header
cell naming positions (`Position`, `pos`, `位置`), acceptance named above or in the header: the
rows are draft positions counted from 1, as bare numbers are, so the one rate column beside them
is one run's per-position rates. An offset table starting at `T+0` (the verified token, no
draft), a gap in the offsets, offsets mixed with other labels, or a header naming no positions
(`Time`) leave each row as it was: no per-position record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_HEAD = st.sampled_from(["Position", "pos", "Draft position", "位置"])
_RATE_HEAD = st.sampled_from(["Acceptance Rate", "accept rate", "Draft acceptance rate"])
_TITLE = st.sampled_from(
    [
        "### Acceptance at each draft position (k={n})",
        "**Per-position acceptance, spec depth {n}**",
        "Acceptance by offset, {n} drafted tokens:",
    ]
)
_SPELL = st.sampled_from(["T+{i}", "t+{i}", "T + {i}", "**T+{i}**"])


def _rates(top: int, n: int, step: int) -> list[int]:
    return [max(top - step * i, 1) for i in range(n)]


def _table(head: str, rate_head: str, labels: list[str], rates: list[int], style: str) -> str:
    lines = [f"| {head} | {rate_head} |", "|---|---|"]
    for label, v in zip(labels, rates, strict=True):
        cell = {"share": f"{v}%", "approx": f"~{v}%", "fraction": f"{v / 100:.2f}"}[style]
        lines.append(f"| {label} | {cell} |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    head=_HEAD,
    rate_head=_RATE_HEAD,
    title=_TITLE,
    spell=_SPELL,
    depth=st.integers(2, 6),
    top=st.integers(70, 96),
    step=st.integers(4, 14),
    style=st.sampled_from(["share", "approx", "fraction"]),
)
def test_offset_rows_are_one_run(
    read,
    head: str,
    rate_head: str,
    title: str,
    spell: str,
    depth: int,
    top: int,
    step: int,
    style: str,
) -> None:
    rates = _rates(top, depth, step)
    labels = [spell.format(i=i + 1) for i in range(depth)]
    text = title.format(n=depth) + "\n\n" + _table(head, rate_head, labels, rates, style)
    (r,) = read(text).records
    assert r.per_position == pytest.approx([v / 100 for v in rates])
    assert r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    miss=st.sampled_from(["zero", "gap", "mixed", "time"]),
    depth=st.integers(3, 5),
    top=st.integers(70, 96),
    step=st.integers(4, 14),
)
def test_offsets_from_zero_gaps_mixes_and_times_are_no_positions(
    read, miss: str, depth: int, top: int, step: int
) -> None:
    rates = _rates(top, depth, step)
    start = 0 if miss == "zero" else 1
    labels = [f"T+{start + i}" for i in range(depth)]
    if miss == "gap":
        labels[-1] = f"T+{depth + 1}"
    if miss == "mixed":
        labels[-1] = "avg"
    head = "Time" if miss == "time" else "Position"
    text = "### Draft acceptance\n\n" + _table(head, "Acceptance Rate", labels, rates, "share")
    recs = read(text).records
    assert not any(r.per_position for r in recs)
