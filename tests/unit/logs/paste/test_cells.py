"""Cells: what one cell holds: approximate values, several values, pairs under a paired header,
bracketed figures and counts, markup, annotations."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import (
    pipe_table,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=100, max_value=950), st.integers(min_value=1, max_value=9)),
        min_size=1,
        max_size=3,
    ),
    st.sampled_from(["acc / mean", "acc/mean"]),
)
def test_paired_cells_under_a_paired_header(rows: list[tuple[int, int]], pair: str) -> None:
    """'H100 acc / mean' over '30.0% / 1.20': the rate read per device; the second figure is
    no acceptance measure of its own, unless its column holds a mean below 1 and one above 1:
    then accepted drafts per step (test_accepted_series.py), each length 1 + it."""
    body = "".join(
        f"| {k} | {t / 10:.1f}% / {k * t / 1000:.2f} | {t / 10:.1f}% / {k * t / 1000:.2f} |\n"
        for t, k in rows
    )
    text = f"| K | H100 {pair} | L40S {pair} |\n|---|---:|---:|\n{body}"
    got = read_paste(text).records
    assert len(got) == 2 * len(rows)
    want = [round(t / 1000, 6) for t, _ in rows for _ in (0, 1)]
    assert [round(r.printed_rate or -1, 6) for r in got] == want
    means = [float(f"{k * t / 1000:.2f}") for t, k in rows]
    if any(m < 0.995 for m in means) and any(m > 1.005 for m in means):
        assert [r.accept_length for r in got] == [round(1 + m, 6) for m in means for _ in (0, 1)]
    else:
        # a K of 1 is one draft a step: 1 + rate (one_draft.py); other rows claim nothing
        assert [r.accept_length for r in got] == [
            round(1 + t / 1000, 6) if k == 1 else None for t, k in rows for _ in (0, 1)
        ]


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(min_value=100, max_value=4999), st.integers(min_value=5, max_value=8))
def test_a_mean_of_accepted_draft_tokens_out_of_the_drafted(milli: int, depth: int) -> None:
    """'Mean accepted draft tokens | 3.479 / 5': drafts accepted per step, the bonus excluded."""
    text = f"| Metric | Value |\n|---|---:|\n| Mean accepted draft tokens | {milli / 1000:.3f} / {depth} |\n"
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].accept_length is not None
    assert abs(got[0].accept_length - (1 + milli / 1000)) < 1e-6


def test_approximate_values_are_read_as_printed() -> None:
    v = C.value("~7%")
    assert v is not None and v.number == 7 and v.percent
    w = C.value("≈ 2.4")
    assert w is not None and w.number == 2.4
    assert C.value("~") is None and C.value("~ n/a") is None


def test_two_values_in_one_cell_are_two_records() -> None:
    """'a / b' whose b is no whole maximum is two measurements (two rounds), not value / max."""
    text = (
        "| k | tok/s (run 1 / 2) | emitted/verify | draft acceptance |\n"
        "|---|---|---|---|\n"
        "| 3 | 70.1 / 69.5 | 2.31 / 2.36 | 44.0 / 45.5 % |\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.31, 2.36]
    assert [r.accept_length for r in got] == [2.31, 2.36]  # emitted per verify step: bonus in
    assert [round(r.printed_rate or 0, 4) for r in got] == [0.44, 0.455]
    # a whole maximum stays a maximum
    (r,) = read_paste("| run | AL |\n|---|---|\n| a | 2.6 / 5 |\n").records
    assert r.printed_length == 2.6 and r.max_length == 5


def test_several_values_in_a_cell_named_by_the_header() -> None:
    text = (
        "| k | accept length: baseline / old head / new head | tok/s |\n"
        "|---|---|---|\n"
        "| 3 | 2.10 / 2.35 / 2.61 | 140.2 |\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.10, 2.35, 2.61]
    names = [dict(r.labels).get("column") for r in got]
    assert names == ["baseline", "old head", "new head"]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(["acc len", "AL", "mean acceptance length", "Accpt Len", "τ"]),
    st.lists(st.integers(100, 600), min_size=2, max_size=3),
    st.integers(1, 4),
    st.booleans(),
    st.sampled_from(["", "> ", "+"]),
)
def test_generated_outerless_tables_with_several_values(
    read: Read, head: str, lengths: list[int], rows: int, spanning: bool, quoting: str
) -> None:
    """Pipe tables without outer bars (as sheets and web pages paste them), a value per run in
    one cell ('2.10 / 2.35 / 2.61') under 'metric: run 1 / run 2 / ...', or one column per run
    under a spanning title row: one record per value, in order."""
    n = len(lengths)
    runs = [f"run {i + 1}" for i in range(n)]
    vals = [[(v + 7 * r) / 100 for v in lengths] for r in range(rows)]
    if spanning:
        lines = ["  | " + head + " |" + "   |" * (n - 1), " | ".join(["--"] * (n + 1))]
        lines.append(" | ".join(["k", *runs]))
        lines += [
            " | ".join([str(r + 1), *(f"{x:.2f}" for x in row)]) for r, row in enumerate(vals)
        ]
    else:
        lines = [f"k | {head}: " + " / ".join(runs), "-- | --"]
        lines += [f"{r + 1} | " + " / ".join(f"{x:.2f}" for x in row) for r, row in enumerate(vals)]
    text = "".join(quoting + ln + "\n" for ln in lines)
    got = read(text).records
    assert [r.printed_length for r in got] == [x for row in vals for x in row], text
    # the k column decides only where a length passes its row's k (a step emits at most k
    # drafts and the target's own token); nothing else decides the convention
    decided = [r for r in got if r.accept_length is not None]
    assert all(r.accept_length == r.printed_length for r in decided)
    if decided:
        assert any(x > r + 1 for r, row in enumerate(vals) for x in row)


@settings(max_examples=examples(40), deadline=None)
@given(
    legend=st.sampled_from(["format", "title", "header"]),
    names=st.sampled_from([("Qwen3", "Llama"), ("main", "PR"), ("greedy", "sampled")]),
    bold=st.booleans(),
    n_k=st.integers(1, 4),
    n_rows=st.integers(1, 3),
    data=st.data(),
)
def test_paired_cells_a_bracket_b_under_a_legend(
    read: Read,
    legend: str,
    names: tuple[str, str],
    bold: bool,
    n_k: int,
    n_rows: int,
    data: st.DataObject,
) -> None:
    a, b = names
    title = "### Acceptance lengths" + (f" ({a}-arch vs {b}-arch)" if legend == "title" else "")
    prose = "Both drafters were trained the same way." + (
        f" Format: **{a}** ({b})." if legend == "format" else ""
    )
    if legend == "header":
        n_k = 1  # one column 'A (B)'
    heads = [f"{a} ({b})" if legend == "header" else f"k={k}" for k in range(1, n_k + 1)]
    rows, want = [], []
    for i in range(n_rows):
        cells = []
        for k in range(1, n_k + 1):
            x, y = (data.draw(st.integers(k * 100 + 1, k * 100 + 90)) / 100 for _ in "ab")
            want += [x, y]
            cells.append(f"**{x:.2f}** ({y:.2f})" if bold else f"{x:.2f} ({y:.2f})")
        rows.append([f"case{i}", *cells])
    got = read(
        title + "\n\n" + prose + "\n\n" + render_table("markdown", ["Use Case", *heads], rows)
    ).records
    assert [r.printed_length for r in got] == want
    # 'k=1' over 1.81 decides the bonus for that column; one titled figure, one way
    if legend != "header":
        assert all(r.accept_length == r.printed_length for r in got), got[0].bonus
    if legend != "header":
        seen = {dict(r.labels)["column"].split()[-1].removesuffix("-arch") for r in got}
        assert seen == {a, b}


def test_bracketed_spreads_or_unnamed_pairs_are_not_two_figures() -> None:
    title = "### Acceptance lengths\n\n"
    for cells in (["2.41 (0.12)", "2.10 (0.08)"], ["2.41 (20)", "2.10 (20)"]):
        got = read_paste(
            title
            + render_table("markdown", ["Use Case", "k=3"], [["a", cells[0]], ["b", cells[1]]])
        )
        assert got.records == ()  # no legend names the bracket: not read as a second figure
    spread = "Format: mean (std).\n\n" + render_table(
        "markdown", ["Use Case", "k=3"], [["a", "2.41 (0.12)"]]
    )
    assert read_paste(title + spread).records == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(["accept_len", "Acceptance length", "AL", "acceptance rate"]),
    stats=st.permutations(["mean", "p50", "p99", "max"]).map(lambda p: p[: 2 + len(p[0]) % 3]),
    sp=st.sampled_from(["/", " / "]),
    sep=st.sampled_from([": ", " = ", " "]),
    data=st.data(),
)
def test_statistics_of_one_figure_listed_in_brackets_give_one_record(
    name: str, stats: list[str], sp: str, sep: str, data: st.DataObject
) -> None:
    rate = "rate" in name
    vals = [data.draw(st.integers(110, 400)) for _ in stats]
    shown = [f"{v / 10:.1f}%" if rate else f"{v / 100:.2f}" for v in vals]
    text = f"{name} ({sp.join(stats)}){sep}{sp.join(shown)}\n"
    got = read_paste(text).records
    # the mean where listed, else the median; tails alone are no figure to read
    i = stats.index("mean") if "mean" in stats else stats.index("p50") if "p50" in stats else -1
    if i < 0:
        assert not got
        return
    (r,) = got
    if rate:
        assert r.printed_rate == pytest.approx(vals[i] / 1000)
    else:
        assert r.printed_length == vals[i] / 100
    assert r.statistic == stats[i]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["avg_toks_fwd", "tok/step", "accept_len", "mean acceptance length"]),
    acc=st.integers(1000, 90_000),
    length=st.integers(120, 500),
    sep=st.sampled_from([", ", "; "]),
)
def test_a_named_figure_inside_a_cells_bracket(name: str, acc: int, length: int, sep: str) -> None:
    drafted = acc * 4 // 3
    cell = f"{100 * acc / drafted:.2f}% ({acc}/{drafted}{sep}{name}={length / 100:.2f})"
    text = pipe_table(
        ["Model", "Mode", "Accuracy", "Acceptance rate"], [["m", "EAGLE", "0.94", cell]]
    )
    (r,) = read_paste(text).records
    assert r.printed_length == length / 100
    assert r.accepted_tokens == acc and r.drafted_tokens == drafted


def test_a_bracket_naming_no_figure_is_left_to_the_cell() -> None:
    cell = "73.56% (90483/123000, seed=3)"
    text = pipe_table(["Model", "Acceptance rate"], [["m", cell]])
    # nothing named an acceptance figure inside: the cell is not split, and stays unread
    assert all(r.printed_length is None for r in read_paste(text).records)


@settings(max_examples=examples(40), deadline=None)
@given(p=st.integers(100, 999), first=st.booleans(), bold=st.booleans())
def test_a_fraction_with_its_percentage_restated(p: int, first: bool, bold: bool) -> None:
    frac, pct = f"0.{p}", f"{p / 10:.1f}%"
    cell = f"{frac} ({pct})" if first else f"{pct} ({frac})"
    cell = f"**{cell}**" if bold else cell
    got = read_paste(pipe_table(["model", "acceptance", "speedup"], [["eagle3", cell, "1.8x"]]))
    assert [round(r.printed_rate or 0, 6) for r in got.records] == [p / 1000]
    other = C.value(f"0.{p} ({(p + 50) / 10:.1f}%)")
    assert other is None  # two different figures are no restatement


@settings(max_examples=examples(40), deadline=None)
@given(k=st.integers(1, 7), v=st.integers(110, 890), name=st.sampled_from(["k", "gamma", "nst"]))
def test_a_value_with_its_draft_tokens_in_brackets(k: int, v: int, name: str) -> None:
    cell = f"{v / 100:.2f} ({name}={k})"
    got = read_paste(pipe_table(["model", "AL", "speedup"], [["mtp", cell, "2.0x"]]))
    assert [r.printed_length for r in got.records] == [v / 100]
    assert got.records[0].accept_length == (v / 100 if v / 100 > k + 0.005 else None)


@settings(max_examples=examples(30), deadline=None)
@given(v=st.integers(110, 690), mark=st.sampled_from(["_{}_", "*{}*", "`{}`", "**{}**"]))
def test_italic_and_code_markup_around_a_cell(v: int, mark: str) -> None:
    got = read_paste(pipe_table(["model", "AL"], [["a", mark.format(f"{v / 100:.2f}")]]))
    assert [r.printed_length for r in got.records] == [v / 100]


@settings(max_examples=examples(50), deadline=None)
@given(
    v=st.integers(150, 690),
    note=st.sampled_from(
        [
            "(+{d})",
            "(-{d})",
            "(↑{d})",
            "(Δ -{d})",
            "(std {d})",
            "(± {d})",
            "[{lo}, {hi}]",
            "(+{d} vs base)",
        ]
    ),
    d=st.integers(1, 40),
)
def test_a_value_with_an_annotation_that_is_no_second_figure(v: int, note: str, d: int) -> None:
    x = v / 100
    cell = f"{x:.2f} " + note.format(
        d=f"{d / 100:.2f}", lo=f"{x - d / 100:.2f}", hi=f"{x + d / 100:.2f}"
    )
    got = read_paste(pipe_table(["model", "AL", "speedup"], [["a", cell, "1.8x"]]))
    assert [r.printed_length for r in got.records] == [x]


def test_a_bare_second_number_or_an_interval_without_the_value_stays_unread() -> None:
    for cell in ("2.61 (1.71)", "2.61 [2.70, 2.90]"):
        assert C.value(cell) is None


@settings(max_examples=examples(50), deadline=None)
@given(
    measure=st.sampled_from(["Throughput", "tok/s", "Latency (ms)", "Speed"]),
    figure=st.sampled_from(["AL", "accept length", "τ", "acc len"]),
    tail=st.sampled_from(["", " and Δ vs Baseline", ", with change vs baseline", ":"]),
    bold=st.booleans(),
    configs=st.lists(
        st.sampled_from(["D-Flash", "Ours (1-3-1-4)", "EAGLE3", "draft-b (tree)"]),
        min_size=1,
        max_size=3,
        unique=True,
    ),
    spilled=st.booleans(),
    data=st.data(),
)
def test_paired_cells_named_by_a_title_and_changes_spilled_out_of_their_cells(
    measure: str,
    figure: str,
    tail: str,
    bold: bool,
    configs: list[str],
    spilled: bool,
    data: st.DataObject,
) -> None:
    if measure.endswith(")"):
        measure = measure.split(" (")[0]  # one bracket in the title: the pair's
    title = f"{measure} ({figure}){tail}"
    title = f"**{title}**" if bold else title
    n = data.draw(st.integers(1, 3))
    rows, want = [], []
    for i in range(n):
        cells = [str(2**i), f"{200 + i}"]
        for c in range(len(configs)):
            al = data.draw(st.integers(120, 480)) / 100
            want.append(al)
            cells.append(f"{300 + 10 * c + i} ({al:.2f})")
            if spilled:
                cells.append(f"+{data.draw(st.integers(1, 900)) / 10}%")
        rows.append(cells)
    header = ["BS", "Baseline", *configs]
    text = "Evaluated on MT-Bench.\n" + title + "\n" + pipe_table(header, rows)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == want, text
    assert {dict(r.labels).get("column") for r in got} == set(configs)
    assert all(r.accept_length is None for r in got)  # nothing says what the length counts


def test_a_title_bracket_of_no_figure_names_no_pair_and_rows_wider_by_other_cells_stay() -> None:
    for title in ("GLM-5 (mixed 4-bit) on H100", "Throughput (tok/s)", "Accept length (mean)"):
        text = title + "\n" + pipe_table(["BS", "D-Flash"], [["1", "231 (2.47)"]])
        assert all(r.printed_length != 2.47 for r in read_paste(text).records), title
    # a row wider than its header by cells that are no signed change is left as it is
    rows = [["1", "212", "231 (2.47)", "x", "285 (2.41)", "y"]]
    text = "Throughput (AL)\n" + pipe_table(["BS", "Baseline", "D-Flash", "Ours"], rows)
    assert [r.printed_length for r in read_paste(text).records] != [2.47, 2.41]


@settings(max_examples=examples(40), deadline=None)
@given(
    ks=st.lists(st.integers(1, 4), min_size=2, max_size=3, unique=True),
    kname=st.sampled_from(["k", "K", "gamma"]),
    rows=st.integers(1, 3),
    data=st.data(),
)
def test_speeds_at_rates_under_a_columns_k_give_one_plus_k_times_the_rate(
    ks: list[int], kname: str, rows: int, data: st.DataObject
) -> None:
    header = ["Task", "No MTP", *(f"run {kname}={k}" for k in ks)]
    body, want = [], []
    for i in range(rows):
        cells = [f"task{i}", f"{2 + i}.71 t/s"]
        # a chain's accepted / drafted never rises with k (interpret._k_rates_rise): the
        # larger k's rate is at most the smaller's
        drawn = sorted((data.draw(st.integers(30, 99)) for _ in ks), reverse=True)
        by_k = dict(zip(sorted(ks), drawn, strict=True))
        for k in ks:
            p = by_k[k]
            cells.append(f"{3 + i}.{p} t/s @ {p}%")
            want.append(round(1 + k * p / 100, 6))
        body.append(cells)
    text = "I see an acceptance uplift with MTP.\n\n" + pipe_table(header, body)
    got = read_paste(text).records
    assert [r.accept_length for r in got] == pytest.approx(want)


@pytest.mark.parametrize("name", ["draft-max", "d", "max_draft_len", "n_max"])
def test_speeds_at_rates_under_a_draft_maximum_give_no_length(name: str) -> None:
    # 'draft-max=2' (llama.cpp's docs once wrote it 'd=2'; TensorRT-LLM's 'max_draft_len'): at
    # most 2 drafts a step (llama.cpp drafts fewer where the draft is unsure), so 1 + 2 x rate
    # is no length of these runs; 'draft-max=1' is one draft a step that drafted, so its rate
    # is the accepted drafts per such step (one_draft.py)
    header = ["Task", "No MTP", f"run {name}=1", f"run {name}=2"]
    body = [["code", "2.71 t/s", "3.90 t/s @ 93%", "4.45 t/s @ 85%"]]
    text = "I see an acceptance uplift with MTP.\n\n" + pipe_table(header, body)
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([0.93, 0.85])
    # (a maximum of 1 that one_draft.py reads, 'draft-max=1', 'n_max=1': 1 + rate; else none)
    assert [r.accept_length for r in got] in ([1.93, None], [None, None])
    if name in ("draft-max", "n_max"):
        assert got[0].accept_length == 1.93


@pytest.mark.parametrize("name", ["n_draft", "draft-max", "n_max", "draft_max"])
def test_a_draft_maximum_column_is_a_configuration_not_a_k(name: str) -> None:
    # llama.cpp's n_draft / --draft-max: at most that many drafts a step, so a rate beside it
    # gives no length (1 + 16 x 48% = 8.68 would be a false one); the value stays a label
    text = "llama.cpp speculative, draft model\n\n" + pipe_table(
        [name, "acceptance rate"], [["8", "61.2%"], ["16", "48.0%"]]
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([0.612, 0.48])
    assert [r.accept_length for r in got] == [None, None]
    assert [dict(r.labels).get(name.replace("_", " ").replace("-", " ")) for r in got] == [
        "8",
        "16",
    ]


def test_speeds_at_a_percentage_in_a_paste_silent_on_acceptance_are_not_read() -> None:
    text = "GPU load per run.\n\n" + pipe_table(["Task", "k=1"], [["code", "3.9 t/s @ 93%"]])
    assert read_paste(text).records == ()
