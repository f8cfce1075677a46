"""A table column headed by a quoted source then an acceptance figure's name ('GPU Paper tau',
'published AL', cited.source_columns through _SOURCE_NAMED), beside the paste's own column of
that figure: the source's figures set against the run, no record. A table of that column alone,
a header with a word of the writer's own run ('reproduced paper AL', 'paper AL (ours)'), or a
server's `Reported AL` keep their records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


# (the paste's own column, the figure's name the source's column repeats)
_OWN = [
    ("TPU tau", "tau"),
    ("H100 τ", "τ"),
    ("measured AL", "AL"),
    ("accept length", "accept length"),
]
_SETS = ["GSM8K", "MATH-500", "HumanEval", "MT-Bench", "Alpaca"]
_LENGTHS = st.integers(150, 900)
# a row: the paste's length, a speedup, the source's length (never the same value: two columns
# printing one value alike are read as one by other rules)
_ROW = st.tuples(_LENGTHS, st.integers(120, 600), _LENGTHS).filter(lambda t: t[0] != t[2])


def _table(own: str, source: str, rows: list[tuple[int, int, int]], speedups: bool) -> str:
    heads = ["Dataset", own, *(["Speedup"] if speedups else []), source]
    return _pipe(
        heads,
        [
            [
                _SETS[n],
                f"{a / 100:.2f}",
                *([f"{s / 100:.2f}x"] if speedups else []),
                f"{b / 100:.2f}",
            ]
            for n, (a, s, b) in enumerate(rows)
        ],
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    own=st.sampled_from(_OWN),
    before=st.sampled_from(["", "GPU ", "A100 ", "the ", "original "]),
    source=st.sampled_from(["Paper", "paper", "Published", "Model card", "paper's"]),
    rows=st.lists(_ROW, min_size=1, max_size=5),
    speedups=st.booleans(),
    bold=st.booleans(),
)
def test_a_sources_column_of_the_figure_is_no_run(
    read,
    own: tuple[str, str],
    before: str,
    source: str,
    rows: list[tuple[int, int, int]],
    speedups: bool,
    bold: bool,
) -> None:
    head = f"{before}{source} {own[1]}"
    if bold:
        head = f"**{head}**"
    text = "Draft acceptance on our port, against the paper:\n\n" + _table(
        own[0], head, rows, speedups
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [a / 100 for a, _, _ in rows]


@settings(max_examples=examples(30), deadline=None)
@given(
    own=st.sampled_from(_OWN),
    head=st.sampled_from(["reproduced paper {}", "paper {} (ours)", "Reported {}"]),
    rows=st.lists(_ROW, min_size=1, max_size=4),
)
def test_a_header_of_the_writers_run_keeps_the_column(
    read, own: tuple[str, str], head: str, rows: list[tuple[int, int, int]]
) -> None:
    text = "Draft acceptance on our port, against the paper:\n\n" + _table(
        own[0], head.format(own[1]), rows, False
    )
    got = read(text).records
    want = [x for a, _, b in rows for x in (a / 100, b / 100)]
    assert [r.printed_length for r in got] == want


@settings(max_examples=examples(20), deadline=None)
@given(
    fig=st.sampled_from(["tau", "AL", "accept length"]),
    rows=st.lists(_LENGTHS, min_size=1, max_size=4),
)
def test_the_sources_column_alone_stays_a_reported_run(read, fig: str, rows: list[int]) -> None:
    text = "Draft acceptance from the paper:\n\n" + _pipe(
        ["Dataset", f"GPU Paper {fig}"], [[_SETS[n], f"{a / 100:.2f}"] for n, a in enumerate(rows)]
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [a / 100 for a in rows]
