"""A column of speeds each followed by its run's acceptance in brackets, a bare `accept` then a
rate and a length a step split by `/` (`51.0 (accept 0.77 / 3.10 per step)`): one record a
cell, the rate and the printed length, convention unknown. A column where one cell lacks the
bracket, a length below 1, or one such cell alone give nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _table(cells: list[str]) -> str:
    rows = "".join(f"| task {i} | {30 + i}.5 | {c} |\n" for i, c in enumerate(cells))
    return (
        "Decode speed, median of five, speculative drafter on.\n\n"
        "| | baseline k=0 | ours k=4 |\n|---|---|---|\n" + rows
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(st.tuples(st.integers(20, 99), st.integers(110, 480)), min_size=2, max_size=4),
    st.sampled_from(("per step", "per round", "tokens per step")),
    st.booleans(),
)
def test_a_column_of_bracketed_runs(
    read: Read, runs: list[tuple[int, int]], unit: str, bold: bool
) -> None:
    b = "**" if bold else ""
    cells = [
        f"{b}{40 + i}.2{b} (accept 0.{r:02d} / {h / 100:.2f} {unit})"
        for i, (r, h) in enumerate(runs)
    ]
    text = _table(cells)
    got = read(text).records
    assert [(r.printed_rate, r.printed_length) for r in got] == [
        (r / 100, h / 100) for r, h in runs
    ], text
    assert all(r.accept_length is None for r in got)
    assert all(("column", "ours k=4") in r.labels for r in got)


def test_near_misses_give_nothing(read: Read) -> None:
    # one cell a speed alone
    assert read(_table(["41.2 (accept 0.70 / 2.90 per step)", "42.0"])).records == ()
    # a 'length' below one: no length a step
    assert (
        read(
            _table(["41.2 (accept 0.70 / 0.90 per step)", "42.0 (accept 0.6 / 0.8 per step)"])
        ).records
        == ()
    )
    # one such cell alone
    assert read(_table(["41.2 (accept 0.70 / 2.90 per step)"])).records == ()
