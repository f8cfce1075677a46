"""Tables: pipe, outerless, tab, box, HTML and sheet copies; header rows, titles and headings that name
a table's figure; bare columns; metrics as rows."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import (
    LENGTH_HEADERS,
    MARKUP,
    order_columns,
    pipe_table,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths, through_logs

LABELS = [
    ("steps", ["3", "5", "7"]),
    ("topk", ["1", "4", "8"]),
    ("dataset", ["mtbench", "gsm8k", "humaneval"]),
]


# every layout the readers know; transposition (metrics as rows) is drawn for each
_LAYOUTS = ["markdown", "csv", "tsv", "box", "aligned", "outerless", "latex", "tab copy"]


def _render(layout: str, header: list[str], rows: list[list[str]]) -> str:
    """The table in ``layout``: those of :func:`render_table`, a pipe table without outer bars,
    a LaTeX tabular, or a web page's tab-separated copy (a blank line between its rows)."""
    if layout == "outerless":
        return pipe_table(header, rows, outer=False)
    if layout == "latex":
        lines = [
            "\\begin{tabular}{" + "l" * len(header) + "}",
            "\\toprule",
            " & ".join(header) + " \\\\",
            "\\midrule",
            *(" & ".join(r) + " \\\\" for r in rows),
            "\\bottomrule",
            "\\end{tabular}",
        ]
        return "\n".join(lines) + "\n"
    if layout == "tab copy":
        return "\n\n".join("\t".join(r) for r in [header, *rows]) + "\n"
    return render_table(layout, header, rows)


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, list[float], list[dict[str, str]]]:
    layout = draw(st.sampled_from(_LAYOUTS))
    head = draw(st.sampled_from(LENGTH_HEADERS))
    labels = draw(
        st.lists(st.sampled_from(LABELS), min_size=1, max_size=3, unique_by=lambda x: x[0])
    )
    transpose = draw(st.booleans())
    # a tab copy with blank lines needs three columns to be a table: two are key-value lines
    n = draw(st.integers(2 if layout == "tab copy" and transpose else 1, 3))
    lengths = [draw(st.integers(100, 800)) / 100 for _ in range(n)]
    cols: list[tuple[str, list[str]]] = [(name, vals[:n]) for name, vals in labels]
    if layout == "csv" and "," in head:
        head = head.replace(",", "")
    cols.insert(draw(st.integers(0, len(cols))), (head, [f"{v:.2f}" for v in lengths]))
    if layout == "tab copy" and not transpose and len(cols) < 3:
        cols.append(("speedup", [f"{1 + i / 10:.2f}x" for i in range(n)]))
    if transpose:
        header = ["metric"] + [f"run{i}" for i in range(n)]
        rows = [[name, *vals] for name, vals in cols]
        # each column's labels: its name and the named rows of words or numbers (a 'dataset'
        # row right under the header is a row, not a second header row, in every layout)
        truth_labels = [
            {"column": f"run{i}", **{name: vals[i] for name, vals in labels}} for i in range(n)
        ]
    else:
        header = [name for name, _ in cols]
        rows = [[vals[i] for _, vals in cols] for i in range(n)]
        truth_labels = [{name: vals[i] for name, vals in labels} for i in range(n)]
    text = _render(layout, header, rows)
    quoting = draw(st.sampled_from(["", "> ", "> > ", "+"]))
    if quoting:
        text = "".join(quoting + ln + "\n" for ln in text.splitlines())
    return text, lengths, truth_labels


_RATES = st.lists(st.integers(min_value=50, max_value=999), min_size=1, max_size=5)


@st.composite
def grouped_tables(draw: st.DrawFn) -> tuple[str, list[float]]:
    datasets = draw(
        st.lists(
            st.sampled_from(["MT-bench", "GSM8K", "HumanEval", "Alpaca"]),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    metric = draw(st.sampled_from(["τ", "AL", "acc len"]))
    methods = draw(
        st.lists(
            st.sampled_from(["EAGLE", "Medusa", "HASS", "ours"]),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    top = ["", *[x for d in datasets for x in (d, "")]]
    sub = ["Method", *[x for _ in datasets for x in ("Speedup", metric)]]
    truth: list[float] = []
    rows = []
    for m in methods:
        cells = [m]
        for _ in datasets:
            v = draw(st.integers(100, 600)) / 100
            truth.append(v)
            cells += [f"{draw(st.integers(100, 400)) / 100:.2f}x", f"{v:.2f}"]
        rows.append(cells)
    lines = [
        "| " + " | ".join(top) + " |",
        "| " + " | ".join(sub) + " |",
        "|" + "---|" * len(sub),
    ] + ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n", truth


_FIGURE_HEADINGS = (
    ("## Acceptance Length vs Context Length", C.LENGTH),
    ("# Accept length by prompt length", C.LENGTH),
    ("## Mean acceptance length", C.LENGTH),
    ("### Acceptance rate vs batch size", C.RATE),
)


@settings(max_examples=examples(60), deadline=None)
@given(tables())
def test_generated_tables_give_one_record_per_configuration(
    read: Read,
    case: tuple[str, list[float], list[dict[str, str]]],
) -> None:
    text, lengths, labels = case
    got = read("SGLang bench_speculative\n\n" + text)
    if not got.records and read is through_logs:
        # a table in the line scanner's own SGLang bench_speculative layout ('| Accept Length |
        # steps | topk |') is its record, with SGLang's convention
        assert line_scanner_lengths("SGLang bench_speculative\n\n" + text) == lengths, text
        return
    assert [r.printed_length for r in got.records] == lengths, text
    for r, lab in zip(got.records, labels, strict=True):
        assert r.tool == "sglang"
        assert r.accept_length == r.printed_length  # the tool decides: bonus included
        assert lab.items() <= dict(r.labels).items(), (text, r.labels)


@settings(max_examples=examples(40), deadline=None)
@given(_RATES, st.sampled_from(["Accept", "Acc", "accept"]), st.booleans())
def test_a_bare_accept_column_of_percentages_is_a_rate(
    tenths: list[int], name: str, details: bool
) -> None:
    rows = "".join(f"| {i + 2} | {100 + i} | {t / 10:.1f}% |\n" for i, t in enumerate(tenths))
    table = f"| K | tok/s | {name} |\n|---|---|---|\n{rows}"
    if details:
        table = f"<details>\n<summary>EAGLE-3 runs</summary>\n\n{table}\n</details>\n"
    got = read_paste(table).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(t / 1000, 6) for t in tenths]
    assert all(r.accept_length is None for r in got)


def test_a_bare_accept_column_of_plain_numbers_is_not_guessed() -> None:
    """Accepted drafts and tokens per step look alike: read as lengths of unknown convention
    (the reader of last resort), no normalised figure claimed; 'Acc' alone stays unread."""
    text = "| K | Accept |\n|---|---|\n| 3 | 2.41 |\n| 4 | 2.77 |\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.41, 2.77]
    assert all(r.accept_length is None and r.printed_rate is None for r in got)
    assert read_paste(text.replace("Accept", "Acc")).records == ()


def test_a_tau_table_under_a_sentence_title_with_mojibake() -> None:
    text = (
        "Mean acceptance length (Ï„) measured on our eval mix with K = 5:\n"
        "| Setup | Temp 0 | Temp 1 |\n"
        "|---|---|---|\n"
        "| draft A | 3.91 | 3.62 |\n"
        "| draft B | 4.07 | 3.80 |\n"
        "\n"
        "| Checkpoint | MT-bench (Ï„) | GSM8K (Ï„) |\n"
        "|---|---|---|\n"
        "| baseline | 2.64 | 3.12 |\n"
        "Note: the current vLLM implementation drafts greedily at any temperature.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.91, 3.62, 4.07, 3.80, 2.64, 3.12]
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=110, max_value=790), min_size=1, max_size=4),
    st.sampled_from(["accept", "acc", "Accept"]),
    st.sampled_from(["committed/round", "tokens per step", "accept length"]),
)
def test_a_bare_column_defined_in_the_prose_above(
    hundredths: list[int], name: str, definition: str
) -> None:
    """'(..., accept = committed/round = ~draft + 1 bonus)' above a table with an 'accept'
    column of plain numbers: the column is what the prose defined."""
    body = "".join(f"| E{i} | 8 | {h / 100:.2f} | {20 + i}.5 |\n" for i, h in enumerate(hundredths))
    text = (
        f"Steady state on two GPUs ({name} = {definition} = ~draft + 1 bonus).\n\n"
        f"| Env | budget | {name} | tok/s |\n|---|--:|--:|--:|\n{body}"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [round(h / 100, 2) for h in hundredths]


def test_a_bare_column_without_a_definition_is_not_guessed() -> None:
    """No definition says what 'accept' counts: a length of unknown convention, no more."""
    text = "| Env | accept | tok/s |\n|---|--:|--:|\n| E1 | 4.32 | 19.0 |\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(4.32, None)]


@settings(max_examples=examples(40), deadline=None)
@given(grouped_tables())
def test_generated_multi_row_headers(read: Read, case: tuple[str, list[float]]) -> None:
    text, truth = case
    got = read(text)
    assert [r.printed_length for r in got.records] == truth, text
    assert all(r.accept_length is None for r in got.records)  # no tool, no identity: unknown
    assert all(dict(r.labels).get("column") for r in got.records)


def test_transposed_rates_with_an_approximate_cell() -> None:
    text = (
        "| Metric | greedy verify | sampled verify |\n"
        "|---|---|---|\n"
        "| Draft acceptance rate | ~7% | 81.4% |\n"
    )
    got = read_paste(text)
    assert [round(r.printed_rate or 0, 6) for r in got.records] == [0.07, 0.814]
    assert all(r.accept_length is None for r in got.records)


def test_pipe_table_without_outer_bars() -> None:
    text = (
        "draft checkpoint | mean acceptance length\n"
        "-- | --\n"
        "epoch-1 | 2.05\n"
        "epoch-4 | 2.61\n"
        "\n"
        "the later one is better\n"
    )
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [2.05, 2.61]
    assert got.records[0].structure == "markdown table"


def test_a_table_whose_figure_is_named_by_its_title() -> None:
    text = (
        "### Acceptance Lengths\n"
        "\n"
        "| Category | draft v1 | draft v2 | Delta |\n"
        "|---|---|---|---|\n"
        "| coding | 2.40 | 2.55 | +6.3% |\n"
        "| math | 2.10 | 2.31 | +10.0% |\n"
        "\n"
        "### Per-Position Acceptance Rates\n"
        "\n"
        "| Position | draft v1 | draft v2 |\n"
        "|---|---|---|\n"
        "| 0 | 0.61 | 0.66 |\n"
        "| 1 | 0.33 | 0.37 |\n"
    )
    got = read_paste(text).records
    lengths = [r.printed_length for r in got if r.printed_length is not None]
    assert lengths == [2.40, 2.55, 2.10, 2.31]
    pos = [r.per_position for r in got if r.per_position]
    assert pos == [(0.61, 0.33), (0.66, 0.37)]
    # a table under a title naming no figure stays unread
    assert not read_paste(
        "### Latency\n\n| run | a | b |\n|---|---|---|\n| x | 2.4 | 2.5 |\n"
    ).records


def test_sheet_copy_with_a_spanning_title_and_no_outer_bars() -> None:
    """A spreadsheet pasted as a pipe table without outer bars: a title row with empty cells,
    the delimiter row, then the column names as the first row."""
    text = (
        "  | acc len |   |  \n"
        "-- | -- | -- | --\n"
        "steps | draft A | draft B | Gain %\n"
        "3 | 2.05 | 2.30 | 1.122\n"
        "5 | 2.20 | 2.61 | 1.186\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.05, 2.30, 2.20, 2.61]
    assert dict(got[0].labels).get("steps") == "3"


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=-900, max_value=1500), min_size=2, max_size=6),
    st.sampled_from(["accepted length", "acceptance rate", "accept len"]),
    st.sampled_from(["%", ""]),
)
def test_a_column_of_signed_changes_is_no_figure(deltas: list[int], header: str, pct: str) -> None:
    """'+2.00%', '-0.25%' under 'accepted length': changes against a baseline, not lengths."""
    if all(d < 0 for d in deltas):
        deltas[0] = abs(deltas[0])
    rows = [
        f"| {i / 10:.1f} | {'+' if d >= 0 else '-'}{abs(d) / 100:.2f}{pct} |"
        for i, d in enumerate(deltas)
    ]
    text = f"| temp | {header} |\n|---|---|\n" + "\n".join(rows) + "\n"
    assert read_paste(text).records == (), text
    assert read_paste("the speculative accept length: +0.31 over main\n").records == ()


def test_a_terminal_table_under_a_centred_title() -> None:
    text = (
        "                 Acceptance Length Report\n"
        "┏━━━━━━━━━┳━━━━━━━┳━━━━━━━┓\n"
        "┃ Model   ┃ chat  ┃ code  ┃\n"
        "┡━━━━━━━━━╇━━━━━━━╇━━━━━━━┩\n"
        "│ tiny-8b │  2.18 │  2.74 │\n"
        "└─────────┴───────┴───────┘\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.18, 2.74]
    # the title is AIPerf's speed-bench-report's: 1 + accepted / steps over each run
    assert [(r.tool, r.accept_length, r.pooling.value) for r in got] == [
        ("aiperf", 2.18, "pooled"),
        ("aiperf", 2.74, "pooled"),
    ]
    other = text.replace("Acceptance Length Report", "Acceptance Lengths by task")
    assert [(r.printed_length, r.accept_length) for r in read_paste(other).records] == [
        (2.18, None),
        (2.74, None),
    ]


@settings(max_examples=examples(40), deadline=None)
@given(
    heading=st.sampled_from(_FIGURE_HEADINGS),
    between=st.lists(
        st.sampled_from(
            [
                "## Support notes\n\nThe draft's window is ignored by the loader.",
                "Evaluated on 10 prompts per length, temperature 0.",
                "### Drafter A vs Drafter B",
                "**Implementation**: set the window per layer.",
            ]
        ),
        min_size=1,
        max_size=3,
    ),
    n_cols=st.integers(1, 3),
    n_rows=st.integers(1, 5),
    delta=st.booleans(),
    bold=st.booleans(),
    layout=st.sampled_from(["pipe", "tsv", "aligned"]),
    data=st.data(),
)
def test_a_table_whose_figure_a_heading_further_up_names(
    heading: tuple[str, str],
    between: list[str],
    n_cols: int,
    n_rows: int,
    delta: bool,
    bold: bool,
    layout: str,
    data: st.DataObject,
) -> None:
    title, metric = heading
    if bold:
        title = "**" + title.lstrip("# ") + "**"
    header = ["Context"] + [f"drafter-{j}" for j in range(n_cols)] + (["Δ"] if delta else [])
    rows, want = [], []
    for i in range(n_rows):
        lo, hi = (101, 790) if metric == C.LENGTH else (5, 95)
        vals = [data.draw(st.integers(lo, hi)) for _ in range(n_cols)]
        want += [v / 100 for v in vals]
        cells = [f"{v / 100:.3f}" if metric == C.LENGTH else f"{v}%" for v in vals]
        rows.append([f"{2 * (i + 1)}k", *cells] + (["**+10.1%**"] if delta else []))
    if layout == "pipe":
        table = render_table("markdown", header, rows)
    elif layout == "tsv":
        table = "\n".join("\t".join(r) for r in [header, *rows]) + "\n"
    else:
        table = "```\n" + "\n".join("".join(c.ljust(14) for c in r) for r in [header, *rows])
        table += "\n```\n"
    text = title + "\n\n" + "\n\n".join(between) + "\n\n" + table
    got = read_paste(text).records
    figs = [r.printed_length if metric == C.LENGTH else r.printed_rate for r in got]
    assert [round(f or 0, 4) for f in figs] == [round(w, 4) for w in want]
    assert all(r.accept_length is None for r in got)  # no tool, no identity


def test_a_heading_further_up_does_not_name_a_table_under_another_measure() -> None:
    table = render_table(
        "markdown", ["Context", "drafter-a", "drafter-b"], [["2k", "1.50", "1.60"]]
    )
    # a nearer heading names another figure: the table holds that one
    text = "## Acceptance Length\n\nSee below.\n\n## Throughput\n\nNotes.\n\n" + table
    assert read_paste(text).records == ()
    # numbers no acceptance length can be (tok/s) are not read under it
    speeds = render_table("markdown", ["Context", "drafter-a"], [["2k", "101.5"], ["4k", "99.0"]])
    assert read_paste("## Acceptance Length\n\nSee below.\n\n" + speeds).records == ()
    # no heading names a figure: nothing
    assert read_paste("## Results\n\nSee below.\n\n" + table).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    rate_name=st.sampled_from(["接受率", "Accept rate", "acceptance", "平均接受率"]),
    n_rows=st.integers(1, 6),
    blanks=st.lists(st.integers(0, 2), min_size=7, max_size=7),
    extra_header=st.booleans(),
    data=st.data(),
)
def test_a_tab_table_with_blank_lines_and_a_header_cell_no_row_fills(
    read: Read,
    rate_name: str,
    n_rows: int,
    blanks: list[int],
    extra_header: bool,
    data: st.DataObject,
) -> None:
    header = ["Tokens", "Baseline (tok/s)", "DFlash (tok/s)", "加速比", rate_name]
    if extra_header:
        header.append("改善 (baseline→dflash)")
    lines = ["DFlash Benchmark — M3 Ultra", "\t".join(header)]
    want = []
    for i in range(n_rows):
        rate = data.draw(st.integers(1000, 9999)) / 100
        want.append(round(rate / 100, 6))
        lines += [""] * blanks[i]
        lines.append("\t".join([str(256 * 2**i), "74.72", "194.80", "2.61×", f"{rate:.2f}%"]))
    got = read("\n".join(lines) + "\n\nThanks, 84–89% is the band we hope for.\n")
    assert [round(r.printed_rate or 0, 6) for r in got.records] == want
    assert all(r.accept_length is None for r in got.records)


def test_tab_tables_of_other_figures_stay_unread_and_apart() -> None:
    speeds = "Tokens\tBaseline (tok/s)\tDFlash (tok/s)\n\n256\t74.72\t194.80\n512\t73.1\t200.2\n"
    assert read_paste("DFlash speed\n" + speeds).records == ()
    # a two-column tab line after a blank line is another block, not the table's row
    from specdiag.core.logs.paste import text as TX

    lines = [(1, "a\tb\tc\td"), (2, ""), (3, "x y")]
    assert len(TX.blocks(lines)) == 2


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(
        [
            ("**Mean accepted tokens per step** (excluding the bonus token)", 1.0),
            ("**Accept length** (incl. bonus):", 0.0),
            ("**Acceptance length** (tokens per verify step)", 0.0),
            ("**Accepted drafts per step** (no bonus)", 1.0),
        ]
    ),
    v1=st.integers(110, 590),
)
def test_a_bold_title_with_its_definition_in_brackets(title: tuple[str, float], v1: int) -> None:
    text, add = title
    v = v1 / 100
    got = read_paste(
        text + "\n\n" + render_table("markdown", ["task", "v1"], [["chat", f"{v:.2f}"]])
    ).records
    (r,) = got
    assert r.printed_length == v and r.accept_length == round(v + add, 6), r.bonus


def test_a_heading_naming_two_measures_or_bare_acceptance_titles_nothing_far_below() -> None:
    table = render_table(
        "markdown", ["TP", "1", "2"], [["1", "0.852", "0.844"], ["2", "0.836", "0.859"]]
    )
    for heading in ("## Acceptance Length vs Accuracy", "## Acceptance"):
        text = f"{heading}\n\nRuns below.\n\n### H200 results\n\n" + table
        assert read_paste(text).records == (), heading


def test_two_tables_a_blank_line_apart_stay_two_tables() -> None:
    tab = "Tokens\tBaseline tok/s\taccept rate\n256\t74.72\t85.16%\n\nTokens\tSpeedup\tDraft ms\n"
    tab += "256\t2.61\t12.0\n"
    (r,) = read_paste("Run A\n" + tab).records
    assert round(r.printed_rate or 0, 6) == 0.8516 and r.last_line == 3
    pipes = (
        "| a | b |\n|---|---|\n| 1 | 2 |\n\n| task | accept length |\n|---|---|\n| chat | 2.61 |\n"
    )
    (r,) = read_paste(pipes).records
    assert r.printed_length == 2.61
    # one pipe table a blank line split: still one
    split = "| task | accept length |\n\n|---|---|\n| chat | 2.61 |\n\n| code | 3.02 |\n"
    assert [r.printed_length for r in read_paste(split).records] == [2.61, 3.02]


@settings(max_examples=examples(60), deadline=None)
@given(
    length_name=st.sampled_from(["Mean Acceptance Length", "Accept length", "AL", "acc_len"]),
    rate_name=st.sampled_from(["Draft Acceptance Rate", "Accept rate", "accept_rate (%)"]),
    other=st.sampled_from(["", "Mean TTFT (ms)", "Output tok/s"]),
    runs=st.integers(1, 3),
    layout=st.sampled_from(["aligned", "pipes", "pipes_rule"]),
    rate_first=st.booleans(),
    data=st.data(),
)
def test_a_table_of_metrics_as_rows_without_a_header(
    read: Read,
    length_name: str,
    rate_name: str,
    other: str,
    runs: int,
    layout: str,
    rate_first: bool,
    data: st.DataObject,
) -> None:
    lengths = [data.draw(st.integers(120, 500)) / 100 for _ in range(runs)]
    rates = [data.draw(st.integers(200, 950)) / 10 for _ in range(runs)]
    rows = [
        [length_name, *(f"{x:.2f}" for x in lengths)],
        [rate_name, *(f"{x:.1f}%" if "%" not in rate_name else f"{x:.1f}" for x in rates)],
    ]
    if rate_first:
        rows.reverse()
    if other:
        rows.append([other, *("123.4" for _ in range(runs))])
    if layout == "aligned":
        text = "\n".join("".join(c.ljust(28) for c in r).rstrip() for r in rows) + "\n"
    else:
        lines = ["| " + " | ".join(r) + " |" for r in rows]
        if layout == "pipes_rule":
            lines.insert(1, "|" + "---|" * (runs + 1))
        text = "\n".join(lines) + "\n"
    got = read("Results of the run:\n\n" + text).records
    assert [r.printed_length for r in got] == lengths
    assert [round(r.printed_rate or 0, 4) for r in got] == [round(x / 100, 4) for x in rates]


def test_a_first_row_of_numbers_under_a_name_of_no_figure_stays_a_header() -> None:
    # numbers heading the columns of a configuration (batch sizes): a header, read as before
    text = "| batch | 1 | 8 | 32 |\n|---|---|---|---|\n| AL | 2.61 | 2.58 | 2.55 |\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.61, 2.58, 2.55]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Acceptance Length", "AL", "accept rate", "τ"]),
    spread=st.sampled_from([" ± std", " (± std)", " (mean ± sd)", " +/- stddev"]),
    n=st.integers(1, 4),
    data=st.data(),
)
def test_a_figure_with_its_spread_named_in_the_header(
    name: str, spread: str, n: int, data: st.DataObject
) -> None:
    rate = "rate" in name
    vals = [data.draw(st.integers(120, 480)) / (1000 if rate else 100) for _ in range(n)]
    rows = [[f"run{i}", f"{v:.2f} ± 0.{i + 1}"] for i, v in enumerate(vals)]
    got = read_paste(pipe_table(["model", name + spread], rows)).records
    if rate:
        assert [r.printed_rate for r in got] == pytest.approx([round(v, 2) for v in vals])
    else:
        assert [r.printed_length for r in got] == [round(v, 2) for v in vals]


def test_a_signed_or_delta_column_of_metric_rows_is_no_record() -> None:
    for head in ("Δ", "Delta", "Change"):
        text = (
            f"| Metric | Baseline | Ours | {head} |\n|---|---|---|---|\n"
            "| Throughput (tok/s) | 304.9 | 371.9 | +22.0% |\n"
            "| Accept Length | 1.000 | 2.347 | +134.7% |\n"
        )
        # (the baseline's 1.000 is no record: it measured no speculation)
        assert [r.printed_length for r in read_paste(text).records] == [2.347], head
    text = "| Metric | A | B | vs A |\n|---|---|---|---|\n| Accept Length | 2.1 | 2.4 | +0.3 |\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.1, 2.4]


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(["accepted_tokens, %", "Accept length", "acceptance rate", "τ"]),
    head_double=st.booleans(),
    rule=st.sampled_from(["|| -- | -- | -- ||", "|---|---|---|", "| :-- | --: | --: |"]),
    row_outer=st.lists(st.booleans(), min_size=1, max_size=4),
    lead=st.sampled_from(["", " "]),
    data=st.data(),
)
def test_doubled_bars_and_rows_without_outer_bars(
    name: str, head_double: bool, rule: str, row_outer: list[bool], lead: str, data: st.DataObject
) -> None:
    metric = C.key(name).metric
    length = metric == C.LENGTH
    bar = "||" if head_double else "|"
    header = f"{bar} mode {bar} speedup {bar} {name} {bar}"
    vals = [data.draw(st.integers(120, 390) if length else st.integers(3, 95)) for _ in row_outer]
    lines = [header, rule]
    for i, (outer, v) in enumerate(zip(row_outer, vals, strict=True)):
        cell = f"{v / 100:.2f}" if length else (f"{v}%" if "%" not in name else str(v))
        body = f"Static SD: {100 + i} | 0.{60 + i}x | {cell}"
        lines.append(lead + (f"| {body} |" if outer else body))
    got = read_paste("# Results on CPU:\n\n" + "\n".join(lines) + "\n")
    if length:
        assert [r.printed_length for r in got.records] == [v / 100 for v in vals]
    else:
        assert [r.printed_rate for r in got.records] == [v / 100 for v in vals]


def test_a_boolean_or_in_code_is_no_table() -> None:
    text = "if accept_len > 2 || accept_rate > 0.5:\n    keep = 1 || 0\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(["accept", "Accept", "acc", "**accept**"]),
    base=st.sampled_from(["baseline", "no spec", "autoregressive", "vanilla"]),
    vals=st.lists(st.integers(105, 780), min_size=1, max_size=5),
    outer=st.booleans(),
    data=st.data(),
)
def test_a_bare_accept_column_of_lengths_with_a_baseline_at_one(
    name: str, base: str, vals: list[int], outer: bool, data: st.DataObject
) -> None:
    n = len(vals) + 1
    cells = ["1.00"] + [data.draw(st.sampled_from(MARKUP)).format(f"{v / 100:.2f}") for v in vals]
    cols = [
        ("arm", [base] + [f"draft cap={i}" for i in range(1, n)]),
        ("decode tok/s", [f"{20 + i}.3" for i in range(n)]),
        (name, cells),
        ("e2e", [f"{0.8 + i / 10:.2f}×" for i in range(n)]),
    ]
    header, rows = order_columns(cols, [0] + data.draw(st.permutations([1, 2, 3])))
    got = read_paste("Its own benchmark (3 prompts):\n\n" + pipe_table(header, rows, outer))
    want = [v / 100 for v in vals]  # the baseline's 1.00 decides, and is no record
    assert [r.printed_length for r in got.records] == want
    assert [r.accept_length for r in got.records] == want


def test_a_bare_accept_column_that_is_no_length() -> None:
    # one decimal (a percentage without its sign), or without a baseline: no length claimed
    pct = pipe_table(["arm", "accept"], [["a", "8.7"], ["b", "10.7"]])
    assert all(r.printed_length is None for r in read_paste(pct).records)
    # without a run at 1.00 the column may be accepted drafts or tokens per step: lengths of
    # unknown convention, none normalised
    no_base = read_paste(pipe_table(["arm", "accept"], [["a", "2.75"], ["b", "4.03"]]))
    assert [(r.printed_length, r.accept_length) for r in no_base.records] == [
        (2.75, None),
        (4.03, None),
    ]
    # a baseline printing anything but 1 proves nothing either
    other = read_paste(pipe_table(["arm", "accept"], [["baseline", "0.00"], ["b", "4.03"]]))
    assert all(r.accept_length is None for r in other.records)


@pytest.mark.parametrize(
    "title", ["**Before: accept length 2.3**", "**After (accept_len 2.3)**:", "**AL 2.3**"]
)
def test_a_bold_title_rounding_the_figures_below_it_is_a_title(title: str) -> None:
    text = f"{title}\n\n- accept length: 2.34 on chat\n- accept length: 2.28 on code\n"
    got = read_paste(text)
    assert sorted(r.printed_length or 0 for r in got.records) == [2.28, 2.34]
    # a bold line with a figure no line below rounds to stays a record
    other = read_paste(text.replace("2.3", "2.9", 1))
    assert sorted(r.printed_length or 0 for r in other.records) == [2.28, 2.34, 2.9]


@settings(max_examples=examples(40), deadline=None)
@given(
    vals=st.lists(st.integers(110, 690), min_size=1, max_size=4),
    attrs=st.sampled_from(["", ' align="center"', ' class="x"']),
    bold=st.booleans(),
    one_line=st.booleans(),
)
def test_html_table_rows(
    read: Read, vals: list[int], attrs: str, bold: bool, one_line: bool
) -> None:
    def cell(tag: str, text: str) -> str:
        return f"<{tag}{attrs}>{text}</{tag}>"

    rows = [
        "<tr>" + cell("th", "Model") + cell("th", "Accept Length") + cell("th", "Speedup") + "</tr>"
    ]
    for i, v in enumerate(vals):
        shown = f"<b>{v / 100:.2f}</b>" if bold else f"{v / 100:.2f}"
        rows.append(
            "<tr>"
            + cell("td", f"m{i}")
            + cell("td", shown)
            + cell("td", "" if i % 2 else "1.5x")
            + "</tr>"
        )
    body = (
        "<table>" + rows[0] + "\n" + "\n".join(rows[1:]) + "</table>"
        if one_line
        else ("<table>\n" + "\n".join(rows) + "\n</table>")
    )
    got = read(body + "\n")
    assert [r.printed_length for r in got.records] == [v / 100 for v in vals]


@settings(max_examples=examples(40), deadline=None)
@given(
    sets=st.lists(
        st.sampled_from(["MT-bench", "GSM8K", "HumanEval", "chat", "H100", "Alpaca"]),
        min_size=1,
        max_size=3,
        unique=True,
    ),
    metric=st.sampled_from(["τ", "AL", "accept length", "acc len", "accept rate"]),
    arrow=st.sampled_from(["", " ↑"]),
    data=st.data(),
)
def test_a_dataset_before_the_metric_in_a_header(
    sets: list[str], metric: str, arrow: str, data: st.DataObject
) -> None:
    rate = "rate" in metric
    header = ["Method"] + [f"{s} {metric}{arrow}" for s in sets]
    vals = [data.draw(st.integers(30, 95) if rate else st.integers(110, 690)) for _ in sets]
    cells = [f"{v}%" if rate else f"{v / 100:.2f}" for v in vals]
    got = read_paste(pipe_table(header, [["EAGLE-3", *cells]]))
    figs = [r.printed_rate if rate else r.printed_length for r in got.records]
    assert [round(f or 0, 6) for f in figs] == [v / 100 for v in vals]


@pytest.mark.parametrize(
    "header", ["speedup τ", "simulated AL", "expected accept length", "tg/s, 30% acceptance"]
)
def test_another_measure_before_the_metric_is_not_it(header: str) -> None:
    assert C.key(header).metric is None


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(1, 5), over=st.integers(5, 150), label=st.booleans())
def test_a_bare_accept_column_above_its_rows_k(k: int, over: int, label: bool) -> None:
    v = k + over / 100
    if label:
        text = pipe_table(["config", "accept", "tok/s"], [[f"eagle k={k}", f"{v:.2f}", "100"]])
    else:
        text = pipe_table(["K", "accept", "tok/s"], [[str(k), f"{v:.2f}", "100"]])
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [round(v, 2)]
    # the k of a label decides the bonus; a bare 'K' column only makes the column read
    assert got.records[0].accept_length == (round(v, 2) if label else None)


def test_accept_percent_column_is_a_rate() -> None:
    assert C.key("Accept %").metric == C.RATE
    text = (
        "| Prompt len | tok/s | Accept % |\n"
        "|---|---|---|\n"
        "| 128 | **80.4** | 41.5% |\n"
        "| 512 | **61.0** | 27.0% |\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.415, 0.27]
    assert all(r.accept_length is None for r in got)


def test_a_heading_rounding_the_figures_below_is_a_title() -> None:
    text = (
        "## Regression found (draft acceptance 0.81 → 0.42)\n"
        "\n"
        "- **v1.2: acceptance 0.812 (good)**\n"
        "- **v1.3: acceptance 0.418 (40 accepted / 96 generated) (bad)**\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.812, 0.418]
    # a heading with its own figure stays a record
    own = text.replace("0.81 → 0.42", "0.77 on the old build")
    assert [r.printed_rate for r in read_paste(own).records] == [0.77, 0.812, 0.418]


@settings(max_examples=examples(50), deadline=None)
@given(
    k=st.integers(2, 16),
    name=st.sampled_from(["accepted/{k}", "accepted / {k}", "acc/{k}", "accepted out of {k}"]),
    config=st.sampled_from(["", "DFlash2 ", "draft-b ", "MTP "]),
    layout=st.sampled_from(["markdown", "csv", "tsv", "box", "aligned"]),
    data=st.data(),
)
def test_a_column_of_accepted_out_of_a_block_of_k(
    k: int, name: str, config: str, layout: str, data: st.DataObject
) -> None:
    n = data.draw(st.integers(1, 4))
    vals = [data.draw(st.integers(100, 100 * k)) / 100 for _ in range(n)]
    header = ["ctx", f"{config}tok/s", config + name.format(k=k)]
    rows = [[str(512 * (i + 1)), f"{40 + i}.5", f"{v:.2f}"] for i, v in enumerate(vals)]
    got = read_paste(render_table(layout, header, rows)).records
    assert [r.printed_length for r in got] == vals
    # whether what one step accepts counts the target's own token is not said
    assert all(r.accept_length is None for r in got)


def test_accepted_drafts_out_of_k_leave_the_bonus_out_and_other_measures_are_not_it() -> None:
    (r,) = read_paste(pipe_table(["run", "accepted drafts/7"], [["a", "3.20"]])).records
    assert (r.printed_length, r.accept_length) == (3.2, 4.2)
    for header in ("tok/s accepted/8", "accepted/1024", "speedup accepted/8"):
        assert read_paste(pipe_table(["run", header], [["a", "3.20"]])).records == (), header


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(
        ["Accept length:", "### Mean acceptance length", "**τ**", "Acceptance rate (%):"]
    ),
    items=st.lists(
        st.sampled_from(["mtbench", "gsm8k", "humaneval", "alpaca", "qa"]),
        min_size=2,
        max_size=4,
        unique=True,
    ),
    cols=st.just(1),
    indent=st.sampled_from(["", "  ", "    "]),
    data=st.data(),
)
def test_aligned_rows_under_a_title_naming_their_figure_have_no_header(
    title: str, items: list[str], cols: int, indent: str, data: st.DataObject
) -> None:
    rate = "rate" in title
    vals = [[data.draw(st.integers(110, 480)) for _ in range(cols)] for _ in items]
    shown = [[f"{v / 5:.1f}" if rate else f"{v / 100:.2f}" for v in row] for row in vals]
    lines = [indent + f"{it:<12}" + "   ".join(row) for it, row in zip(items, shown, strict=True)]
    got = read_paste(title + "\n" + "\n".join(lines) + "\n").records
    seen = [r.printed_rate if rate else r.printed_length for r in got]
    want = [v / 500 if rate else v / 100 for row in vals for v in row]
    assert seen == pytest.approx(want)
    assert [r.labels[0] for r in got] == [("item", it) for it in items for _ in range(cols)]


def test_a_header_of_numbers_over_rows_named_as_figures_stays_a_header() -> None:
    text = "Accept length by k\nk        1     2     3\nAL     1.80  2.40  2.90\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [1.8, 2.4, 2.9]


@settings(max_examples=examples(30), deadline=None)
@given(
    sym=st.sampled_from(["`a`", "α", "`p`", "r"]),
    heading=st.sampled_from(["### {s}, measured", "## {s} (measured)", "### {s} — measured"]),
    figure=st.sampled_from(["MTP acceptance rate", "draft acceptance rate", "acceptance rate"]),
    rates=st.lists(st.integers(100, 990), min_size=2, max_size=4),
    pooled=st.booleans(),
)
def test_a_bare_symbol_a_heading_names_as_measured_is_the_proses_one_figure(
    sym: str, heading: str, figure: str, rates: list[int], pooled: bool
) -> None:
    rows = [[f"d{i}", f"{r / 1000:.4f}", f"{r / 5000:.4f}"] for i, r in enumerate(rates)]
    if pooled:
        rows.append(
            ["**pooled**", f"**{sum(rates) / len(rates) / 1000:.4f} ± 0.0200** (1se, n=80)", ""]
        )
    text = (
        f"Nobody had the {figure} for this model, so we measured it.\n\n"
        + heading.format(s=sym)
        + "\n\n"
        + pipe_table(["domain", sym, "ctrl: shifted"], rows)
    )
    got = read_paste(text).records
    want = [r / 1000 for r in rates] + (
        [round(sum(rates) / len(rates) / 1000, 4)] if pooled else []
    )
    assert [r.printed_rate for r in got] == pytest.approx(want)


def test_a_symbol_under_a_heading_without_measured_or_with_two_figures_is_not_read() -> None:
    table = pipe_table(["domain", "`a`"], [["code", "0.9076"]])
    for lead in (
        "We measured the acceptance rate.\n\n### `a`\n\n",
        "We measured the acceptance rate and the acceptance length.\n\n### `a`, measured\n\n",
    ):
        assert read_paste(lead + table).records == (), lead


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(["**Token Acceptance Rate:**", "### Acceptance rate", "Accept rate:"]),
    vals=st.lists(st.integers(11, 90), min_size=2, max_size=6),
)
def test_cells_under_a_rates_title_that_no_rate_can_be_are_lengths(
    title: str, vals: list[int]
) -> None:
    rows = [[f"set{i}", f"{v / 10:.1f}", f"+{v}%"] for i, v in enumerate(vals)]
    got = read_paste(title + "\n" + pipe_table(["Dataset", "MHMTP", "Improvement"], rows)).records
    assert [r.printed_length for r in got] == [v / 10 for v in vals]
    assert all(r.printed_rate is None for r in got)


def test_percent_cells_or_whole_numbers_under_a_rates_title_stay_rates() -> None:
    got = read_paste(
        "Accept rate:\n" + pipe_table(["Dataset", "A"], [["x", "3.9%"], ["y", "3.4%"]])
    ).records
    assert [r.printed_rate for r in got] == [0.039, 0.034]


@pytest.mark.parametrize("layout", _LAYOUTS)
def test_a_transposed_table_with_a_row_of_words_under_its_header(layout: str) -> None:
    """Metrics as rows in every layout: a row of words right under the header ('dataset',
    no number in it) is a named row, not a second header row, whether or not the layout draws a
    rule under its header."""
    header = ["metric", "run A", "run B"]
    rows = [["dataset", "mtbench", "gsm8k"], ["accept length", "2.41", "2.80"], ["k", "3", "5"]]
    got = read_paste(_render(layout, header, rows)).records
    assert [r.printed_length for r in got] == [2.41, 2.80]
    assert [dict(r.labels) for r in got] == [
        {"column": "run A", "dataset": "mtbench", "k": "3"},
        {"column": "run B", "dataset": "gsm8k", "k": "5"},
    ]
    assert all(r.structure.endswith("(transposed)") for r in got)


def test_a_header_after_a_transposed_tab_copy_is_another_table() -> None:
    """A tab line of words after a blank line goes on a table of metrics as rows only where it
    opens with a configuration's name; another table's header naming its figure starts anew."""
    from specdiag.core.logs.paste import text as TX

    rows = ["metric\trun A\trun B", "k\t3\t5", "dataset\tmtbench\tgsm8k", "AL\t2.41\t2.80"]
    lines = [(i + 1, t) for i, t in enumerate("\n\n".join(rows).splitlines())]
    assert len(TX.blocks(lines)) == 1
    other = [*lines, (8, ""), (9, "model\taccept length\ttok/s")]
    assert len(TX.blocks(other)) == 2


def test_a_transposed_table_under_an_sglang_heading_is_not_taken_for_its_header() -> None:
    # the line scanner read '| Accept Length | 2.00 | 2.50 |' as the header of its SGLang
    # bench table and skipped the row under it: the block was claimed and nothing was read
    text = (
        "SGLang bench_speculative\n\n| metric | run0 | run1 |\n|---|---|---|\n"
        "| Accept Length | 2.00 | 2.50 |\n| steps | 3 | 5 |\n"
    )
    got = through_logs(text).records
    assert [(r.printed_length, r.tool) for r in got] == [(2.0, "sglang"), (2.5, "sglang")]
    assert line_scanner_lengths(text) == []


@settings(max_examples=examples(20), deadline=None)
@given(
    vals=st.lists(st.integers(1100, 3900), min_size=2, max_size=4),
    title=st.sampled_from(
        ["Average Token Acceptance Lengths:", "Mean acceptance length:", "Token accept length:"]
    ),
)
def test_a_title_line_closed_by_a_colon_names_the_table_below(vals: list[int], title: str) -> None:
    # a web page's heading copied as text, alone in its block, over a table whose one figure
    # column is headed by the method's name
    rows = [[f"set{i}", f"{v / 1000:.3f}"] for i, v in enumerate(vals)]
    text = f"{title}\n\n" + pipe_table(["Benchmark", "OurDraft"], rows)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 1000 for v in vals]


@pytest.mark.parametrize(
    "title",
    [
        "Throughput by benchmark:",  # another measure named
        "We measured the following acceptance lengths, as the table shows.",  # a sentence
        "Notes on acceptance length 3:",  # a figure in it
    ],
)
def test_negative_controls_no_colon_title_naming_the_figure(title: str) -> None:
    rows = [["set0", "2.412"], ["set1", "2.655"]]
    assert not read_paste(f"{title}\n\n" + pipe_table(["Benchmark", "OurDraft"], rows)).records
