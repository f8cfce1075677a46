"""A transposed table's rate cell printing the figure twice, pooled and per item ('0.81
aggregate (4,050/5,000), per-prompt median 0.79'): two records of the column's run, the totals'
ratio (with the counts that give it) and the statistic over the items (pooled_cell.py). Counts
that do not give the pooled value, values of two kinds, a value beyond a rate's range or other
words in the cell read no such pair."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import pooled_cell as PC
from tests.support.examples import examples


def _table(cell: str) -> str:
    return (
        "## Two-card row\n\n| Setting | Throughput |\n|---|---|\n| Plain | 21.4 t/s |\n"
        f"| Drafted, k 4 | 33.0 t/s |\n| Acceptance | {cell} |\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    drafted=st.integers(2_000, 400_000),
    share=st.integers(40, 95),
    stat=st.integers(400, 990),
    pool=st.sampled_from(["aggregate", "pooled", "overall", "token-weighted"]),
    counts=st.booleans(),
    percent=st.booleans(),
    shape=st.sampled_from(
        ["{p}, per-prompt median {s}", "{p}; median {s}", "{p}, {s} per-request mean"]
    ),
)
def test_a_pooled_and_a_per_item_figure_two_records(
    read,
    drafted: int,
    share: int,
    stat: int,
    pool: str,
    counts: bool,
    percent: bool,
    shape: str,
) -> None:
    accepted = drafted * share // 100
    rate = accepted / drafted
    pv = f"{100 * rate:.1f}%" if percent else f"{rate:.3f}"
    sv = f"{stat / 10:.1f}%" if percent else f"{stat / 1000:.3f}"
    p = f"{pv} {pool}" + (f" ({accepted:,}/{drafted:,})" if counts else "")
    got = read(_table(shape.format(p=p, s=sv))).records
    want = {round(float(pv.rstrip("%")) / (100 if percent else 1), 6)}
    want.add(round(float(sv.rstrip("%")) / (100 if percent else 1), 6))
    assert len(got) == 2
    assert {round(r.printed_rate or 0, 6) for r in got} == want
    assert all(r.accept_length is None for r in got)
    if counts:
        assert any(r.accepted_tokens == accepted and r.drafted_tokens == drafted for r in got)


def test_near_misses_are_no_pair() -> None:
    for cell in (
        "0.81 aggregate (3,000/5,000), per-prompt median 0.79",  # counts give 0.60
        "81% aggregate, per-prompt median 0.79",  # a percentage and a share of one
        "1.81 aggregate, per-prompt median 1.79",  # beyond a rate
        "0.81 aggregate, per-prompt median 0.79 on code only",  # words after
        "0.81 aggregate per-prompt median 0.79",  # no comma between the two
        "0.81, per-prompt median 0.79",  # no pooling word
    ):
        assert PC.read(cell) is None, cell


def test_a_plain_value_in_the_row_still_one_record(read) -> None:
    got = read(_table("0.81")).records
    assert [r.printed_rate for r in got] == [0.81]
