"""A series of means read as accepted drafts per step (one below 1, one above) whose rows state
k and a per-draft rate: each row's mean is the rate times the whole drafts a step it ran, at
most k (K counting the verify block's own token, '[1,K]': K - 1 drafts; a head stopping short
of K), so 1 + each mean. A mean that is no whole multiple of its rate up to k (1.5 times it),
or above k times it, leaves the series' convention unknown (drafts.series_against_row_k)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_GROUPS = ["host A", "box-1", "Mac", "node B", "rig"]
_INTROS = ["Same prompt, one run per K:", "Acceptance by K on one prompt.", "Results:"]


def _table(rows: list[tuple[int, int, float]], group: str, labelled: bool, intro: str) -> str:
    """A table of K, then '{rate}% / {mean}' cells (a bare K column, or 'k=N' labels)."""
    head = ["setup" if labelled else "K", f"{group} acc / mean".strip()]
    body = [
        [f"k={k}" if labelled else str(k), f"{permille / 10:.1f}% / {mean:.2f}"]
        for k, permille, mean in rows
    ]
    return f"{intro}\n\n" + pipe_table(head, body)


_ROW = st.tuples(st.integers(2, 12), st.integers(150, 900), st.integers(0, 11))


@settings(max_examples=examples(30), deadline=None)
@given(
    picks=st.lists(_ROW, min_size=2, max_size=4, unique_by=lambda t: t[0]),
    group=st.sampled_from(_GROUPS),
    labelled=st.booleans(),
    intro=st.sampled_from(_INTROS),
)
def test_rows_drafting_fewer_than_k_keep_the_series(
    picks: list[tuple[int, int, int]], group: str, labelled: bool, intro: str
) -> None:
    rows = []
    for k, permille, short in picks:
        d = max(1, k - short)  # (the drafts a step: at most k, fewer in some rows)
        rows.append((k, permille, round(d * permille / 1000, 2)))
    means = [m for _, _, m in rows]
    assume(any(m < 0.98 for m in means) and any(1.02 < m < 15 for m in means))
    # (a row drafting fewer than k: the case the rule adds)
    assume(any(round(k * p / 1000, 2) != m for k, p, m in rows))
    got = read_paste(_table(rows, group, labelled, intro)).records
    assert [r.printed_length for r in got] == means
    assert [r.accept_length for r in got] == [round(1 + m, 6) for m in means]


@settings(max_examples=examples(30), deadline=None)
@given(
    picks=st.lists(_ROW, min_size=2, max_size=4, unique_by=lambda t: t[0]),
    odd=st.integers(0, 3),
    above=st.booleans(),
    group=st.sampled_from(_GROUPS),
    labelled=st.booleans(),
)
def test_a_mean_no_whole_count_of_drafts_gives_leaves_it_unknown(
    picks: list[tuple[int, int, int]], odd: int, above: bool, group: str, labelled: bool
) -> None:
    rows = []
    for i, (k, permille, short) in enumerate(picks):
        d = max(1, k - short)
        # one row's mean 1.5 drafts' worth of its rate, or one more draft than k
        factor = (k + 1 if above else d + 0.5) if i == odd % len(picks) else d
        rows.append((k, permille, round(factor * permille / 1000, 2)))
    means = [m for _, _, m in rows]
    assume(any(m < 0.98 for m in means) and any(1.02 < m < 15 for m in means))
    got = read_paste(_table(rows, group, labelled, "Results:")).records
    assert [r.printed_length for r in got] == means
    assert all(r.accept_length is None for r in got)
    assert all("contradicts" in r.bonus.rule for r in got)
