"""A pipe table a web page broke at every cell: a one-cell row (`| arm |`) opens each row, the
row's other cells follow one a line, each closed by its pipe (`tokens a step |`); or a row's
cells one a line right under a table's row of as many cells. The rows are put back together
(flat_table.rejoined) and read as the table. Cells worked out in words: counts plus the
target's token (`840/400 + bonus = 3.10`) and a value out of its maximum with its share
(`3.61 / 5 (72 % of the ceiling)`), each read where its arithmetic holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.flat_table import rejoined
from tests.support.examples import examples


def _broken(rows: list[list[str]]) -> str:
    return "".join(f"| {r[0]} |\n" + "".join(f"{c} |\n" for c in r[1:]) for r in rows)


@settings(max_examples=examples(25), deadline=None)
@given(
    lengths=st.lists(st.integers(150, 650), min_size=1, max_size=5),
    missing=st.booleans(),
)
def test_a_table_broken_at_every_cell_reads_one_record_per_row(
    read, lengths: list[int], missing: bool
) -> None:
    head = ["arm", "tokens per verify step", "note"]
    rows = [[f"arm-{chr(97 + i)}", f"{v / 100:.2f}", f"run {i}"] for i, v in enumerate(lengths)]
    if missing:
        rows.append(["ours", "NOT RECORDED", "no counters kept"])
    text = (
        "Speculative decoding, three arms compared:\n" + _broken([head, *rows]) + "That is all.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    # tokens a verify step count the target's own token: the bonus included by the name
    assert [r.accept_length for r in got] == [v / 100 for v in lengths]


def test_counts_plus_the_bonus_give_the_cells_length(read) -> None:
    text = "Speculative decoding arms:\n" + _broken(
        [
            ["arm", "accept length", "accept rate"],
            ["first", "840/400 + bonus = 3.10", "840/2000 = 42.0%"],
            ["second", "3.35", "-"],
        ]
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [3.10, 3.35]
    assert all(r.accept_length is None for r in got)  # (a bare accept length: unknown)


def test_a_row_broken_under_a_table_row_as_wide(read) -> None:
    text = (
        "Our draft head, measured:\n| measured | |\n|---|---|\nsuite mean tau |\n"
        "3.6120 / 5 (72 % of the draft-width ceiling) |\n| suite mean tok/s | 27.5 |\n"
    )
    (r,) = read(text).records
    assert r.printed_length == 3.612 and r.accept_length is None


def test_rows_are_rebuilt_only_where_they_agree() -> None:
    lines = list(enumerate(["| a |", "b |", "c |", "| x |", "1 |", "2 |"], 1))
    assert rejoined(lines) == [(1, "| a | b | c |"), (1, "|---|---|---|"), (4, "| x | 1 | 2 |")]
    # rows of unequal widths, or one opened row alone, stay as they are
    uneven = list(enumerate(["| a |", "b |", "c |", "| x |", "1 |"], 1))
    assert rejoined(uneven) == uneven
    alone = list(enumerate(["| a |", "b |", "c |", "text after"], 1))
    assert rejoined(alone) == alone
    # cell lines under a row of another width (a shell pipe, a one-cell banner) stay too
    pipe = list(enumerate(["| a | b | c |", "cat run.log |", "grep accept |"], 1))
    assert rejoined(pipe) == pipe


def test_worked_out_cells_are_read_only_where_their_arithmetic_holds() -> None:
    assert C.value("840/400 + bonus = 3.10") == C.Value(3.10, False, 2)
    assert C.value("840/400 + 1 = 3.10") == C.Value(3.10, False, 2)
    assert C.value("840/400 + bonus = 3.40") is None  # (840 / 400 + 1 is 3.10)
    assert C.value("840/400 = 3.10") is None
    got = C.value("3.6120 / 5 (72 % of the draft-width ceiling)")
    assert got is not None and (got.number, got.max) == (3.612, 5.0)
    assert C.value("3.6120 / 5 (65 % of the ceiling)") is None  # (3.612 / 5 is 72 %)
    assert C.value("3.6120 / 5 (72 % of runs)") is not None
    assert C.value("3.6120 / 5 (72 % faster)") is None  # (no share of the maximum)
    assert C.value("50 / 101 (49.5%)") is None  # (counts and their share: read as such)


def test_a_value_out_of_a_maximum_said_in_words_with_its_share() -> None:
    got = C.value("2.65 of a 5-token window (53 % of the window used)")
    assert got is not None and (got.number, got.max) == (2.65, 5.0)
    got = C.value("**3.3 of 4** (82 %)")
    assert got is not None and (got.number, got.max) == (3.3, 4.0)
    assert C.value("2.65 of a 5-token window (70 % of the window used)") is None  # (53 %)
    assert C.value("2.65 of a 5-token window (53 % faster)") is None
    assert C.value("2.65 of the runs (53 %)") is None  # (no maximum)


def test_a_table_row_reads_a_value_out_of_a_window(read) -> None:
    text = (
        "| What | Seen |\n|---|---|\n| TTFT | p50 0.8 s · p90 4.1 s |\n"
        "| Accept length | **2.65 of a 5-token window** (53 % of the window used) |\n"
    )
    (r,) = read(text).records
    assert r.printed_length == 2.65 and r.accept_length is None
