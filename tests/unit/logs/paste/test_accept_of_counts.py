"""A column (or, metrics as rows, a row) named 'accept' alone beside one accepted-count and one
drafted-count column, every filled cell of it their quotient at its printed precision
(llama.cpp's speculative example prints `n_drafted`, `n_accept`, `accept = 77.778%`): the
acceptance rate, proven by the counts, without lines above calling the figure acceptance
(interpret._counts_share, _accept_row_of_counts). Shares that are not the counts' quotient
leave 'accept' unread (alone it may be an accuracy)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _share(a: int, d: int, form: str) -> str:
    return f"{100 * a / d:.3f}%" if form == "pct" else f"{a / d:.4f}"


def _rows_table(runs: list[tuple[int, int]], form: str, bold: bool) -> str:
    b = "**" if bold else ""
    head = "| | " + " | ".join(f"arm {chr(65 + i)}" for i in range(len(runs))) + " |"
    rule = "|---" * (len(runs) + 1) + "|"
    drafted = "| n_drafted | " + " | ".join(str(d) for _, d in runs) + " |"
    accepted = "| n_accept | " + " | ".join(str(a) for a, _ in runs) + " |"
    share = "| accept | " + " | ".join(f"{b}{_share(a, d, form)}{b}" for a, d in runs) + " |"
    return "\n".join((head, rule, drafted, accepted, share)) + "\n"


def _cols_table(runs: list[tuple[int, int]], form: str) -> str:
    lines = ["| arm | n_drafted | n_accept | accept |", "|---|---|---|---|"]
    lines += [
        f"| {chr(65 + i)} | {d} | {a} | {_share(a, d, form)} |" for i, (a, d) in enumerate(runs)
    ]
    return "\n".join(lines) + "\n"


_RUNS = st.lists(
    st.integers(20, 400).flatmap(lambda d: st.tuples(st.integers(1, d), st.just(d))),
    min_size=2,
    max_size=4,
)


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=_RUNS,
    form=st.sampled_from(["pct", "frac"]),
    rows=st.booleans(),
    bold=st.booleans(),
)
def test_accept_of_the_counts_is_the_rate(
    read: Read, runs: list[tuple[int, int]], form: str, rows: bool, bold: bool
) -> None:
    text = _rows_table(runs, form, bold) if rows else _cols_table(runs, form)
    got = read("Two arms, same prompt:\n\n" + text).records
    assert [r.printed_rate for r in got] == [
        pytest.approx(a / d, abs=6e-5 if form == "frac" else 6e-6) for a, d in runs
    ]


def test_shares_of_other_counts_stay_unread(read: Read) -> None:
    text = (
        "| | arm A | arm B |\n|---|---|---|\n| n_drafted | 80 | 140 |\n| n_accept | 60 | 70 |\n"
        "| accept | 91.000% | 42.000% |\n"
    )
    assert all(r.printed_rate not in (0.91, 0.42) for r in read(text).records)
