"""A column whose header names the acceptance in a bracket after its configuration (`draft k=3
(accept)`), each cell a speed then a bracket holding the run's one unsigned percentage, perhaps
beside signed changes (`40.1 (+75%, 88.0%)`): one rate a cell. A header bracket naming another
measure, a bracket of two unsigned shares, or a cell without the bracket leave it unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["accept", "acceptance", "accept rate", "draft acceptance"])


def _table(head: str, cells: list[tuple[int, int]], sign: str, bold: bool) -> str:
    rows = []
    for i, (chg, share) in enumerate(cells):
        body = (
            f"{30 + i}.{i} ({sign}{chg}%, {share / 10}%)" if chg else f"{30 + i}.5 ({share / 10}%)"
        )
        if bold and i == len(cells) - 1:
            body = f"**{body}**"
        rows.append(f"| task{i} | 0 | 21.{i} | {body} |")
    return "\n".join([f"| Prompt | Temp | Plain | {head} |", "|---|---|---|---|", *rows]) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    name=_NAMES,
    k=st.integers(2, 8),
    cells=st.lists(st.tuples(st.integers(0, 120), st.integers(100, 999)), min_size=2, max_size=4),
    sign=st.sampled_from(["+", "-", "\u2212"]),
    bold=st.booleans(),
)
def test_header_bracket_names_the_cells_share(
    read: Read, name: str, k: int, cells: list[tuple[int, int]], sign: str, bold: bool
) -> None:
    got = read(_table(f"Draft k={k} ({name})", cells, sign, bold)).records
    assert [round(r.printed_rate * 1000) for r in got if r.printed_rate is not None] == [
        s for _, s in cells
    ]


@settings(max_examples=examples(20), deadline=None)
@given(
    other=st.sampled_from(["speedup", "gain", "tok/s"]),
    cells=st.lists(st.tuples(st.integers(1, 120), st.integers(100, 999)), min_size=2, max_size=3),
)
def test_header_bracket_of_another_measure_reads_nothing(
    read: Read, other: str, cells: list[tuple[int, int]]
) -> None:
    assert read(_table(f"Draft k=3 ({other})", cells, "+", False)).records == ()


def test_two_unsigned_shares_in_the_bracket_read_nothing(read: Read) -> None:
    text = (
        "| Prompt | Plain | Draft k=3 (accept) |\n|---|---|---|\n"
        "| code | 20.1 | 40.2 (55%, 88.0%) |\n| chat | 20.3 | 35.0 (41%, 71.0%) |\n"
    )
    assert read(text).records == ()
