"""A transposed table's row label naming a subset, a comma, then the figure ('agent turns (40),
tokens/cycle', 'all 6 prompts, accept length'): that figure's row on the subset, each column a
run. A subset naming another measure before the comma ('tok/s, tokens/cycle'), or no figure
after it, leaves the row as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SUBSETS = ["agent turns (40)", "all 6 prompts", "long chat", "code+reasoning (3 clean)"]
_FIGURES = ["tokens/cycle", "tokens/step", "mean accept length"]


def _table(subset: str, figure: str, a: int, b: int, other_first: bool) -> str:
    rows = [
        f"| {subset}, median tok/s | 31.4 | 30.9 |",
        f"| {subset}, {figure} | {a / 100:.2f} | {b / 100:.2f} |",
    ]
    if not other_first:
        rows.reverse()
    return "| set | cap off | cap on |\n|---|---:|---:|\n" + "\n".join(rows) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    subset=st.sampled_from(_SUBSETS),
    figure=st.sampled_from(_FIGURES),
    a=st.integers(120, 480),
    b=st.integers(120, 480),
    other_first=st.booleans(),
)
def test_a_subset_then_the_figure_after_a_comma_is_that_figures_row(
    read: Read, subset: str, figure: str, a: int, b: int, other_first: bool
) -> None:
    records = read(_table(subset, figure, a, b, other_first)).records
    assert [r.printed_length for r in records] == [a / 100, b / 100]


@settings(max_examples=examples(20), deadline=None)
@given(a=st.integers(120, 480), b=st.integers(120, 480))
def test_another_measure_before_the_comma_is_no_figures_row(read: Read, a: int, b: int) -> None:
    text = (
        "| set | cap off | cap on |\n|---|---:|---:|\n"
        f"| tok/s, tokens/cycle | {a / 100:.2f} | {b / 100:.2f} |\n"
    )
    assert all(r.printed_length is None for r in read(text).records)
