"""A bare α field on a line printing the counts it divides (`accepted=3 total=4 alpha=0.750`: one
accepted count, one of the drafts proposed) is that line's measured acceptance rate, one record a
line, no length, in a paste speaking of speculation; the line needs no speculative arm named. A
field that is not the quotient of its counts (another alpha) stays unread, and so does a bare
field with no counts beside it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOTAL = st.sampled_from(["total", "drafted", "proposed"])


def _paste(rows: list[str]) -> str:
    return (
        "Checking how the draft's proposals score against the target.\n\n```\n"
        + "\n".join(rows)
        + "\n```\n"
    )


@settings(max_examples=examples(50), deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(1, 60), st.integers(1, 60)).map(lambda p: (min(p), max(p))),
        min_size=1,
        max_size=4,
        unique_by=lambda p: p[0] / p[1],
    ),
    total=_TOTAL,
    sep=st.just("="),
    pad=st.sampled_from([" ", "  ", "    "]),
    digits=st.sampled_from([3, 4]),
)
def test_an_alpha_field_dividing_its_counts_is_the_rate(
    runs: list[tuple[int, int]], total: str, sep: str, pad: str, digits: int
) -> None:
    rows = [
        f"case {i}: prompt set {i}{pad}accepted{sep}{a}{pad}{total}{sep}{t}{pad}"
        f"alpha{sep}{a / t:.{digits}f}"
        for i, (a, t) in enumerate(runs)
    ]
    got = read_paste(_paste(rows)).records
    assert [r.printed_rate for r in got] == [float(f"{a / t:.{digits}f}") for a, t in runs]
    assert all(r.printed_length is None and r.accept_length is None for r in got)


def test_the_counted_field_through_the_logs(read: Read) -> None:
    rows = ["control run  accepted=6 total=8  alpha=0.750"]
    assert [r.printed_rate for r in read(_paste(rows)).records] == [0.75]


@settings(max_examples=examples(30), deadline=None)
@given(a=st.integers(1, 30), t=st.integers(31, 60), alpha=st.sampled_from(["0.05", "0.20", "1.0"]))
def test_negative_control_an_alpha_not_the_quotient_is_unread(a: int, t: int, alpha: str) -> None:
    rows = [f"smoothing run  accepted={a} total={t}  alpha={alpha}"]
    assert read_paste(_paste(rows)).records == ()


def test_negative_control_a_bare_alpha_without_counts_is_unread() -> None:
    rows = ["control run  tokens=8  alpha=0.750"]
    assert read_paste(_paste(rows)).records == ()
