"""Structures found missing by a held-out corpus of real pastes, each with a paste written here
in the same structure (never the third-party text): approximate values, shorthand names,
per-position lists in a cell, pipe tables without outer bars, 'emitted per verify', figures
that changed ('from X to Y'), a rate before its noun, and JSON with a lost comma."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste


def test_approximate_values_are_read_as_printed() -> None:
    v = C.value("~7%")
    assert v is not None and v.number == 7 and v.percent
    w = C.value("≈ 2.4")
    assert w is not None and w.number == 2.4
    assert C.value("~") is None and C.value("~ n/a") is None


def test_transposed_rates_with_an_approximate_cell() -> None:
    text = (
        "| Metric | greedy verify | sampled verify |\n"
        "|---|---|---|\n"
        "| Draft acceptance rate | ~7% | 81.4% |\n"
    )
    got = read_paste(text)
    assert [round(r.printed_rate or 0, 6) for r in got.records] == [0.07, 0.814]
    assert all(r.accept_length is None for r in got.records)


def test_shorthand_accpt_is_accept() -> None:
    assert C.key("Accpt Len").metric == C.LENGTH
    got = read_paste("* draft k=3: 40 s, 120 toks/s **Accpt Len: 2.31**\n")
    (r,) = got.records
    assert r.printed_length == 2.31 and r.accept_length is None


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


def test_emitted_per_verify_is_tokens_per_step() -> None:
    assert C.key("emitted per verify").metric == C.TOK_PER_STEP
    text = (
        "| setting | draft acceptance | emitted per verify |\n"
        "|---|---:|---:|\n"
        "| chat, ngram | 14.0 % | — |\n"
        "| chat, MTP k=3 | 61 % | 2.7 |\n"
    )
    got = read_paste(text)
    assert [r.accept_length for r in got.records] == [None, 2.7]
    assert got.records[0].printed_rate == 0.14


def test_a_figure_that_changed_gives_two_records() -> None:
    text = (
        "After retraining, model A's mean acceptance length went from 1.92 to 2.64, "
        "while model B's improved from 1.40 to 2.31.\n"
    )
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [1.92, 2.64, 1.40, 2.31]
    # a 'from .. to' without an acceptance figure is not read
    assert not read_paste("Latency went from 120 to 80 ms after the upgrade.\n").records


def test_a_rate_before_its_noun() -> None:
    text = "- counters after the run: `drafts=900`, `hits=720` -> **80.0% acceptance**\n"
    (r,) = read_paste("MTP k=2 on our fork\n" + text).records
    assert r.printed_rate == 0.8 and r.accept_length is None
    assert not read_paste("The plan got 80% acceptance from reviewers.\n").records


def test_json_with_a_lost_comma_between_members() -> None:
    text = (
        "FastDeploy response:\n"
        "{\n"
        '  "speculate_metrics": {\n'
        '    "accepted_tokens": 90,\n'
        '    "average_accept_length": 1.8,\n'
        '    "accepted_tokens_per_head": [50, 30, 10]\n'
        '    "accept_ratio_per_head": [0.6, 0.3333]\n'
        "  }\n"
        "}\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 1.8 and r.tool == "fastdeploy"


def test_a_token_weighted_row_is_its_own_pooled_record() -> None:
    """AIPerf prints the per-request mean ('Acceptance Length') and the run's totals' ratio
    ('Token-Weighted Acceptance Length', 1 + sum accepted / sum steps) in one table."""
    text = (
        "NVIDIA AIPerf | LLM Metrics: Spec Decode\n"
        "| Metric | avg | min | max | p50 |\n"
        "|---|---|---|---|---|\n"
        "| Acceptance Length (ratio) | 2.80 | 1.40 | 3.90 | 2.75 |\n"
        "| Token-Weighted Acceptance Length (ratio) | 2.71 | N/A | N/A | N/A |\n"
        "| Draft Acceptance Rate (%) | 60.00 | 13.33 | 96.67 | 58.33 |\n"
        "| Overall Draft Acceptance Rate (%) | 57.00 | N/A | N/A | N/A |\n"
    )
    mean, pooled = read_paste(text).records
    assert (mean.printed_length, mean.pooling.value) == (2.80, "mean_over_requests")
    assert (pooled.printed_length, pooled.pooling.value) == (2.71, "pooled")
    assert pooled.accept_length == 2.71 and pooled.printed_rate == 0.57
    assert C.key("Token-Weighted Acceptance Length (ratio)").pooled
    assert not C.key("Acceptance Length (ratio)").pooled


def test_a_length_before_its_name_and_a_bracket_inside_a_key() -> None:
    text = (
        "Our retrained head reaches 3.42 Accept Length (AL) when speculative-num-steps=4 "
        "and topk=2.\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 3.42  # never the 4 of 'num-steps=4'
    assert ("speculative num steps", "4") in r.labels


def test_one_key_several_values_each_with_its_qualifier() -> None:
    (a, b, c) = read_paste(
        "Mean acceptance length is 2.9 on chat, 2.5 on code and 2.1 on math.\n"
    ).records
    assert [a.printed_length, b.printed_length, c.printed_length] == [2.9, 2.5, 2.1]


def test_accepted_token_length_and_a_key_with_of() -> None:
    assert C.key("average accepted token length").metric == C.LENGTH
    (r,) = read_paste(
        "After 3 epochs the average accepted token length of 2.05 on gsm8k.\n"
    ).records
    assert r.printed_length == 2.05
    (s,) = read_paste(
        "In that setting the AL of `org/my-draft-v2` is 2.66, lower than before.\n"
    ).records
    assert s.printed_length == 2.66


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


def test_a_model_id_does_not_name_the_tool() -> None:
    from specdiag.core.logs.paste import tools as T

    assert T.tools_named("the AL of `lmsys/sglang-EAGLE3-LLaMA3.1-Instruct-8B` is 3.1") == []
    assert T.tools_named("served by SGLang 0.5") == ["sglang"]
    assert T.tools_named("see https://github.com/sgl-project/sglang/pull/1") == ["sglang"]
    (r,) = read_paste("the AL of `lmsys/sglang-EAGLE3-LLaMA3.1-Instruct-8B` is 3.115\n").records
    assert r.printed_length == 3.115 and r.accept_length is None


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


def test_reported_as() -> None:
    (r,) = read_paste(
        "In their table the average acceptance length is reported as 3.05 for the chat set.\n"
    ).records
    assert r.printed_length == 3.05


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


def test_a_python_dict_printed_with_repr() -> None:
    text = (
        "ret = {'text': 'hi', 'meta_info': {'completion_tokens': 30, 'spec_verify_ct': 12, "
        "'spec_accept_length': 2.5, 'spec_accept_rate': 0.5, 'e2e_latency': 0.4}}\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 2.5 and r.accept_length == 2.5  # 30 tokens / 12 verify steps
    assert r.bonus.rule.startswith("identity")
    assert not read_paste("config = {'draft': 'x', 'steps': 3}\n").records
    from specdiag.core.logs.paste import interpret as I

    assert I.load_python_literal("x = {'a': __import__('os')}") is None  # never evaluated


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


def test_full_width_punctuation() -> None:
    got = read_paste("tree-draft\ntemperature=0：accept length：2.19\n").records
    assert [r.printed_length for r in got] == [2.19]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["acc len", "AL", "mean acceptance length", "Accpt Len", "τ"]),
    st.lists(st.integers(100, 600), min_size=2, max_size=3),
    st.integers(1, 4),
    st.booleans(),
    st.sampled_from(["", "> ", "+"]),
)
def test_generated_outerless_tables_with_several_values(
    head: str, lengths: list[int], rows: int, spanning: bool, quoting: str
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
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [x for row in vals for x in row], text
    # the k column decides only where a length passes its row's k (a step emits at most k
    # drafts and the target's own token); nothing else decides the convention
    decided = [r for r in got if r.accept_length is not None]
    assert all(r.accept_length == r.printed_length for r in decided)
    if decided:
        assert any(x > r + 1 for r, row in enumerate(vals) for x in row)
