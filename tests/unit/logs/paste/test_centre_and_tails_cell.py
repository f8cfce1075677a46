"""A table cell of one figure's statistics joined by commas, each a word and its value
(`median 3.41, max 3.70`, `mean 2.1, p99 3.0, min 1.2`), prints that figure's centre (the mean,
else the median); the others are its spread, never records. A cell of tails alone (`max 3.7,
min 2.0`), of a word that is no statistic, or of bare numbers reads nothing here."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_TAILS = ["max", "min", "p90", "p99"]


@settings(max_examples=examples(40), deadline=None)
@given(
    centre=st.sampled_from(["median", "mean", "avg"]),
    tails=st.lists(st.sampled_from(_TAILS), min_size=1, max_size=3, unique=True),
    value=st.integers(120, 690),
    first=st.booleans(),
    bold=st.booleans(),
)
def test_the_centre_is_the_cells_value(
    centre: str, tails: list[str], value: int, first: bool, bold: bool
) -> None:
    v = f"{value / 100:.2f}"
    shown = f"**{v}**" if bold else v
    parts = [f"{t} {value / 100 + 0.1 * (i + 1):.2f}" for i, t in enumerate(tails)]
    parts = [f"{centre} {shown}", *parts] if first else [*parts, f"{centre} {shown}"]
    got = C.value(", ".join(parts))
    assert got is not None and got.number == float(v)


def test_the_mean_wins_over_the_median() -> None:
    got = C.value("median 2.40, mean 2.31, max 2.90")
    assert got is not None and got.number == 2.31


def test_tails_words_or_bare_numbers_read_nothing() -> None:
    for cell in (
        "max 3.70, min 2.00",
        "median 3.41, best run 3.70",
        "3.41, 3.70",
        "median 3.41, n",
    ):
        assert C.value(cell) is None, cell


def test_a_metrics_row_reads_the_centre() -> None:
    text = (
        "| metric | measured (steady state) |\n|---|---|\n"
        "| accept len | median **3.41**, max 3.70 |\n| out tok/s | median 88, max 95 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.41]
