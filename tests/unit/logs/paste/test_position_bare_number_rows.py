"""Rows numbered by a bare number (`1`, `2`, ...) under a first header cell naming positions in
so many words (`Position`, `pos`, `draft position`, `位置`), a title or header naming acceptance:
the rows are draft positions, as rows named `pos N` are; the one column beside them named as the
acceptance rate itself (`| Position | Acceptance Rate |`) is one run's per-position rates. Under
`Depth` a bare number may be a sweep of the draft depth (each row a run of its own): no
positions; nor a gap in the numbers, nor a title naming no acceptance."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_HEAD = st.sampled_from(["Position", "pos", "Draft position", "Token position", "位置"])
_RATE_HEAD = st.sampled_from(["Acceptance Rate", "accept rate", "Draft acceptance rate"])
_TITLE = st.sampled_from(
    [
        "### Per-position acceptance, depth {n}",
        "**Draft model B: acceptance at each position**",
        "Acceptance by position (chat set):",
    ]
)


def _rates(top: int, n: int, step: int) -> list[int]:
    return [max(top - step * i, 1) for i in range(n)]


def _table(head: str, rate_head: str, start: int, rates: list[int], style: str) -> str:
    lines = [f"| {head} | {rate_head} |", "|---|---|"]
    for i, v in enumerate(rates):
        cell = {"share": f"{v}%", "fraction": f"{v / 100:.2f}", "approx": f"~{v / 100:.2f}"}[style]
        if "%" in rate_head and style == "share":
            cell = str(v)
        lines.append(f"| {start + i} | {cell} |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    head=_HEAD,
    rate_head=_RATE_HEAD,
    title=_TITLE,
    start=st.sampled_from([0, 1]),
    depth=st.integers(2, 6),
    top=st.integers(70, 96),
    step=st.integers(4, 14),
    style=st.sampled_from(["share", "fraction", "approx"]),
)
def test_bare_numbered_positions_are_one_run(
    read,
    head: str,
    rate_head: str,
    title: str,
    start: int,
    depth: int,
    top: int,
    step: int,
    style: str,
) -> None:
    rates = _rates(top, depth, step)
    text = title.format(n=depth) + "\n\n" + _table(head, rate_head, start, rates, style)
    (r,) = read(text).records
    assert r.per_position == pytest.approx([v / 100 for v in rates])
    assert r.accept_length is None and r.printed_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    rate_head=_RATE_HEAD,
    miss=st.sampled_from(["depth", "gap", "title"]),
    depth=st.integers(3, 5),
    top=st.integers(70, 96),
    step=st.integers(4, 14),
)
def test_depth_rows_gaps_and_other_titles_are_no_positions(
    read, rate_head: str, miss: str, depth: int, top: int, step: int
) -> None:
    head = "Depth" if miss == "depth" else "Position"
    rates = _rates(top, depth, step)
    title = "### Latency by position" if miss == "title" else "### Acceptance sweep"
    if miss == "title":
        rate_head = "p50 (ms)"
    lines = _table(head, rate_head, 1, rates, "fraction").splitlines()
    if miss == "gap":
        lines.pop(3)  # position 2 left out: 1, 3, 4, ...
    recs = read(title + "\n\n" + "\n".join(lines) + "\n").records
    assert not any(r.per_position for r in recs)
    if miss != "title":
        # each row its own run's rate (a sweep of the depth, or rows of no one series)
        assert len(recs) == len(lines) - 2
