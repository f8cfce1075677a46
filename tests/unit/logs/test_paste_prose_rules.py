"""Structure rules found missing by a held-out corpus of real pastes, each with a paste written
here in the same shape (never the third-party text): headers compounding aggregation words with
a metric's name, ranges and typical values that are no measurement, values bound to a setting
named in the same clause, Chinese prose, keys and values paired by '/', and values in nested
bullets under configuration bullets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste

_AGG = ["aggregate", "overall", "avg", "mean", "cumulative", "global", "total", "combined"]
_METRICS = {
    "accept rate": C.RATE,
    "acceptance rate": C.RATE,
    "accept length": C.LENGTH,
    "acceptance length": C.LENGTH,
    "acc len": C.LENGTH,
}


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(_AGG), min_size=1, max_size=3),
    st.sampled_from(sorted(_METRICS)),
    st.sampled_from(["_", " ", "-"]),
    st.booleans(),
)
def test_aggregation_words_before_a_metric_name(
    words: list[str], metric: str, sep: str, upper: bool
) -> None:
    """'aggregate_accept_rate', 'Overall-Mean-Acceptance-Length': any number of aggregation
    words, in any order and spelling, before a known metric's name name that metric."""
    name = sep.join([*words, *metric.split()])
    name = name.title() if upper else name
    assert C.key(name).metric == _METRICS[metric], name
    assert C.key(sep.join(words)).metric is None  # the words alone name nothing


def test_a_snake_case_rate_column_of_a_sweep_table() -> None:
    text = (
        "| draft-max | tok/s | wall s | aggregate_accept_rate |\n"
        "| --- | --- | --- | --- |\n"
        "| off | 18.10 | 90.2 | n/a |\n"
        "| 2 | 24.70 | 71.5 | 0.7712 |\n"
        "| 3 | 25.05 | 70.9 | 0.6904 |\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.7712, 0.6904]
    assert all(r.accept_length is None for r in got)


def test_a_typical_value_or_a_range_is_no_measurement() -> None:
    text = (
        "A small draft proposes a few tokens and the target verifies them in one pass.\n"
        "Typical acceptance: 55–85%. Net speedup: 1.4–2.2x.\n"
        "\n"
        "- Drag the acceptance rate from 20% to 90% to see the speedup change.\n"
        "- Expected accept length = 3.1 with a good draft.\n"
        "- Draft acceptance is usually 0.6 - 0.8 on chat.\n"
        "- between 50% and 70% acceptance on code\n"
    )
    assert read_paste(text).records == ()


_BOUNDS = ["≥ ", ">= ", "> ", "at least ", "above ", "over ", "more than ", "up to ", "< "]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(_BOUNDS),
    st.integers(min_value=30, max_value=95),
    st.sampled_from(["{b}{v}% acceptance", "acceptance rate {b}{v}%", "accept length {b}{l}"]),
    st.sampled_from(["- [ ] 2x decode speedup at {x} on chat", "Goal: {x} for the new draft."]),
)
def test_a_bound_is_no_measurement(bound: str, v: int, shape: str, line: str) -> None:
    """'2x speedup at >= 60% acceptance', 'accept length of at least 2.5': a threshold or a goal
    names no figure that was read; the same sentence without the bound gives one."""
    figure = shape.format(b=bound, v=v, l=f"{v / 20:.2f}")
    assert read_paste(line.format(x=figure) + "\n").records == ()
    plain = shape.format(b="", v=v, l=f"{v / 20:.2f}")
    measured = f"- measured: {plain} on chat\n"
    assert len(read_paste(measured).records) == 1, measured


def test_a_measured_change_is_still_read_beside_a_range() -> None:
    text = (
        "The speculative accept length improved from 1.92 to 2.61 after the fix, and the\n"
        "draft acceptance rate was 0.58 on the chat set.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got[:2]] == [1.92, 2.61]
    assert got[-1].printed_rate == 0.58


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["BS per DP", "batch size", "bs", "concurrency", "max batch"]),
    st.integers(min_value=2, max_value=256),
    st.sampled_from(["at", "with", "for"]),
    st.sampled_from(["=", " ", ": "]),
)
def test_a_value_bound_to_a_setting_is_not_the_acceptance(
    setting: str, n: int, qualifier: str, sep: str
) -> None:
    """'the acceptance length at `BS per DP = 32` was worse': the 32 is the batch size's."""
    if sep == ": " and setting not in ("BS per DP", "max batch"):
        sep = "="
    text = (
        f"With MTP on, the speculative acceptance length {qualifier} `{setting}{sep}{n}` was "
        f"worse than {qualifier} `{setting}{sep}2`.\n"
    )
    if sep == ": ":
        return  # 'length at X: n' is ambiguous; not asserted either way
    assert [r.printed_length for r in read_paste(text).records] == []


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["接受长度", "接收长度", "accept length", "平均接受长度"]),
    st.sampled_from(["提升到", "提高到", "降低到", "到", "至", "增加至"]),
    st.sampled_from(["", "`", "**"]),
    st.integers(min_value=110, max_value=480),
    st.integers(min_value=110, max_value=480),
)
def test_chinese_prose_from_to(name: str, to: str, mark: str, a: int, b: int) -> None:
    """'accept length 从 1.62 提升到 2.40': the CJK words for the figure and for from/to."""
    x, y = a / 100, b / 100
    text = (
        "验证：单卡，MTP 草稿模型，`num_steps=3`，固定 16 个请求。\n"
        f"按同一口径统计的 {name} 从 {mark}{x:.2f}{mark} {to} {mark}{y:.2f}{mark}（变化明显）。\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [x, y], text
    assert all(r.accept_length is None for r in got)


def test_chinese_average_and_rate() -> None:
    text = "EAGLE 草稿：平均接受长度为 2.63，接受率：71.5%。\n"
    (r,) = read_paste(text).records
    assert r.printed_length == 2.63 and r.printed_rate == 0.715


@settings(max_examples=60, deadline=None)
@given(
    st.booleans(),
    st.sampled_from(["Accept Rate (%)", "acceptance rate", "draft acceptance"]),
    st.sampled_from(["Accept Length", "acc len", "mean acceptance length"]),
    st.sampled_from([" (e.g. mean {} / {})", ": {} / {}", " were {} / {}", " (median {} / {})"]),
    st.integers(min_value=2, max_value=95),
    st.integers(min_value=101, max_value=520),
)
def test_keys_and_values_paired_by_slash(
    rate_first: bool, rate_key: str, len_key: str, shape: str, pct: int, length: int
) -> None:
    """'Accept Rate (%) / Accept Length (e.g. mean 3.7% / 1.26)': as many values as keys,
    paired in order."""
    keys = [rate_key, len_key] if rate_first else [len_key, rate_key]
    vals = [f"{pct}%", f"{length / 100:.2f}"]
    vals = vals if rate_first else vals[::-1]
    text = "- with the n-gram drafter on: " + " / ".join(keys) + shape.format(*vals) + "\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == pct / 100 and r.printed_length == length / 100, text


def test_a_length_over_its_maximum_is_not_a_slash_pair() -> None:
    (r,) = read_paste("average acceptance length **2.6 / 5** on chat\n").records
    assert r.printed_length == 2.6 and r.max_length == 5


_NAMES = st.sampled_from(["acceptance length", "accept length", "acc len", "accept_len"])


@settings(max_examples=60, deadline=None)
@given(
    _NAMES,
    st.lists(
        st.sampled_from(["`kernel A`", "kernel B", "**fused**", "`ref + ref`"]),
        unique=True,
        min_size=0,
        max_size=3,
    ),
    st.lists(st.integers(min_value=105, max_value=560), min_size=2, max_size=4),
    st.sampled_from(["-", "*", "1."]),
    st.sampled_from(["`", "", "**"]),
)
def test_values_in_bullets_under_prose_naming_the_figure(
    name: str, parents: list[str], vals: list[int], mark: str, q: str
) -> None:
    """A list of 'label: value' bullets (nested under configuration bullets or not) after prose
    that names one figure: each leaf is a record of that figure."""
    # the list is a block of its own: only the prose above it names the figure
    lines = [f"We saw a lower {name} with the new kernel at large batch.", "Measured:", ""]
    want = []
    groups = parents or [""]
    for g in groups:
        if g:
            lines.append(f"{mark} {g}")
        for i, v in enumerate(vals):
            pad = "  " if g else ""
            lines.append(f"{pad}{mark} {q}batch = {2 ** (i + 1)}{q}: {q}{v / 100:.2f}{q}")
            want.append(v / 100)
    text = "\n".join(lines) + "\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == want, text
    assert all(r.accept_length is None for r in got)
    if parents:
        assert got[0].labels[0] == ("group", C._MARKUP.sub("", parents[0]).strip())


def test_a_bullet_list_of_settings_or_of_two_figures_is_not_read() -> None:
    settings_list = (
        "The acceptance length depends on these:\n\n- steps: 3\n- topk: 1.5\n- draft: 4.0\n"
    )
    assert read_paste(settings_list).records == ()
    whole = "The acceptance length at these batch sizes:\n\n- batch 4: 2\n- batch 8: 3\n"
    assert read_paste(whole).records == ()
    two = "Acceptance length and accept rate went down:\n\n- run A: 2.31\n- run B: 2.12\n"
    assert read_paste(two).records == ()
    sampling = "The acceptance rate depends on sampling:\n\n- top_p: 0.95\n- min_p: 0.05\n"
    assert read_paste(sampling).records == ()


@settings(max_examples=40, deadline=None)
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


def test_the_measured_value_beside_a_range_is_read() -> None:
    text = "- winner: N=3, MTP draft acceptance 0.61–0.97 (0.84 aggregate) on mixed prompts\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.84
    (m,) = read_paste("- EAGLE draft acceptance rate 55%-90% (mean 71%) across prompts\n").records
    assert m.printed_rate == 0.71


def test_a_sampler_tuning_constant_is_another_meaning() -> None:
    text = (
        "Replaced the fixed Robbins-Monro acceptance rate of 0.25 with a `tune_mcmc()` argument.\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        ["toks/fwd", "tokens/forward", "tok/cycle", "Average toks/fwd", "tokens per cycle"]
    ),
    st.integers(min_value=101, max_value=700),
)
def test_tokens_per_forward_or_cycle_count_the_bonus(name: str, x: int) -> None:
    """Tokens per target forward or per draft-verify cycle: the target's own token included."""
    assert C.key(name).metric == C.TOK_PER_STEP
    (r,) = read_paste(f"[spec stats] {name}: {x / 100:.2f}, draft tokens: 4\n").records
    assert r.accept_length == r.printed_length == x / 100
    (u,) = read_paste(
        f"MTP on: {x / 100:.2f} {name.removeprefix('Average ')} over the run\n"
    ).records
    assert u.accept_length == x / 100


def test_a_batch_sum_per_cycle_is_no_length_and_a_unit_after_a_named_length() -> None:
    assert C.key("tok/cycle (batch)").metric is None
    (r,) = read_paste("the average accept length is 2.9 tokens per step on chat\n").records
    assert r.printed_length == 2.9 and r.accept_length is None


def test_prose_restating_a_table_cell_with_a_drafted_setting() -> None:
    text = (
        "| n | acceptance (old) | acceptance (new) |\n| --: | --: | --: |\n"
        "| 1 | 81.5% | 100% |\n| 2 | 62.0% | 88.4% |\n\n"
        "After the change the acceptance rate for one drafted token is 100%, even for 3 drafted tokens.\n"
    )
    assert len(read_paste(text).records) == 4


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=5, max_value=400), st.integers(min_value=0, max_value=100)),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["acc", "accepted", "n_acc"]),
    st.sampled_from(["draft", "drafted", "n_draft"]),
)
def test_count_lines_read_when_the_rate_is_their_ratio(
    rows: list[tuple[int, int]], acc: str, drf: str
) -> None:
    """'task  draft= 139 acc= 138 rate=0.993': names that alone say little, read because the
    rate printed is accepted / drafted."""
    lines = []
    for i, (d, pct) in enumerate(rows):
        a = d * pct // 100
        lines.append(f"  prompt_{i}    out= 200 {drf}= {d} {acc}= {a} rate={a / d:.3f} tok/s=15.1")
    got = read_paste("MTP bench:\n\n" + "\n".join(lines) + "\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [
        (d * p // 100, d) for d, p in rows
    ]
    assert all(r.accept_length is None for r in got)
    bad = "  x    draft= 100 acc= 50 rate=0.900\n  y    draft= 100 acc= 40 rate=0.700\n"
    assert all(r.accepted_tokens is None for r in read_paste("MTP bench:\n\n" + bad).records)


def test_accept_and_reject_counts() -> None:
    text = (
        "**MTP acceptance**\n\n```\n91 accept / 9 reject (91%)\n77 accept / 23 reject (77%)\n```\n"
    )
    got = read_paste(text).records
    assert [(r.accepted_tokens, r.drafted_tokens, r.accept_rate) for r in got] == [
        (91, 100, 0.91),
        (77, 100, 0.77),
    ]


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


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=9000), min_size=2, max_size=5),
    st.booleans(),
)
def test_a_printed_distribution_of_accepted_drafts_gives_the_length(
    weights: list[int], with_rate: bool
) -> None:
    """'Accepted tokens distribution: {0: '14.36%', ...}': 1 + its mean is the length."""
    if sum(weights) == 0:
        weights[-1] = 1
    total = sum(weights)
    pct = [round(100 * w / total, 2) for w in weights]
    body = ", ".join(f"{i}: '{p:.2f}%'" for i, p in enumerate(pct))
    rate = "Acceptance rate: 61.00%, " if with_rate else ""
    (r,) = read_paste(f"[MTP] {rate}Accepted tokens distribution: {{{body}}}\n").records
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


def test_a_comparison_of_configurations_still_names_the_tool() -> None:
    head = "With SGLang and PD on, the accept length dropped compared to when only MTP is on.\n\n"
    table = "|  | MTP only | PD+MTP |\n| --- | --- | --- |\n| Accept length | 3.05 | 2.11 |\n"
    got = read_paste(head + table).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 3.05), ("sglang", 2.11)]
    other = "Our fork prints the accept length compared to vLLM:\n\n" + table
    assert all(r.accept_length is None for r in read_paste(other).records)


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=110, max_value=500),
    st.integers(min_value=110, max_value=500),
    st.sampled_from(
        ["accept lengths ({} vs {})", "accept length: {} vs. {}", "acc len {} versus {}"]
    ),
)
def test_values_compared_with_vs(a: int, b: int, shape: str) -> None:
    x, y = a / 100, b / 100
    text = (
        "Sending requests directly I see lower EAGLE "
        + shape.format(f"{x:.2f}", f"{y:.2f}")
        + ".\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [x, y]


def test_a_link_to_the_tools_source_decides_its_conventions() -> None:
    text = (
        "I see lower EAGLE accept lengths (3.10 vs 2.95) over plain requests.\n\n"
        "I changed [the benchmark](https://github.com/sgl-project/sglang/blob/main/bench.py).\n"
    )
    got = read_paste(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 3.1), ("sglang", 2.95)]
    named = text.replace("https://github.com/sgl-project/sglang/blob/main/bench.py", "sglang")
    assert all(r.accept_length is None for r in read_paste(named).records)


def test_a_prose_length_follows_the_identity_of_the_pastes_table() -> None:
    text = (
        "The draft's mean acceptance length is **2.95** over all subsets.\n\n"
        "| subset | acceptance_length | pos_0 | pos_1 | pos_2 |\n| --- | --- | --- | --- | --- |\n"
        "| code | 3.100 | 90.0% | 70.0% | 50.0% |\n| chat | 2.800 | 80.0% | 60.0% | 40.0% |\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (2.95, 2.95),
        (3.1, 3.1),
        (2.8, 2.8),
    ]
    assert got[0].bonus.rule.startswith("the paste's other records")


def test_members_of_a_json_body_that_does_not_parse() -> None:
    text = (
        '{"text": "...", "output_ids": [12, 55, 907, 31, 4\n'
        '4, 88], "meta_info": {"id": "a1", "finish_reason": {"t\n'
        'ype": "length"}, "completion_tokens": 120, "spec_accept_length": 1.6, '
        '"spec_verify_ct": 75, "spec_accept_token_num": 45, "e2e_lat\n'
    )
    (r,) = read_paste(text).records
    assert r.structure == "json" and r.printed_length == 1.6 and r.accept_length == 1.6
    assert any("does not parse" in n for n in r.notes)


def test_sglangs_line_shape_quoted_in_prose_names_it() -> None:
    text = (
        "- **MTP profile**: `accept_length=2.91 / max 4` averaged over 120 server "
        "`Decode batch ... accept len: Y` lines\n"
    )
    (r,) = read_paste(text).records
    assert (r.tool, r.printed_length, r.accept_length) == ("sglang", 2.91, 2.91)


def test_the_sections_heading_names_the_tool_of_its_blocks() -> None:
    text = (
        "## Results (MT-Bench, one GPU, SGLang + FlashInfer)\n\n"
        "| Batch | Metric | Baseline | EAGLE-3 |\n|---|---|---|---|\n"
        "| 1 | TPOT (ms) | 8.0 | 5.9 |\n| 1 | Throughput | 120.3 | 160.2 |\n"
        "| 32 | Throughput | 250.1 | 430.9 |\n| 64 | Throughput | 300.5 | 480.0 |\n\n"
        "Acceptance rate: 41.0% | Acceptance length: 2.5\n"
    )
    (r,) = read_paste(text).records
    assert (r.tool, r.accept_length) == ("sglang", 2.5)


def test_sub_keys_under_a_line_opening_metric_with_vs_runs() -> None:
    text = "Acceptance rates: unchanged — pos0: 70.5% vs 70.1%, pos1: 41.0% vs 40.2%, overall: 55.8% vs 55.2%\n"
    got = read_paste(text).records
    assert [(round(r.printed_rate or 0, 6), r.per_position) for r in got] == [
        (0.558, (0.705, 0.41)),
        (0.552, (0.701, 0.402)),
    ]
    # the positions' mean is the overall rate: 1 + their sum is the length
    assert [r.accept_length for r in got] == [2.115, 2.103]


def test_a_csv_field_over_the_csv_modules_limit_is_no_crash() -> None:
    text = 'accept length, note, "' + "x" * 140_000 + '", 2.5\nacc len, a, b, 2.6\n'
    got = read_paste(text)
    assert got.blocks == 1 and all(r.printed_length != 2.5 for r in got.records)


def test_target_model_and_as_expected_are_still_measurements() -> None:
    (r,) = read_paste("EAGLE-3 run: target model acceptance rate: 0.64\n").records
    assert r.printed_rate == 0.64
    (s,) = read_paste("As expected, the speculative accept length was 2.7 on code.\n").records
    assert s.printed_length == 2.7


def test_a_setting_word_in_another_clause_keeps_a_measured_change() -> None:
    text = "After setting topk=1 and a sweep, the accept length went from 1.90 to 2.55.\n"
    assert [r.printed_length for r in read_paste(text).records] == [1.9, 2.55]
