"""Per-position rates labelled by a subscript as code writes it (`d[0]≈12%`, `pos[1] = 0.6`)
after a per-position name, a noun of study perhaps after it (`per-position acceptance
analysis`), or after acceptance `per slot` where the subscripts are the drafts' (a draft slot):
one record of per-position rates, no length (interpret.labelled_positions). A server slot's
subscript (`slot[0]`), acceptance named with no per-position word, a position list with a gap
or a value above 1 read as before: no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Notes of the tree-drafting session, our own engine.\n\n"
_NAMES = (
    "Per-slot acceptance analysis",
    "per-position acceptance",
    "Per-position acceptance breakdown",
    "per slot acceptance",
    "acceptance per position",
)
_SUBS = ("d[{}]", "p[{}]", "pos[{}]", "depth[{}]")
_TAILS = ("", ", d[2..4] lower still", ", the rest worse")


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_SUBS),
    st.sampled_from((" = ", "=", "≈", " ≈ ", ": ", " ")),
    st.lists(st.integers(1, 95), min_size=1, max_size=4).map(lambda xs: sorted(xs, reverse=True)),
    st.sampled_from((0, 1)),
    st.sampled_from(_TAILS),
    st.booleans(),
)
def test_subscripted_rates_are_one_record(
    read: Read,
    name: str,
    sub: str,
    sep: str,
    rates: list[int],
    start: int,
    tail: str,
    bullet: bool,
) -> None:
    listed = ", ".join(f"{sub.format(start + i)}{sep}{r}%" for i, r in enumerate(rates))
    line = f"{'- ' if bullet else ''}{name}: {listed}{tail}."
    (r,) = read(_LEAD + line + "\n").records
    assert r.per_position == pytest.approx([x / 100 for x in rates]), line
    assert r.printed_length is None and r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(("server", "no-position", "gap", "above-one", "plain-slot")),
    st.lists(st.integers(1, 95), min_size=2, max_size=3).map(lambda xs: sorted(xs, reverse=True)),
)
def test_near_misses_read_as_before(read: Read, miss: str, rates: list[int]) -> None:
    name, sub, start, vals = "Per-slot acceptance", "d[{}]", 0, [f"{r}%" for r in rates]
    if miss == "server":
        sub = "slot[{}]"
    elif miss == "no-position":
        name = "Draft acceptance"
    elif miss == "gap":
        start = 2
    elif miss == "above-one":
        vals[0] = "1.8"
    else:
        sub = "pos{}"  # per slot with no subscript: a server's slot as well as a draft's
    listed = ", ".join(f"{sub.format(start + i)}={v}" for i, v in enumerate(vals))
    got = read(f"{_LEAD}{name}: {listed}.\n").records
    assert all(not r.per_position for r in got), got
