"""Structure readers on the outputs of tools whose format strings were read from their source
(docs/logs.md names the file and version of each): what each printed field means, which
convention it carries, and the traps (a ratio over output tokens, a count over a count, a
tool's name before the metric's)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

# AIPerf spec_decode_metrics.py / console_metrics_exporter.py: 'header (unit)', stat columns
AIPERF = """\
                 NVIDIA AIPerf | LLM Metrics: Spec Decode
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━━━┳━━━━━━━━━┳━━━━━━┓
┃                            Metric ┃   avg ┃   min ┃   max ┃   p99 ┃   p90 ┃   p50 ┃ adj_p95 ┃ adj_p99 ┃  std ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━━━╇━━━━━━━━━╇━━━━━━┩
│         Acceptance Length (ratio) │  1.90 │  1.10 │  3.00 │  2.95 │  2.60 │  1.85 │     N/A │     N/A │ 0.30 │
│         Draft Acceptance Rate (%) │ 30.00 │  3.33 │ 66.67 │ 65.00 │ 53.33 │ 28.33 │     N/A │     N/A │ 10.0 │
│     Accepted per Verified (ratio) │  0.48 │  0.28 │  0.75 │  0.74 │  0.65 │  0.46 │     N/A │     N/A │ 0.08 │
└───────────────────────────────────┴───────┴───────┴───────┴───────┴───────┴───────┴─────────┴─────────┴──────┘
"""


def test_aiperf_spec_decode_table_is_one_record_of_per_request_means() -> None:
    (r,) = read_paste(AIPERF).records
    assert r.tool == "aiperf" and r.printed_length == 1.90 and r.accept_length == 1.90
    assert r.bonus.rule.startswith("tool: AIPerf")
    assert r.printed_rate == 0.30 and r.accept_rate == 0.30  # 'Accepted per Verified' is not it
    assert r.pooling.value == "mean_over_requests"


def test_a_tool_named_before_the_metric_tells_the_tool() -> None:
    text = (
        "NVIDIA AIPerf | Server Metrics: Speculative Decoding\n"
        "| Metric | mean | min | max | p50 | p90 |\n|---|---|---|---|---|---|\n"
        "| SGLang Spec Accept Rate (%) | 61.3 | 40.0 | 78.7 | 62.0 | 71.3 |\n"
        "| SGLang Spec Accept Length | 2.84 | 2.20 | 3.36 | 2.86 | 3.14 |\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.tool_rule == "the metric's name"
    assert r.accept_length == 2.84 and r.printed_rate == 0.613


def test_fastdeploy_spec_log_ratio_is_over_output_tokens() -> None:
    # token_processor.py _compute_speculative_status: ratio = 1 - steps / output tokens
    text = (
        "INFO     2025-09-10 12:00:01,123 3711 token_processor.py[line:512] Speculate global "
        "accept ratio(Accept draft_tokens/Generated tokens): 0.5517241379310345 total step: 1300."
        " total output token num: 2900 average accept len: 2.230769230769231\n"
    )
    (r,) = read_paste(text).records
    assert r.steps == 1300 and r.output_tokens == 2900 and r.tool == "fastdeploy"
    assert r.bonus.rule == "identity: printed length = output tokens / steps"
    assert r.accept_length is not None and abs(r.accept_length - 2900 / 1300) < 1e-6
    assert r.rate_basis.value == "per_output_token" and r.accept_rate is None


def test_mlx_examples_accepted_of_drafted_and_steps() -> None:
    # mlx-examples llms/speculative_decoding/main.py
    text = "==========\nAccepted 412 / 600.\nDecoding steps 230.\n==========\n"
    (r,) = read_paste(text).records
    assert (r.accepted_tokens, r.drafted_tokens, r.steps) == (412, 600, 230)
    assert r.accept_length is not None and abs(r.accept_length - (1 + 412 / 230)) < 1e-6
    assert r.accept_rate is not None and abs(r.accept_rate - 412 / 600) < 1e-6


def test_a_count_over_a_count_of_something_else_is_no_record() -> None:
    text = "Draft release notes ready.\n\nAccepted: 38 / 40 testers signed off.\n"
    assert not read_paste(text).records


def test_share_from_draft_gives_the_length_through_one_target_token_per_step() -> None:
    text = (
        "| num_draft_tokens | tokens from draft | from draft % |\n|---|---|---|\n"
        "| 4 | 298 | 58.2% |\n"
    )
    (r,) = read_paste(text).records
    assert ("num draft tokens", "4") in r.labels and r.accepted_tokens == 298
    assert r.rate_basis.value == "per_output_token"
    assert r.accept_length is not None and abs(r.accept_length - 1 / (1 - 0.582)) < 1e-6


def test_vllm_bench_serve_section() -> None:
    # vllm/benchmarks/serve.py: '{:<40} {:<10.2f}' lines under a '-' centred title
    text = (
        "---------------Speculative Decoding---------------\n"
        "Acceptance rate (%):                     40.27     \n"
        "Acceptance length:                       2.21      \n"
        "Drafts:                                  1000      \n"
        "Draft tokens:                            3000      \n"
        "Accepted tokens:                         1208      \n"
    )
    from specdiag.core.logs.parse import LineParser
    from specdiag.core.logs.scan import Scanner

    batches: list = []
    src = Scanner(LineParser(source="paste"), batches.append)
    src.feed(text.encode())
    src.close()
    recs = [r for b in batches for r in b.records()]
    assert len(recs) == 1 and recs[0].accept_length == 2.21


def test_sglang_offline_throughput_summary_has_no_acceptance_figure() -> None:
    # bench_offline_throughput.py: '{:<40} {:<10}' lines, no speculative field
    text = (
        "====== Offline Throughput Benchmark Result =======\n"
        "Backend:                                 engine    \n"
        "Successful requests:                     1000      \n"
        "Total generated tokens:                  388685    \n"
        "Last generation throughput (tok/s):      33.36     \n"
        "Output token throughput (tok/s):         1109.45   \n"
        "==================================================\n"
    )
    reading = read_paste(text)
    assert not reading.records and not reading.unread


@settings(max_examples=60, deadline=None)
@given(
    acc=st.integers(1, 5000),
    extra=st.integers(0, 5000),
    steps=st.integers(10, 5000),  # lengths within the range guard (at most 1025)
    noun=st.sampled_from(["", ".", " tokens", " draft tokens", " testers", " users", " files"]),
    first=st.booleans(),
)
def test_accepted_over_drafted_counts(
    acc: int, extra: int, steps: int, noun: str, first: bool
) -> None:
    """'Accepted A / B' is accepted of drafted when nothing but the count's noun follows; with
    another noun ('38 / 40 testers') it is no count of ours."""
    drafted = acc + extra
    lines = [f"Accepted {acc} / {drafted}{noun}", f"Decoding steps {steps}."]
    text = "\n".join(lines if first else lines[::-1]) + "\n"
    recs = read_paste(text).records
    if noun.strip(" .") in ("", "tokens", "draft tokens"):
        (r,) = recs
        assert (r.accepted_tokens, r.drafted_tokens, r.steps) == (acc, drafted, steps)
        assert r.accept_length is not None and abs(r.accept_length - (1 + acc / steps)) < 1e-6
    else:
        assert not recs


def test_the_metric_in_brackets_after_a_symbol() -> None:
    text = "k\tα (acceptance rate)\tE[tokens/step]\n2\t0.71\t2.21\n4\t0.66\t2.89\n"
    recs = read_paste(text).records
    assert [r.accept_length for r in recs] == [2.21, 2.89]
    assert recs[0].printed_rate == 0.71 and recs[0].bonus.value == "included"


def test_json_metric_objects_under_their_name_or_header() -> None:
    """A metric's statistics object (AIPerf's JSON export keeps one per metric tag) is one
    figure of the object holding it, its mean first; a list of such objects names each by its
    header."""
    by_name = (
        '{"spec_decode_acceptance_length": {"unit": "ratio", "avg": 2.41, "p50": 2.38},\n'
        ' "spec_decode_draft_acceptance_rate": {"unit": "%", "avg": 47.0}}\n'
    )
    (r,) = read_paste(by_name).records
    assert r.printed_length == 2.41 and r.statistic == "mean" and r.printed_rate == 0.47
    assert r.accept_length is None  # no tool named: no convention claimed
    by_header = '[{"header": "Acceptance Length", "unit": "ratio", "p50": 2.38}]\n'
    (r,) = read_paste(by_header).records
    assert r.printed_length == 2.38 and r.pooling.value == "median"


def test_acceptance_rates_of_papers_are_no_record() -> None:
    text = (
        "| Venue | Submissions | Accepted | Acceptance rate |\n|---|---|---|---|\n"
        "| ICLR 2025 | 11,565 | 3,704 | 32.0% |\n"
    )
    reading = read_paste(text)
    assert not reading.records and reading.ignored
