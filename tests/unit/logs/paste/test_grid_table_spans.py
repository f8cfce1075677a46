"""A reStructuredText grid table with spanning cells (``tables._grid_table``): a title over
several columns (``Datasets``), a dataset over its two figures (``Speedup``, ``Accept
length``, perhaps wrapped over two lines), the rules under a title drawn under its columns only
(``|   |   +-----+-----+``). Each band of lines between two rules is one row, the header the
bands above the ``+===+`` rule: every dataset's length is a record of its own, in row order,
printed and of unknown convention. A grid without any spanning cell stays the bar table's
reading; a grid whose rule line holds words reads as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_DATASETS = ["MT-bench", "HumanEval", "GSM8K", "Alpaca", "CNN/DM", "Natural Questions"]


def _grid(
    datasets: list[str],
    rows: list[tuple[str, list[tuple[float, float]]]],
    wrapped: bool,
    corners: bool,
    indent: str,
) -> list[str]:
    """The grid's lines: 'Temperature' and 'Method' columns, then a speedup and a length
    column under each dataset, all under a 'Datasets' title."""
    w0 = max(13, *(len(lab) + 2 for lab, _ in rows))
    w1 = 10
    wd = max(11 if wrapped else 16, *(len(d) // 2 + 3 for d in datasets))  # a figure column
    group = 2 * wd + 1  # a dataset's span
    total = len(datasets) * group + len(datasets) - 1  # the title's span

    def cell(text: str, width: int) -> str:
        return f" {text}".ljust(width)

    def rule(ch: str, data: str) -> str:
        return f"+{ch * w0}+{ch * w1}+{data}+"

    sub_rule = "+".join("-" * wd for _ in range(2 * len(datasets)))
    groups_rule = "+".join("-" * group for _ in datasets)
    out = [rule("-", groups_rule if corners else "-" * total)]
    out.append(f"|{' ' * w0}|{' ' * w1}|{cell('Datasets', total)}|")
    out.append(f"|{' ' * w0}|{' ' * w1}+{groups_rule}+")
    out.append(
        f"|{cell('Temperature', w0)}|{cell('Method', w1)}|"
        + "|".join(cell(d, group) for d in datasets)
        + "|"
    )
    out.append(f"|{' ' * w0}|{' ' * w1}+{sub_rule}+")
    names = ["Accept", "length"] if wrapped else ["Accept length"]
    out.append(
        f"|{' ' * w0}|{' ' * w1}|"
        + "|".join(cell("Speedup", wd) + "|" + cell(names[0], wd) for _ in datasets)
        + "|"
    )
    if wrapped:
        out.append(
            f"|{' ' * w0}|{' ' * w1}|"
            + "|".join(" " * wd + "|" + cell(names[1], wd) for _ in datasets)
            + "|"
        )
    out.append("+" + "+".join("=" * w for w in [w0, w1] + [wd] * (2 * len(datasets))) + "+")
    for lab, figs in rows:
        out.append(
            f"|{cell(lab, w0)}|{cell('Eagle3', w1)}|"
            + "|".join(cell(f"{s:.2f}x", wd) + "|" + cell(f"{a:.2f}", wd) for s, a in figs)
            + "|"
        )
        out.append("+" + "+".join("-" * w for w in [w0, w1] + [wd] * (2 * len(datasets))) + "+")
    return [indent + t for t in out]


@st.composite
def _tables(draw: st.DrawFn) -> tuple[list[str], list[tuple[str, list[tuple[float, float]]]]]:
    datasets = draw(st.lists(st.sampled_from(_DATASETS), min_size=2, max_size=4, unique=True))
    n = draw(st.integers(1, 4))
    labels = [f"T={t}" for t in range(n)] if draw(st.booleans()) else [f"run-{i}" for i in range(n)]
    # (every figure its own value: no two runs printing the same)
    k = n * len(datasets)
    lengths = draw(st.lists(st.integers(150, 499), min_size=k, max_size=k, unique=True))
    speedups = draw(st.lists(st.integers(110, 350), min_size=k, max_size=k, unique=True))
    rows = [
        (
            lab,
            [
                (speedups[i * len(datasets) + j] / 100, lengths[i * len(datasets) + j] / 100)
                for j in range(len(datasets))
            ],
        )
        for i, lab in enumerate(labels)
    ]
    return datasets, rows


@settings(max_examples=examples(40), deadline=None)
@given(
    table=_tables(),
    wrapped=st.booleans(),
    corners=st.booleans(),
    indent=st.sampled_from(["", "   "]),
    directive=st.booleans(),
)
def test_spanned_grid_reads_every_length(
    read: Read,
    table: tuple[list[str], list[tuple[str, list[tuple[float, float]]]]],
    wrapped: bool,
    corners: bool,
    indent: str,
    directive: bool,
) -> None:
    datasets, rows = table
    lines = _grid(datasets, rows, wrapped, corners, indent)
    body = "\n".join(lines)
    if directive:
        body = f"```{{eval-rst}}\n.. table::\n   :align: center\n\n{body}\n```"
    text = f"# Speculative sampling benchmark\n\n## Eagle3\n\n{body}\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [a for _, figs in rows for _, a in figs]
    assert all(r.accept_length is None for r in recs)
    for r, d in zip(recs, [d for _ in rows for d in datasets], strict=True):
        assert any(d in v for _, v in r.labels)


@pytest.mark.parametrize("indent", ["", "   "])
def test_plain_grid_without_spans_reads_as_before(read: Read, indent: str) -> None:
    text = "\n".join(
        indent + t
        for t in [
            "+--------+---------------+",
            "| Method | Accept length |",
            "+========+===============+",
            "| Eagle3 | 3.65          |",
            "+--------+---------------+",
            "| Medusa | 2.41          |",
            "+--------+---------------+",
        ]
    )
    recs = read(f"Speculative decoding results:\n\n{text}\n").records
    assert [r.printed_length for r in recs] == [3.65, 2.41]


def test_words_on_a_rule_line_read_as_before(read: Read) -> None:
    lines = _grid(["MT-bench", "GSM8K"], [("T=0", [(2.63, 3.65), (2.82, 3.90)])], False, True, "")
    # words where a rule runs (no grid table: its partial rule holds a cell's words)
    lines[2] = lines[2][:2] + "note" + lines[2][6:]
    # (before, and now: no grid table, no reading of its cells)
    assert len(read("# Benchmark\n\n" + "\n".join(lines) + "\n").records) == 0
