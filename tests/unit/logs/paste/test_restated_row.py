"""A one-line claim restating a table's summary row: an approximate prose figure ('~76.0% draft
acceptance') equal at its printed precision to exactly one table cell of the same figure, in a
row labelled overall / all / total / mean / average or in its table's only row, is that row told
twice: one record, the table's (``restated_row.py``). An exact prose figure, one matching two
cells, or one matching a configuration's row among others stays its own record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_MARKS = st.sampled_from(["~", "about ", "around ", "approximately ", "≈"])
_SUMMARY = st.sampled_from(["overall", "all", "total", "mean", "average"])


def _paste(claim: str, rows: list[list[str]]) -> str:
    return (
        "Summary\n"
        f"MTP draft head verified in llama-server: {claim} and ~1.4x decode speedup, k=4.\n\n"
        "Measured numbers (3 seeds)\n" + pipe_table(["arm", "mean acceptance", "mean tok/s"], rows)
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    mark=_MARKS,
    summary=_SUMMARY,
    overall=st.integers(4000, 9000),  # x 100, a percentage with two decimals
    others=st.lists(st.integers(-900, 900).filter(lambda d: abs(d) > 60), min_size=1, max_size=3),
    ci=st.booleans(),
)
def test_an_approximate_claim_of_the_summary_row_is_that_row(
    mark: str, summary: str, overall: int, others: list[int], ci: bool
) -> None:
    said = f"{round(overall / 100, 1):.1f}%"
    tail = f" (95% CI {overall / 100 - 0.3:.1f}–{overall / 100 + 0.3:.1f}%)" if ci else ""
    rows = [[summary, f"{overall / 100:.2f} %", "199.0"]]
    rows += [[f"task {i}", f"{(overall + d) / 100:.2f} %", "190.0"] for i, d in enumerate(others)]
    got = read_paste(_paste(f"{mark}{said} draft acceptance{tail}", rows)).records
    assert [r.first_line for r in got] == [7 + i for i in range(len(rows))]
    assert [r.printed_rate for r in got] == [pytest.approx(float(r[1][:-2]) / 100) for r in rows]
    assert any("restated" in n for n in got[0].notes)


def test_the_only_row_of_a_table() -> None:
    text = _paste("about 2.4 accept length", [["chat", "2.41", "120.0"]]).replace(
        "mean acceptance", "accept length"
    )
    got = read_paste(text).records
    assert [(r.first_line, r.printed_length) for r in got] == [(7, 2.41)]


def test_negative_control_two_runs_with_the_same_value() -> None:
    rows = [["code", "75.99 %", "193.8"], ["math", "76.02 %", "204.2"]]
    got = read_paste(_paste("~76.0% draft acceptance", rows)).records
    assert [r.first_line for r in got] == [2, 7, 8]


def test_negative_control_a_configuration_row() -> None:
    rows = [["code", "75.99 %", "193.8"], ["math", "78.07 %", "204.2"]]
    got = read_paste(_paste("~76.0% draft acceptance", rows)).records
    assert [r.first_line for r in got] == [2, 7, 8]


def test_negative_control_an_exact_figure() -> None:
    rows = [["overall", "75.99 %", "198.9"], ["code", "73.69 %", "193.8"]]
    got = read_paste(_paste("76.0% draft acceptance on a second machine", rows)).records
    assert [r.first_line for r in got] == [2, 7, 8]


@settings(max_examples=examples(30), deadline=None)
@given(
    mark=st.sampled_from(["near-", "near ", "nearly ", "almost ", "~", "about "]),
    shared=st.integers(50, 100),
    n=st.integers(2, 4),
    other=st.integers(10, 45),
)
def test_an_approximate_figure_rows_share_is_those_rows(
    mark: str, shared: int, n: int, other: int
) -> None:
    # 'near-100% acceptance' in a findings list under rows of 100%: told of those rows together
    rows = [[f"model {i}", f"{shared}%", f"{30 + i}.5"] for i in range(n)]
    rows.append(["model x", f"{other}.5%", "12.5"])
    text = (
        "### Results\n\n"
        + pipe_table(["model", "accept rate", "tok/s"], rows)
        + f"\n### Findings\n\n1. **Small models do well:** 30-33 t/s with {mark}{shared}% acceptance\n"
    )
    got = read_paste(text).records
    assert [r.first_line for r in got] == [5 + i for i in range(n + 1)], text
    assert all(any("restated" in x for x in r.notes) for r in got[:n])


def test_negative_control_an_approximate_figure_rows_do_not_share() -> None:
    # two rows of different values both rounding to it, or an exact figure: a record each
    rows = [["a", "64.6%", "30.5"], ["b", "65.4%", "31.5"]]
    body = "### Results\n\n" + pipe_table(["model", "accept rate", "tok/s"], rows)
    got = read_paste(body + "\n- **Both do well**: near 65% acceptance\n").records
    assert [r.first_line for r in got] == [5, 6, 8]
    rows = [["a", "100%", "30.5"], ["b", "100%", "31.5"]]
    body = "### Results\n\n" + pipe_table(["model", "accept rate", "tok/s"], rows)
    got = read_paste(body + "\n- **A new build**: 100% acceptance\n").records
    assert [r.first_line for r in got] == [5, 6, 8]


@pytest.mark.parametrize("restated", [True, False])
def test_a_list_item_under_a_title_line_restating_a_run(restated: bool) -> None:
    # the title line and its first item are read as one line: the mark is on the item's line
    value = "41" if restated else "44"
    text = (
        "Sweep run\n  Benchmarking ... 9.8 tok/s (acceptance: 41%)\n\n## Notes\n\n"
        f"3. **Draft size**:\n   - Small (1B): ~{value}% acceptance rate, few gains\n"
        "   - Large (8B): ~60% acceptance but slow\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == ([0.41, 0.6] if restated else [0.41, 0.44, 0.6])


@pytest.mark.parametrize("repeat", [2, 3])
def test_a_sentence_printed_again_word_for_word_is_one_run(repeat: int) -> None:
    # a feed listing one thread's title again: the same run told twice (or more)
    title = "org/draft-q4 file gives 0% MTP draft acceptance after the last re-export"
    text = "Recent activity\n" + "".join(
        f"new activity {i + 2} days ago\n{title}\n" for i in range(repeat)
    )
    (r,) = read_paste(text).records
    assert r.first_line == 3 and r.accept_length == 1.0
    assert any("word for word" in n for n in r.notes)


def test_negative_control_short_lines_or_other_words_stay_runs() -> None:
    # a short line may be two runs of one value; another sentence is another run
    assert len(read_paste("run a\nacceptance: 71%\n\nrun b\nacceptance: 71%\n").records) == 2
    text = (
        "the first file gives 31% MTP draft acceptance after the last re-export\n"
        "the second file gives 31% MTP draft acceptance after the last re-export\n"
    )
    assert len(read_paste(text).records) == 2
    # a tool's line of counts printed again: the next interval's run, the same totals
    line = "interval stats: accept rate 50.0%, accepted 5 tokens, drafted 10 tokens, all ok\n"
    assert len(read_paste("server log\n" + line + line).records) == 2


@settings(max_examples=examples(20), deadline=None)
@given(al=st.integers(150, 450), tags=st.booleans())
def test_one_caption_under_two_plots_is_one_run(al: int, tags: bool) -> None:
    # two plots of one benchmark, each embedded with the same caption: one run told twice
    cap = f"Our decode benchmark (two ranks, accept length {al / 100:.2f}, batch size varied)"
    if tags:
        cap = f"<small><em>{cap}</em></small>"
    text = f"![plot one](/img/a_1.png){cap}\n\n![plot two](/img/a_2.png){cap}\n"
    (r,) = read_paste(text).records
    assert r.printed_length == al / 100
    assert any("word for word" in n for n in r.notes)


def test_negative_control_two_plots_captioned_differently_stay_runs() -> None:
    # captions differing by a word (another batch size): two runs of the same value
    text = (
        "![plot one](/img/a_1.png)Our decode benchmark (accept length 3.10, batch size 8 fixed)\n"
        "![plot two](/img/a_2.png)Our decode benchmark (accept length 3.10, batch size 16 fixed)\n"
    )
    assert len(read_paste(text).records) == 2


_ARMS = (
    "| Arm | Decode tok/s | Acceptance |\n|---|---|---|\n"
    "| cache on, default sampling | 50.1 | 41.2% |\n"
    "| cache off, default sampling | 40.3 | 41.0% |\n"
    "| cache off, top_p 0.9 | 49.8 | 50.9% |\n"
    "| cache on, top_p 0.9 | 46.0 | 40.6% |\n"
)


@pytest.mark.parametrize("verb", ["lifted acceptance from", "moved the acceptance rate from"])
def test_a_change_whose_sides_round_the_tables_rows_is_no_run(verb: str) -> None:
    # 41% rounds two cells (41.0%, 40.6%); 51% rounds one (50.9%): the line tells the table
    text = f"Setting top_p {verb} 41% to 51% with nothing else changed.\n\n{_ARMS}"
    got = read_paste(text).records
    assert [r.kind for r in got] == ["table_row"] * 4


def test_negative_control_a_whole_number_rounding_two_rows_alone_stays() -> None:
    text = f"Even at 41% acceptance the draft still pays off.\n\n{_ARMS}"
    assert len(read_paste(text).records) == 5
