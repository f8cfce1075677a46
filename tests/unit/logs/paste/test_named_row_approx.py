"""An approximate prose figure naming a table row by its label (a bracketed aside after the
label aside) and rounding that row's cell, the table holding other configurations' rows too:
the row's run told first in prose, no record of its own. A prose figure naming no row of the
table, or a row whose cell prints another value, stays a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAMES = ["fused-v2", "paged_flash", "splitk", "ring_attn"]
_ASIDE = st.sampled_from(["", " (old)", " (before)", " (default)"])
_MARK = st.sampled_from(["~", "about ", "roughly ", "around "])


def _paste(named: str, said: str, mark: str, rows: list[tuple[str, str]]) -> str:
    prose = (
        f"With `{named}` the draft reaches an average accept length of only {mark}{said}, "
        "which hurts decode throughput."
    )
    table = ["| kernel | accept length |", "| --- | --- |"]
    table += [f"| {label} | {value} |" for label, value in rows]
    return prose + "\n\n" + "\n".join(table) + "\n"


def _values(draw_ints: list[int]) -> list[str]:
    return [f"{1 + v / 100:.2f}" for v in draw_ints]


@settings(max_examples=examples(25), deadline=None)
@given(
    aside=_ASIDE,
    mark=_MARK,
    ints=st.lists(st.integers(20, 250), min_size=2, max_size=4, unique=True),
    pick=st.integers(0, 3),
)
def test_prose_naming_a_row_is_that_row_again(
    read, aside: str, mark: str, ints: list[int], pick: int
) -> None:
    vals = _values(ints)
    names = _NAMES[: len(vals)]
    pick %= len(vals)
    rows = [
        (n + (aside if i == pick else ""), v)
        for i, (n, v) in enumerate(zip(names, vals, strict=True))
    ]
    recs = read(_paste(names[pick], vals[pick], mark, rows)).records
    assert sorted(r.printed_length for r in recs) == sorted(float(v) for v in vals)
    assert all(r.kind == "table_row" for r in recs)


@settings(max_examples=examples(25), deadline=None)
@given(
    mark=_MARK,
    ints=st.lists(st.integers(20, 250), min_size=2, max_size=3, unique=True),
    miss=st.sampled_from(["unnamed", "other value"]),
)
def test_prose_of_another_run_stays(read, mark: str, ints: list[int], miss: str) -> None:
    vals = _values(ints)
    names = _NAMES[: len(vals)]
    rows = list(zip(names, vals, strict=True))
    if miss == "unnamed":
        # the prose names a kernel the table lacks: a run of its own
        text = _paste("tiled_v9", vals[0], mark, rows)
        said = float(vals[0])
    else:
        said = float(vals[0]) + 0.37
        text = _paste(names[0], f"{said:.2f}", mark, rows)
    recs = read(text).records
    assert len(recs) == len(vals) + 1
    assert any(r.kind != "table_row" and r.printed_length == round(said, 2) for r in recs)
