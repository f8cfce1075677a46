"""Rules that transfer: each reader here is probed over generated variants of one structure
(header spellings, column orders, outer pipes or none, markup, wrapped lines, the figure before or
after its name), with negative controls. The pastes are written here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste

_MARKUP = ("{}", "**{}**", "`{}`", "*{}*")


def _table(header: list[str], rows: list[list[str]], outer: bool = True) -> str:
    def line(cells: list[str]) -> str:
        body = " | ".join(cells)
        return f"| {body} |" if outer else body

    out = [line(header), line(["---"] * len(header))]
    out += [line(r) for r in rows]
    return "\n".join(out) + "\n"


def _order(cols: list[tuple[str, list[str]]], perm: list[int]) -> tuple[list[str], list[list[str]]]:
    """The columns (header, cells) in the order ``perm`` gives, as a header and rows."""
    picked = [cols[i] for i in perm]
    header = [h for h, _ in picked]
    rows = [[c[r] for _, c in picked] for r in range(len(picked[0][1]))]
    return header, rows


# ------------------------------------------------------------------ tokens per step, any noun

_STEP_SPELLINGS = [
    f"{tok}{sep}{noun}"
    for tok in ("tok", "toks", "tokens")
    for sep in ("/", " per ")
    for noun in ("round", "cycle", "step", "forward", "iter", "iteration", "verify")
]


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(_STEP_SPELLINGS),
    suffix=st.sampled_from(["", " (struct)", " (code)", " [avg]"]),
    n=st.integers(1, 5),
    outer=st.booleans(),
    data=st.data(),
)
def test_tokens_per_any_step_noun_is_tokens_per_step(
    name: str, suffix: str, n: int, outer: bool, data: st.DataObject
) -> None:
    assert C.key(name).metric == C.TOK_PER_STEP
    vals = [data.draw(st.integers(120, 1400)) / 100 for _ in range(n)]
    cols = [
        ("config", [f"cfg{i}" for i in range(n)]),
        ("tok/s", [str(300 + 7 * i) for i in range(n)]),
        (name + suffix, [data.draw(st.sampled_from(_MARKUP)).format(f"{v:.2f}") for v in vals]),
        ("rounds/s", [str(90 + i) for i in range(n)]),
    ]
    perm = [0] + data.draw(st.permutations([1, 2, 3]))
    header, rows = _order(cols, perm)
    got = read_paste("Sweep of draft sizes:\n\n" + _table(header, rows, outer))
    assert [r.printed_length for r in got.records] == vals
    # tokens per step count the target's own token: the bonus is decided by the name
    assert [r.accept_length for r in got.records] == vals


@settings(max_examples=40, deadline=None)
@given(
    noun=st.sampled_from(["tokens/round", "tok/cycle", "tokens per round", "tokens/forward"]),
    rate=st.integers(30, 95),
    length=st.integers(120, 600),
    wrap=st.booleans(),
)
def test_a_value_before_its_step_unit_in_prose(
    noun: str, rate: int, length: int, wrap: bool
) -> None:
    head = "  the rows reproduce the block-3 rows in the docs"
    tail = f"(0.{rate} accept, {length / 100:.3f} {noun} on code) to three places"
    text = head + ("\n  " if wrap else " ") + tail
    got = read_paste("```\nVerdict: measured\n" + text + "\n```\n")
    assert [r.printed_length for r in got.records] == [length / 100]
    assert got.records[0].accept_length == length / 100


@settings(max_examples=30, deadline=None)
@given(
    noun=st.sampled_from(["Tokens per round", "tokens per step", "tok/cycle"]),
    op=st.sampled_from(["+", "×", "*", "-"]),
    tick=st.sampled_from(["`", ""]),
    first=st.sampled_from(["1", "2"]),
)
def test_the_first_term_of_a_formula_is_no_value(noun: str, op: str, tick: str, first: str) -> None:
    text = (
        "`accept_rate` is accepted over drafted tokens in the speculative run. "
        f"{noun} is {tick}{first} {op} accept_rate × (block − 1){tick} only for a fixed block.\n"
    )
    assert read_paste(text).records == ()


# ------------------------------------------------------------------ typos in a header


def _typo(word: str, kind: int, at: int) -> str:
    """One edit of ``word``: a letter changed, dropped, doubled, or two swapped."""
    i = 1 + at % (len(word) - 2)  # never the first letter
    if kind == 0:
        return word[:i] + ("d" if word[i] != "d" else "f") + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    if kind == 2:
        return word[:i] + word[i] + word[i:]
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :]


@settings(max_examples=80, deadline=None)
@given(
    stem=st.sampled_from(["accept", "acceptance", "Accept", "Acceptance"]),
    figure=st.sampled_from(["ratio", "length", "rate"]),
    kind=st.integers(0, 3),
    at=st.integers(0, 10),
    n=st.integers(1, 4),
    outer=st.booleans(),
    data=st.data(),
)
def test_a_header_with_a_typo_is_read_as_the_figure_it_misspells(
    stem: str, figure: str, kind: int, at: int, n: int, outer: bool, data: st.DataObject
) -> None:
    bad = _typo(figure, kind, at)
    name = f"{stem} {bad}"
    want = C.key(f"{stem} {figure}").metric
    got_key = C.key(name).metric
    # a correction is made only when one word of the names is one edit away
    assert got_key in (want, None)
    if len(bad) >= 5 and bad not in ("rates",):
        near = [w for w in C._vocabulary() if len(w) >= 4 and C._edits(bad, w, 1) <= 1]
        if near == [figure]:
            assert got_key == want
    if got_key is None:
        return
    pct = figure != "length"
    vals = [data.draw(st.integers(40, 90) if pct else st.integers(120, 450)) for _ in range(n)]
    cells = [f"{v}.00%" if pct else f"{v / 100:.2f}" for v in vals]
    cols = [("method", [f"m{i}" for i in range(n)]), ("tpot(ms)", ["50.1"] * n), (name, cells)]
    header, rows = _order(cols, [0] + data.draw(st.permutations([1, 2])))
    got = read_paste("## performance\n\n" + _table(header, rows, outer))
    assert len(got.records) == n
    assert all(r.accept_length is None or not pct for r in got.records)


def test_real_words_near_a_figure_are_not_corrected() -> None:
    for name in ("accept date", "acceptance tests", "acceptance radius", "accepted tokesn"):
        assert C.key(name).metric is None
    text = _table(["task", "acceptance tests", "acceptance date"], [["a", "12", "2026.10"]])
    assert read_paste(text).records == ()


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(
        ["accepted_tokens, %", "accepted tokens (%)", "Accepted, %", "accepted %"]
    ),
    n=st.integers(1, 3),
    data=st.data(),
)
def test_accepted_tokens_in_percent_are_a_share(name: str, n: int, data: st.DataObject) -> None:
    assert C.key(name).metric == C.RATE
    vals = [data.draw(st.integers(3, 95)) for _ in range(n)]
    rows = [[f"run {i}", "1.09x", str(v)] for i, v in enumerate(vals)]
    got = read_paste(_table(["config", "speedup", name], rows))
    assert [r.printed_rate for r in got.records] == [v / 100 for v in vals]


# ------------------------------------------------------------------ doubled bars, rows without outer bars


@settings(max_examples=50, deadline=None)
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


# ------------------------------------------------------------------ 1 + k x rate = length


@settings(max_examples=60, deadline=None)
@given(
    kname=st.sampled_from(["k={}", "nst={}", "gamma={}", "num_spec_tokens={}", "K = {}"]),
    k=st.integers(1, 8),
    rates=st.lists(st.integers(50, 900), min_size=1, max_size=3),
    pct=st.sampled_from(["%", "", "last"]),
    bold=st.booleans(),
    data=st.data(),
)
def test_one_plus_draft_tokens_times_rate_decides_the_bonus(
    kname: str, k: int, rates: list[int], pct: str, bold: bool, data: st.DataObject
) -> None:
    # rates in tenths of a percent, printed with one decimal; lengths rounded to two
    lengths = [round(1 + k * r / 1000, 2) for r in rates]
    cells_r = [f"{r / 10:.1f}" + ("%" if pct == "%" else "") for r in rates]
    if pct == "last":
        cells_r[-1] += "%"
    cells_l = [f"{v:.2f}" for v in lengths]
    if bold:
        cells_l[-1], cells_r[-1] = f"**{cells_l[-1]}**", f"**{cells_r[-1]}**"
    label = kname.format(k) + " " + data.draw(st.sampled_from(["greedy", "probabilistic", ""]))
    header = [
        "configuration",
        f"mean acceptance length ({len(rates)} samples)",
        "avg draft acceptance rate",
    ]
    row = [label.strip(), " / ".join(cells_l), " / ".join(cells_r)]
    if len(rates) == 1 and pct == "":
        return  # a lone bare number above 1 is read as a percentage only with a note
    got = read_paste(_table(header, [row]))
    assert [r.printed_length for r in got.records] == lengths
    assert [r.accept_length for r in got.records] == lengths
    assert all(r.bonus.rule.startswith("identity:") for r in got.records)


def test_when_one_plus_k_times_rate_misses_nothing_is_decided() -> None:
    got = read_paste(_table(["config", "accept length", "accept rate"], [["k=5", "2.90", "22.9%"]]))
    assert [r.printed_length for r in got.records] == [2.9]
    assert got.records[0].accept_length is None


# ------------------------------------------------------------------ a bare 'accept' column of lengths


@settings(max_examples=50, deadline=None)
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
    cells = ["1.00"] + [data.draw(st.sampled_from(_MARKUP)).format(f"{v / 100:.2f}") for v in vals]
    cols = [
        ("arm", [base] + [f"draft cap={i}" for i in range(1, n)]),
        ("decode tok/s", [f"{20 + i}.3" for i in range(n)]),
        (name, cells),
        ("e2e", [f"{0.8 + i / 10:.2f}×" for i in range(n)]),
    ]
    header, rows = _order(cols, [0] + data.draw(st.permutations([1, 2, 3])))
    got = read_paste("Its own benchmark (3 prompts):\n\n" + _table(header, rows, outer))
    want = [1.0] + [v / 100 for v in vals]
    assert [r.printed_length for r in got.records] == want
    assert [r.accept_length for r in got.records] == want


def test_a_bare_accept_column_that_is_no_length() -> None:
    # one decimal (a percentage without its sign), or without a baseline: no length claimed
    pct = _table(["arm", "accept"], [["a", "8.7"], ["b", "10.7"]])
    assert all(r.printed_length is None for r in read_paste(pct).records)
    # without a run at 1.00 the column may be accepted drafts or tokens per step: not read
    no_base = read_paste(_table(["arm", "accept"], [["a", "2.75"], ["b", "4.03"]]))
    assert no_base.records == ()
    # a baseline printing anything but 1 proves nothing either
    other = read_paste(_table(["arm", "accept"], [["baseline", "0.00"], ["b", "4.03"]]))
    assert all(r.accept_length is None for r in other.records)


# ------------------------------------------------------------------ cells that hold more than one value


def _cell_share(a: int, r: int, form: int, approx: bool, qual: str) -> str:
    p = 100 * a / (a + r)
    pct = f"~{round(p)}%" if approx else f"{p:.1f}%"
    counts = (
        f"accept {a} / reject {r}",
        f"{a} accepted, {r} rejected",
        f"accepted: {a}; rejected: {r}",
    )[form]
    return f"**{pct}** ({counts}{qual})"


@settings(max_examples=60, deadline=None)
@given(
    a=st.integers(1, 5000),
    r=st.integers(1, 5000),
    form=st.integers(0, 2),
    approx=st.booleans(),
    qual=st.sampled_from(["", " at k=2", ", over 300 requests", " on gsm8k"]),
    name=st.sampled_from(["acceptance (prometheus)", "accept rate", "Draft acceptance"]),
    transposed=st.booleans(),
)
def test_a_share_with_its_accepted_and_rejected_counts(
    a: int, r: int, form: int, approx: bool, qual: str, name: str, transposed: bool
) -> None:
    cell = _cell_share(a, r, form, approx, qual)
    if transposed:
        rows = [["no MTP", "serves, **11.3 tok/s**"], [name, cell]]
        text = _table(["config", "result"], rows)
    else:
        text = _table(["config", name, "tok/s"], [["MTP k=2", cell, "7.4"]])
    got = read_paste("## Measured result\n" + text)
    assert [(x.accepted_tokens, x.drafted_tokens) for x in got.records] == [(a, a + r)]
    assert got.records[0].accept_length is None


def test_a_share_its_counts_do_not_give_is_not_read_with_them() -> None:
    text = _table(["config", "result"], [["acceptance", "**40%** (accept 52 / reject 265)"]])
    assert all(x.accepted_tokens is None for x in read_paste(text).records)


@settings(max_examples=60, deadline=None)
@given(
    rates=st.lists(st.integers(50, 9999), min_size=2, max_size=6),
    name=st.sampled_from(["Accept ratio", "acceptance rate", "per-position acceptance"]),
    transposed=st.booleans(),
    extra=st.booleans(),
)
def test_rates_per_position_listed_with_spaces(
    rates: list[int], name: str, transposed: bool, extra: bool
) -> None:
    falling = sorted(rates, reverse=True)
    cell = " ".join(f"{x / 10000:.4f}" for x in falling)
    if transposed:
        rows = ([["Accuracy", "0.9477"]] if extra else []) + [[name, cell]]
        text = _table(["Metric", "Value"], rows)
    else:
        text = _table(
            ["model", name] + (["tok/s"] if extra else []),
            [["mtp3", cell] + (["900"] if extra else [])],
        )
    got = read_paste("For the target (TP4) MTP, add MTP3\n" + text)
    assert [x.per_position for x in got.records] == [tuple(x / 10000 for x in falling)]
    # conditional or not is not said: no length from them
    assert got.records[0].accept_length is None


def test_rates_that_rise_are_no_positions() -> None:
    text = _table(["Metric", "Value"], [["Accept ratio", "0.31 0.62 0.93"]])
    assert all(not x.per_position for x in read_paste(text).records)


# ------------------------------------------------------------------ prose: hedges, means per step


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(
        ["mean acceptance length", "accept length", "avg acceptance length", "AL"]
    ),
    hedge=st.sampled_from(["only", "just", "roughly", "barely", "still", "merely"]),
    v=st.integers(105, 790),
    mark=st.sampled_from(_MARKUP),
    tail=st.sampled_from([" on GSM8K (k=5, 2×8 H20)", "", " with the new head", "."]),
    prefix=st.sampled_from(["[Perf][Spec Decode] Model-X draft ", "Our run: ", ""]),
)
def test_a_hedge_word_between_a_name_and_its_value(
    name: str, hedge: str, v: int, mark: str, tail: str, prefix: str
) -> None:
    text = f"{prefix}{name} {hedge} {mark.format(f'{v / 100:.2f}')}{tail}\n"
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [v / 100]


def test_a_hedge_word_before_a_bound_or_a_count_is_no_figure() -> None:
    assert read_paste("accept length only above 2.5 counts as healthy\n").records == ()
    assert read_paste("mean acceptance length only 32 queries in\n").records == ()


@settings(max_examples=60, deadline=None)
@given(
    acc=st.integers(5, 690),
    k=st.integers(7, 15),
    noun=st.sampled_from(
        ["drafted tokens", "draft tokens", "proposed tokens", "speculative tokens"]
    ),
    per=st.sampled_from(
        ["per round", "per step", "per verify step", "per cycle", "each round", "per forward"]
    ),
    after=st.sampled_from([" live (the vendor reports 3.75)", ".", " on code", ""]),
    order=st.sampled_from(
        [
            "{a} of {k} {noun} accepted {per}",
            "{a} of {k} {noun} are accepted {per}",
            "accepts {a} out of {k} {noun} {per}",
            "accepted on average {a} of {k} {noun} {per}",
        ]
    ),
)
def test_a_mean_of_accepted_drafts_per_step_of_k(
    acc: int, k: int, noun: str, per: str, after: str, order: str
) -> None:
    a = acc / 100
    said = order.format(a=f"{a:.2f}", k=k, noun=noun, per=per)
    text = f"It is correct and reaches the vendor's acceptance figure: {said}{after}\n"
    got = read_paste(text)
    assert len(got.records) == 1
    r = got.records[0]
    assert r.accept_length == round(1 + a, 6)
    assert r.bonus.value == "excluded"


def test_a_mean_of_accepted_drafts_without_its_step_is_not_read() -> None:
    text = "reaches the vendor's figure: 3.20 of 7 drafted tokens accepted (NVIDIA reports 3.75)\n"
    got = read_paste(text)
    assert all(r.accepted_tokens is None and r.accept_length is None for r in got.records)


# ------------------------------------------------------------------ conventions the paste states


_LENGTH_TABLE = _table(
    ["Dataset", "Baseline tok/s", "Accept Rate", "Accept Length"],
    [["HumanEval", "130.2", "57.1%", "3.42"], ["MT-Bench", "129.2", "47.9%", "2.88"]],
)


@settings(max_examples=40, deadline=None)
@given(
    verb=st.sampled_from(
        ["Benchmarked with", "Numbers measured on", "Results are from", "Served by"]
    ),
    det=st.sampled_from(["our ", "the ", "upstream ", ""]),
    tool=st.sampled_from([("SGLang", "sglang"), ("vLLM", "vllm"), ("llama.cpp", "llamacpp")]),
    tail=st.sampled_from([" fork (org/repo, commit 63291f7)", " 0.11", " server", ""]),
    trainer=st.booleans(),
)
def test_the_tool_the_paste_says_measured_its_figures(
    verb: str, det: str, tool: tuple[str, str], tail: str, trainer: bool
) -> None:
    lines = ["EAGLE3 draft model card", "B=1 (single request)", _LENGTH_TABLE.strip()]
    if trainer:
        lines.append("Trained via SpecForge, 3 epochs.")
    lines.append(f"{verb} {det}{tool[0]}{tail}. Metrics from server-side Prometheus.")
    got = read_paste("\n".join(lines) + "\n")
    assert {r.tool for r in got.records} == {tool[1]}
    assert [r.accept_length for r in got.records] == [3.42, 2.88]


def test_a_tool_only_trained_with_or_compared_with_decides_nothing() -> None:
    for said in ("Trained with SGLang and SpecForge.", "Compared with vLLM, ours is faster."):
        got = read_paste("EAGLE3 draft on SpecForge\n" + _LENGTH_TABLE + said + "\n")
        assert all(r.accept_length is None for r in got.records)


@settings(max_examples=50, deadline=None)
@given(
    v=st.integers(105, 590),
    say=st.sampled_from(
        [
            "So with their method, the accept length should +1",
            "to compare, our numbers need to add 1",
            "the acceptance lengths above would be plus one",
        ]
    ),
    why=st.sampled_from(
        [
            "Other benchmarks also count the token generated by the base (target) model.",
            "They count the bonus token.",
            "Their tool counts tokens from the target model as well.",
        ]
    ),
    approx=st.booleans(),
)
def test_the_paste_says_its_lengths_lack_the_targets_token(
    v: int, say: str, why: str, approx: bool
) -> None:
    val = f"~{v / 100:.2f}" if approx else f"{v / 100:.2f}"
    text = (
        "Results on MT-bench (80 questions)\n"
        f"- Accept length for setup 1: {val}\n\n"
        f"Update: my numbers differ from other benchmarks. {why}\n{say}\n"
    )
    got = read_paste(text)
    assert [r.accept_length for r in got.records] == [round(v / 100 + 1, 6)]
    assert got.records[0].bonus.value == "excluded"


def test_plus_one_without_the_targets_token_or_both_ways_decides_nothing() -> None:
    base = "- Accept length for setup 1: 2.99\n\n"
    for said in (
        "the accept length should +1 next release",  # no word on which token
        "They count the bonus token, so the accept length should +1; "
        "or the accept length should -1 by their other method.",
    ):
        got = read_paste(base + said + "\n")
        assert [r.accept_length for r in got.records] == [None]


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["Accept ratio", "acceptance rate per position", "accept rate"]),
    sep=st.sampled_from([": ", " = ", ":\t"]),
    rates=st.lists(st.integers(50, 9999), min_size=2, max_size=6),
)
def test_a_key_then_falling_rates_with_spaces(name: str, sep: str, rates: list[int]) -> None:
    falling = sorted(rates, reverse=True)
    text = f"MTP3 draft, eagle on\n{name}{sep}" + " ".join(f"{x / 10000:.4f}" for x in falling)
    got = read_paste(text + "\n")
    assert [r.per_position for r in got.records] == [tuple(x / 10000 for x in falling)]
    assert got.records[0].printed_rate is None


def test_a_key_then_rising_numbers_with_spaces_is_never_its_first_number() -> None:
    got = read_paste("MTP3 draft speculative\nAccept ratio: 0.31 0.62 0.93\n")
    assert all(r.printed_rate is None and not r.per_position for r in got.records)


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


@settings(max_examples=50, deadline=None)
@given(
    subject=st.sampled_from(["The accept length here", "Our numbers", "AL above", "These lengths"]),
    verb=st.sampled_from(
        [
            ("does not count the bonus token", "excluded"),
            ("excludes the bonus", "excluded"),
            ("never counts the target's own token", "excluded"),
            ("include the target model's own token", "included"),
            ("counts the bonus token", "included"),
        ]
    ),
    v=st.integers(105, 590),
)
def test_the_paste_says_how_its_lengths_count(subject: str, verb: tuple[str, str], v: int) -> None:
    text = f"- accept length: {v / 100:.2f} on chat\n\n{subject} {verb[0]}.\n"
    got = read_paste(text)
    lengths = [r.accept_length for r in got.records]
    assert lengths == [round(v / 100 + (1 if verb[1] == "excluded" else 0), 6)]


def test_a_sentence_on_another_tools_count_decides_nothing() -> None:
    text = "- accept length: 2.41 on chat\n\nour numbers differ from SpecBench, which counts the bonus token.\n"
    assert [r.accept_length for r in read_paste(text).records] == [None]


@settings(max_examples=40, deadline=None)
@given(
    verb=st.sampled_from(
        ["Benchmarks were run on", "Tested on", "We ran with", "Numbers collected on", "Served by"]
    ),
    tool=st.sampled_from([("SGLang", "sglang"), ("vLLM", "vllm"), ("llama.cpp", "llamacpp")]),
)
def test_measuring_phrases_and_comparisons(verb: str, tool: tuple[str, str]) -> None:
    from specdiag.core.logs.paste import tools as T

    assert T.measured_with(f"{verb} {tool[0]} 0.5 on 8xH100.") == {tool[1]}
    assert T.measured_with(f"{verb} H100 vs {tool[0]}.") == set()
    assert T.measured_with(f"{verb} SGLang and vLLM.") == set()


@pytest.mark.parametrize(
    ("name", "metric"),
    [
        ("emitted/round", C.TOK_PER_STEP),
        ("tokens per draft round", C.TOK_PER_STEP),
        ("Acceptance Raio", C.ACCEPT_RATIO),
        ("accept date", None),
        ("accept late", None),
        ("acceptance test", None),
    ],
)
def test_more_spellings(name: str, metric: str | None) -> None:
    assert C.key(name).metric == metric


def _camel(words: list[str]) -> str:
    return words[0].lower() + "".join(w.capitalize() for w in words[1:])


@settings(max_examples=60, deadline=None)
@given(
    words=st.sampled_from(
        [
            (["accept", "length"], C.LENGTH),
            (["acceptance", "rate"], C.RATE),
            (["avg", "accept", "len"], C.LENGTH),
            (["draft", "acceptance", "rate"], C.RATE),
            (["mean", "acceptance", "length"], C.LENGTH),
        ]
    ),
    style=st.sampled_from(["camel", "pascal", "snake_mean", "arrow", "pct"]),
)
def test_header_spellings_of_code_and_papers(words: tuple[list[str], str], style: str) -> None:
    ws, metric = words
    if style == "camel":
        name = _camel(ws)
    elif style == "pascal":
        name = "".join(w.capitalize() for w in ws)
    elif style == "snake_mean":
        name = "_".join(ws) + "_mean"
    elif style == "arrow":
        name = " ".join(w.capitalize() for w in ws) + " ↑"
    else:
        name = "_".join(ws) + "_pct"
    k = C.key(name)
    assert k.metric == metric
    if style == "pct":
        assert k.percent


def test_capitals_are_not_camel_case() -> None:
    assert C.key("vLLM acceptance rate").tool == "vllm"
    assert C.key("SGLang Spec Accept Length").tool == "sglang"


# ------------------------------------------------------------------ more value shapes


@settings(max_examples=40, deadline=None)
@given(
    length=st.integers(120, 590),
    lead=st.sampled_from(["vLLM spec decode: ", "Run 3 (eagle): ", ""]),
    second=st.sampled_from(
        ["per-position acceptance: 0.81, 0.55", "draft acceptance rate: 61%", "tok/s: 201"]
    ),
)
def test_a_name_and_value_before_another_key_keep_their_own_clause(
    length: int, lead: str, second: str
) -> None:
    text = f"{lead}Mean acceptance length {length / 100:.2f}, {second}\n"
    got = read_paste(text)
    assert [r.printed_length for r in got.records if r.printed_length] == [length / 100]


@settings(max_examples=40, deadline=None)
@given(
    verb=st.sampled_from(["accepted", "accepts", "we accept about", "accepted ~"]),
    unit=st.sampled_from(["tokens per step", "tokens/step", "tokens per round", "tok/cycle"]),
    v=st.integers(110, 590),
)
def test_accepted_tokens_per_step_is_a_length_left_undecided(verb: str, unit: str, v: int) -> None:
    # EAGLE's τ, 'tokens accepted per cycle', counts the target's own token; others do not
    got = read_paste(
        f"The draft {verb}{'' if verb.endswith('~') else ' '}{v / 100:.2f} {unit} on average.\n"
    )
    assert [r.printed_length for r in got.records] == [v / 100]
    assert got.records[0].accept_length is None


@settings(max_examples=40, deadline=None)
@given(
    v=st.integers(110, 590),
    noun=st.sampled_from(["accepted tokens", "accepted drafts", "draft tokens accepted"]),
    per=st.sampled_from(["per step", "/step", "per round", "per verify step"]),
)
def test_a_mean_accepted_per_step_before_its_name(v: int, noun: str, per: str) -> None:
    got = read_paste(
        f"MTP head: an average of {v / 100:.2f} {noun}{' ' if per[0] != '/' else ''}{per}.\n"
    )
    r = got.records[0]
    assert r.printed_length == v / 100
    if "draft" in noun:
        assert r.accept_length == round(1 + v / 100, 6)
    else:
        assert r.accept_length is None


@settings(max_examples=40, deadline=None)
@given(p=st.integers(100, 999), first=st.booleans(), bold=st.booleans())
def test_a_fraction_with_its_percentage_restated(p: int, first: bool, bold: bool) -> None:
    frac, pct = f"0.{p}", f"{p / 10:.1f}%"
    cell = f"{frac} ({pct})" if first else f"{pct} ({frac})"
    cell = f"**{cell}**" if bold else cell
    got = read_paste(_table(["model", "acceptance", "speedup"], [["eagle3", cell, "1.8x"]]))
    assert [round(r.printed_rate or 0, 6) for r in got.records] == [p / 1000]
    other = C.value(f"0.{p} ({(p + 50) / 10:.1f}%)")
    assert other is None  # two different figures are no restatement


@settings(max_examples=40, deadline=None)
@given(k=st.integers(1, 7), v=st.integers(110, 890), name=st.sampled_from(["k", "gamma", "nst"]))
def test_a_value_with_its_draft_tokens_in_brackets(k: int, v: int, name: str) -> None:
    cell = f"{v / 100:.2f} ({name}={k})"
    got = read_paste(_table(["model", "AL", "speedup"], [["mtp", cell, "2.0x"]]))
    assert [r.printed_length for r in got.records] == [v / 100]
    assert got.records[0].accept_length == (v / 100 if v / 100 > k + 0.005 else None)


@settings(max_examples=50, deadline=None)
@given(
    a=st.integers(1, 3000),
    r=st.integers(1, 3000),
    form=st.integers(0, 2),
    approx=st.booleans(),
    lead=st.sampled_from(["- acceptance (prometheus): ", "acceptance rate ", "Draft acceptance: "]),
    mark=st.sampled_from(["{}", "**{}**"]),
)
def test_a_share_with_its_counts_in_prose(
    a: int, r: int, form: int, approx: bool, lead: str, mark: str
) -> None:
    cell = _cell_share(a, r, form, approx, "")
    share, counts = cell.split(" (", 1)
    text = lead + mark.format(share.strip("*")) + " (" + counts + " on the eagle draft\n"
    got = read_paste("MTP speculative decoding\n" + text)
    assert [(x.accepted_tokens, x.drafted_tokens) for x in got.records] == [(a, a + r)]


@settings(max_examples=30, deadline=None)
@given(rates=st.lists(st.integers(50, 9999), min_size=2, max_size=5))
def test_a_key_then_falling_rates_without_a_separator(rates: list[int]) -> None:
    falling = sorted(rates, reverse=True)
    listed = " ".join(f"{x / 10000:.4f}" for x in falling)
    got = read_paste(f"Results: accept ratio {listed} with MTP{len(falling)}\n")
    assert [r.per_position for r in got.records] == [tuple(x / 10000 for x in falling)]


@settings(max_examples=40, deadline=None)
@given(
    cut=st.integers(0, 3),
    fence=st.booleans(),
    rate=st.integers(300, 900),
    length=st.integers(120, 600),
    indent=st.sampled_from(["", "  ", "\t"]),
)
def test_a_parenthesis_wrapped_over_lines(
    cut: int, fence: bool, rate: int, length: int, indent: str
) -> None:
    words = [f"(0.{rate} accept,", f"{length / 100:.3f}", "tokens/round", "on code)"]
    head = "the MTP rows reproduce the block-3 rows " + " ".join(words[: cut + 1])
    tail = " ".join(words[cut + 1 :]) + " to three places"
    body = f"{head}\n{indent}{tail}\n"
    got = read_paste(f"```\n{body}```\n" if fence else body)
    assert [r.printed_length for r in got.records] == [length / 100]


def test_a_parenthesis_left_open_without_a_figure_joins_nothing() -> None:
    text = "the rows (see the table\nbelow) are fine\naccept length: 2.41\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.41]


@pytest.mark.parametrize(
    "text",
    [
        "Our model's acceptance rate among users was 61% (accept 52 / reject 33).\n",
        "The agent uses about 1500 tokens per round of the conversation.\n",
        "Game stats: 4.2 tokens per iteration of the training loop, loss 2.1\n",
        "The tokenizer averages 3.6 tokens per word; throughput 120 tokens/s.\n",
        "In the chess engine, we accept 2.5 moves per round on average.\n",
        '<input type="radio" name="accept radio" value="1">\n',
        "Acceptance criteria: throughput >= 2x at >= 60% acceptance with EAGLE-3.\n",
        "We target an acceptance length of 3.0 for the new head.\n",
        "Our goal: acceptance rate 70% with Qwen3-8B.\n",
    ],
)
def test_negative_controls_of_these_shapes(text: str) -> None:
    assert read_paste(text).records == ()


# ------------------------------------------------------------------ web pages and papers


@settings(max_examples=40, deadline=None)
@given(
    vals=st.lists(st.integers(110, 690), min_size=1, max_size=4),
    attrs=st.sampled_from(["", ' align="center"', ' class="x"']),
    bold=st.booleans(),
    one_line=st.booleans(),
)
def test_html_table_rows(vals: list[int], attrs: str, bold: bool, one_line: bool) -> None:
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
    got = read_paste(body + "\n")
    assert [r.printed_length for r in got.records] == [v / 100 for v in vals]


@settings(max_examples=40, deadline=None)
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
    got = read_paste(_table(header, [["EAGLE-3", *cells]]))
    figs = [r.printed_rate if rate else r.printed_length for r in got.records]
    assert [round(f or 0, 6) for f in figs] == [v / 100 for v in vals]


@pytest.mark.parametrize(
    "header", ["speedup τ", "simulated AL", "expected accept length", "tg/s, 30% acceptance"]
)
def test_another_measure_before_the_metric_is_not_it(header: str) -> None:
    assert C.key(header).metric is None


@settings(max_examples=30, deadline=None)
@given(p=st.integers(100, 9999), name=st.sampled_from(["Accepted draft tokens", "accepted tokens"]))
def test_accepted_tokens_as_a_percentage_in_prose(p: int, name: str) -> None:
    got = read_paste(f"{name}: {p / 100:.2f}%\n")
    assert [round(r.printed_rate or 0, 6) for r in got.records] == [p / 10000]


# ------------------------------------------------------------------ one metric, several configurations in prose


@settings(max_examples=40, deadline=None)
@given(
    vals=st.lists(st.integers(110, 690), min_size=2, max_size=3),
    form=st.sampled_from(["bracket", "colonless", "slashed", "on"]),
    approx=st.booleans(),
)
def test_one_metric_then_a_value_per_configuration(
    vals: list[int], form: str, approx: bool
) -> None:
    names = ["chat", "code", "math"][: len(vals)]
    shown = [("~" if approx else "") + f"{v / 100:.2f}" for v in vals]
    if form == "bracket":
        text = "acceptance length is " + " and ".join(
            f"{s} ({n})" for s, n in zip(shown, names, strict=True)
        )
    elif form == "colonless":
        text = "accept length: " + ", ".join(f"{n} {s}" for s, n in zip(shown, names, strict=True))
    elif form == "slashed":
        text = f"Mean accept length ({' / '.join(names)}): " + " / ".join(shown)
    else:
        text = "the acceptance length was " + " and ".join(
            f"{s} on {n}" for s, n in zip(shown, names, strict=True)
        )
    got = read_paste(text + "\n")
    assert [r.printed_length for r in got.records] == [v / 100 for v in vals]


def test_bounds_listed_after_a_metric_are_no_configurations() -> None:
    assert read_paste("accept length: at least 2.5, at most 3.1\n").records == ()


@settings(max_examples=30, deadline=None)
@given(v=st.integers(110, 690), mark=st.sampled_from(["_{}_", "*{}*", "`{}`", "**{}**"]))
def test_italic_and_code_markup_around_a_cell(v: int, mark: str) -> None:
    got = read_paste(_table(["model", "AL"], [["a", mark.format(f"{v / 100:.2f}")]]))
    assert [r.printed_length for r in got.records] == [v / 100]


@settings(max_examples=50, deadline=None)
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
    got = read_paste(_table(["model", "AL", "speedup"], [["a", cell, "1.8x"]]))
    assert [r.printed_length for r in got.records] == [x]


def test_a_bare_second_number_or_an_interval_without_the_value_stays_unread() -> None:
    for cell in ("2.61 (1.71)", "2.61 [2.70, 2.90]"):
        assert C.value(cell) is None


@settings(max_examples=30, deadline=None)
@given(k=st.integers(1, 5), over=st.integers(5, 150), label=st.booleans())
def test_a_bare_accept_column_above_its_rows_k(k: int, over: int, label: bool) -> None:
    v = k + over / 100
    if label:
        text = _table(["config", "accept", "tok/s"], [[f"eagle k={k}", f"{v:.2f}", "100"]])
    else:
        text = _table(["K", "accept", "tok/s"], [[str(k), f"{v:.2f}", "100"]])
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [round(v, 2)]
    # the k of a label decides the bonus; a bare 'K' column only makes the column read
    assert got.records[0].accept_length == (round(v, 2) if label else None)


@pytest.mark.parametrize(
    ("line", "tool"),
    [
        ("docker run --gpus all -p 8000:8000 vllm/vllm-openai:v0.11.0 --model m", "vllm"),
        ("docker run --rm --ipc=host lmsysorg/sglang:v0.5.4 python3 -m x", "sglang"),
        ("docker run -p 8080:8080 ghcr.io/ggml-org/llama.cpp:server -m m.gguf", "llamacpp"),
    ],
)
def test_a_server_image_started_with_docker_decides_the_users_prose(line: str, tool: str) -> None:
    from specdiag.core.logs.paste import tools as T

    assert T.launched(line) == {tool}
    text = f"```\n{line}\n```\n\nThe mean acceptance length was 2.41 on chat.\n"
    got = read_paste(text)
    assert [(r.tool, r.printed_length) for r in got.records] == [(tool, 2.41)]


@settings(max_examples=30, deadline=None)
@given(
    dash=st.sampled_from(["—", "–"]),
    name=st.sampled_from(["Acceptance rate", "accept length", "Mean acceptance length"]),
    v=st.integers(30, 95),
)
def test_a_dash_between_a_name_and_its_value(dash: str, name: str, v: int) -> None:
    rate = "rate" in name
    shown = f"{v}.5%" if rate else f"{v / 20:.2f}"
    got = read_paste(f"{name} {dash} {shown} on chat\n")
    figs = [r.printed_rate if rate else r.printed_length for r in got.records]
    assert [round(f or 0, 6) for f in figs] == [round((v + 0.5) / 100 if rate else v / 20, 6)]


def test_a_target_model_line_is_no_goal() -> None:
    got = read_paste("Target: Llama-3.1-8B, accept length: 2.41\n")
    assert [r.printed_length for r in got.records] == [2.41]
