"""A comparison table copying a run of an earlier summary table (restated_table.py, second
rule): its row whose name's words are all among the earlier row's labels (a setting column
holding `6 (greedy)`, then an arm named `k 6, greedy`), whose acceptance cells the earlier row
prints alike, and which prints another decimal of that row (a throughput) is the run told
again: no record. Another throughput, another figure, a word the earlier labels lack, or two
earlier rows matching keep the later row's record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


def _summary(tps: str, rate: str, setting: str = "6 (greedy)") -> str:
    return "Single A100, stock harness, medians of five runs.\n\n" + _pipe(
        ["GPU", "Plain tok/s", "Spec tok/s", "k", "Accept rate"],
        [["A100 80GB (pcie)", "41.7", tps, setting, rate]],
    )


def _arms(rows: list[list[str]]) -> str:
    return "\n## Three arms, same prompts\n\n" + _pipe(
        ["arm", "median tok/s", "mean tok/s", "chat", "accept rate"], rows
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    tps=st.integers(500, 1500),
    rate=st.integers(30, 95),
    other=st.integers(30, 95),
    copied_last=st.booleans(),
    name=st.sampled_from(["k 6, greedy", "k=6 greedy", "greedy k 6"]),
)
def test_a_copied_run_gives_no_second_record(
    read, tps: int, rate: int, other: int, copied_last: bool, name: str
) -> None:
    t, r, o = f"{tps / 10:.1f}", f"0.{rate:02d}", f"0.{other:02d}"
    copied = [name, t, f"{tps / 10 + 1.3:.1f}", f"{tps / 10 + 9.2:.1f}", r]
    gated = ["k 6, p-min 0.5", f"{tps / 10 - 4.4:.1f}", "55.5", "60.6", o]
    rows = [gated, copied] if copied_last else [copied, gated]
    got = read(_summary(t, r) + _arms([["plain", "41.7", "41.9", "40.2", "—"], *rows])).records
    want = [float(r), float(o)]
    assert [x.printed_rate for x in got] == want
    assert got[0].first_line < got[1].first_line


def test_near_misses_keep_the_later_row(read) -> None:
    for summary, arm in (
        # another throughput: another run of the same setting
        (_summary("120.4", "0.61"), ["k 6, greedy", "118.0", "119.2", "130.3", "0.61"]),
        # another rate, the throughput alike
        (_summary("120.4", "0.61"), ["k 6, greedy", "120.4", "121.7", "130.3", "0.58"]),
        # a word the summary's labels lack
        (_summary("120.4", "0.61"), ["k 6, sampled", "120.4", "121.7", "130.3", "0.61"]),
    ):
        got = read(summary + _arms([arm])).records
        assert len(got) == 2, arm


def test_two_earlier_rows_matching_keep_the_later_row(read) -> None:
    two = "Two cards.\n\n" + _pipe(
        ["GPU", "Plain tok/s", "Spec tok/s", "k", "Accept rate"],
        [
            ["A100 80GB (pcie)", "41.7", "120.4", "6 (greedy)", "0.61"],
            ["A100 80GB (sxm)", "43.0", "120.4", "6 (greedy)", "0.61"],
        ],
    )
    got = read(two + _arms([["k 6, greedy", "120.4", "121.7", "130.3", "0.61"]])).records
    assert len(got) == 3


def test_two_tables_of_one_layout_are_two_runs(read) -> None:
    # rows named by a number alone, the same name in both tables, a baseline column alike:
    # two engines' runs, no copy
    head = "| Batch | base tok/s | spec tok/s | accept rate |\n|---|---|---|---|\n"
    one = "**engine one**\n\n" + head + "| 1 | 100.0 | 150.2 | 0.61 |\n\n"
    two = "**engine two**\n\n" + head + "| 1 | 100.0 | 171.9 | 0.61 |\n"
    assert len(read(one + two).records) == 2
