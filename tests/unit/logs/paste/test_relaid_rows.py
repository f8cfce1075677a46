"""A later table laid out as an earlier one (the same header, cell for cell), its rows named as
that table's: each row another run, a record of its own, even where it prints the same length
as the earlier row of its name (`### Batch = 1` and `### Batch = 8`, the same `| E1 | ... |
4.32 |` rows, other throughputs). Before: such a row was taken for the earlier run told again
and dropped. Near misses: a later table of another header, or a table pasted twice (every cell
the same), restate the earlier rows as before (no second record)."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_NAMES = ["chat", "code", "math", "qa", "summ", "rag"]
_HEADER = "| task | draft | accept length | SD tok/s | plain tok/s |\n|---|--:|--:|--:|--:|\n"


def _row(name: str, length: int, sd: int, plain: int) -> str:
    return f"| {name} | 4 | {length / 100:.2f} | {sd / 10:.1f} | {plain / 10:.1f} |\n"


def _table(title: str, header: str, rows: list[str]) -> str:
    return f"### {title}\n{header}" + "".join(rows) + "\n"


_RUNS = st.integers(2, 5).flatmap(
    lambda n: st.tuples(
        st.permutations(_NAMES).map(lambda p: p[:n]),
        # lengths x 100, one a run (a column of one length in every row is another shape)
        st.lists(st.integers(150, 480), min_size=n, max_size=n, unique=True),
        st.lists(st.booleans(), min_size=n, max_size=n),  # the later row's length the same
        st.lists(st.integers(100, 900), min_size=n, max_size=n, unique=True),  # tok/s x 10
        st.lists(st.integers(1, 80), min_size=n, max_size=n),  # the later run's speed-up
    )
)


@given(runs=_RUNS)
def test_a_later_table_of_the_same_layout_is_other_runs(
    read: Read,
    runs: tuple[list[str], list[int], list[bool], list[int], list[int]],
) -> None:
    names, lengths, same, speeds, ups = runs
    assume(any(same))
    later = [x if s else x + 7 for x, s in zip(lengths, same, strict=True)]
    assume(len(set(later)) == len(later))
    first = [_row(n, x, v, v // 2) for n, x, v in zip(names, lengths, speeds, strict=True)]
    second = [
        _row(n, x, v + u, v // 2) for n, x, v, u in zip(names, later, speeds, ups, strict=True)
    ]
    text = (
        "Accept length here is committed tokens per round (drafts + 1 bonus).\n\n"
        + _table("Batch = 1", _HEADER, first)
        + _table("Batch = 8", _HEADER, second)
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [x / 100 for x in [*lengths, *later]]


@given(runs=_RUNS)
def test_a_table_pasted_twice_is_told_again(
    read: Read,
    runs: tuple[list[str], list[int], list[bool], list[int], list[int]],
) -> None:
    names, lengths, _, speeds, _ = runs
    rows = [_row(n, x, v, v // 2) for n, x, v in zip(names, lengths, speeds, strict=True)]
    text = _table("Batch = 1", _HEADER, rows) + _table("Batch = 1, again", _HEADER, rows)
    got = read(text).records
    assert [r.printed_length for r in got] == [x / 100 for x in lengths]


@given(runs=_RUNS)
def test_a_later_table_of_another_layout_restates_the_rows(
    read: Read,
    runs: tuple[list[str], list[int], list[bool], list[int], list[int]],
) -> None:
    names, lengths, _, speeds, ups = runs
    first = [_row(n, x, v, v // 2) for n, x, v in zip(names, lengths, speeds, strict=True)]
    other = "| task | accept length | speed-up |\n|---|--:|--:|\n"
    second = [
        f"| {n} | {x / 100:.2f} | {1 + u / 100:.2f}x |\n"
        for n, x, u in zip(names, lengths, ups, strict=True)
    ]
    text = _table("Batch = 1", _HEADER, first) + _table("Summary", other, second)
    got = read(text).records
    assert [r.printed_length for r in got] == [x / 100 for x in lengths]
