"""A table of a chain's conditional per-step rates beside each row's length
(chained_columns.py): 1 + the running products' sum near the length counts the bonus token,
the sum alone leaves it out; anything short of that decides nothing."""

from __future__ import annotations

from itertools import accumulate
from operator import mul

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=8)


def _table(
    corner: str, cols: list[str], rows: list[tuple[str, list[float], float]], length_name: str
) -> str:
    head = "| " + " | ".join([corner, *cols, length_name]) + " |\n"
    rule = "|" + "---|" * (len(cols) + 2) + "\n"
    body = "".join(
        "| " + " | ".join([label, *(f"{x:.2f}" for x in rates), f"{length:.2f}"]) + " |\n"
        for label, rates, length in rows
    )
    return "Results of the draft heads on a small chat set:\n\n" + head + rule + body


def _chain(rates: list[float]) -> float:
    return sum(accumulate(rates, mul))


_RUN = st.tuples(
    _WORD,
    st.lists(st.integers(55, 95), min_size=2, max_size=4),
    st.integers(-8, 8),
)


@settings(max_examples=examples(60), deadline=None)
@given(
    runs=st.lists(_RUN, min_size=1, max_size=3),
    prefix=st.sampled_from(["step", "step ", "pos", "depth "]),
    start=st.sampled_from([0, 1]),
    corner=st.sampled_from(["conditional accept by step", "cond. hit rate", "run"]),
    excluded=st.booleans(),
    length_name=st.sampled_from(["AL", "accept-len", "mean accept length"]),
)
def test_the_chain_decides_every_row(
    runs: list[tuple[str, list[int], int]],
    prefix: str,
    start: int,
    corner: str,
    excluded: bool,
    length_name: str,
) -> None:
    n = len(runs[0][1])
    rows = []
    for i, (label, rates, noise) in enumerate(runs):
        rs = [r / 100 for r in (rates + [70] * n)[:n]]
        chain = _chain(rs)
        plain = sum(rs)
        # (a row whose marginal reading lies near the chained one tells nothing: kept out)
        if min(abs(chain - plain), abs(chain - plain + 1), abs(chain - plain - 1)) < 0.35:
            return
        rows.append((f"{label} {i}", rs, chain + (0 if excluded else 1) + noise / 100))
    cols = [f"{prefix}{start + j}" for j in range(n)]
    text = _table(corner, cols, rows, length_name)
    if corner == "run":
        # no word of conditioning in the header: said in the caption instead
        text = text.replace("Results of", "Conditional rates of")
    got = read_paste(text)
    printed = [round(length, 2) for _, _, length in rows]
    assert [r.printed_length for r in got.records] == printed, text
    want = [round(p + (1 if excluded else 0), 6) for p in printed]
    assert [r.accept_length for r in got.records] == want, text


@settings(max_examples=examples(40), deadline=None)
@given(
    label=_WORD,
    rates=st.lists(st.integers(55, 95), min_size=2, max_size=4),
    miss=st.sampled_from(["no_word", "far", "names", "gap", "two_rows"]),
)
def test_near_misses_decide_nothing(label: str, rates: list[int], miss: str) -> None:
    rs = [r / 100 for r in rates]
    chain = _chain(rs)
    if abs(chain - sum(rs)) < 0.35:
        return
    n = len(rs)
    corner = "conditional accept by step"
    cols = [f"step{j}" for j in range(n)]
    rows = [(label, rs, 1 + chain)]
    if miss == "no_word":
        corner = "run"  # the rates never said conditional
    elif miss == "far":
        rows = [(label, rs, 1 + chain + 0.4)]  # the length fits neither reading
    elif miss == "names":
        cols = [f"alpha{j}" for j in range(n)]  # no column names a draft position
    elif miss == "gap":
        cols = [f"step{2 * j}" for j in range(n)]  # positions not numbered on by one
    else:
        # two rows, one fitting the chain with the bonus and the other without
        rows = [(label, rs, 1 + chain), (label + "x", rs, chain)]
    got = read_paste(_table(corner, cols, rows, "AL"))
    assert got.records
    assert all(r.accept_length is None for r in got.records), miss
