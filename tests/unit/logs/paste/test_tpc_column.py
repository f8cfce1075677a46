"""An unexpanded 'TPC' column (tokens per cycle) beside a bare 'Accept' column (read by its cells), over numbers
only a length can be: lengths of unknown convention, a record a row (the run without drafts'
dash none). Without an acceptance column beside it, or over other numbers, it is read as
before: not at all."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _table(accept_col: str, cells: list[str]) -> str:
    rows = ["| plain | 41.20 | - | - |"] + [
        f"| run-{i} | {20 + i}.10 | 0.6{i} | {c} |" for i, c in enumerate(cells)
    ]
    return (
        "\n".join([f"| Path | Decode tok/s | {accept_col} | TPC |", "|---|---:|---:|---:|", *rows])
        + "\n"
    )


@settings(max_examples=30, deadline=None)
@given(
    lengths=st.lists(st.floats(1.3, 9.5), min_size=1, max_size=3),
    col=st.sampled_from(("Accept", "accept")),
)
def test_tpc_beside_acceptance_is_a_length(lengths: list[float], col: str) -> None:
    recs = read_paste(_table(col, [f"{x:.2f}" for x in lengths])).records
    got = [r.printed_length for r in recs if r.printed_length is not None]
    assert got == [round(x, 2) for x in lengths]
    assert all(r.accept_length is None for r in recs)


def test_near_misses() -> None:
    # no acceptance column beside it; counts under it
    assert not [
        r for r in read_paste(_table("Memory", ["2.95", "3.09"])).records if r.printed_length
    ]
    assert not [r for r in read_paste(_table("Accept", ["295", "309"])).records if r.printed_length]
