"""Per-position acceptance: rates by draft position in headers, lists, prose ranges and
printed distributions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import (
    pipe_table,
)
from tests.unit.logs.paste.pipeline import Read


def test_per_position_list_in_a_cell_decides_the_bonus() -> None:
    text = (
        "| target | mean AL | per-position AL |\n"
        "|---|---|---|\n"
        "| model-a | 2.45 | [0.70, 0.48, 0.27] |\n"
        "| model-b | 1.90 | [0.55, 0.25, 0.10] |\n"
    )
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [2.45, 1.90]
    for r in got.records:
        assert r.accept_length == r.printed_length, r.bonus
        assert r.bonus.rule.startswith("identity"), r.bonus
        assert len(r.per_position) == 3
    assert C.rate_list("(0.8, 0.6)") == (0.8, 0.6)
    assert C.rate_list("[1.5, 0.2]") is None  # not rates
    assert C.rate_list("0.8") is None


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=9000), min_size=2, max_size=5),
    st.booleans(),
)
def test_a_printed_distribution_of_accepted_drafts_gives_the_length(
    read: Read, weights: list[int], with_rate: bool
) -> None:
    """'Accepted tokens distribution: {0: '14.36%', ...}': 1 + its mean is the length."""
    if sum(weights) == 0:
        weights[-1] = 1
    total = sum(weights)
    pct = [round(100 * w / total, 2) for w in weights]
    body = ", ".join(f"{i}: '{p:.2f}%'" for i, p in enumerate(pct))
    rate = "Acceptance rate: 61.00%, " if with_rate else ""
    (r,) = read(f"[MTP] {rate}Accepted tokens distribution: {{{body}}}\n").records
    scaled = [round(p * 100) for p in pct]
    want = 1 + sum(i * n for i, n in enumerate(scaled)) / sum(scaled)
    assert r.accept_length is not None and abs(r.accept_length - want) < 1e-6


def test_position_columns_beside_an_overall_rate() -> None:
    text = (
        "| conc | Overall acceptance | Position 0 | Position 1 | Position 2 |\n|---:|---:|---:|---:|---:|\n"
        "| 1 | 50.00% | 80.00% | 45.00% | 25.00% |\n"
    )
    (r,) = read_paste(text).records
    assert r.per_position == (0.8, 0.45, 0.25) and r.accept_length == 2.5
    # without the overall rate that proves them unconditional, no length is computed
    bare = "| conc | acceptance (pos) | Position 0 | Position 1 |\n|---:|---:|---:|---:|\n| 1 | x | 0.8 | 0.4 |\n"
    assert all(r.accept_length is None for r in read_paste(bare).records)


@settings(max_examples=examples(40), deadline=None)
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


@settings(max_examples=examples(60), deadline=None)
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
    text = pipe_table(
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
        got = read_paste(pipe_table(["run", "τ", head], [["x", "2.10", "0.5 / 0.4 / 0.3"]])).records
        assert all(not r.per_position for r in got), head


@settings(max_examples=examples(60), deadline=None)
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


@settings(max_examples=examples(60), deadline=None)
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


@settings(max_examples=examples(60), deadline=None)
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
        text = pipe_table(["Metric", "Value"], rows)
    else:
        text = pipe_table(
            ["model", name] + (["tok/s"] if extra else []),
            [["mtp3", cell] + (["900"] if extra else [])],
        )
    got = read_paste("For the target (TP4) MTP, add MTP3\n" + text)
    assert [x.per_position for x in got.records] == [tuple(x / 10000 for x in falling)]
    # conditional or not is not said: no length from them
    assert got.records[0].accept_length is None


def test_rates_that_rise_are_no_positions() -> None:
    text = pipe_table(["Metric", "Value"], [["Accept ratio", "0.31 0.62 0.93"]])
    assert all(not x.per_position for x in read_paste(text).records)


@settings(max_examples=examples(40), deadline=None)
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


@settings(max_examples=examples(30), deadline=None)
@given(rates=st.lists(st.integers(50, 9999), min_size=2, max_size=5))
def test_a_key_then_falling_rates_without_a_separator(rates: list[int]) -> None:
    falling = sorted(rates, reverse=True)
    listed = " ".join(f"{x / 10000:.4f}" for x in falling)
    got = read_paste(f"Results: accept ratio {listed} with MTP{len(falling)}\n")
    assert [r.per_position for r in got.records] == [tuple(x / 10000 for x in falling)]


@settings(max_examples=examples(60), deadline=None)
@given(
    opener=st.sampled_from(
        [
            "Per-position acceptance (%):",
            "Acceptance rate per position:",
            "acceptance_rate_by_pos:",
            "Per-position acceptance rate:",
        ]
    ),
    sub=st.sampled_from(
        ["  Position {i}:{pad}{v}", "  - {i}: {v}", "  pos {i} = {v}", "token {i}: {v}"]
    ),
    start=st.sampled_from([0, 1]),
    n=st.integers(2, 6),
    above=st.booleans(),
    data=st.data(),
)
def test_a_per_position_key_over_one_line_per_position(
    read: Read, opener: str, sub: str, start: int, n: int, above: bool, data: st.DataObject
) -> None:
    rates = sorted((data.draw(st.integers(50, 990)) / 1000 for _ in range(n)), reverse=True)
    pct = "%" in opener
    vals = [f"{100 * r:.1f}" if pct else f"{r:.3f}" for r in rates]
    length = 1 + sum(float(v) / (100 if pct else 1) for v in vals)
    subs = [sub.format(i=start + i, v=v, pad=" " * 20) for i, v in enumerate(vals)]
    head = [f"Acceptance length:    {length:.2f}"] if above else []
    tail = [] if above else [f"Acceptance length:    {length:.2f}"]
    text = "\n".join([*head, opener, *subs, *tail]) + "\n"
    (r,) = read(text).records
    assert r.per_position == pytest.approx([float(v) / (100 if pct else 1) for v in vals])
    assert r.accept_length == round(length, 2)


def test_lines_under_a_key_that_are_no_positions_in_order_are_not_its_rates() -> None:
    for subs in (
        ["  Position 0: 81.2", "  Position 2: 40.1"],
        ["  Position 3: 81.2", "  Position 4: 60.1"],
    ):
        text = "\n".join(["Per-position acceptance (%):", *subs, "Acceptance length: 2.81"])
        assert all(not r.per_position for r in read_paste(text + "\n").records), subs
    text = "Latency (ms):\n  0: 81.2\n  1: 60.1\nAcceptance length: 2.81\n"
    assert all(not r.per_position for r in read_paste(text).records)


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(
        ["num_accepted_tokens_per_pos", "acceptance_counts", "accepted per position"]
    ),
    drafts=st.integers(100, 5000),
    n=st.integers(2, 6),
    with_total=st.booleans(),
    sep=st.sampled_from([": ", " = "]),
    data=st.data(),
)
def test_accepted_counts_per_position_over_the_drafts_are_its_rates(
    key: str, drafts: int, n: int, with_total: bool, sep: str, data: st.DataObject
) -> None:
    counts = sorted((data.draw(st.integers(0, drafts)) for _ in range(n)), reverse=True)
    lines = [f"num_drafts: {drafts}"]
    if with_total:
        lines.append(f"num_accepted_tokens: {sum(counts)}")
    lines.append(f"{key}{sep}[{', '.join(map(str, counts))}]")
    (r,) = read_paste("\n".join(lines) + "\n").records
    assert r.per_position == pytest.approx([c / drafts for c in counts])


def test_counts_per_position_that_disagree_with_the_total_are_no_rates() -> None:
    text = "num_drafts: 1000\nnum_accepted_tokens: 1500\nacceptance_counts = [812, 601, 355]\n"
    assert all(not r.per_position for r in read_paste(text).records)
    text = "num_drafts: 100\nacceptance_counts = [812, 601, 355]\n"  # more than the drafts
    assert all(not r.per_position for r in read_paste(text).records)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["acceptance", "accept rate", "acceptance rates:"]),
    sep=st.sampled_from(["/", ", "]),
    per=st.sampled_from(["per position", "by draft position", "per depth", "at each position"]),
    pct=st.booleans(),
    data=st.data(),
)
def test_falling_rates_then_per_position_are_the_positions(
    name: str, sep: str, per: str, pct: bool, data: st.DataObject
) -> None:
    n = data.draw(st.integers(2, 5))
    rates = sorted((data.draw(st.integers(10, 99)) for _ in range(n)), reverse=True)
    shown = sep.join(f"{r}%" if pct else f"0.{r:02d}" for r in rates)
    (r,) = read_paste(f"spec decode: 3 tokens per draft, {name} {shown} {per}\n").records
    assert r.per_position == pytest.approx([x / 100 for x in rates])


def test_rising_rates_then_per_position_are_no_positions() -> None:
    got = read_paste("acceptance 0.33/0.52/0.71 per position\n").records
    assert all(not r.per_position for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(st.integers(min_value=5, max_value=99), min_size=2, max_size=5),
    st.sampled_from(["en-prose", "en-kv", "zh"]),
)
def test_rates_at_draft_steps_are_per_position(pcts: list[int], form: str) -> None:
    # a draft step's rate ('the acceptance rate at step 2 is 0.61', '第 2 步的接受率为 0.61') is
    # that position's rate, not an overall rate per step
    rates = [p / 100 for p in pcts]
    if form == "en-prose":
        text = ", ".join(
            f"the acceptance rate at step {i} is {r:.2f}" for i, r in enumerate(rates, 1)
        )
        text = "With the draft, " + text + ".\n"
    elif form == "en-kv":
        text = "".join(f"Acceptance rate at step {i}: {r:.2f}\n" for i, r in enumerate(rates, 1))
    else:
        text = "，".join(f"第 {i} 步的接受率为 {r:.2f}" for i, r in enumerate(rates, 1)) + "。\n"
    got = read_paste(text)
    assert len(got.records) == 1, got.records
    (rec,) = got.records
    assert rec.per_position == tuple(rates) or list(rec.per_position) == rates
    assert rec.printed_rate is None


def test_a_training_step_is_no_draft_position() -> None:
    got = read_paste("eval at step 1200: acceptance rate 0.61\n")
    assert [r.printed_rate for r in got.records] == [0.61]
    assert all(not r.per_position for r in got.records)


@settings(max_examples=examples(30), deadline=None)
@given(
    accs=st.lists(st.integers(40, 99), min_size=1, max_size=4),
    form=st.sampled_from(["title", "kv", "dict"]),
    sep=st.sampled_from(["_", "", " "]),
)
def test_a_trainers_accuracy_at_a_position_is_no_acceptance(
    read: Read, accs: list[int], form: str, sep: str
) -> None:
    # 'acc_0' / 'acc1': a draft trainer's top-1 accuracy at that step, not a decode's rate
    pairs = [(f"acc{sep}{i}", f"0.{a:02d}") for i, a in enumerate(accs)]
    if form == "title":
        text = (
            "Upload the first draft head (run B, " + ", ".join(f"{k}={v}" for k, v in pairs) + ")\n"
        )
    elif form == "kv":
        text = "".join(f"{k}: {v}\n" for k, v in pairs)
    else:
        text = "{" + ", ".join(f"'{k}': {v}" for k, v in pairs) + ", 'ploss': 1.25}\n"
    assert read(text).records == ()
    # named as acceptance at a position, the same figures are rates by position
    named = "".join(f"accept rate pos {i}: 0.{a:02d}\n" for i, a in enumerate(accs))
    got = read(named).records
    assert got and [round(x, 2) for r in got for x in r.per_position] == [a / 100 for a in accs]


@settings(max_examples=examples(40), deadline=None)
@given(
    title=st.sampled_from(
        [
            "3. Per-position acceptance rates (from the w2 run's logs, {n} positions)",
            "### Draft acceptance per position",
            "**Acceptance rate by position** (%):",
        ]
    ),
    head=st.sampled_from(["Position:", "Pos", "Draft position:", "Depth ="]),
    label=st.sampled_from(["Rate:", "Rates", "Acc:", "Accept rate =", "%:"]),
    start=st.sampled_from([0, 1]),
    pcts=st.lists(st.integers(5, 99), min_size=2, max_size=8),
    lead=st.sampled_from(
        ["", "On six tokens the order is: w3 (765) > w1 (753), all within ~2%.\n"]
    ),
)
def test_rows_of_positions_and_bare_rates_under_a_title(
    read: Read, title: str, head: str, label: str, start: int, pcts: list[int], lead: str
) -> None:
    # a title naming rates by position, a row of the positions, a row of their values under a
    # bare name: the values are the rates by position
    falling = sorted(pcts, reverse=True)
    n = len(falling)
    pct = "(%)" in title or label.startswith("%")
    shown = [str(p) if pct else f"{p / 100:.2f}" for p in falling]
    text = (
        lead
        + title.format(n=n)
        + f"\n{head} "
        + " ".join(str(start + i) for i in range(n))
        + f"\n{label} "
        + " ".join(shown)
        + "\nThe rate halves at each position.\n"
    )
    (r,) = read(text).records
    assert list(r.per_position) == [p / 100 for p in falling], text
    assert r.printed_length is None and r.accept_length is None


@pytest.mark.parametrize(
    "text",
    [
        # a title naming no acceptance (a search page's click-through by position)
        "Click-through rate by position\nPosition: 1 2 3\nRate: 0.31 0.12 0.05\n",
        # rates that rise, or as many values as no positions row counts
        "Per-position acceptance rates\nPosition: 1 2 3\nRate: 0.21 0.42 0.63\n",
        "Per-position acceptance rates\nPosition: 1 2 3 4\nRate: 0.58 0.31 0.16\n",
        # positions with a gap, or a values row naming another figure
        "Per-position acceptance rates\nPosition: 1 3 5\nRate: 0.58 0.31 0.16\n",
        "Per-position acceptance rates\nPosition: 1 2 3\ntok/s: 0.58 0.31 0.16\n",
    ],
)
def test_rows_of_positions_and_values_that_are_no_rates_by_position(text: str) -> None:
    assert all(not r.per_position for r in read_paste(text).records)


# One '%' after the last value of a list marks the whole list ('72.3 / 53.2 / 39.6%') where every
# value before it is above 1; a list mixing fractions and a percent is refused.


def test_a_trailing_percent_marks_the_list() -> None:
    assert C.rate_list("81.5 / 60.25 / 44.0%") == pytest.approx((0.815, 0.6025, 0.44))
    assert C.rate_list("[66, 41, 20%]") == pytest.approx((0.66, 0.41, 0.20))
    # near misses: a fraction before the percent, a percent in the middle alone
    assert C.rate_list("0.81 / 60.2 / 44.0%") is None
    assert C.rate_list("81.5 / 60.2% / 44.0") is None


@settings(max_examples=examples(25), deadline=None)
@given(
    cols=st.lists(
        st.lists(st.integers(110, 9900), min_size=2, max_size=4).map(
            lambda xs: sorted(xs, reverse=True)
        ),
        min_size=2,
        max_size=3,
    ),
    note=st.sampled_from(["", " (flat)", "（衰减）", " (steady state)"]),
    bold=st.booleans(),
    all_marked=st.booleans(),
)
def test_per_position_row_of_a_transposed_table(
    cols: list[list[int]], note: str, bold: bool, all_marked: bool
) -> None:
    """A table whose columns are runs and whose row names per-position acceptance holds each
    run's rates by position ('91.0 / 85.5 / 80.2%' under the run's column): one record a
    column, its positions read, no length claimed."""

    def cell(xs: list[int]) -> str:
        vals = [f"{x / 100:.2f}" + ("%" if all_marked else "") for x in xs]
        s = " / ".join(vals) + ("" if all_marked else "%")
        return (f"**{s}**" if bold else s) + note

    names = [f"setup {chr(65 + i)}" for i in range(len(cols))]
    rows = [
        ["per-position acceptance rate", *(cell(xs) for xs in cols)],
        ["decode speed", *(f"{50 + i} tok/s" for i in range(len(cols)))],
    ]
    got = read_paste("MTP on, three drafts a step\n\n" + pipe_table(["Metric", *names], rows))
    assert [dict(r.labels).get("column") for r in got.records] == names
    for r, xs in zip(got.records, cols, strict=True):
        assert r.per_position == pytest.approx(tuple(x / 10000 for x in xs))
        assert r.printed_length is None and r.printed_rate is None


def test_negative_control_a_plain_rate_row_listing_several_values() -> None:
    # a row named a plain rate (not per position) listing several values: no positions read
    text = (
        "| Metric | setup A | setup B |\n|---|---|---|\n"
        "| accept rate | 81.5 / 60.2 / 44.0% | 70.5 / 50.0 / 30.5% |\n"
    )
    assert all(not r.per_position for r in read_paste(text).records)
