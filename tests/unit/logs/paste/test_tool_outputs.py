"""Outputs of named tools, written from their format strings: AIPerf, FastDeploy, MLX, vLLM's
bench serve and offline example, SGLang's offline throughput summary."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths


def _offline_block(proposals: int, accepted: int, rates: list[int]) -> str:
    drafted = proposals * len(rates)
    length = 1 + accepted / proposals
    head = (
        f"Number of draft proposals: {proposals:,}\n"
        f"Number of draft tokens generated: {drafted:,}\n"
        f"Number of accepted tokens: {accepted:,}\n"
        f"Mean acceptance length: {length:.2f}\n\n"
    )
    pos = "".join(f"Acceptance rate at token {i}: {r / 100:.2f}\n" for i, r in enumerate(rates))
    return head + pos


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


@settings(max_examples=examples(30), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=1000, max_value=90000), st.integers(10, 150)),
        min_size=1,
        max_size=3,
    ),
    st.lists(st.integers(min_value=5, max_value=95), min_size=2, max_size=5),
    st.booleans(),
)
def test_offline_blocks_with_their_per_position_rates(
    read: Read, runs: list[tuple[int, int]], rates: list[int], restate: bool
) -> None:
    """vLLM's offline example printed per run: the per-position lines a blank line below are
    that run's; an 'Average acceptance length' restating the run is no other run."""
    parts = []
    for proposals, pct in runs:
        accepted = proposals * pct // 100
        block = _offline_block(proposals, accepted, rates)
        if restate:
            block += f"\nSpeedup: 1.5x\nAverage acceptance length: {1 + accepted / proposals:.2f}\n"
        parts.append(block)
    got = read("\n".join(parts)).records
    assert len(got) == len(runs)
    for r, (proposals, pct) in zip(got, runs, strict=True):
        assert r.per_position == tuple(x / 100 for x in rates)
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + (proposals * pct // 100) / proposals)) < 0.006


def test_aiperf_spec_decode_table_is_one_record_of_per_request_means() -> None:
    (r,) = read_paste(AIPERF).records
    assert r.tool == "aiperf" and r.printed_length == 1.90 and r.accept_length == 1.90
    assert r.bonus.rule.startswith("tool: AIPerf")
    assert r.printed_rate == 0.30 and r.accept_rate == 0.30  # 'Accepted per Verified' is not it
    assert r.pooling.value == "mean_over_requests"


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


def _spec_section(rate: str, lengths: list[tuple[str, str]], counts: list[tuple[str, int]]) -> str:
    """A bench's speculative section written '{:<40} {:<10}' under a '-' centred title."""
    out = ["{s:{c}^{n}}".format(s="Speculative Decoding", n=50, c="-")]
    out.append("{:<40} {:<10}".format("Acceptance rate (%):", rate))
    out += [f"{k:<40} {v:<10}" for k, v in lengths]
    out += [f"{k:<40} {v:<10}" for k, v in counts]
    return "\n".join([*out, "=" * 50]) + "\n"


# A bench section printing the server's accept length and its own ('Acceptance length (server)',
# 'Acceptance length (benchmark)'): no section vLLM prints (its one length is unqualified), so
# the line scanner leaves it to the structure readers; the two lengths agreeing are one run's
# figure told twice: one record, the bonus proven by 1 + accepted / drafts, the rate checked as
# accepted / drafted tokens, no tool named
@settings(max_examples=examples(30), deadline=None)
@given(
    drafts=st.integers(500, 4000),
    k=st.integers(2, 7),
    share=st.integers(20, 95),
    order=st.permutations([0, 1, 2]),
    sources=st.sampled_from(
        [("server", "benchmark"), ("benchmark", "server"), ("server", "client")]
    ),
)
def test_a_bench_section_with_the_length_by_source_is_one_run(
    read: Read, drafts: int, k: int, share: int, order: list[int], sources: tuple[str, str]
) -> None:
    drafted = drafts * k
    accepted = drafted * share // 100
    length = f"{1 + accepted / drafts:.2f}"
    counts = [("Draft tokens:", drafted), ("Accepted tokens:", accepted), ("Drafts:", drafts)]
    text = _spec_section(
        f"{100 * accepted / drafted:.2f}",
        [(f"Acceptance length ({s}):", length) for s in sources],
        [counts[i] for i in order],
    )
    (r,) = read(text).records
    assert r.tool == "unknown" and r.printed_length == float(length)
    assert r.accept_length == float(length) and r.bonus.rule.startswith("identity")
    assert r.rate_basis.value == "per_draft_token"


def test_a_qualified_section_is_not_vllms_and_vllms_own_still_is() -> None:
    counts = [("Draft tokens:", 8064), ("Accepted tokens:", 5619), ("Drafts:", 2688)]
    lengths = [("Acceptance length (server):", "3.09"), ("Acceptance length (benchmark):", "3.09")]
    text = _spec_section("69.68", lengths, counts)
    assert line_scanner_lengths(text) == []
    own = _spec_section("69.68", [("Acceptance length:", "3.09")], counts)
    assert line_scanner_lengths(own) == [3.09]


def test_negative_controls_qualifiers_that_are_no_source_or_values_that_differ() -> None:
    counts = [("Draft tokens:", 8064), ("Accepted tokens:", 5619), ("Drafts:", 2688)]
    # the server's lifetime figure and the benchmark's differ: not one figure told twice
    lengths = [("Acceptance length (server):", "2.95"), ("Acceptance length (benchmark):", "3.09")]
    got = read_paste(_spec_section("69.68", lengths, counts)).records
    assert [r.printed_length for r in got] == [2.95, 3.09]
    # qualifiers naming configurations: two runs that printed one value
    for a, b in (("k=3", "k=5"), ("greedy", "sampled")):
        text = f"Acceptance length ({a}): 2.40\nAcceptance length ({b}): 2.40\n"
        assert [r.printed_length for r in read_paste(text).records] == [2.40, 2.40], a


@settings(max_examples=examples(25), deadline=None)
@given(
    steps=st.integers(200, 5000),
    k=st.integers(2, 6),
    pct=st.integers(5, 95),
    pad=st.integers(4, 30),
)
def test_an_aligned_report_summary_opening_with_a_count(
    read: Read, steps: int, k: int, pct: int, pad: int
) -> None:
    """A report's aligned summary (speculators' `print_acceptance_report` layout: a label, then
    its value far to the right) opening with the number of drafts: that line is a row of counts,
    not the table's header, so 1 + accepted / drafts decides the length's bonus."""
    drafted = steps * k
    accepted = drafted * pct // 100
    length = 1 + accepted / steps
    rows = (
        ("Num drafts", f"{steps}"),
        ("Num draft tokens", f"{drafted}"),
        ("Num accepted tokens", f"{accepted}"),
        ("Acceptance length", f"{length:.4f}"),
    )
    text = "=== Drafter check ===\n\n" + "".join(f"  {a:<{20 + pad}} {b:>12}\n" for a, b in rows)
    (r,) = read(text).records
    assert (r.steps, r.drafted_tokens, r.accepted_tokens) == (steps, drafted, accepted)
    assert r.bonus.value == "included" and r.accept_length is not None
    assert abs(r.accept_length - length) < 1e-4


def test_a_sweeps_header_of_settings_is_no_row_of_counts() -> None:
    """Near miss: a first line naming a count over several values ('steps  1  2  3') is the
    sweep's header (each column a run), never a row of counts."""
    text = "  steps             1      2      3\n  accept length  1.71   2.25   2.60\n"
    got = read_paste(text).records
    assert all(r.steps is None for r in got)
    assert sorted(r.printed_length for r in got if r.printed_length) == [1.71, 2.25, 2.6]
