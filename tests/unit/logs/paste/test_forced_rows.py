"""Runs whose acceptance a knob forced are no measurements: a table whose configuration column
sets the figure the run must show (SGLang's SGLANG_SIMULATE_ACC_LEN, a `Requested AL`, a
synthetic acceptance rate) gives no record for a row where the knob is on, and reads the row
where it is unset or off; the knob's column is the row's configuration, never its figure. A
line that sets such a knob on (`SGLANG_SIMULATE_ACC_LEN=4 python -m ...`) gives no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table

_LENGTH_KNOBS = [
    "SGLANG_SIMULATE_ACC_LEN",
    "`SGLANG_SIMULATE_ACC_LEN`",
    "Requested AL",
    "forced accept length",
    "synthetic acc len",
]
_OFF = ["unset", "off", "none", "—", "-", "Off (real run)", "disabled"]
_LAYOUTS = ["markdown", "csv", "box", "aligned"]


@settings(max_examples=examples(60), deadline=None)
@given(
    knob=st.sampled_from(_LENGTH_KNOBS),
    off=st.sampled_from(_OFF),
    real=st.integers(1200, 3900),
    forced=st.lists(st.sampled_from(["1", "2.6", "3", "4", "5.5"]), min_size=1, max_size=4),
    where=st.integers(0, 4),
    layout=st.sampled_from(_LAYOUTS),
)
def test_the_row_with_the_knob_off_is_the_one_measurement(
    knob: str, off: str, real: int, forced: list[str], where: int, layout: str
) -> None:
    v = f"{real / 1000:.4f}"
    if layout == "aligned":
        off = off.split()[0]  # (a cell of one word: columns aligned by spaces)
    rows = [[f, f"{float(f):.4f}", f"{100 + i * 7}.5"] for i, f in enumerate(forced)]
    rows.insert(min(where, len(rows)), [off, v, "88.1"])
    text = render_table(layout, [knob, "avg accept length", "tok/s"], rows)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [float(v)], text
    # the knob's cell is the run's configuration
    assert any(
        value.startswith(rows[min(where, len(rows) - 1)][0][:3]) for _, value in got[0].labels
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    off=st.sampled_from(["off", "unset", "—"]),
    eager=st.integers(1500, 3500),
    graph=st.integers(1500, 3500),
    configs=st.sampled_from([("Eager mean", "Graph mean"), ("mean", None), ("measured", None)]),
)
def test_bare_statistic_columns_beside_the_knob_hold_the_measured_figure(
    off: str, eager: int, graph: int, configs: tuple[str, str | None]
) -> None:
    # 'Requested AL' names the figure; 'Eager mean' / 'Graph mean' hold it as measured: one
    # record per column of the real run; the knob's floor of 1 measured as 1 (plain decoding:
    # the target's own token) decides the bonus included (forced.floor_counts_bonus)
    e, gr = f"{eager / 1000:.6f}", f"{graph / 1000:.6f}"
    a, b = configs
    header = ["TP", "Requested AL", a] + ([b] if b else [])
    rows = [
        ["1", off, e] + ([gr] if b else []),
        ["1", "1", "1.000000"] + (["1.000000"] if b else []),
        ["1", "2.6", "2.608479"] + (["2.605853"] if b else []),
        ["2", "2.6", "—"] + (["2.607098"] if b else []),
    ]
    got = read_paste(render_table("markdown", header, rows)).records
    want = [float(e)] + ([float(gr)] if b else [])
    assert [r.printed_length for r in got] == want
    assert all(r.accept_length == r.printed_length and r.first_line == 3 for r in got)


def test_the_real_row_of_sglang_is_sglangs_bonus_included() -> None:
    # SGLang told by its own variable and endpoint: the real run's length counts the bonus
    text = (
        "Same prompts per setting, `avg_spec_accept_length` read from `/get_server_info`:\n\n"
        "| SGLANG_SIMULATE_ACC_LEN | avg accept length |\n|---|---|\n"
        "| unset | 2.8846 |\n| 2 | 2.0000 |\n| 5 | 5.0000 |\n"
    )
    (r,) = read_paste(text).records
    assert (r.tool, r.printed_length, r.accept_length) == ("sglang", 2.8846, 2.8846)
    assert r.bonus.value == "included"


def test_a_synthetic_rate_column_and_a_label_cell_assigning_the_knob() -> None:
    text = "synthetic acceptance rate,acceptance rate,tok/s\noff,0.71,120.5\n0.9,0.90,160.2\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.71]
    text = (
        "| config | accept length |\n|---|---|\n| baseline | 3.12 |\n"
        "| SGLANG_SIMULATE_ACC_LEN=4 | 4.00 |\n| `SGLANG_SIMULATE_ACC_LEN=unset` | 3.09 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.12, 3.09]


@settings(max_examples=examples(30), deadline=None)
@given(
    off=st.sampled_from(["unset", "off", "none"]),
    real=st.integers(1200, 3900),
    forced=st.lists(st.sampled_from(["1", "2.5", "4"]), min_size=1, max_size=3),
    form=st.sampled_from(["assigned", "row"]),
)
def test_runs_as_columns_the_knob_off_column_is_the_one_measurement(
    off: str, real: int, forced: list[str], form: str
) -> None:
    # the figures named down the first column, one run per column: the knob assigned in each
    # column's header, or a row of its values named by it
    v = f"{real / 1000:.4f}"
    settings_ = [off, *forced]
    values = [v] + [f"{float(f):.4f}" for f in forced]
    if form == "assigned":
        header = ["", *(f"SGLANG_SIMULATE_ACC_LEN={s}" for s in settings_)]
        rows = [["avg accept length", *values]]
    else:
        header = ["metric", *(f"run {i + 1}" for i in range(len(settings_)))]
        rows = [["SGLANG_SIMULATE_ACC_LEN", *settings_], ["avg accept length", *values]]
    got = read_paste(render_table("markdown", header, rows)).records
    assert [r.printed_length for r in got] == [float(v)]


def test_a_line_setting_the_knob_on_gives_no_record() -> None:
    for line in (
        "With SGLANG_SIMULATE_ACC_LEN=4 the accept length reads 4.00 as expected.",
        "Ran `--synthetic-accept-rate 0.8`: acceptance rate 80.0%, 212 tok/s.",
    ):
        reading = read_paste(line + "\n")
        assert reading.records == (), line
        assert any("a forced acceptance" in b.reason for b in reading.unread)
    # the knob off, or a mode of it that forces no figure: the line is read
    text = "SGLANG_SIMULATE_ACC_LEN=unset: accept length 3.12.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.12]
    text = "Runs used SGLANG_SIMULATE_ACC_TOKEN_MODE=real-draft-token; accept length 3.12.\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.12]


def test_negative_controls() -> None:
    # every row forced: nothing, and the table is shown as forced
    text = (
        "| SGLANG_SIMULATE_ACC_LEN | avg accept length |\n|---|---|\n"
        "| 1 | 1.0000 |\n| 4 | 4.0000 |\n"
    )
    reading = read_paste(text)
    assert reading.records == ()
    assert any("SGLANG_SIMULATE_ACC_LEN" in b.reason for b in reading.unread)
    # the knob in a table's corner over its values is no figure of the table: nothing is read
    # ('Eager mean' names no figure of its own)
    text = (
        "| Requested AL | off | 1 | 4 |\n|---|---|---|---|\n| Eager mean | 2.2040 | 1.0 | 4.0 |\n"
    )
    assert read_paste(text).records == ()
    # a zero or a negative value (off for SGLang, not for every tool), or a word that tells
    # neither: no record
    for cell in ("0", "-1", "auto"):
        text = f"| Requested AL | accept length |\n|---|---|\n| {cell} | 2.90 |\n"
        assert read_paste(text).records == (), cell
    # no knob: 'target' and 'fixed' name no forcing ('Target AL' of the target model, a fixed k)
    for name in ("Target AL", "fixed k", "k"):
        text = f"| {name} | accept length |\n|---|---|\n| 3 | 2.90 |\n| 4 | 3.10 |\n"
        assert [r.printed_length for r in read_paste(text).records] == [2.90, 3.10], name
    # a figure predicted or made up ('simulated', 'mock') is no knob, and 'synthetic' in plain
    # words with no row said off may be the prompts': the measured column is read
    for name in ("simulated AL", "mock AL", "synthetic AL"):
        text = f"| model | {name} | AL |\n|---|---|---|\n| A | 3.2 | 3.1 |\n| B | 2.8 | 2.7 |\n"
        assert [r.printed_length for r in read_paste(text).records] == [3.1, 2.7], name
    # a statistic column naming another measure, or beside a column naming the figure, is not
    # the forced figure measured
    text = (
        "| Requested AL | latency mean | accept length | mean |\n|---|---|---|---|\n"
        "| off | 12.5 | 2.40 | 2.31 |\n| 3 | 10.1 | 3.00 | 3.00 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.40]


_TOPICS = [
    "This change lets the bench force acceptance from a flag.",
    "## Forced-acceptance mode\nThe harness replays a pinned AL per workload.",
    "Runs set `MYENGINE_SIMULATE_ACC_LEN` so every engine drafts alike.",
]
_CONDITIONS = [
    ("At AL {v} over 5 draft slots:", "accept length"),
    ("With an acceptance length of {v}, the spread narrows.", "accept length"),
    ("At accept length {v} the schedule is flat.", "accept length"),
]


@settings(max_examples=examples(30), deadline=None)
@given(
    topic=st.sampled_from(_TOPICS),
    cond=st.sampled_from(_CONDITIONS),
    v=st.floats(min_value=1.2, max_value=5.5).map(lambda x: round(x, 2)),
)
def test_a_condition_in_a_paste_about_a_forcing_knob_is_no_run(
    topic: str, cond: tuple[str, str], v: float
) -> None:
    # the figure a sentence opens with as its condition is the value the knob was set to
    text = f"{topic}\n\n{cond[0].format(v=v)}\n"
    assert not read_paste(text).records


@settings(max_examples=examples(20), deadline=None)
@given(v=st.floats(min_value=1.2, max_value=5.5).map(lambda x: round(x, 2)))
def test_the_same_condition_without_a_forcing_knob_or_as_no_condition_is_read(v: float) -> None:
    # no knob named: the sentence is left to the other rules (read as a run)
    plain = f"We benchmarked the EAGLE head on our server.\n\nAt AL {v} over 5 draft slots:\n"
    assert [r.printed_length for r in read_paste(plain).records] == [v]
    # a knob named, but the figure stated as measured, not as a condition: read
    measured = (
        "This change lets the bench force acceptance from a flag.\n\n"
        f"With the knob unset, the server printed an accept length of {v}.\n"
    )
    assert [r.printed_length for r in read_paste(measured).records] == [v]
