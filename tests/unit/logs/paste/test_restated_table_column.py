"""A later table's row copying a transposed table's column whole (restated_table.py, its fourth
rule over a column): the same length and rate, and every other decimal of the row's line (its
speeds) printed in that column's cells: the column's run told again in a comparison, one
record. A speed that differs, a row of acceptance figures alone, or a figure that differs keep
the later row."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


# a run: (prefill tok/s x100, decode tok/s x100, rate in hundredths of a percent, length x100)
_RUN = st.tuples(
    st.integers(50_000, 300_000),
    st.integers(2_000, 12_000),
    st.integers(2_000, 9_000),
    st.integers(120, 450),
)
_NAMES = ["build a", "new kernel", "vision tree", "node 7"]


def _column_table(runs: list[tuple[int, int, int, int]], names: list[str], bold: bool) -> str:
    def b(x: str) -> str:
        return f"**{x}**" if bold else x

    rows = [
        ["Prompt tokens", *["8192"] * len(runs)],
        ["Prefill", *[b(f"{p / 100:.2f} tok/s") for p, _, _, _ in runs]],
        ["Decode", *[b(f"{d / 100:.2f} tok/s") for _, d, _, _ in runs]],
        ["Draft acceptance rate", *[b(f"{r / 100:.2f}%") for _, _, r, _ in runs]],
        ["Acceptance length", *[b(f"{a / 100:.2f}") for _, _, _, a in runs]],
    ]
    return _pipe(["Metric", *names], rows)


def _row(name: str, run: tuple[int, int, int, int]) -> list[str]:
    p, d, r, a = run
    return [
        name,
        f"{p / 100:.2f} tok/s",
        f"{d / 100:.2f} tok/s",
        f"{r / 100:.2f}%",
        f"{a / 100:.2f}",
    ]


_LATER = ["Result", "Prefill", "Decode", "Draft acceptance", "Acceptance length"]


@settings(max_examples=examples(40), deadline=None)
@given(
    runs=st.lists(_RUN, min_size=1, max_size=3, unique_by=lambda t: t[1]),
    picked=st.data(),
    suffix=st.sampled_from(["", ", same corpus", " (rerun of the table above)", " again"]),
    bold=st.booleans(),
    other_first=st.booleans(),
)
def test_a_row_copying_a_column_is_that_run(
    read,
    runs: list[tuple[int, int, int, int]],
    picked: st.DataObject,
    suffix: str,
    bold: bool,
    other_first: bool,
) -> None:
    names = _NAMES[: len(runs)]
    i = picked.draw(st.integers(0, len(runs) - 1))
    # another run of the comparison: its speeds printed nowhere above (one decimal)
    other = ["Old release", "999.5 tok/s", "5.5 tok/s", "31.5%", "1.25"]
    copied = _row(names[i] + suffix, runs[i])
    rows = [other, copied] if other_first else [copied, other]
    text = (
        "## Current result\n\n"
        + _column_table(runs, names, bold)
        + "\n## Comparison\n\n"
        + _pipe(_LATER, rows)
    )
    got = read(text).records
    want = [a / 100 for _, _, _, a in runs] + [1.25]
    assert [r.printed_length for r in got] == want


@settings(max_examples=examples(30), deadline=None)
@given(run=_RUN, bump=st.sampled_from([-3, -1, 1, 7]), which=st.sampled_from(["p", "d"]))
def test_a_speed_that_differs_keeps_the_row(
    read, run: tuple[int, int, int, int], bump: int, which: str
) -> None:
    p, d, r, a = run
    later = (p + bump, d, r, a) if which == "p" else (p, d + bump, r, a)
    # the changed speed must differ from every decimal the column prints (its other speed, its
    # rate, its length): one equal to another cell's digits is that cell printed again
    assume((later[0] if which == "p" else later[1]) not in {p, d, r, a})
    text = (
        "## Current result\n\n"
        + _column_table([run], ["build a"], False)
        + "\n## Comparison\n\n"
        + _pipe(_LATER, [_row("build a, same corpus", later)])
    )
    got = read(text).records
    assert [rec.printed_length for rec in got] == [a / 100, a / 100]


@settings(max_examples=examples(30), deadline=None)
@given(run=_RUN)
def test_acceptance_figures_alone_keep_the_row(read, run: tuple[int, int, int, int]) -> None:
    _, _, r, a = run
    text = (
        "## Current result\n\n"
        + _column_table([run], ["build a"], False)
        + "\n## Comparison\n\n"
        + _pipe(
            ["Result", "Draft acceptance", "Acceptance length"],
            [["build a, same corpus", f"{r / 100:.2f}%", f"{a / 100:.2f}"]],
        )
    )
    got = read(text).records
    assert [rec.printed_length for rec in got] == [a / 100, a / 100]


def test_a_length_that_differs_keeps_the_row(read) -> None:
    run = (137_516, 7_152, 4_474, 231)
    later = _row("build a, same corpus", run)
    later[-1] = "2.34"
    text = (
        "## Current result\n\n"
        + _column_table([run], ["build a"], False)
        + "\n## Comparison\n\n"
        + _pipe(_LATER, [later])
    )
    got = read(text).records
    assert [rec.printed_length for rec in got] == [2.31, 2.34]
