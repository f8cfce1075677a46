"""A pipe table whose header row a page wrapped before its last cells ('| task | AL (k=2) |'
then 'AL (k=6) |' on a line of its own, no opening bar) right above a delimiter row of as many
cells as the two lines together: one header again, every column read. Cell lines counting
otherwise, or a wrapped line not right above a delimiter row, leave the lines as they were."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import flat_table as FT
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TASKS = ["prose", "sql", "proofs", "chat", "tables", "poems"]


@settings(max_examples=examples(25), deadline=None)
@given(
    ks=st.lists(st.integers(2, 9), min_size=2, max_size=3, unique=True),
    wrapped=st.integers(1, 2),
    cents=st.lists(st.integers(130, 390), min_size=6, max_size=6),
    rows=st.integers(2, 4),
    name=st.sampled_from(["accept length", "acc_length", "mean AL"]),
)
def test_a_wrapped_header_is_one_row_again(
    read: Read, ks: list[int], wrapped: int, cents: list[int], rows: int, name: str
) -> None:
    wrapped = min(wrapped, len(ks) - 1)
    cols = [f"{name} (draft={k})" for k in ks]
    kept = len(ks) - wrapped
    head = "| set | " + " | ".join(cols[:kept]) + " |"
    tail = [f"{c} |" for c in cols[kept:]]
    delim = "|---" * (len(ks) + 1) + "|"
    values = [[f"{cents[(r + i) % 6] / 100:.2f}" for i in range(len(ks))] for r in range(rows)]
    body = ["| " + _TASKS[r] + " | " + " | ".join(v) + " |" for r, v in enumerate(values)]
    text = "\n".join(["Results by set:", head, *tail, delim, *body]) + "\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [float(x) for v in values for x in v]


def test_the_lines_are_joined_keeping_the_first_number() -> None:
    lines = [(4, "| a | b |"), (5, "c |"), (6, "|---|---|---|"), (7, "| x | 1.5 | 2.5 |")]
    assert FT.unwrapped_header(lines) == [
        (4, "| a | b | c |"),
        (6, "|---|---|---|"),
        (7, "| x | 1.5 | 2.5 |"),
    ]


def test_near_misses_keep_their_lines() -> None:
    for lines in (
        # the delimiter counts two cells, not the three the lines make
        [(1, "| a | b |"), (2, "c |"), (3, "|---|---|")],
        # no delimiter row right under the wrapped cell
        [(1, "| a | b |"), (2, "c |"), (3, "some words"), (4, "|---|---|---|")],
        # the row above is no pipe row
        [(1, "a b"), (2, "c |"), (3, "|---|---|")],
        # three wrapped lines: more than a header's wrap
        [(1, "| a |"), (2, "b |"), (3, "c |"), (4, "d |"), (5, "|---|---|---|---|")],
    ):
        assert FT.unwrapped_header(lines) == lines


def test_negative_control_a_wrapped_line_without_a_delimiter_reads_no_third_column() -> None:
    text = (
        "| set | accept length (draft=3) |\n"
        "accept length (draft=5) |\n"
        "| sql | 2.41 | 2.77 |\n"
        "| chat | 2.10 | 2.35 |\n"
    )
    got = [r.printed_length for r in read_paste(text).records]
    assert 2.77 not in got and 2.35 not in got
