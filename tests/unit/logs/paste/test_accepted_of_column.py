"""A pipe table's bare accepted-count column ('accepted', 'accepted drafts') whose every filled
cell is a share of whole counts ('3 in 40', '19 of 52', '19 of 52 drafts', '7/30') gives each
row's accepted and drafted counts and their rate. Under an acceptance column, such a cell is
A / B too (never A alone read as a percentage: '10 of 24 drafts' was 0.10). A count alone, a
decimal, or A above B leave the table as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import accepted_of_column as AOC
from specdiag.core.logs.paste import cells as C
from tests.unit.logs.paste.pipeline import Read

_FORMS = st.sampled_from(
    ["{a} in {b}", "{a} of {b}", "{a} of {b} drafts", "{a}/{b}", "**{a} in {b}**"]
)
_PAIRS = st.lists(st.tuples(st.integers(1, 60), st.integers(61, 400)), min_size=2, max_size=4)


def _table(head: str, cells: list[str]) -> str:
    rows = [f"| path-{i} | {c} | slow replay |" for i, c in enumerate(cells)]
    return "\n".join([f"| path | {head} | note |", "|---|---|---|", *rows]) + "\n"


@settings(max_examples=40, deadline=None)
@given(
    head=st.sampled_from(["accepted", "Accepted drafts", "accepted draft tokens"]),
    form=_FORMS,
    pairs=_PAIRS,
)
def test_a_share_of_counts_is_accepted_over_drafted(
    read: Read, head: str, form: str, pairs: list[tuple[int, int]]
) -> None:
    recs = read(_table(head, [form.format(a=a, b=b) for a, b in pairs])).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in recs] == pairs
    assert [r.accept_rate for r in recs] == [round(a / b, 6) for a, b in pairs]


@settings(max_examples=30, deadline=None)
@given(form=_FORMS, pairs=_PAIRS)
def test_under_an_acceptance_column_the_share_is_the_rate(
    read: Read, form: str, pairs: list[tuple[int, int]]
) -> None:
    recs = read(_table("acceptance", [form.format(a=a, b=b) for a, b in pairs])).records
    assert [r.printed_rate for r in recs] == [a / b for a, b in pairs]


@settings(max_examples=30, deadline=None)
@given(
    cells=st.sampled_from(
        [["38", "99"], ["0.31", "0.42"], ["40 in 3", "52 of 19"], ["3 in 40", "12"]]
    ),
)
def test_other_cells_leave_the_table(cells: list[str]) -> None:
    lines = list(enumerate(_table("accepted", cells).splitlines(), 1))
    assert AOC.glossed(lines) == lines


def test_in_before_a_unit_is_no_share() -> None:
    assert C.value("12 in 30 s") is None
    v = C.value("10 of 24 drafts")
    assert v is not None and (v.number, v.max) == (10, 24)
