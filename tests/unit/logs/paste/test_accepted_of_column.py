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


_RUNS = st.lists(
    st.lists(st.tuples(st.integers(0, 60), st.integers(61, 900)), min_size=2, max_size=4),
    min_size=1,
    max_size=3,
)


@settings(max_examples=40, deadline=None)
@given(
    head=st.sampled_from(["accepted", "Accepted drafts", "accepted draft tokens"]),
    form=st.sampled_from(["{a}/{b}", "{a} of {b}", "{a} in {b}"]),
    sep=st.sampled_from([", ", "; "]),
    runs=_RUNS,
)
def test_a_cell_listing_runs_shares_gives_a_record_each(
    read: Read, head: str, form: str, sep: str, runs: list[list[tuple[int, int]]]
) -> None:
    cells = [sep.join(form.format(a=a, b=b) for a, b in row) for row in runs]
    recs = read(_table(head, cells)).records
    flat = [p for row in runs for p in row]
    assert [(r.accepted_tokens, r.drafted_tokens) for r in recs] == flat
    assert [r.accept_rate for r in recs] == [round(a / b, 6) for a, b in flat]
    # no draft accepted: every step emits the target's token alone, whatever k
    assert all(r.accept_length == 1.0 for r, (a, _) in zip(recs, flat, strict=True) if a == 0)


@settings(max_examples=20, deadline=None)
@given(runs=_RUNS, sep=st.sampled_from([", ", "; "]))
def test_listed_counts_of_two_columns_pair_up(
    read: Read, runs: list[list[tuple[int, int]]], sep: str
) -> None:
    rows = [
        f"| path-{i} | {sep.join(str(a) for a, _ in row)} | {sep.join(str(b) for _, b in row)} |"
        for i, row in enumerate(runs)
    ]
    text = "\n".join(["| path | accepted | drafted |", "|---|---|---|", *rows]) + "\n"
    recs = read(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in recs] == [p for r in runs for p in r]


def test_a_list_with_anything_else_leaves_the_table() -> None:
    for cells in (["3/40"], ["3/40, slow"], ["3/40, 5"], ["3/40, 50/5"], ["1,200/3,000"]):
        lines = list(enumerate(_table("accepted", cells).splitlines(), 1))
        assert AOC.glossed(lines) == lines
