"""A column pooling the run columns of a table of metrics as rows (`| metric | run A | run B |
pooled |`, pooled_column.py): its figures lie between the runs' values of each row, the runs
taken together, no run of its own: no record. A value outside the runs' range, one run column
beside it, or a summary word of another kind (`mean`) keep its record as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


# a run: (length x1000, rate in hundredths of a percent, step time in hundredths of a ms)
_RUN = st.tuples(st.integers(1200, 4800), st.integers(2000, 9500), st.integers(800, 6000))
_POOLING = ["pooled", "Pooled", "**pooled**", "combined", "aggregate", "pooled (n={n})"]


def _table(runs: list[tuple[int, int, int]], pool: tuple[int, int, int] | None, head: str) -> str:
    names = [f"replicate {i + 1}" for i in range(len(runs))]
    cols = list(runs) + ([pool] if pool is not None else [])
    rows = [
        ["acceptance length", *[f"{a / 1000:.3f}" for a, _, _ in cols]],
        ["step time", *[f"{t / 100:.2f} ms" for _, _, t in cols]],
        ["draft acceptance", *[f"{r / 100:.2f}%" for _, r, _ in cols]],
    ]
    if pool is not None:
        rows.append(["semantic check", *["exact"] * len(runs), "—"])
    heads = ["metric", *names, *([head.format(n=len(runs))] if pool is not None else [])]
    return "Independent replicates of the control arm:\n\n" + _pipe(heads, rows)


@st.composite
def _between(draw: st.DrawFn, runs: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    """A value strictly inside the runs' range of each figure (never one run's own value)."""
    lo = [min(r[i] for r in runs) for i in range(3)]
    hi = [max(r[i] for r in runs) for i in range(3)]
    assume(all(h - low >= 2 for low, h in zip(lo, hi, strict=True)))
    return tuple(  # type: ignore[return-value]
        draw(st.integers(lo[i] + 1, hi[i] - 1)) for i in range(3)
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    runs=st.lists(_RUN, min_size=2, max_size=4, unique_by=lambda t: t[0]),
    data=st.data(),
    head=st.sampled_from(_POOLING),
)
def test_a_pooling_column_is_no_run(
    read, runs: list[tuple[int, int, int]], data: st.DataObject, head: str
) -> None:
    pool = data.draw(_between(runs))
    got = read(_table(runs, pool, head)).records
    assert [r.printed_length for r in got] == [a / 1000 for a, _, _ in runs]


@settings(max_examples=examples(40), deadline=None)
@given(
    runs=st.lists(_RUN, min_size=2, max_size=3, unique_by=lambda t: t[0]),
    above=st.booleans(),
    gap=st.integers(5, 300),
    head=st.sampled_from(_POOLING),
)
def test_a_length_outside_the_runs_keeps_the_column(
    read, runs: list[tuple[int, int, int]], above: bool, gap: int, head: str
) -> None:
    lengths = [a for a, _, _ in runs]
    a = max(lengths) + gap if above else min(lengths) - gap
    assume(a >= 1100)
    pool = (a, runs[0][1], runs[0][2])
    got = read(_table(runs, pool, head)).records
    assert [r.printed_length for r in got] == [*(x / 1000 for x in lengths), a / 1000]


@settings(max_examples=examples(30), deadline=None)
@given(run=_RUN, head=st.sampled_from(_POOLING))
def test_one_run_beside_it_keeps_the_column(read, run: tuple[int, int, int], head: str) -> None:
    pool = (run[0] + 7, run[1] + 3, run[2] + 11)
    got = read(_table([run], pool, head)).records
    assert [r.printed_length for r in got] == [run[0] / 1000, (run[0] + 7) / 1000]


@settings(max_examples=examples(30), deadline=None)
@given(runs=st.lists(_RUN, min_size=2, max_size=3, unique_by=lambda t: t[0]), data=st.data())
def test_a_mean_column_stays_the_summary(
    read, runs: list[tuple[int, int, int]], data: st.DataObject
) -> None:
    pool = data.draw(_between(runs))
    got = read(_table(runs, pool, "mean")).records
    assert [r.printed_length for r in got] == [*(a / 1000 for a, _, _ in runs), pool[0] / 1000]
    assert got[-1].summary_row
