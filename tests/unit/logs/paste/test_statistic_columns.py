"""Columns of one acceptance figure differing only by a statistic or a pooling qualifier (`| task
| AL (mean) | AL (median) |`, statistic_columns.py): two statistics of each row's one run, one
record a row, the mean (or pooled value) where named, else the median, else the first. Columns
of the same figure for different configurations or workloads (`AL (k=3)` / `AL (k=5)`), of
different figures, or of spreads alone stay separate records."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import statistic_columns as STCOL
from tests.support.examples import examples

_FIGURES = ["AL", "Accept length", "acceptance length", "acc_len", "τ"]
_LABELS = ["task", "Dataset", "workload", "Suite", "bench"]
_NAMES = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"]
# qualifiers by rank: 0 a mean or pooled value, 1 a median, 2 a spread
_CENTRES = ["mean", "avg", "average", "pooled", "pooled ratio", "per-request mean", "per request"]
_MEDIANS = ["median", "p50"]
_SPREADS = ["p90", "min", "max", "std"]
_SETTINGS = ["k=3", "k=5", "chat", "code", "greedy", "T=0.7", "Medusa", "MTP", "drafter-b", "long"]


def _pipe(heads: list[str], rows: list[list[str]], pad: str) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("|" + pad + (pad + "|" + pad).join(r) + pad + "|\n" for r in rows)


def _head(fig: str, q: str, form: int) -> str:
    if " " in q or form == 0:
        return f"{fig} ({q})"
    if form == 1:
        return f"{fig} [{q}]"
    return f"{q} {fig}" if form == 2 else f"{fig} {q}"


def _table(
    fig: str, quals: list[str], form: int, label: str, rows: list[list[int]], pad: str
) -> str:
    heads = [label, "n", *[_head(fig, q, form) for q in quals]]
    body = [
        [_NAMES[i], str(40 + 8 * i), *[f"{v / 100:.2f}" for v in r]] for i, r in enumerate(rows)
    ]
    return "Results of the draft on each set:\n\n" + _pipe(heads, body, pad)


def _rows(n_cols: int) -> st.SearchStrategy[list[list[int]]]:
    return st.lists(
        st.lists(st.integers(120, 690), min_size=n_cols, max_size=n_cols, unique=True),
        min_size=1,
        max_size=5,
    )


@st.composite
def _statistics(draw: st.DrawFn) -> tuple[list[str], int]:
    """Two or three distinct qualifiers, one a centre at least, and the index of the kept one
    (the first of the lowest rank)."""
    pool = [(q, 0) for q in _CENTRES] + [(q, 1) for q in _MEDIANS] + [(q, 2) for q in _SPREADS]
    centre = draw(st.sampled_from(pool[: len(_CENTRES) + len(_MEDIANS)]))
    more = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2, unique=True))
    quals = [centre, *[m for m in more if m[0] != centre[0]]]
    if len(quals) < 2:
        quals.append(("max", 2) if centre[0] != "max" else ("min", 2))
    quals = draw(st.permutations(quals))
    keep = min(range(len(quals)), key=lambda i: (quals[i][1], i))
    return [q for q, _ in quals], keep


@settings(max_examples=examples(60), deadline=None)
@given(
    fig=st.sampled_from(_FIGURES),
    stats=_statistics(),
    form=st.integers(0, 3),
    label=st.sampled_from(_LABELS),
    data=st.data(),
    pad=st.sampled_from([" ", "  ", ""]),
)
def test_statistics_of_one_figure_are_one_record_a_row(
    read,
    fig: str,
    stats: tuple[list[str], int],
    form: int,
    label: str,
    data: st.DataObject,
    pad: str,
) -> None:
    quals, keep = stats
    # ('AL median' alone is no header the readers take: a kept column must read as the figure)
    assume(form != 3 or quals[keep] in ("mean", "avg", "average") or " " in quals[keep])
    rows = data.draw(_rows(len(quals)))
    got = read(_table(fig, quals, form, label, rows, pad)).records
    assert [r.printed_length for r in got] == [r[keep] / 100 for r in rows]


@settings(max_examples=examples(40), deadline=None)
@given(
    fig=st.sampled_from(_FIGURES),
    quals=st.lists(st.sampled_from(_SETTINGS), min_size=2, max_size=3, unique=True),
    label=st.sampled_from(_LABELS),
    data=st.data(),
)
def test_configurations_of_one_figure_stay_separate_records(
    read, fig: str, quals: list[str], label: str, data: st.DataObject
) -> None:
    rows = data.draw(_rows(len(quals)))
    got = read(_table(fig, quals, 0, label, rows, " ")).records
    assert sorted(r.printed_length for r in got) == sorted(v / 100 for r in rows for v in r)


@given(
    fig=st.sampled_from(["AL", "accept length", "acceptance length", "τ"]),
    q=st.sampled_from(_CENTRES + _MEDIANS),
    other=st.sampled_from(["accept rate", "acceptance rate", "draft acceptance"]),
    q2=st.sampled_from(_CENTRES + _MEDIANS),
)
def test_different_figures_are_never_merged(fig: str, q: str, other: str, q2: str) -> None:
    assert STCOL.dropped(["task", f"{fig} ({q})", f"{other} ({q2})"]) == set()


@given(
    fig=st.sampled_from(_FIGURES),
    quals=st.lists(st.sampled_from(_SPREADS), min_size=2, max_size=3, unique=True),
)
def test_spreads_alone_are_left_as_before(fig: str, quals: list[str]) -> None:
    assert STCOL.dropped(["task", *[f"{fig} ({q})" for q in quals]]) == set()


@given(fig=st.sampled_from(_FIGURES), q=st.sampled_from(_CENTRES + _MEDIANS + _SPREADS))
def test_a_bare_column_of_the_figure_leaves_the_group(fig: str, q: str) -> None:
    assert STCOL.dropped(["task", fig, f"{fig} ({q})", f"{fig} (median)"]) == set()


@given(
    fig=st.sampled_from(_FIGURES),
    quals=st.lists(st.sampled_from(_SETTINGS), min_size=2, max_size=3, unique=True),
)
def test_settings_are_no_statistics(fig: str, quals: list[str]) -> None:
    assert STCOL.dropped(["task", *[f"{fig} ({q})" for q in quals]]) == set()
