"""Structure rules beyond the held-out batches' own shapes: each probed over generated variants
(header spellings, column orders, outer bars or none, markup, a spanning title or none) with
negative controls that must stay undecided or unread. The pastes are written here."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _table(header: list[str], rows: list[list[str]], outer: bool = True) -> str:
    def line(cells: list[str]) -> str:
        body = " | ".join(cells)
        return f"| {body} |" if outer else body

    return "\n".join([line(header), line(["---"] * len(header))] + [line(r) for r in rows]) + "\n"


# ------------------------------------------------------------------ a bare 'K' column


def _rising(draw: st.DrawFn, n: int, start: float) -> list[float]:
    vals, v = [], start
    for _ in range(n):
        vals.append(round(v, 2))
        v += draw(st.integers(0, 40)) / 100
    return vals


@st.composite
def _k_table(draw: st.DrawFn) -> tuple[str, list[int], list[list[float]]]:
    ks = sorted(draw(st.sets(st.integers(1, 8), min_size=2, max_size=6)))
    ncols = draw(st.integers(1, 3))
    series = []
    for _ in range(ncols):
        vals = _rising(draw, len(ks), draw(st.integers(105, 190)) / 100)
        # every length at most K + 1: a step emits its drafts and the target's own token
        series.append([min(v, k + 1) for v, k in zip(vals, ks, strict=True)])
    kname = draw(st.sampled_from(["K", "k", "**K**", "`k`"]))
    names = [f"Draft {c}" for c in "ABC"[:ncols]]
    outer = draw(st.booleans())
    metric = draw(st.sampled_from(["AL", "Accept length", "acceptance length", "τ"]))
    if draw(st.booleans()):
        header = [kname] + [f"{metric} ({n})" for n in names]
        text = _table(
            header, [[str(k)] + [f"{s[i]:.2f}" for s in series] for i, k in enumerate(ks)], outer
        )
    else:
        # a spanning title row over the drafts' columns, the K header in the second row
        top = " | ".join([""] + [metric] + [""] * (ncols - 1))
        second = " | ".join([kname] + names)
        body = "\n".join(
            " | ".join([str(k)] + [f"{s[i]:.2f}" for s in series]) for i, k in enumerate(ks)
        )
        text = f"{top}\n{' | '.join(['--'] * (ncols + 1))}\n{second}\n{body}\n"
    return text, ks, series


@settings(max_examples=60, deadline=None)
@given(case=_k_table())
def test_a_length_above_the_rows_bare_k_counts_the_bonus(
    case: tuple[str, list[int], list[list[float]]],
) -> None:
    text, ks, series = case
    got = read_paste("Sweep over the draft length:\n\n" + text).records
    want = sorted(v for s in series for v in s)
    assert sorted(r.printed_length or 0 for r in got) == want
    above = any(v > k for s in series for v, k in zip(s, ks, strict=True))
    for r in got:
        if above:
            # a length above its row's K decides its column; the other columns follow
            assert r.accept_length == r.printed_length or r.accept_length is None
        else:
            assert r.accept_length is None
    if above:
        decided = [r for r in got if r.accept_length is not None]
        assert decided and all(r.bonus.value == "included" for r in decided)


def test_a_bare_k_that_is_no_draft_length_decides_nothing() -> None:
    # a length above K + 1: the K is something else (a context length in thousands)
    ctx = _table(["K", "AL"], [["1", "2.60"], ["2", "2.70"], ["4", "2.71"]])
    # lengths that fall as K grows: no draft length either
    falling = _table(["K", "AL"], [["2", "2.40"], ["3", "2.31"], ["4", "2.20"]])
    # one K only: nothing tells what it is
    single = _table(["K", "AL"], [["2", "2.40"], ["2", "2.45"]])
    for text in (ctx, falling, single):
        got = read_paste("Results:\n\n" + text).records
        assert got and all(r.accept_length is None for r in got), text
