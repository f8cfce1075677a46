"""Records and their labels: one record per configuration, numbers inside labels, tools and
configurations never averaged together."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import (
    pipe_table,
    printed_lengths,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read

_LENGTH_NAMES = ("Accept length", "Acceptance length", "AL", "avg accept length", "acc len")

_LABELS = ("setup", "run", "config", "case", "trial", "model")

_APPROX = ("", "~", "~ ", "≈", "≈ ", "about ", "around ")

_METRIC_NAMES = ("Accept length", "Acceptance length", "AL", "Acc len", "Accept rate", "Acceptance")

_CONFIGS = ("Run 1", "run 2 (TP4)", "greedy", "T=0.6", "H100", "after fix")


def test_tools_are_never_averaged_together() -> None:
    text = "| engine | acc len |\n|---|---|\n| SGLang 0.5 | 3.1 |\n| vLLM 0.11 | 2.9 |\n"
    got = read_paste(text)
    assert {r.tool for r in got.records} == {"sglang", "vllm"}
    assert all(g.records == 1 for g in got.groups)


def test_groups_average_items_of_one_configuration_only() -> None:
    text = (
        "sglang bench\n| model | dataset | acc len |\n|---|---|---|\n"
        "| a | mtbench | 3.0 |\n| a | gsm8k | 4.0 |\n| b | mtbench | 2.0 |\n| avg | | 3.0 |\n"
    )
    got = read_paste(text)
    by_model = {dict(g.config)["model"]: g for g in got.groups}
    assert by_model["a"].records == 2 and by_model["a"].accept_length_mean == 3.5
    assert by_model["b"].records == 1 and "avg" not in by_model
    two_runs = read_paste("sglang run: accept length 3.1 before, accept length 2.4 after\n")
    assert len(two_runs.records) == 2 and all(g.records == 1 for g in two_runs.groups)


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


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES),
    qual=st.sampled_from(("for ", "of ", "in ", "at ", ", ")),
    label=st.sampled_from(_LABELS),
    n=st.integers(1, 64),
    sep=st.sampled_from((": ", " = ", ":  ")),
    approx=st.sampled_from(_APPROX),
    value=st.integers(105, 790),
    bullet=st.sampled_from(("", "- ", "* ")),
)
def test_a_number_inside_the_label_is_never_the_value(
    name: str, qual: str, label: str, n: int, sep: str, approx: str, value: int, bullet: str
) -> None:
    v = value / 100
    sp = "" if qual.startswith(",") else " "
    text = f"Results on MT-bench:\n{bullet}{name}{sp}{qual}{label} {n}{sep}{approx}{v:.2f}\n"
    assert printed_lengths(text) == [v]
    # the label alone, its value missing: the label's number is no figure either
    assert (
        printed_lengths(f"Results on MT-bench:\n{bullet}{name}{sp}{qual}{label} {n}{sep}n/a\n")
        == []
    )


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES + ("acceptance rate",)),
    qual=st.sampled_from(("over", "across", "for", "of", "on")),
    first=st.sampled_from(("the first ", "the last ", "the ", "")),
    n=st.integers(2, 2000),
    noun=st.sampled_from(("queries", "requests", "prompts", "samples", "questions")),
    tail=st.sampled_from(("", " in the AA dataset", " of MT-bench", ".")),
    value=st.integers(105, 390),
    with_value=st.booleans(),
)
def test_a_count_of_what_the_figure_was_measured_over_is_not_its_value(
    name: str,
    qual: str,
    first: str,
    n: int,
    noun: str,
    tail: str,
    value: int,
    with_value: bool,
) -> None:
    v = value / 100
    line = f"{name} {qual} {first}{n} {noun}{tail}"
    if with_value:
        line += f": {v:.2f}" if not tail.endswith(".") else f" It was {v:.2f}."
    got = read_paste(f"Speculative decoding with EAGLE-3.\n\n{line}\n").records
    figs = [r.printed_length if r.printed_length is not None else r.printed_rate for r in got]
    if not (with_value and float(n) == v):  # the value itself may equal the count
        assert float(n) not in figs
    if not with_value:
        assert figs == []


@settings(max_examples=examples(40), deadline=None)
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
    got = read_paste("### Results\n\n" + render_table("markdown", header, rows))
    figs = [r.printed_rate if is_rate else r.printed_length for r in got.records]
    assert [round(f or 0, 4) for f in figs] == [round(w, 4) for w in want]
    # the two columns are told apart by their configuration, and no convention is guessed
    assert all(r.accept_length is None for r in got.records)
    assert len({dict(r.labels).get("column") for r in got.records}) == len(configs)


def test_another_figure_then_a_configuration_is_not_read() -> None:
    assert C.key("Throughput, Run 1").metric is None
    assert C.key("Accuracy, greedy").metric is None
    text = render_table(
        "markdown", ["Benchmark", "Accuracy, Run 1", "tok/s, Run 1"], [["gsm8k", "0.85", "101"]]
    )
    assert read_paste("acceptance was not measured\n\n" + text).records == ()


def test_a_metric_then_another_figure_after_a_comma_is_not_that_metric() -> None:
    assert C.key("accept length, tok/s").metric is None
    assert C.key("Acceptance rate, accepted tokens").metric != C.RATE
    assert C.key("AL, greedy").metric == C.LENGTH


@settings(max_examples=examples(40), deadline=None)
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
    read: Read, lead: str, sep: str, names: list[str], joiner: str, bullet: str, data: st.DataObject
) -> None:
    is_rate = "rate" in lead.lower()
    vals = [data.draw(st.integers(101, 690)) / 100 for _ in names]
    cells = [f"{int(v * 10)}%" if is_rate else f"{v:.2f}" for v in vals]
    text = (
        f"{bullet}{lead}{sep} "
        + joiner.join(f"{n}: {c}" for n, c in zip(names, cells, strict=True))
        + "\n"
    )
    got = read(text).records
    figs = [r.printed_rate if is_rate else r.printed_length for r in got]
    want = [int(v * 10) / 100 if is_rate else round(v, 2) for v in vals]
    assert [round(f or 0, 4) for f in figs] == [round(w, 4) for w in want]


def test_a_configuration_named_as_another_measure_is_no_value_of_the_metric() -> None:
    assert len(read_paste("Acceptance length: 2.91 — throughput: 120 tok/s\n").records) == 1
    assert read_paste("Acceptance rate: draft: 120, accepted: 80\n").records == ()
    assert read_paste("Acceptance length — latency: 12.0, speedup: 2.1\n").records == ()


def test_goals_bounds_and_statistics_after_a_metric_are_no_configurations() -> None:
    assert read_paste("Acceptance length — target: 3.0, minimum: 2.5\n").records == ()
    # statistics of one run: not read as configurations (the median alone may be read)
    assert len(read_paste("Acceptance rate — p50: 0.6, p90: 0.8\n").records) <= 1
    assert read_paste("Accept length: expected: 3.1, threshold: 2.0\n").records == ()


@settings(max_examples=examples(60), deadline=None)
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
        text = pipe_table([key, "accepted", "AL"], [[str(steps), str(accepted), f"{length:.2f}"]])
    (r,) = read_paste(text).records
    assert r.steps == steps
    # 1 + accepted / steps is the printed length: the bonus is counted
    assert r.accept_length == length


def test_a_handful_of_steps_stays_the_configuration() -> None:
    for text in (
        "num_steps=3 accepted=2280 mean acceptance length 2.52\n",
        pipe_table(["steps", "AL"], [["3", "2.52"], ["5", "2.90"]]),
    ):
        got = read_paste(text).records
        assert got and all(r.steps is None and r.accept_length is None for r in got), text
        assert all(any(n in ("steps", "num steps") for n, _ in r.labels) for r in got)


@settings(max_examples=examples(40), deadline=None)
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


@settings(max_examples=examples(40), deadline=None)
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


def test_ar_on_off_columns_are_two_configurations() -> None:
    assert C.key("AR off").metric == C.RATE and C.key("acceptance rate before").metric == C.RATE
    text = (
        "| bs | TPS off | TPS on | AR off | AR on | ΔAR |\n"
        "|---:|---:|---:|---:|---:|---:|\n"
        "| 8 | 900.1 | 950.2 | 0.4100 | 0.4300 | +4.9% |\n"
        "| 4 | 500.3 | 520.4 | 0.4050 | 0.4200 | +3.7% |\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.41, 0.43, 0.405, 0.42]


def test_ar_above_one_is_not_a_rate_and_ar_in_prose_is_not_read() -> None:
    text = "| bs | AR |\n|---|---|\n| 1 | 2.62 |\n"
    assert not read_paste(text).records
    assert not read_paste("Speculative draft vs AR: 45.2 tok/s against 30.1 tok/s.\n").records


def test_an_ar_column_of_times_is_not_read() -> None:
    text = "| method | AR | EAGLE |\n|---|---|---|\n| llama-8b | 0.82 s | 0.41 s |\n"
    assert not read_paste(text).records


@settings(max_examples=examples(40), deadline=None)
@given(
    metric=st.sampled_from(["acceptance length", "accept rate", "AL", "mean accept length"]),
    per=st.sampled_from(["per dataset", "by task", "per category", "across datasets"]),
    sep=st.sampled_from([" -> ", " → ", ": ", " — "]),
    items=st.lists(
        st.sampled_from(["mtbench", "gsm8k", "chat", "code"]), min_size=2, max_size=4, unique=True
    ),
    data=st.data(),
)
def test_a_metric_per_item_then_its_value_per_item(
    metric: str, per: str, sep: str, items: list[str], data: st.DataObject
) -> None:
    rate = "rate" in metric
    vals = [data.draw(st.integers(110, 480)) for _ in items]
    shown = [f"{v / 5:.1f}%" if rate else f"{v / 100:.2f}" for v in vals]
    text = f"{metric} {per}{sep}" + ", ".join(
        f"{i}: {s}" for i, s in zip(items, shown, strict=True)
    )
    got = read_paste(text + "\n").records
    seen = [r.printed_rate if rate else r.printed_length for r in got]
    assert seen == pytest.approx([v / 500 if rate else v / 100 for v in vals])


@settings(max_examples=examples(40), deadline=None)
@given(
    metric=st.sampled_from(["Accept len", "accept rate:", "AL", "mean acceptance length ="]),
    name=st.sampled_from(["bs", "T", "k", "ctx", "batch"]),
    sep=st.sampled_from(["=", " ", ": "]),
    joint=st.sampled_from([", ", "; ", " and ", " | "]),
    n=st.integers(2, 4),
    data=st.data(),
)
def test_values_each_at_a_configuration_after_an_at_sign(
    metric: str, name: str, sep: str, joint: str, n: int, data: st.DataObject
) -> None:
    rate = "rate" in metric
    vals = [data.draw(st.integers(110, 480)) for _ in range(n)]
    labs = [str(2**i) for i in range(n)]
    shown = [f"{v / 5:.1f}%" if rate else f"{v / 100:.2f}" for v in vals]
    text = f"{metric} " + joint.join(
        f"{s} @ {name}{sep}{lab}" for s, lab in zip(shown, labs, strict=True)
    )
    got = read_paste(text + "\n").records
    seen = [r.printed_rate if rate else r.printed_length for r in got]
    assert seen == pytest.approx([v / 500 if rate else v / 100 for v in vals]), text
    assert [r.labels[-1] for r in got] == [(name.lower(), lab) for lab in labs]


def test_speeds_at_rates_are_no_values_at_configurations() -> None:
    assert read_paste("10.0 t/s @ 88.2%, 9.1 t/s @ 80.1%\n").records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    speeds=st.lists(
        st.floats(min_value=1.5, max_value=99.0).map(lambda x: round(x, 2)), min_size=2, max_size=4
    ),
    corner=st.sampled_from(["Method / tok/s", "Decoding", "Scheme \\ GPUs"]),
)
def test_an_ar_row_of_speeds_in_a_transposed_table_is_not_a_rate(
    speeds: list[float], corner: str
) -> None:
    # the row label 'AR' of a table whose columns are settings: autoregressive decoding's
    # figures, never a rate above 1 printed without '%'
    cols = [f"GPU={2**i}" for i in range(len(speeds))]
    rows = [["AR", *(f"{s:g}" for s in speeds)], ["Spec", *(f"{s * 2:g}" for s in speeds)]]
    got = read_paste(render_table("markdown", [corner, *cols], rows)).records
    assert all(r.printed_rate is None or r.printed_rate <= 1 for r in got)
    assert not any(f == "AR" for r in got for f, _ in r.fields)


def test_an_ar_row_of_rates_in_a_transposed_table_is_read() -> None:
    text = "| metric | run A | run B |\n|---|---|---|\n| AR | 0.71 | 0.64 |\n| AL | 3.1 | 2.9 |\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.71, 0.64]
