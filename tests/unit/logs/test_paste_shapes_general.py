"""General readers for table and line shapes a held-out corpus found missing, each over
generated layouts with a negative control: a metric's column named with its configuration after
a comma, a title defining its length as tokens per verify step, the figure's name in a heading
further up, paired 'A (B)' cells under a legend, and more (the pastes here are written here)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste

_METRIC_NAMES = ("Accept length", "Acceptance length", "AL", "Acc len", "Accept rate", "Acceptance")
_CONFIGS = ("Run 1", "run 2 (TP4)", "greedy", "T=0.6", "H100", "after fix")


def _pipe(header: list[str], rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out) + "\n"


@settings(max_examples=40, deadline=None)
@given(
    metric=st.sampled_from(_METRIC_NAMES),
    configs=st.lists(st.sampled_from(_CONFIGS), min_size=2, max_size=3, unique=True),
    sep=st.sampled_from([", ", "; ", " – "]),
    n_rows=st.integers(1, 4),
    extra=st.booleans(),
    data=st.data(),
)
def test_metric_then_configuration_after_a_comma(
    metric: str, configs: list[str], sep: str, n_rows: int, extra: bool, data: st.DataObject
) -> None:
    is_rate = C.key(metric).metric == C.RATE
    header = ["Dataset"] + [f"{metric}{sep}{c}" for c in configs]
    if extra:
        header += [f"Throughput{sep}{configs[0]}"]
    rows = []
    want = []
    for i in range(n_rows):
        vals = [
            data.draw(st.integers(105, 790) if not is_rate else st.integers(10, 99))
            for _ in configs
        ]
        cells = [f"{v / 100:.2f}" if not is_rate else f"{v}%" for v in vals]
        want += [v / 100 for v in vals]
        rows.append([f"set{i}", *cells] + (["101.5"] if extra else []))
    got = read_paste("### Results\n\n" + _pipe(header, rows))
    figs = [r.printed_rate if is_rate else r.printed_length for r in got.records]
    assert [round(f or 0, 4) for f in figs] == [round(w, 4) for w in want]
    # the two columns are told apart by their configuration, and no convention is guessed
    assert all(r.accept_length is None for r in got.records)
    assert len({dict(r.labels).get("column") for r in got.records}) == len(configs)


def test_another_figure_then_a_configuration_is_not_read() -> None:
    assert C.key("Throughput, Run 1").metric is None
    assert C.key("Accuracy, greedy").metric is None
    text = _pipe(["Benchmark", "Accuracy, Run 1", "tok/s, Run 1"], [["gsm8k", "0.85", "101"]])
    assert read_paste("acceptance was not measured\n\n" + text).records == ()


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(
        ["Average accept length", "Accept length", "Mean acceptance length", "AL"]
    ),
    definition=st.sampled_from(
        ["tokens per verify step", "tokens per step", "tokens per forward", "emitted per verify"]
    ),
    bold=st.booleans(),
    rows=st.integers(1, 4),
    form=st.sampled_from(["({})", ", {}", " — {}", " [{}]"]),
)
def test_a_title_defining_its_length_as_tokens_per_step(
    name: str, definition: str, bold: bool, rows: int, form: str
) -> None:
    title = name + form.format(definition)
    title = f"**{title}**" if bold else f"#### {title}"
    body = _pipe(
        ["TP \\ Concurrency", "1", "8"],
        [[str(2**i), f"{3 + i / 10:.2f}", f"{3.05 + i / 10:.2f}"] for i in range(rows)],
    )
    got = read_paste(title + "\n" + body)
    assert len(got.records) == 2 * rows
    for r in got.records:
        assert r.accept_length == r.printed_length, r.bonus
        assert r.bonus.value == "included"


def test_a_length_with_a_unit_in_brackets_stays_undecided() -> None:
    got = read_paste("**Average accept length (tokens)**\n" + _pipe(["TP", "1"], [["1", "3.10"]]))
    (r,) = got.records
    assert r.printed_length == 3.1 and r.accept_length is None


@settings(max_examples=30, deadline=None)
@given(
    field=st.sampled_from(["Backend", "**Backend:**", "Engine", "inference engine", "Server"]),
    spelling=st.sampled_from(["llamacpp/vulkan", "llama.cpp (b6000)", "llamacpp", "`llama.cpp`"]),
    sep=st.sampled_from([":", " ="]),
    bullet=st.sampled_from(["", "- ", "* "]),
)
def test_a_backend_field_names_the_tool_whose_conventions_hold(
    field: str, spelling: str, sep: str, bullet: str
) -> None:
    key = field if field.endswith(":**") else field + sep
    text = (
        f"{bullet}{key} {spelling}\n- Model: some-model-Q4\n\n## Summary\n\nIt dropped.\n\n"
        "## Measurements\n\n"
        + _pipe(["Request", "Acceptance", "Mean len"], [["task 1", "94.6%", "3.65"]])
    )
    (r,) = read_paste(text).records
    assert r.tool == "llamacpp" and r.accept_length == 3.65, (r.tool_rule, r.bonus)
    assert "backend or engine field" in r.tool_rule


def test_without_a_backend_field_or_with_two_tools_nothing_is_decided() -> None:
    table = _pipe(["Request", "Acceptance", "Mean len"], [["task 1", "94.6%", "3.65"]])
    # a tool named in passing, in no field: no convention
    (r,) = read_paste(table + "\nUnrelated: we moved off llamacpp last week.\n").records
    assert r.accept_length is None
    # the field names one tool, the paste another as well: no convention either
    text = "- Backend: llamacpp\n- compared with vLLM\n\n" + table
    (r,) = read_paste(text).records
    assert r.accept_length is None


_FIGURE_HEADINGS = (
    ("## Acceptance Length vs Context Length", C.LENGTH),
    ("# Accept length by prompt length", C.LENGTH),
    ("## Mean acceptance length", C.LENGTH),
    ("### Acceptance rate vs batch size", C.RATE),
)


@settings(max_examples=40, deadline=None)
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
        table = _pipe(header, rows)
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
    table = _pipe(["Context", "drafter-a", "drafter-b"], [["2k", "1.50", "1.60"]])
    # a nearer heading names another figure: the table holds that one
    text = "## Acceptance Length\n\nSee below.\n\n## Throughput\n\nNotes.\n\n" + table
    assert read_paste(text).records == ()
    # numbers no acceptance length can be (tok/s) are not read under it
    speeds = _pipe(["Context", "drafter-a"], [["2k", "101.5"], ["4k", "99.0"]])
    assert read_paste("## Acceptance Length\n\nSee below.\n\n" + speeds).records == ()
    # no heading names a figure: nothing
    assert read_paste("## Results\n\nSee below.\n\n" + table).records == ()


@settings(max_examples=40, deadline=None)
@given(
    legend=st.sampled_from(["format", "title", "header"]),
    names=st.sampled_from([("Qwen3", "Llama"), ("main", "PR"), ("greedy", "sampled")]),
    bold=st.booleans(),
    n_k=st.integers(1, 4),
    n_rows=st.integers(1, 3),
    data=st.data(),
)
def test_paired_cells_a_bracket_b_under_a_legend(
    legend: str, names: tuple[str, str], bold: bool, n_k: int, n_rows: int, data: st.DataObject
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
    got = read_paste(title + "\n\n" + prose + "\n\n" + _pipe(["Use Case", *heads], rows)).records
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
        got = read_paste(title + _pipe(["Use Case", "k=3"], [["a", cells[0]], ["b", cells[1]]]))
        assert got.records == ()  # no legend names the bracket: not read as a second figure
    spread = "Format: mean (std).\n\n" + _pipe(["Use Case", "k=3"], [["a", "2.41 (0.12)"]])
    assert read_paste(title + spread).records == ()


@settings(max_examples=30, deadline=None)
@given(
    doubled=st.sets(st.sampled_from(["draft", "emitted", "accepted", "spec"]), max_size=4),
    k=st.integers(1, 16),
    steps=st.integers(1, 5000),
    accepted_share=st.floats(0, 1),
)
def test_a_vllm_v0_line_with_doubled_words_in_its_keys(
    doubled: set[str], k: int, steps: int, accepted_share: float
) -> None:
    from specdiag.core.logs import grammar as G
    from specdiag.core.logs.parse import LineParser

    drafted = steps * k
    accepted = int(drafted * accepted_share)
    emitted = steps + accepted

    def key(word: str, name: str) -> str:
        return name + (" tokens" if word in doubled else "")

    line = (
        "INFO 07-24 04:00:31 metrics.py:316] Speculative metrics: Draft acceptance rate: "
        f"{accepted / drafted:.3f}, System efficiency: 0.5, "
        f"{key('spec', 'Number of speculative tokens')}: {k}, "
        f"{key('accepted', 'Number of accepted tokens')}: {accepted}, "
        f"{key('draft', 'Number of draft tokens')}: {drafted}, "
        f"{key('emitted', 'Number of emitted tokens')}: {emitted}."
    )
    got = LineParser().parse(line)
    assert isinstance(got, tuple), got
    assert abs((got[0].accept_length or 0) - emitted / steps) < 1e-9
    assert G.canonical("Number of draft tokens tokens") == G.F.DRAFTED
    # a word said twice in a key is read once; different words are never merged
    assert G.canonical("Number of draft draft tokens") == G.F.DRAFTED
    assert G.norm_key("tokens per token") == "tokens per token"


@settings(max_examples=40, deadline=None)
@given(
    steps=st.integers(1, 500),
    share=st.floats(0, 1),
    k=st.integers(1, 4),
    order=st.permutations(["cycles", "drafted", "accepted_drafts", "emitted", "accept_rate"]),
    sep=st.sampled_from(["=", ": "]),
    bullet=st.sampled_from(["- ", "* ", ""]),
)
def test_telemetry_counts_by_cycles_give_the_length(
    steps: int, share: float, k: int, order: list[str], sep: str, bullet: str
) -> None:
    drafted = steps * k
    accepted = int(drafted * share)
    vals = {
        "cycles": str(steps),
        "drafted": str(drafted),
        "accepted_drafts": str(accepted),
        "emitted": str(steps + accepted),
        "accept_rate": f"{100 * accepted / drafted:.1f}%",
    }
    text = "Telemetry from a logged MTP run:\n" + "".join(
        f"{bullet}{name}{sep}{vals[name]}\n" for name in order
    )
    (r,) = read_paste(text).records
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + accepted / steps)) < 1e-5, r.bonus


def test_cycles_without_an_acceptance_figure_give_nothing() -> None:
    assert read_paste("Profile run:\n- cycles=35\n- wall=2.1s\n- tok/s=36.4\n").records == ()


@settings(max_examples=40, deadline=None)
@given(
    positions=st.lists(st.integers(5, 95), min_size=2, max_size=5),
    steps=st.integers(50, 2000),
    share=st.floats(0.05, 0.95),
    head=st.sampled_from(["statistics draft-dflash", "statistics draft", "statistics ngram-mod"]),
    prefix=st.sampled_from(["", "I ", "0.01.234.567 I ", "[dflash] "]),
    fenced=st.booleans(),
    stats_first=st.booleans(),
)
def test_a_summary_then_a_statistics_line_without_its_prefix(
    positions: list[int],
    steps: int,
    share: float,
    head: str,
    prefix: str,
    fenced: bool,
    stats_first: bool,
) -> None:
    rates = [p / 100 for p in sorted(positions, reverse=True)]
    length = round(1 + sum(rates), 2)
    k = len(rates)
    acc_tokens = int(steps * k * share)
    summary = [
        f"draft acceptance = {share:.5f}  (12 accepted / 40 generated)",
        f"mean acceptance length = {length:.2f}",
        "acceptance rate per position = (" + ", ".join(f"{r:.3f}" for r in rates) + ")",
    ]
    stats = (
        f"{prefix}{head}: #gen drafts = {steps}, #acc drafts = {steps // 2}, "
        f"#gen tokens = {steps * k}, #acc tokens = {acc_tokens}"
    )
    body = [stats, *summary] if stats_first else [*summary, stats]
    text = "\n".join(["```", *body, "```"] if fenced else body) + "\n"
    got = read_paste(text).records
    by_printed = [r for r in got if r.printed_length is not None]
    by_counts = [r for r in got if r.printed_length is None]
    assert len(by_printed) == 1 and len(by_counts) == 1, got
    assert by_printed[0].accept_length == length  # 1 + the per-position rates
    assert by_printed[0].bonus.rule.startswith("identity")
    assert by_counts[0].accept_length is not None
    assert abs(by_counts[0].accept_length - (1 + acc_tokens / steps)) < 1e-5


def test_generated_is_not_a_key_left_open() -> None:
    from specdiag.core.logs.paste import interpret as I

    lines = [(1, "draft acceptance = 0.3  (12 accepted / 40 generated)"), (2, "next = 1")]
    assert I.join_wrapped(lines) == lines
    assert I.join_wrapped([(1, "draft acceptance rate"), (2, "0.3")]) == [
        (1, "draft acceptance rate 0.3")
    ]


@settings(max_examples=40, deadline=None)
@given(
    rate_name=st.sampled_from(["接受率", "Accept rate", "acceptance", "平均接受率"]),
    n_rows=st.integers(1, 6),
    blanks=st.lists(st.integers(0, 2), min_size=7, max_size=7),
    extra_header=st.booleans(),
    data=st.data(),
)
def test_a_tab_table_with_blank_lines_and_a_header_cell_no_row_fills(
    rate_name: str, n_rows: int, blanks: list[int], extra_header: bool, data: st.DataObject
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
    got = read_paste("\n".join(lines) + "\n\nThanks, 84–89% is the band we hope for.\n")
    assert [round(r.printed_rate or 0, 6) for r in got.records] == want
    assert all(r.accept_length is None for r in got.records)


def test_tab_tables_of_other_figures_stay_unread_and_apart() -> None:
    speeds = "Tokens\tBaseline (tok/s)\tDFlash (tok/s)\n\n256\t74.72\t194.80\n512\t73.1\t200.2\n"
    assert read_paste("DFlash speed\n" + speeds).records == ()
    # a two-column tab line after a blank line is another block, not the table's row
    from specdiag.core.logs.paste import text as TX

    lines = [(1, "a\tb\tc\td"), (2, ""), (3, "x y")]
    assert len(TX.blocks(lines)) == 2


@settings(max_examples=40, deadline=None)
@given(
    drafted=st.integers(20, 5000),
    share=st.floats(0.01, 1.0),
    form=st.sampled_from(["pct_first", "counts_first", "equals", "square"]),
    approx=st.sampled_from(["", "~", "≈"]),
    header=st.sampled_from(["acceptance", "Accept rate", "draft acceptance"]),
)
def test_a_rate_cell_with_the_counts_it_divides(
    drafted: int, share: float, form: str, approx: str, header: str
) -> None:
    accepted = max(0, min(drafted, round(drafted * share)))
    pct = (
        f"{100 * accepted / drafted:.1f}%" if not approx else f"{round(100 * accepted / drafted)}%"
    )
    cell = {
        "pct_first": f"{approx}{pct} ({accepted}/{drafted})",
        "counts_first": f"{accepted} / {drafted} ({approx}{pct})",
        "equals": f"{accepted}/{drafted} = {approx}{pct}",
        "square": f"{approx}{pct} [{accepted}/{drafted}]",
    }[form]
    text = _pipe(["", "base t/s", header], [["fork-a", "4.05", cell]])
    (r,) = read_paste(text).records
    assert r.accepted_tokens == accepted and r.drafted_tokens == drafted
    assert r.printed_rate is not None and abs(r.printed_rate - accepted / drafted) < 0.006
    assert r.accept_length is None


def test_counts_that_do_not_give_the_share_are_not_read_as_its_counts() -> None:
    assert C.share_with_counts("62% (100/436)") is None  # 23%, not 62%
    assert C.share_with_counts("62% (436/273)") is None
    assert C.share_with_counts("~62% (273/436)") is not None


@settings(max_examples=40, deadline=None)
@given(
    drafts=st.integers(2, 999),
    share=st.floats(0.01, 1.0),
    bold=st.booleans(),
    space=st.booleans(),
    form=st.sampled_from(["count_share", "share_after"]),
)
def test_a_verdict_cell_in_prose_gives_a_rate_per_row(
    drafts: int, share: float, bold: bool, space: bool, form: str
) -> None:
    acc = max(1, min(drafts, round(drafts * share)))
    pct = f"{100 * acc / drafts:.0f}{' ' if space else ''}%"
    verdict = (
        f"{drafts} drafts, {'**' if bold else ''}{acc} accepted ({pct}){'**' if bold else ''}"
        " -- the mechanism is healthy"
        if form == "count_share"
        else f"{drafts} drafts, {pct} accepted, decode collapses to **21.06**"
    )
    rows = [
        ["0.6B dense on CPU", "10.9 ms", "**dead.** At k=3 it costs more than it saves"],
        ["`ngram-mod`, defaults", "--", "**0 drafts.** n_min is a MINIMUM LENGTH, not a start"],
        ["`ngram-map-k`, `n 8 m 12`", "--", verdict],
    ]
    got = read_paste(_pipe(["candidate", "per draft token", "verdict"], rows)).records
    assert len(got) == 1, got
    (r,) = got
    assert r.first_line == r.last_line == 5
    assert r.printed_rate is not None and abs(r.printed_rate - acc / drafts) < 0.006
    assert r.accept_length is None
    if form == "count_share":
        assert r.accepted_tokens == acc and r.steps is None  # a draft may be several tokens


def test_a_speedup_is_never_an_acceptance_figure() -> None:
    text = "With the draft on, at essentially identical acceptance, fork-a is about 2x faster.\n"
    assert read_paste(text).records == ()
    assert read_paste("acceptance is 0.62, about 2.5× faster\n").records[0].printed_rate == 0.62


@settings(max_examples=40, deadline=None)
@given(
    before=st.integers(12, 79),
    after=st.integers(10, 79),
    arrow=st.sampled_from([" to ", " -> ", " → "]),
    full=st.sampled_from(["acceptance length", "accept length", "accept_len"]),
    launch=st.sampled_from(
        [
            "python3 -m sglang.launch_server \\\n  --model some/model \\\n  --port 30000",
            "vllm serve some/model --speculative-config '{}'",
            "",
        ]
    ),
)
def test_acc_x_to_y_under_the_full_name_of_the_figure(
    before: int, after: int, arrow: str, full: str, launch: str
) -> None:
    a, b = before / 10, after / 10
    text = (
        f"Enabling the cache hurts {full}. In our real workloads the drop is roughly "
        f"acc {a:.1f}{arrow}{b:.1f}, which degrades throughput.\n"
    )
    if launch:
        text += "\n## server side\n\n```\n" + launch + "\n```\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [round(a, 1), round(b, 1)]
    if launch:
        # the user's prose about the server the paste launches follows that server's convention
        assert all(r.accept_length == r.printed_length for r in got), got[0].tool_rule
    else:
        assert all(r.accept_length is None for r in got)


def test_acc_x_to_y_is_not_read_as_acceptance_without_its_full_name_or_beside_accuracy() -> None:
    assert read_paste("The drop is roughly acc 3.2 to 2.3 after the change.\n").records == ()
    text = "acceptance length is fine, but gsm8k accuracy fell: acc 0.85 to 0.80\n"
    assert [r.printed_length for r in read_paste(text).records] == []
    both = "acceptance length and acceptance rate both fell, acc 3.2 to 2.3\n"
    assert read_paste(both).records == ()


def test_a_launch_command_does_not_decide_a_client_scripts_lines() -> None:
    text = (
        "```\npython3 -m sglang.launch_server --model m --speculative-algo EAGLE3 \\\n"
        "    --speculative-num-steps 8 \\\n    --tp 8\n```\nw/o spec:\n```\n"
        "#questions: 80, Throughput: 88.61 token/s\n```\n"
        "EAGLE3:\n```\n#questions: 80, Throughput: 234.54 token/s, Acceptance length: 5.88\n```\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 5.88 and r.accept_length is None


def test_a_metric_then_another_figure_after_a_comma_is_not_that_metric() -> None:
    assert C.key("accept length, tok/s").metric is None
    assert C.key("Acceptance rate, accepted tokens").metric != C.RATE
    assert C.key("AL, greedy").metric == C.LENGTH


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["AL", "Accept length", "acceptance length", "τ", "Mean acc len"]),
    says=st.sampled_from(
        [
            ("(incl. bonus)", "included"),
            ("(including the bonus token)", "included"),
            ("(+1 bonus)", "included"),
            ("(bonus included)", "included"),
            ("w/o bonus", "excluded"),
            ("(excl. bonus)", "excluded"),
            ("(bonus token excluded)", "excluded"),
        ]
    ),
    value=st.integers(101, 700),  # (a length counting the bonus is 1 or more)
)
def test_a_header_saying_whether_the_bonus_is_counted(
    name: str, says: tuple[str, str], value: int
) -> None:
    words, way = says
    v = value / 100
    got = read_paste(_pipe(["config", f"{name} {words}"], [["eagle3", f"{v:.2f}"]])).records
    (r,) = got
    assert r.printed_length == v and r.bonus.value == way
    assert r.accept_length == (round(v, 6) if way == "included" else round(v + 1, 6))


def test_a_header_naming_both_ways_decides_nothing() -> None:
    for words in ("(with and without bonus)", "(with/without bonus)"):
        (r,) = read_paste(_pipe(["config", f"AL {words}"], [["eagle3", "2.50"]])).records
        assert r.accept_length is None


def test_speedups_under_an_acceptance_heading_are_not_lengths() -> None:
    table = _pipe(
        ["Task", "draft-a", "draft-b"], [["chat", "1.8x", "2.1x"], ["code", "2.0×", "2.4×"]]
    )
    text = "## Acceptance length results\n\nSee the sweep below.\n\n" + table
    assert read_paste(text).records == ()


@settings(max_examples=40, deadline=None)
@given(
    steps=st.integers(5, 900),
    k=st.integers(1, 4),
    share=st.floats(0.0, 1.0),
    noun=st.sampled_from(["draft tokens", "drafted tokens", "speculative tokens", "tokens"]),
    of=st.sampled_from(["of", "out of"]),
    were=st.sampled_from(["", "were ", "got "]),
    unit=st.sampled_from(["cycles", "verify steps", "steps", "forward passes", "rounds"]),
    emitted_first=st.booleans(),
    pct=st.booleans(),
)
def test_counts_in_prose_give_the_length_and_rate(
    steps: int,
    k: int,
    share: float,
    noun: str,
    of: str,
    were: str,
    unit: str,
    emitted_first: bool,
    pct: bool,
) -> None:
    drafted = steps * k
    accepted = round(drafted * share)
    a = f"{accepted} {of} {drafted} {noun} {were}accepted"
    if pct:
        a += f" ({100 * accepted / drafted:.1f}%)"
    e = f"{steps + accepted} tokens emitted over {steps} {unit}"
    text = "MTP run: " + (f"{e}, {a}." if emitted_first else f"{a}, {e}.") + "\n"
    (r,) = read_paste(text).records
    assert r.accepted_tokens == accepted and r.drafted_tokens == drafted
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + accepted / steps)) < 1e-5


def test_prose_counts_whose_share_disagrees_or_that_count_other_things_give_nothing() -> None:
    assert read_paste("MTP run: 70 of 116 draft tokens accepted (65%).\n").records == ()
    assert read_paste("We saw 7 of 10 reviewers accepted the paper.\n").records == ()
    # 'drafts' may be several tokens each: only the share is read, no counts, no length
    (r,) = read_paste("MTP run: 70 of 116 drafts accepted (60.3%).\n").records
    assert r.printed_rate == 0.603 and r.accepted_tokens is None and r.accept_length is None


@settings(max_examples=40, deadline=None)
@given(
    lead=st.sampled_from(["Acceptance length", "AL", "**Accept length**", "Accept rate", "τ"]),
    sep=st.sampled_from([":", " —", " -", " –"]),
    names=st.lists(
        st.sampled_from(["greedy", "sampled", "main", "PR", "k=3", "chat", "before", "after"]),
        min_size=2,
        max_size=4,
        unique=True,
    ),
    joiner=st.sampled_from([", ", "; "]),
    bullet=st.sampled_from(["", "- "]),
    data=st.data(),
)
def test_one_metric_then_its_value_per_configuration(
    lead: str, sep: str, names: list[str], joiner: str, bullet: str, data: st.DataObject
) -> None:
    is_rate = "rate" in lead.lower()
    vals = [data.draw(st.integers(101, 690)) / 100 for _ in names]
    cells = [f"{int(v * 10)}%" if is_rate else f"{v:.2f}" for v in vals]
    text = (
        f"{bullet}{lead}{sep} "
        + joiner.join(f"{n}: {c}" for n, c in zip(names, cells, strict=True))
        + "\n"
    )
    got = read_paste(text).records
    figs = [r.printed_rate if is_rate else r.printed_length for r in got]
    want = [int(v * 10) / 100 if is_rate else round(v, 2) for v in vals]
    assert [round(f or 0, 4) for f in figs] == [round(w, 4) for w in want]


def test_a_configuration_named_as_another_measure_is_no_value_of_the_metric() -> None:
    assert len(read_paste("Acceptance length: 2.91 — throughput: 120 tok/s\n").records) == 1
    assert read_paste("Acceptance rate: draft: 120, accepted: 80\n").records == ()
    assert read_paste("Acceptance length — latency: 12.0, speedup: 2.1\n").records == ()


@settings(max_examples=30, deadline=None)
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
    got = read_paste(text + "\n\n" + _pipe(["task", "v1"], [["chat", f"{v:.2f}"]])).records
    (r,) = got
    assert r.printed_length == v and r.accept_length == round(v + add, 6), r.bonus


@settings(max_examples=40, deadline=None)
@given(
    rates=st.lists(st.integers(5, 95), min_size=2, max_size=6),
    brackets=st.sampled_from(["()", "[]"]),
    cut=st.integers(1, 5),
    indent=st.sampled_from(["", "  ", "    "]),
)
def test_a_per_position_list_wrapped_over_lines(
    rates: list[int], brackets: str, cut: int, indent: str
) -> None:
    rs = [r / 100 for r in sorted(rates, reverse=True)]
    items = [f"{r:.2f}" for r in rs]
    cut = min(cut, len(items) - 1)
    head = ", ".join(items[:cut]) + ","
    tail = ", ".join(items[cut:])
    text = (
        f"acceptance rate per position = {brackets[0]}{head}\n{indent}{tail}{brackets[1]}\n"
        f"mean acceptance length = {1 + sum(rs):.2f}\n"
    )
    (r,) = read_paste(text).records
    assert r.per_position == tuple(rs)
    assert r.bonus.rule.startswith("identity"), r.bonus


@settings(max_examples=30, deadline=None)
@given(
    a=st.integers(11, 59),
    b=st.integers(11, 59),
    verb=st.sampled_from(["went", "dropped", "improved", "rose"]),
    arrow=st.sampled_from(["to", "→", "->"]),
)
def test_a_change_wrapped_between_from_and_to(a: int, b: int, verb: str, arrow: str) -> None:
    text = f"After the fix the acceptance length {verb} from {a / 10:.1f}\n{arrow} {b / 10:.1f} on chat.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [a / 10, b / 10]


def test_a_wrapped_span_of_years_is_no_change_of_a_figure() -> None:
    assert read_paste("The acceptance tests ran from 2019\nto 2021 on the old rig.\n").records == ()


@settings(max_examples=30, deadline=None)
@given(
    a=st.integers(11, 59),
    b=st.integers(11, 59),
    name=st.sampled_from(["acceptance length", "acc len", "AL", "accept length"]),
    arrow=st.sampled_from(["->", "→", "=>"]),
)
def test_a_change_with_an_arrow_after_the_figure(a: int, b: int, name: str, arrow: str) -> None:
    text = f"the drop in {name} is roughly {a / 10:.1f} {arrow} {b / 10:.1f} in production\n"
    assert [r.printed_length for r in read_paste(text).records] == [a / 10, b / 10]


@settings(max_examples=30, deadline=None)
@given(
    drafted=st.integers(10, 900),
    share=st.floats(0.0, 1.0),
    noun=st.sampled_from(["", " draft tokens", " drafts"]),
)
def test_accepted_a_of_b_with_its_share(drafted: int, share: float, noun: str) -> None:
    accepted = round(drafted * share)
    text = f"| source | result |\n|---|---|\n| lookup | accepted {accepted} of {drafted}{noun} "
    text += f"({100 * accepted / drafted:.1f}%) |\n"
    (r,) = read_paste(text).records
    assert r.printed_rate is not None and abs(r.printed_rate - accepted / drafted) < 0.0006
    assert (r.accepted_tokens == accepted) == (noun == " draft tokens")


def test_goals_bounds_and_statistics_after_a_metric_are_no_configurations() -> None:
    assert read_paste("Acceptance length — target: 3.0, minimum: 2.5\n").records == ()
    # statistics of one run: not read as configurations (the median alone may be read)
    assert len(read_paste("Acceptance rate — p50: 0.6, p90: 0.8\n").records) <= 1
    assert read_paste("Accept length: expected: 3.1, threshold: 2.0\n").records == ()


def test_a_heading_naming_two_measures_or_bare_acceptance_titles_nothing_far_below() -> None:
    table = _pipe(["TP", "1", "2"], [["1", "0.852", "0.844"], ["2", "0.836", "0.859"]])
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
