"""Structure rules beyond the held-out batches' own shapes: each probed over generated variants
(header spellings, column orders, outer bars or none, markup, a spanning title or none) with
negative controls that must stay undecided or unread. The pastes are written here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


def _table(header: list[str], rows: list[list[str]], outer: bool = True) -> str:
    def line(cells: list[str]) -> str:
        body = " | ".join(cells)
        return f"| {body} |" if outer else body

    return "\n".join([line(header), line(["---"] * len(header))] + [line(r) for r in rows]) + "\n"


# ------------------------------------------------------------------ a bare 'K' column


def _rising(draw: st.DrawFn, n: int, start: float) -> list[float]:
    vals, v = [], start
    for _ in range(n):
        vals.append(round(v, 2))
        v += draw(st.integers(0, 40)) / 100
    return vals


@st.composite
def _k_table(draw: st.DrawFn) -> tuple[str, list[int], list[list[float]]]:
    ks = sorted(draw(st.sets(st.integers(1, 8), min_size=2, max_size=6)))
    ncols = draw(st.integers(1, 3))
    series = []
    for _ in range(ncols):
        vals = _rising(draw, len(ks), draw(st.integers(105, 190)) / 100)
        # every length at most K + 1: a step emits its drafts and the target's own token
        series.append([min(v, k + 1) for v, k in zip(vals, ks, strict=True)])
    kname = draw(st.sampled_from(["K", "k", "**K**", "`k`"]))
    names = [f"Draft {c}" for c in "ABC"[:ncols]]
    outer = draw(st.booleans())
    metric = draw(st.sampled_from(["AL", "Accept length", "acceptance length", "τ"]))
    if draw(st.booleans()):
        header = [kname] + [f"{metric} ({n})" for n in names]
        text = _table(
            header, [[str(k)] + [f"{s[i]:.2f}" for s in series] for i, k in enumerate(ks)], outer
        )
    else:
        # a spanning title row over the drafts' columns, the K header in the second row
        top = " | ".join([""] + [metric] + [""] * (ncols - 1))
        second = " | ".join([kname] + names)
        body = "\n".join(
            " | ".join([str(k)] + [f"{s[i]:.2f}" for s in series]) for i, k in enumerate(ks)
        )
        text = f"{top}\n{' | '.join(['--'] * (ncols + 1))}\n{second}\n{body}\n"
    return text, ks, series


@settings(max_examples=60, deadline=None)
@given(case=_k_table())
def test_a_length_above_the_rows_bare_k_counts_the_bonus(
    case: tuple[str, list[int], list[list[float]]],
) -> None:
    text, ks, series = case
    got = read_paste("Sweep over the draft length:\n\n" + text).records
    want = sorted(v for s in series for v in s)
    assert sorted(r.printed_length or 0 for r in got) == want
    above = any(v > k for s in series for v, k in zip(s, ks, strict=True))
    for r in got:
        if above:
            # a length above its row's K decides its column; the other columns follow
            assert r.accept_length == r.printed_length or r.accept_length is None
        else:
            assert r.accept_length is None
    if above:
        decided = [r for r in got if r.accept_length is not None]
        assert decided and all(r.bonus.value == "included" for r in decided)


def test_a_bare_k_that_is_no_draft_length_decides_nothing() -> None:
    # a length above K + 1: the K is something else (a context length in thousands)
    ctx = _table(["K", "AL"], [["1", "2.60"], ["2", "2.70"], ["4", "2.71"]])
    # lengths that fall as K grows: no draft length either
    falling = _table(["K", "AL"], [["2", "2.40"], ["3", "2.31"], ["4", "2.20"]])
    # one K only: nothing tells what it is
    single = _table(["K", "AL"], [["2", "2.40"], ["2", "2.45"]])
    for text in (ctx, falling, single):
        got = read_paste("Results:\n\n" + text).records
        assert got and all(r.accept_length is None for r in got), text


# ------------------------------------------------------------------ per-position lists


@settings(max_examples=60, deadline=None)
@given(
    word=st.sampled_from(["accept", "acceptance", "acc", "accept rate", "acceptance rate"]),
    pos=st.sampled_from(["d{}", "p{}", "pos{}", "{}", "t{}"]),
    n=st.integers(2, 5),
    start=st.sampled_from([0, 1]),
    pct=st.booleans(),
    bracket=st.booleans(),
    rows=st.integers(1, 4),
    outer=st.booleans(),
    data=st.data(),
)
def test_a_header_naming_the_draft_positions_gives_a_rate_per_position(
    word: str,
    pos: str,
    n: int,
    start: int,
    pct: bool,
    bracket: bool,
    rows: int,
    outer: bool,
    data: st.DataObject,
) -> None:
    names = "/".join(pos.format(start + i) for i in range(n))
    head = f"{word} ({names})" if bracket else f"{word} {names}"
    lines = []
    for _ in range(rows):
        rates = sorted((data.draw(st.integers(100, 990)) / 1000 for _ in range(n)), reverse=True)
        lines.append(rates)
    cell = (
        (lambda r: " / ".join(f"{x * 100:.1f}" for x in r))
        if pct
        else (lambda r: " / ".join(f"{x:.3f}" for x in r))
    )
    length = [round(1 + sum(r), 2) for r in lines]
    text = _table(
        ["batch", "tok/s", "τ", head],
        [[str(2**i), str(100 - i), f"{length[i]:.2f}", cell(r)] for i, r in enumerate(lines)],
        outer,
    )
    got = read_paste("Runs:\n\n" + text).records
    assert [r.printed_length for r in got] == length
    for r, rates in zip(got, lines, strict=True):
        assert r.per_position == pytest.approx(tuple(rates), abs=1e-3)
        # 1 + the sum of the positions is the printed length: the bonus is counted
        assert r.accept_length == r.printed_length


def test_a_slash_list_that_names_no_positions_is_no_per_position_header() -> None:
    for head in ("accept 2024/2025", "accept d1/d3", "accept 2/3/4", "accept a/b/c"):
        got = read_paste(_table(["run", "τ", head], [["x", "2.10", "0.5 / 0.4 / 0.3"]])).records
        assert all(not r.per_position for r in got), head


@settings(max_examples=60, deadline=None)
@given(
    key=st.sampled_from(
        [
            "Per-position acceptance",
            "per-position acceptance rate",
            "Acceptance rate per position",
            "Per-position acceptance (%)",
        ]
    ),
    sep=st.sampled_from([": ", " = ", " ", " are ", ":\t"]),
    joiner=st.sampled_from([", ", "; ", " / ", ","]),
    pct=st.sampled_from(["", "%", "bare"]),
    n=st.integers(2, 6),
    end=st.sampled_from(["", ".", " (greedy)"]),
    data=st.data(),
)
def test_an_unbracketed_list_after_a_per_position_key(
    key: str, sep: str, joiner: str, pct: str, n: int, end: str, data: st.DataObject
) -> None:
    rates = sorted((data.draw(st.integers(100, 990)) / 1000 for _ in range(n)), reverse=True)
    if pct == "%" or "%" in key:
        items = [f"{x * 100:.1f}" + ("%" if "%" not in key else "") for x in rates]
    else:
        items = [f"{x:.3f}" for x in rates]
    length = round(1 + sum(rates), 2)
    text = f"Mean acceptance length: {length:.2f}\n{key}{sep}{joiner.join(items)}{end}\n"
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].per_position == pytest.approx(tuple(rates), abs=1e-3)
    assert got[0].accept_length == length


def test_a_list_that_goes_on_with_other_counts_is_not_taken() -> None:
    # the list continues with a number of another kind: not only rates, nothing is taken
    text = "Mean acceptance length: 2.31\nPer-position acceptance: 0.72, 0.41, 0.18, 3 runs\n"
    assert all(not r.per_position for r in read_paste(text).records)
    # percentages and fractions mixed in one list: not one list of rates
    text = "Mean acceptance length: 2.31\nPer-position acceptance: 72%, 0.41, 0.18\n"
    assert all(not r.per_position for r in read_paste(text).records)


# ------------------------------------------------------------------ 'steps' as a count


@settings(max_examples=60, deadline=None)
@given(
    steps=st.integers(65, 200_000),
    per=st.integers(20, 400),
    key=st.sampled_from(["steps", "num_steps", "Steps", "num steps"]),
    form=st.sampled_from(["eq", "colon_lines", "table"]),
)
def test_a_large_whole_number_under_steps_is_the_verify_step_count(
    steps: int, per: int, key: str, form: str
) -> None:
    accepted = steps * per // 100
    length = round(1 + accepted / steps, 2)
    if form == "eq":
        text = f"{key}={steps} accepted={accepted} mean acceptance length {length:.2f}\n"
    elif form == "colon_lines":
        text = f"{key}: {steps}\naccepted: {accepted}\nmean acceptance length: {length:.2f}\n"
    else:
        text = _table([key, "accepted", "AL"], [[str(steps), str(accepted), f"{length:.2f}"]])
    (r,) = read_paste(text).records
    assert r.steps == steps
    # 1 + accepted / steps is the printed length: the bonus is counted
    assert r.accept_length == length


def test_a_handful_of_steps_stays_the_configuration() -> None:
    for text in (
        "num_steps=3 accepted=2280 mean acceptance length 2.52\n",
        _table(["steps", "AL"], [["3", "2.52"], ["5", "2.90"]]),
    ):
        got = read_paste(text).records
        assert got and all(r.steps is None and r.accept_length is None for r in got), text
        assert all(any(n in ("steps", "num steps") for n, _ in r.labels) for r in got)


# ------------------------------------------------------------------ a length stated again


@settings(max_examples=60, deadline=None)
@given(
    quote=st.sampled_from(["", "> ", "> > "]),
    name=st.sampled_from(["mean acceptance length", "accept length", "average acceptance length"]),
    first=st.integers(150, 600),
    second=st.integers(110, 600),
    verb=st.sampled_from(["printed", "gave", "got", "was", "reached"]),
    tail=st.sampled_from([", which I guess is the other convention.", ".", "; odd."]),
    subject=st.sampled_from(["Same head on the older build", "The other draft", "Run two"]),
)
def test_the_paragraph_after_a_named_length_states_another_without_the_name(
    quote: str, name: str, first: int, second: int, verb: str, tail: str, subject: str
) -> None:
    text = (
        f"{quote}With our draft head we got a {name} of {first / 100:.2f} on MT-Bench.\n\n"
        f"{subject} {verb} {second / 100:.2f}{tail}\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [first / 100, second / 100]
    assert all(r.accept_length is None for r in got)  # nothing decides the convention


def test_no_restated_length_without_a_named_one_or_with_another_measure() -> None:
    for text in (
        # the paragraph before names no length
        "We ran the draft on MT-Bench overnight.\n\nThe older build printed 1.9, sadly.\n",
        # another measure in the clause
        "We got a mean acceptance length of 2.9.\n\nThe older build's speedup was 1.9.\n",
        # a paragraph between them
        "We got a mean acceptance length of 2.9.\n\nThanks!\n\nThe older build printed 1.9.\n",
    ):
        got = read_paste(text).records
        assert 1.9 not in [r.printed_length for r in got], text


def test_a_vllm_release_before_0_9_keeps_its_own_convention() -> None:
    text = "On vLLM 0.8.5 the mean acceptance length was 1.9 with 3 speculative tokens.\n"
    (r,) = read_paste(text).records
    assert r.tool == "vllm" and r.accept_length is None
    text = "On vLLM 0.11.0 the mean acceptance length was 2.9 with 3 speculative tokens.\n"
    (r,) = read_paste(text).records
    assert r.tool == "vllm" and r.accept_length == 2.9


# ------------------------------------------------------------------ statistics of one figure


@settings(max_examples=60, deadline=None)
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


# ------------------------------------------------------------------ metrics as rows, no header


@settings(max_examples=60, deadline=None)
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
    got = read_paste("Results of the run:\n\n" + text).records
    assert [r.printed_length for r in got] == lengths
    assert [round(r.printed_rate or 0, 4) for r in got] == [round(x / 100, 4) for x in rates]


def test_a_first_row_of_numbers_under_a_name_of_no_figure_stays_a_header() -> None:
    # numbers heading the columns of a configuration (batch sizes): a header, read as before
    text = "| batch | 1 | 8 | 32 |\n|---|---|---|---|\n| AL | 2.61 | 2.58 | 2.55 |\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.61, 2.58, 2.55]


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(["acceptance rates", "accept rates", "acceptance probabilities"]),
    verb=st.sampled_from(["of ", "were ", "are ", ": "]),
    n=st.integers(2, 5),
    start=st.sampled_from([0, 1]),
    pct=st.booleans(),
    oxford=st.booleans(),
    where=st.sampled_from(["for positions", "at draft tokens", "for draft positions", "at depths"]),
    to=st.sampled_from(["-", " to ", "–"]),
    data=st.data(),
)
def test_rates_listed_in_prose_for_a_range_of_positions(
    name: str,
    verb: str,
    n: int,
    start: int,
    pct: bool,
    oxford: bool,
    where: str,
    to: str,
    data: st.DataObject,
) -> None:
    rates = sorted((data.draw(st.integers(100, 990)) / 1000 for _ in range(n)), reverse=True)
    items = [f"{x * 100:.1f}%" if pct else f"{x:.3f}" for x in rates]
    listed = ", ".join(items[:-1]) + ("," if oxford else "") + " and " + items[-1]
    length = round(1 + sum(rates), 2)
    text = (
        f"Mean acceptance length {length:.2f}; {name} {verb}{listed} "
        f"{where} {start}{to}{start + n - 1}.\n"
    )
    (r,) = read_paste(text).records
    assert r.per_position == pytest.approx(tuple(rates), abs=1e-4)
    assert r.accept_length == length


def test_a_prose_list_that_does_not_fill_its_range_is_no_positions() -> None:
    for text in (
        "Mean acceptance length 2.2; acceptance rates of 0.71 and 0.52 for positions 1-3.\n",
        "Mean acceptance length 2.2; acceptance rates of 0.71, 0.52 and 0.35 for positions 2-4.\n",
    ):
        assert all(not r.per_position for r in read_paste(text).records), text


# ------------------------------------------------------------------ spreads, JSON lines, notes


@settings(max_examples=40, deadline=None)
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
    got = read_paste(_table(["model", name + spread], rows)).records
    if rate:
        assert [r.printed_rate for r in got] == pytest.approx([round(v, 2) for v in vals])
    else:
        assert [r.printed_length for r in got] == [round(v, 2) for v in vals]


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 5), data=st.data())
def test_json_lines_one_record_each(n: int, data: st.DataObject) -> None:
    vals = [data.draw(st.integers(120, 480)) / 100 for _ in range(n)]
    text = "\n".join(
        f'{{"run": {i}, "accept_length": {v}, "num_spec_tokens": {i + 1}}}'
        for i, v in enumerate(vals)
    )
    got = read_paste(text + "\n").records
    assert [r.printed_length for r in got] == vals


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(["Acceptance length", "Mean accept length", "AL"]),
    note=st.sampled_from(
        [
            ("(bonus token included)", True),
            ("(incl. bonus)", True),
            ("[including the bonus token]", True),
            (", counting the bonus token", True),
            ("(w/o bonus)", False),
            ("(bonus excluded)", False),
            (", not counting the bonus token", False),
            ("(excl. bonus)", False),
        ]
    ),
    v=st.integers(110, 600),
)
def test_what_a_length_counts_said_right_after_its_value(
    name: str, note: tuple[str, bool], v: int
) -> None:
    text, included = note
    (r,) = read_paste(f"{name}: {v / 100:.2f} {text}.\n".replace(" ,", ",")).records
    assert r.printed_length == v / 100
    assert r.accept_length == pytest.approx(v / 100 + (0 if included else 1))


def test_a_note_on_the_bonus_that_names_both_or_another_sentence_decides_nothing() -> None:
    for text in (
        "Acceptance length: 2.41 (with and without bonus)\n",
        "Acceptance length: 2.41 (with/without bonus: 2.41/1.41)\n",
        "Acceptance length: 2.41. The bonus token is counted in the throughput.\n",
    ):
        assert all(r.accept_length is None for r in read_paste(text).records), text


def test_a_draft_len_column_is_the_draft_tokens_per_step() -> None:
    text = _table(["draft len", "AL"], [["1", "1.80"], ["3", "2.62"]])
    got = read_paste(text).records
    # 1.80 above one draft token per step counts the bonus; the column follows
    assert [r.accept_length for r in got] == [1.80, 2.62]


@settings(max_examples=40, deadline=None)
@given(steps=st.integers(1, 8), topk=st.sampled_from([1, 4, 8]), length=st.integers(110, 900))
def test_sglangs_num_steps_is_the_draft_depth(steps: int, topk: int, length: int) -> None:
    text = (
        f"with --speculative-num-steps {steps} --speculative-eagle-topk {topk} "
        f"--speculative-num-draft-tokens {steps + 1} I get accept len {length / 100:.2f}\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == length / 100
    # a step accepts at most num_steps drafts: a length above it counts the target's token
    assert r.accept_length == (length / 100 if length / 100 > steps else None)


# ------------------------------------------------------------------ identities over names


@settings(max_examples=60, deadline=None)
@given(
    k=st.integers(1, 8),
    steps=st.integers(200, 60_000),
    per=st.integers(5, 95),
    kname=st.sampled_from(["mtp_k={}", "k={}", "num_speculative_tokens={}", "`mtp_k={}`"]),
    name=st.sampled_from(["Mean accepted tokens / forward", "accepted tokens per step"]),
    bonus=st.booleans(),
)
def test_counts_and_the_pastes_k_decide_over_the_name(
    k: int, steps: int, per: int, kname: str, name: str, bonus: bool
) -> None:
    drafted = steps * k
    accepted = drafted * per // 100
    mean = accepted / steps + (1 if bonus else 0)
    text = (
        f"Run with the same draft ({kname.format(k)}).\n\n"
        "| Metric | ours |\n|---|---|\n"
        f"| Draft acceptance rate | {100 * accepted / drafted:.2f}% ({accepted}/{drafted}) |\n"
        f"| {name} | {mean:.2f} |\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == round(mean, 2)
    # 1 + accepted / (drafted / k) is the printed figure: the bonus counted, whatever the name
    want = round(mean, 2) if bonus else round(round(mean, 2) + 1, 6)
    assert r.accept_length == pytest.approx(want)
    assert r.bonus.rule.startswith("identity")


def test_a_k_the_paste_states_twice_differently_decides_nothing_by_counts() -> None:
    text = (
        "Two runs, k=3 and k=4.\n\n| Metric | ours |\n|---|---|\n"
        "| Draft acceptance rate | 59.70% (85964/144000) |\n| Mean accepted tokens / forward | 2.79 |\n"
    )
    (r,) = read_paste(text).records
    assert not r.bonus.rule.startswith("identity")


def test_a_signed_or_delta_column_of_metric_rows_is_no_record() -> None:
    for head in ("Δ", "Delta", "Change"):
        text = (
            f"| Metric | Baseline | Ours | {head} |\n|---|---|---|---|\n"
            "| Throughput (tok/s) | 304.9 | 371.9 | +22.0% |\n"
            "| Accept Length | 1.000 | 2.347 | +134.7% |\n"
        )
        assert [r.printed_length for r in read_paste(text).records] == [1.0, 2.347], head
    text = "| Metric | A | B | vs A |\n|---|---|---|---|\n| Accept Length | 2.1 | 2.4 | +0.3 |\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.1, 2.4]


def test_a_threshold_and_a_key_after_a_semicolon_are_no_measurement() -> None:
    for text in (
        "- fall back after three rounds (general threshold: 2 accepted tokens/round; tool "
        "threshold: 1)\n",
        "acceptance rate threshold: 60%\n",
        "accept length cutoff: 1.5\n",
    ):
        assert not read_paste(text).records, text
    got = read_paste("accept rate: 61%; accept length: 2.3\n").records
    assert [(r.printed_rate, r.printed_length) for r in got] == [(0.61, 2.3)]


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["mtp_avg_token_per_step", "avg_tokens_per_step", "avg_token_per_round"]),
    v=st.integers(100, 600),
    before=st.integers(0, 4),
)
def test_a_tokens_per_step_field_among_a_log_lines_other_fields(
    name: str, v: int, before: int
) -> None:
    fields = " ".join(f"field_{i}:{i * 3}.5" for i in range(before))
    text = f"INFO 01-12 13:51:19 [manager.py:614] req_id:16 {fields} {name}:{v / 100:.2f}\n"
    (r,) = read_paste(text).records
    assert r.printed_length == v / 100 and r.accept_length == v / 100


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["Avg Accepted/window", "accepted per window", "mean accepted/window"]),
    vals=st.lists(st.integers(10, 600), min_size=1, max_size=4),
)
def test_accepted_per_draft_window_is_accepted_per_step(name: str, vals: list[int]) -> None:
    rows = [[f"mode{i}", "12.3", f"{v / 100:.2f}"] for i, v in enumerate(vals)]
    got = read_paste(_table(["mode", "latency (s)", name], rows)).records
    assert [r.printed_length for r in got] == [v / 100 for v in vals]
    assert [r.accept_length for r in got] == [round(1 + v / 100, 6) for v in vals]


@settings(max_examples=40, deadline=None)
@given(
    key=st.sampled_from(["pos_accept", "per-position acceptance", "position acceptance"]),
    n=st.integers(2, 6),
    start=st.sampled_from([0, 1]),
    quote=st.just(""),
    bullets=st.booleans(),
    data=st.data(),
)
def test_a_dict_of_rates_by_draft_position(
    key: str, n: int, start: int, quote: str, bullets: bool, data: st.DataObject
) -> None:
    rates = sorted((data.draw(st.integers(100, 990)) / 1000 for _ in range(n)), reverse=True)
    body = ", ".join(f"{quote}{start + i}{quote}: {r:.3f}" for i, r in enumerate(rates))
    length = round(1 + sum(rates), 3)
    b = "- " if bullets else ""
    text = f"{b}`mean_accept_len = {length:.3f}`\n{b}`{key} = {{{body}}}`\n"
    (r,) = read_paste(text).records
    assert r.per_position == pytest.approx(tuple(rates))
    assert r.accept_length == length


def test_a_dict_with_a_gap_is_no_positions() -> None:
    text = "mean_accept_len = 2.1\npos_accept = {0: 0.7, 2: 0.4}\n"
    assert all(not r.per_position for r in read_paste(text).records)


@settings(max_examples=40, deadline=None)
@given(
    steps=st.integers(100, 90_000),
    per=st.integers(20, 95),
    k=st.integers(2, 5),
    unit=st.sampled_from(["tokens/step", "tok/step", "tokens per step", "toks/fwd"]),
    approx=st.sampled_from(["", "≈", "~"]),
    prose_first=st.booleans(),
)
def test_box_cells_with_units_and_counts_and_the_prose_telling_the_same_counts(
    steps: int, per: int, k: int, unit: str, approx: str, prose_first: bool
) -> None:
    drafted = steps * k
    accepted = drafted * per // 100
    rate = 100 * accepted / drafted
    acc_step = accepted / steps
    prose = f"({steps:,} draft steps x {k} tokens = {drafted:,} draft tokens; {accepted:,} accepted)\n\n"
    table = (
        "| Metric | Value |\n|---|---|\n"
        f"| Overall acceptance rate (accepted/draft tokens) | {rate:.1f}% ({accepted}/{drafted}) |\n"
        f"| Mean accepted draft tokens per step | {acc_step:.2f} ({accepted}/{steps}) |\n"
        f"| Mean acceptance length (incl. bonus token) | {approx}{1 + acc_step:.2f} {unit} |\n"
    )
    text = prose + table if prose_first else table + "\n" + prose
    (r,) = read_paste(text).records  # the prose's counts are the table's run told again
    assert r.printed_length == round(1 + acc_step, 2)
    assert r.accept_length == r.printed_length


def test_a_value_whose_bracketed_counts_do_not_give_it_is_not_read() -> None:
    from specdiag.core.logs.paste import cells as C

    assert C.value("1.70 (77360/48367)") is None
    assert C.value("1.60 (77360/48367)") is not None


@settings(max_examples=40, deadline=None)
@given(
    k=st.integers(1, 6),
    flag=st.sampled_from(
        ["--speculative-num-steps {}", "--num-speculative-tokens {}", "`mtp_k={}`", "k={}"]
    ),
    lengths=st.lists(st.integers(105, 700), min_size=1, max_size=4),
)
def test_a_length_above_the_k_the_paste_states_decides_its_name(
    k: int, flag: str, lengths: list[int]
) -> None:
    text = f"Served with {flag.format(k)}.\n\n" + "".join(
        f"- run {i}, concurrency {2**i}: 190.09 output tok/s, accept length {v / 100:.2f}.\n"
        for i, v in enumerate(lengths)
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    above = any(v / 100 > k for v in lengths)
    assert all(
        (r.accept_length == r.printed_length) if above else r.accept_length is None for r in got
    )


def test_two_stated_ks_decide_nothing() -> None:
    text = "Tried k=3 and k=5.\n\n- accept length 3.40\n- accept length 2.90\n"
    assert all(r.accept_length is None for r in read_paste(text).records)


@settings(max_examples=40, deadline=None)
@given(
    before=st.sampled_from(["", "Parity verified at all 24 checkpoints. ", "Tests pass! "]),
    lead=st.sampled_from(["Acceptance", "Acceptance rate", "Draft acceptance"]),
    ks=st.lists(st.integers(1, 32), min_size=2, max_size=4, unique=True),
    data=st.data(),
)
def test_per_configuration_rates_after_a_sentence(
    before: str, lead: str, ks: list[int], data: st.DataObject
) -> None:
    rates = [data.draw(st.integers(5, 95)) for _ in ks]
    items = ", ".join(f"K={k} {r}%" for k, r in zip(ks, rates, strict=True))
    got = read_paste(f"{before}{lead}: {items}.\n").records
    assert [round(r.printed_rate or 0, 4) for r in got] == [r / 100 for r in rates]
    assert all(r.printed_length is None for r in got)


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["avg_toks_fwd", "tok/step", "accept_len", "mean acceptance length"]),
    acc=st.integers(1000, 90_000),
    length=st.integers(120, 500),
    sep=st.sampled_from([", ", "; "]),
)
def test_a_named_figure_inside_a_cells_bracket(name: str, acc: int, length: int, sep: str) -> None:
    drafted = acc * 4 // 3
    cell = f"{100 * acc / drafted:.2f}% ({acc}/{drafted}{sep}{name}={length / 100:.2f})"
    text = _table(["Model", "Mode", "Accuracy", "Acceptance rate"], [["m", "EAGLE", "0.94", cell]])
    (r,) = read_paste(text).records
    assert r.printed_length == length / 100
    assert r.accepted_tokens == acc and r.drafted_tokens == drafted


def test_a_bracket_naming_no_figure_is_left_to_the_cell() -> None:
    cell = "73.56% (90483/123000, seed=3)"
    text = _table(["Model", "Acceptance rate"], [["m", cell]])
    # nothing named an acceptance figure inside: the cell is not split, and stays unread
    assert all(r.printed_length is None for r in read_paste(text).records)


@settings(max_examples=40, deadline=None)
@given(
    verb=st.sampled_from(["improved", "increased", "went", "dropped"]),
    adverb=st.sampled_from(["", " drastically", " slightly", " significantly"]),
    a=st.integers(11, 60),
    b=st.integers(11, 60),
    tool=st.sampled_from(["", " on vLLM", " on SGLang"]),
)
def test_accepted_tokens_changing_between_decimals_is_an_undecided_length(
    verb: str, adverb: str, a: int, b: int, tool: str
) -> None:
    text = f"After the fix{tool}, the accepted tokens {verb}{adverb} from {a / 10:.1f} to {b / 10:.1f}.\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [a / 10, b / 10]
    # a count's name, not the tool's length: neither the words nor the tool decide the bonus
    assert all(r.accept_length is None for r in got)


def test_accepted_tokens_changing_between_counts_is_no_length() -> None:
    text = "the accepted tokens increased from 1200 to 1500 after the fix\n"
    assert all(r.printed_length is None for r in read_paste(text).records)
