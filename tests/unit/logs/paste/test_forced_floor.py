"""A table whose knob forces the accept length, with a row forcing 1 (plain decoding, the
target's own token alone) measured as exactly 1 in every measured column: the table's lengths
count the bonus token, so the real run (the knob off) gets its length. A knob never set to 1,
a forced 1 measured otherwise, a forced value below 1, or a knob forcing the rate decide
nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_KNOB = st.sampled_from(["Requested AL", "Forced accept length", "Synthetic AL"])
_COLS = st.sampled_from([["Eager mean", "Graph mean"], ["mean"], ["Cuda mean", "CPU median"]])
_OFF = st.sampled_from(["off", "unset", "—"])


def _table(knob: str, cols: list[str], off: str, real: list[float], forced: list[str]) -> str:
    lines = ["| Width | " + " | ".join([knob, *cols]) + " |", "|" + "---|" * (len(cols) + 2)]
    lines.append("| 3 | " + " | ".join([off, *(f"{x:.6f}" for x in real)]) + " |")
    for f in forced:
        v = float(f)
        lines.append("| 3 | " + " | ".join([f, *(f"{v:.6f}" for _ in cols)]) + " |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    knob=_KNOB,
    cols=_COLS,
    off=_OFF,
    base=st.integers(1200, 3800),
    more=st.lists(st.sampled_from(["1.8", "2.5", "3"]), max_size=2, unique=True),
)
def test_a_forced_floor_of_one_counts_the_bonus(
    read, knob: str, cols: list[str], off: str, base: int, more: list[str]
) -> None:
    real = [base / 1000 + 0.011 * i for i in range(len(cols))]
    recs = read(_table(knob, cols, off, real, ["1", *more])).records
    assert sorted(round(r.printed_length or 0, 6) for r in recs) == sorted(
        round(x, 6) for x in real
    )
    assert all(r.accept_length == r.printed_length for r in recs)


@settings(max_examples=examples(25), deadline=None)
@given(
    cols=_COLS,
    base=st.integers(1200, 3800),
    miss=st.sampled_from(["no floor", "floor measured otherwise", "below one", "rate knob"]),
)
def test_no_floor_decides_nothing(read, cols: list[str], base: int, miss: str) -> None:
    real = [base / 1000 + 0.011 * i for i in range(len(cols))]
    knob, forced = "Requested AL", ["1", "2.5"]
    if miss == "no floor":
        forced = ["2", "2.5"]
    elif miss == "below one":
        forced = ["0.5", "1", "2.5"]
    elif miss == "rate knob":
        knob, forced = "Requested acceptance rate", ["1", "0.5"]
    text = _table(knob, cols, "off", real, forced)
    if miss == "floor measured otherwise":
        text = text.replace(
            "| 1 | " + " | ".join("1.000000" for _ in cols),
            "| 1 | " + " | ".join("1.250000" for _ in cols),
        )
    recs = read(text).records
    assert all(r.accept_length is None for r in recs)
