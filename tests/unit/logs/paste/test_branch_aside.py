"""A table of metrics as rows whose acceptance row's value cell prints, in brackets, another
branch's value of the same figure, named by one word (`2.410 (main 2.385)`, perhaps with the
figure's ceiling after it: `, ceiling 6`): two runs, the column's and the branch's, a record
each (interpret.branch_aside). Values of two forms, a ceiling not above them, a bracket naming
no branch, or a row of another measure read no second run."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BRANCH = st.sampled_from(["main", "master", "upstream", "before", "previous", "stock"])
_NAME = st.sampled_from(["mean accept length", "accept len", "mean acceptance τ", "avg AL"])


def _table(name: str, cell: str) -> str:
    return (
        "| metric | value |\n"
        "|---|---|\n"
        "| label | `nightly-7` |\n"
        "| decode tok/s | 88.40 |\n"
        f"| {name} | {cell} |\n"
        "| commit | `a1b2c3d` |\n"
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    name=_NAME,
    branch=_BRANCH,
    a=st.integers(1050, 4900),
    b=st.integers(1050, 4900),
    ceiling=st.sampled_from([None, 5, 6, 8]),
    bold=st.booleans(),
)
def test_the_branch_in_brackets_is_a_run_of_its_own(
    read: Read, name: str, branch: str, a: int, b: int, ceiling: int | None, bold: bool
) -> None:
    va, vb = f"{a / 1000:.3f}", f"{b / 1000:.3f}"
    tail = f", ceiling {ceiling}" if ceiling is not None else ""
    cell = (f"**{va}**" if bold else va) + f" ({branch} {vb}{tail})"
    recs = read(_table(name, cell)).records
    assert [r.printed_length for r in recs] == [float(va), float(vb)]
    assert ("branch", branch) in recs[1].labels
    assert all(r.accept_length is None for r in recs)  # (no convention said)


@settings(max_examples=examples(30), deadline=None)
@given(
    cell=st.sampled_from(
        [
            "2.410 (main 61%)",  # two forms
            "2.410 (main 2.385, ceiling 2)",  # a ceiling not above the values
            "2.410 (run 2.385)",  # no branch named
            "2.410 (main 2.385 on chat, ceiling 6)",  # more than a value
        ]
    )
)
def test_negative_control_no_second_run(read: Read, cell: str) -> None:
    recs = read(_table("mean accept length", cell)).records
    assert len(recs) <= 1
    assert I.branch_aside(cell) is None


def test_negative_control_another_measure_reads_no_run(read: Read) -> None:
    recs = read(_table("decode latency ms", "41.2 (main 44.9)")).records
    assert recs == [] or all(r.printed_length is None for r in recs)


def test_the_aside_pattern_is_linear() -> None:
    import time

    cell = "1" * 5000 + " (main " + "1" * 5000
    t = time.perf_counter()
    I.branch_aside(cell)
    assert time.perf_counter() - t < 0.1
