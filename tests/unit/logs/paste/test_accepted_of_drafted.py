"""A column named what a step accepts of the drafts it made ('accepted of 4 drafted'): accepted
drafts per step, the bonus never drafted, so the length is 1 + the cell; a cell above the drafts
proves the bonus counted instead; a total's N (more drafts than a step makes) or another name is
read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste

_NAMES = (
    "accepted of {n} drafted",
    "Accepted of {n} drafted",
    "accepted out of {n} drafted",
    "mean accepted of {n} draft tokens",
    "accepted drafts of {n} drafted per round",
)


@settings(max_examples=50, deadline=None)
@given(
    n=st.integers(2, 12),
    name=st.sampled_from(_NAMES),
    shares=st.lists(st.floats(0.05, 0.95), min_size=1, max_size=3),
    approx=st.booleans(),
)
def test_cells_leave_the_bonus_out(n: int, name: str, shares: list[float], approx: bool) -> None:
    head = f"| setup | tok/s | {name.format(n=n)} |"
    rows = [
        f"| cfg-{i} | {40 + i}.0 | {'~' if approx else ''}{n * s:.2f} |"
        for i, s in enumerate(shares)
    ]
    recs = read_paste("\n".join([head, "|---|---|---|", *rows]) + "\n").records
    want = [round(n * s, 2) for s in shares]
    assert [r.printed_length for r in recs] == want
    assert all(r.bonus.value == "excluded" for r in recs)
    assert [r.accept_length for r in recs] == [round(1 + x, 2) for x in want]


def test_a_cell_above_the_drafts_counts_the_bonus() -> None:
    text = "| setup | accepted of 3 drafted |\n|---|---|\n| a | 3.40 |\n"
    (r,) = read_paste(text).records
    assert r.bonus.value == "included"
    assert r.accept_length == 3.4


def test_near_misses() -> None:
    # a total's count of drafts, a bare 'accepted', and other words: not this name
    assert C.key("accepted of 500 drafted").metric != C.ACC_PER_STEP
    assert C.key("accepted of 5").metric != C.ACC_PER_STEP
    assert C.key("rejected of 5 drafted").metric != C.ACC_PER_STEP
    assert C.key("accepted of 5 drafted").metric == C.ACC_PER_STEP
    text = "| setup | accepted of 500 drafted |\n|---|---|\n| a | 412 |\n"
    assert all(r.accept_length is None for r in read_paste(text).records)
