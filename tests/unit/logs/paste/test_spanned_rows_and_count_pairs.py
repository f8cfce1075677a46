"""Shapes of tables, prose and key-value lines read since the twenty-first session's batches,
each both ways (our own text, no third party's):

- 'Mean Accept Tokens' (the verb's stem before 'tokens') is 'Mean Accepted Tokens': a mean per
  step, its convention undecided, whatever tool the paste names;
- a markdown row opening with '||' and closing with one bar leaves its first cell empty (the
  cell above spanning down); only where some line ends with doubled bars ('|| a || b ||', a wiki
  or Jira header) are doubled bars one bar;
- prose stating a figure of a draft trainer's summary table (a loss row, a training-length row)
  tells the same training, the whole sentence (a change's start too): no record;
- a whole percentage, with or without '~', rounding exactly one cell of a table row that prints a
  rate and a length restates that row;
- two whole counts in brackets under a rate's name, which is which not said: one record of no
  figure; a pair of zeros: none.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import tables as TB
from tests.support.examples import examples

# ------------------------------------------------------------------ 'Mean Accept Tokens'


def _spanned(name: str, vals: list[float], big: bool = False) -> str:
    rows = []
    for i, v in enumerate(vals):
        rows.append(f"| set{i} | plain | - | {80 + i}.5 |")
        rows.append(f"|| tree | {int(v * 100) if big else v:.2f} | {120 + i}.1 |")
    return (
        "Runs served with vLLM, EAGLE drafts.\n\n"
        f"| data | method | {name} | tok/s |\n|-|-|-|-|\n" + "\n".join(rows) + "\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["Mean Accept Tokens", "mean accept tokens", "Mean_Accept_Tokens"]),
    vals=st.lists(st.integers(105, 590), min_size=1, max_size=4),
)
def test_mean_accept_tokens_is_a_length_of_no_convention(name: str, vals: list[int]) -> None:
    got = read_paste(_spanned(name, [v / 100 for v in vals])).records
    assert [r.printed_length for r in got] == [v / 100 for v in vals]
    assert all(r.accept_length is None for r in got)  # (vLLM named: still undecided)
    assert all(("method", "tree") in r.labels for r in got)


def test_accept_tokens_without_a_mean_is_no_length() -> None:
    assert read_paste(_spanned("Accept Tokens", [2.61, 3.05])).records == ()


def test_mean_accept_tokens_of_a_request_is_no_mean_per_step() -> None:
    assert read_paste(_spanned("Mean Accept Tokens", [4.12, 3.88], big=True)).records == ()


def test_doubled_bars_are_one_bar_only_beside_a_doubled_header() -> None:
    spanned = [(1, "| a | b | AL |"), (2, "|-|-|-|"), (3, "|| y | 2.5 |")]
    assert TB.find(spanned)[0][0].rows[0][1] == ["", "y", "2.5"]
    jira = [(1, "|| a || AL ||"), (2, "|| x | 2.5 |")]
    assert TB.find(jira)[0][0].rows[0][1] == ["x", "2.5"]


# ------------------------------------------------------------------ a trainer's figures in prose


def _trainer(prose: str, loss_row: bool = True, start: int = 3, end: int = 12) -> str:
    loss = "| Draft loss | 9.1 → 4.2 | 9.3 → 4.4 |\n" if loss_row else ""
    return (
        "## Draft head\n\n"
        + prose.format(a=f"~0.{start:02d}", b=f"~0.{end:02d}")
        + "\n\n| Metric | Recipe A | Recipe B |\n| --- | --- | --- |\n"
        + loss
        + f"| Mean acceptance rate | ~0.{end:02d} | ~0.{end - 1:02d} |\n"
        + "| Training steps | 2,000 | 2,000 |\n"
    )


_CLIMBS = "The EAGLE draft acceptance rate climbs from {a} to {b} and both recipes agree."


@settings(max_examples=examples(30), deadline=None)
@given(start=st.integers(1, 9), end=st.integers(11, 60), above=st.booleans())
def test_prose_of_a_trainer_summary_figure_is_no_record(start: int, end: int, above: bool) -> None:
    text = _trainer(_CLIMBS, start=start, end=end)
    if not above:  # (the prose after the table as well)
        head, _, rest = text.partition("\n\n")
        prose, _, table = rest.partition("\n\n")
        text = f"{head}\n\n{table}\n{prose}\n"
    assert read_paste(text).records == ()


def test_prose_beside_a_table_that_is_no_trainer_summary_is_read() -> None:
    got = read_paste(_trainer(_CLIMBS, loss_row=False)).records
    assert [r.printed_rate for r in got if r.first_line == 3] == [0.03, 0.12]


def test_a_served_figure_beside_a_trainer_summary_is_read() -> None:
    prose = "Served with SGLang afterwards, the EAGLE draft acceptance rate went from 0.41 to 0.57."
    got = read_paste(_trainer(prose)).records
    assert [r.printed_rate for r in got] == [0.41, 0.57]


# ------------------------------------------------------------------ a coarser summary of a row


def _backends(summary: str, b_rate: str = "0.2") -> str:
    return (
        "# MTP draft does nothing on backend B\n\n## Summary\n"
        f"On backend B the MTP draft never lands ({summary} draft acceptance) while A is fine.\n\n"
        "## Results\n\n| Backend | Draft acceptance | Mean len |\n|---|---|---|\n"
        "| A | 58.3% (70/120) | 3.10 |\n"
        f"| B | {b_rate}% (1/500) | 1.00 |\n"
        "| B + flag | 5.1% (20/392) | 1.15 |\n"
    )


@settings(max_examples=examples(20), deadline=None)
@given(mark=st.sampled_from(["~", "about ", ""]))
def test_a_whole_percentage_rounding_one_row_of_rate_and_length_restates_it(mark: str) -> None:
    got = read_paste(_backends(f"{mark}0%")).records
    assert [r.first_line for r in got] == [10, 11, 12]
    assert any("restated" in n for n in got[1].notes)


def test_a_figure_at_the_cells_precision_or_of_no_cell_stays() -> None:
    assert len(read_paste(_backends("~0.2%")).records) == 4  # (one row of several: its own run)
    assert len(read_paste(_backends("~40%")).records) == 4  # (no cell rounds to it)


# ------------------------------------------------------------------ two counts under a rate's name


def _pairs(pairs: list[tuple[int, int]], spec: bool = True) -> str:
    out = ["MTP on, batch 8:" if spec else "Batch 8:", "```"]
    for i, (a, b) in enumerate(pairs):
        out += [f"Method: m{i}", f"Acceptance rate:  [{a}, {b}]", ""]
    return "\n".join(out[:-1] + ["```"]) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    pairs=st.lists(
        st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)).filter(lambda p: max(p) >= 2),
        min_size=1,
        max_size=4,
    ),
    zeros=st.integers(0, 3),
)
def test_two_counts_under_a_rate_are_a_record_of_no_figure(
    pairs: list[tuple[int, int]], zeros: int
) -> None:
    reading = read_paste(_pairs([(0, 0)] * zeros + pairs))
    got = reading.records
    assert len(got) == len(pairs)
    assert all(
        r.printed_rate is None and r.printed_length is None and r.accepted_tokens is None
        for r in got
    )
    assert [r.fields[0][1] for r in got] == [f"[{a}, {b}]" for a, b in pairs]
    assert [r.labels for r in got] == [(("method", f"m{zeros + i}"),) for i in range(len(pairs))]
    assert len(reading.ignored) == zeros


def test_pairs_without_speculation_fractions_or_three_values_are_not_read() -> None:
    assert read_paste(_pairs([(5120, 4301)], spec=False)).records == ()
    for value in ("[0.81, 0.62]", "(5120, 4301, 77)", "[1, 0]"):
        assert read_paste(f"MTP on:\nAcceptance rate: {value}\n").records == ()
