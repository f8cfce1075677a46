"""Marks only one tool prints or uses, found in a paste that never names the tool: they tell
whose figures a block holds, and so whose documented convention decides its lengths."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import tools as T
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.run import LogsOptions, run_logs
from tests.support.examples import examples


def _records(tmp: Path, text: str) -> list[PasteRecord]:
    """The paste records the logs pipeline reads from ``text`` as one input file."""
    path = tmp / "paste.txt"
    path.write_text(text)
    result = run_logs([str(path)], LogsOptions())
    return [r for _, reading in result.pastes for r in reading.records]


# SGLang's benchmark/ scripts (mtbench, ceval, math) print one line per run: output tokens
# divided by the verify steps the server counted, so the bonus token is in it
@settings(max_examples=examples(30), deadline=None)
@given(
    questions=st.integers(1, 999),
    throughput=st.integers(1000, 99999),
    length=st.integers(100, 800),
    title=st.sampled_from(["", "draft v2 (steps=4):\n", "baseline head:\n"]),
)
def test_sglangs_benchmark_line_is_sglangs(
    questions: int, throughput: int, length: int, title: str
) -> None:
    v = f"{length / 100:.2f}"
    line = (
        f"#questions: {questions}, Throughput: {throughput / 100:.2f} token/s, "
        f"Acceptance length: {v}"
    )
    (r,) = read_paste(f"{title}{line}\n").records
    assert r.tool == "sglang" and r.printed_length == float(v)
    assert r.bonus.value == "included" and r.accept_length == float(v)


def test_sglangs_benchmark_line_through_the_pipeline(tmp_path: Path) -> None:
    text = (
        "Ran both heads, same prompts:\n\n"
        "head A:\n#questions: 40, Throughput: 150.25 token/s, Acceptance length: 3.12\n\n"
        "head B:\n#questions: 40, Throughput: 131.90 token/s, Acceptance length: 2.47\n"
    )
    got = _records(tmp_path, text)
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 3.12), ("sglang", 2.47)]


def test_negative_controls_the_same_figures_without_the_benchmarks_line() -> None:
    # the fields alone, without the '#questions' count that opens the script's line: anyone's
    for text in (
        "Throughput: 150.25 token/s, Acceptance length: 3.12\n",
        "questions: 40, Throughput: 150.25 token/s, Acceptance length: 3.12\n",
    ):
        (r,) = read_paste(text).records
        assert r.tool == "unknown" and r.accept_length is None


# TensorRT-LLM's tests and examples name the MTP depth 'mtp_nextn' ('mtp_nextn=2' in a test's
# id, '--mtp_nextn 3'): a table of runs selected so is TensorRT-LLM's
@settings(max_examples=examples(30), deadline=None)
@given(
    nextn=st.integers(1, 4),
    al=st.integers(100, 500),
    form=st.sampled_from(["`mtp_nextn={n}`", "mtp_nextn={n}, cuda_graph=True", "--mtp_nextn {n}"]),
)
def test_a_table_of_runs_selected_by_mtp_nextn_is_trtllms(nextn: int, al: int, form: str) -> None:
    v = f"{al / 100 + nextn * 0.1:.4f}"
    text = (
        "| case | settings | AL |\n|---|---|---|\n"
        f"| `TestSmallMoE::test_fp8` | {form.format(n=nextn)} | {v} |\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "trtllm" and r.printed_length == float(v)
    assert r.bonus.value == "included" and r.accept_length == float(v)


def test_negative_controls_no_mtp_nextn_setting() -> None:
    # the same table without the setting, or a longer identifier holding the word: no tool
    for cell in ("`mtp_depth=2`", "mtp_nextn_layers loaded", "MTP_NEXTN_DEFAULT"):
        text = f"| case | settings | AL |\n|---|---|---|\n| run 1 | {cell} | 2.5812 |\n"
        (r,) = read_paste(text).records
        assert r.tool == "unknown" and r.accept_length is None


# SGLang's own names for its speculative settings, set to a number, in a paste that names no
# tool: SGLang served the run, and its convention decides the user's prose about it (as a
# launch command's does; a table below may be a client script's and is left to its values)
@settings(max_examples=examples(40), deadline=None)
@given(
    flag=st.sampled_from(
        [
            "--speculative-num-steps {n}",
            "speculative-num-steps={n}",
            "speculative_eagle_topk: {n}",
            '"speculative_num_steps": {n}',
            "--speculative-eagle-topk {n}",
        ]
    ),
    n=st.integers(1, 8),
    al=st.integers(110, 600),
    where=st.booleans(),
)
def test_sglangs_own_flags_decide_the_users_prose(flag: str, n: int, al: int, where: bool) -> None:
    v = f"{al / 100:.3f}"
    setting = f"For these numbers the server was started as usual, with {flag.format(n=n)}."
    sentence = f"Our retrained head reaches {v} accept length (AL) on the chat set."
    text = f"{setting} {sentence}\n" if where else f"{setting}\n\n{sentence}\n"
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.printed_length == float(v)
    assert r.bonus.value == "included" and r.accept_length == float(v)


def test_negative_controls_flags_that_do_not_tell_sglang() -> None:
    sentence = "Our retrained head reaches 2.631 accept length (AL) on the chat set.\n"
    for setting in (
        # LMDeploy takes this flag too
        "We ran it with --speculative-num-draft-tokens 4.",
        # SGLang named only beside a contrast
        "Unlike SGLang, our server takes --speculative-num-steps 3 as well.",
        # no value set: a name in a sentence, not a setting
        "I have not tuned speculative-num-steps yet.",
    ):
        got = read_paste(f"{setting}\n\n{sentence}").records
        assert [r.accept_length for r in got] == [None], setting
    # another tool named in the paste (below: no heading of the figure): the flags decide
    # nothing
    text = f"We ran it with --speculative-num-steps 3.\n\n{sentence}\nvLLM gave 2.1 tok/s less.\n"
    assert [r.accept_length for r in read_paste(text).records] == [None]


# SGLang's own artefacts, named in a paste that never says 'SGLang': its environment variables
# ('SGLANG_ENABLE_SPEC_V2=1'), the server-info endpoint and the key it reports the accept length
# under ('avg_spec_accept_length' from '/get_server_info'): SGLang's figures, bonus included
@settings(max_examples=examples(40), deadline=None)
@given(
    mark=st.sampled_from(
        [
            "read `avg_spec_accept_length` after each run",
            "polled /get_server_info after each run",
            "launched with SGLANG_ENABLE_SPEC_V2=1",
            "with `SGLANG_DISABLE_CUDNN_CHECK=1` set",
            "the same as the scheduler's per-batch `accept len:` logs",
            "as the `accept len` the scheduler logs",
        ]
    ),
    al=st.integers(110, 600),
)
def test_sglangs_own_artefacts_name_sglang(mark: str, al: int) -> None:
    v = f"{al / 100:.4f}"
    text = (
        f"Draft head v3 on the chat set, {mark}:\n\n"
        f"| batch | avg accept length |\n|---|---|\n| 1 | {v} |\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.printed_length == float(v)
    assert r.bonus.value == "included" and r.accept_length == float(v)


def test_negative_controls_names_that_are_not_sglangs_artefacts() -> None:
    for mark in (
        # a longer key ending in the words, another tool's variable, a lower-case word
        "read `mean_spec_accept_length_est` after each run",
        "launched with VLLM_USE_V1=1",
        "launched with MY_SGLANGX=1",
        "polled /server_status after each run",
        # 'accept len' printed by a script, a scheduler named apart from it
        "the script prints `Avg accept len:` at the end",
        "the scheduler was fixed. Mean accept len below",
    ):
        text = (
            f"Draft head v3 on the chat set, {mark}:\n\n"
            "| batch | avg accept length |\n|---|---|\n| 1 | 2.9137 |\n"
        )
        (r,) = read_paste(text).records
        assert r.tool != "sglang" and r.printed_length == 2.9137, mark


# SGLang's bench_one_batch_server report: a markdown table whose header holds 'acc length'
# beside 'ITL (ms)' and the cost columns; the server's own accept length (bonus included)
@settings(max_examples=examples(30), deadline=None)
@given(
    lengths=st.lists(st.integers(110, 700), min_size=1, max_size=4),
    input_len=st.booleans(),
)
def test_bench_one_batch_server_report_is_sglangs(lengths: list[int], input_len: bool) -> None:
    head = "| batch size | " + ("input len | " if input_len else "")
    head += (
        "latency (s) | input throughput (tok/s)  | output throughput (tok/s) | acc length | "
        "ITL (ms) | input cost ($/1M) | output cost ($/1M) |"
    )
    rule = "|" + " --- |" * head.count(" | ")
    rows = [
        f"| {2**i} | " + ("1024 | " if input_len else "") + f"1.5{i} | 9000.00 | 200.0{i} | "
        f"{v / 100:.2f} | 5.0{i} | 0.05 | 2.81 |"
        for i, v in enumerate(lengths)
    ]
    text = "Input lens: [1024]. Output lens: [256].\n" + "\n".join([head, rule, *rows]) + "\n"
    got = read_paste(text).records
    assert [(r.tool, r.accept_length) for r in got] == [
        ("sglang", round(v / 100, 2)) for v in lengths
    ]


def test_send_one_table_is_sglangs(tmp_path: Path) -> None:
    # sglang.test.send_one's table (tabulate 'pretty'): completion tokens / verify steps
    text = (
        "+----------------+----------------+--------+------------+----------------------+"
        "----------------------+\n"
        "| Server E2E (s) | Batch Wall (s) | Tokens | Acc Length | Server E2E (token/s) | "
        "Batch Wall (token/s) |\n"
        "+----------------+----------------+--------+------------+----------------------+"
        "----------------------+\n"
        "|     2.310      |     2.344      |  384   |   2.716    |        166.23        | "
        "       163.82        |\n"
        "+----------------+----------------+--------+------------+----------------------+"
        "----------------------+\n"
    )
    got = _records(tmp_path, text)
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", 2.716)]


def test_negative_controls_tables_without_sglangs_report_header() -> None:
    # 'acc length' and 'ITL (ms)' without the cost columns, or a plain 'Acc Length' table with
    # 'Latency' and 'Speed': anyone's script prints those; no tool, no convention claimed
    for text in (
        "| batch | acc length | ITL (ms) |\n|---|---|---|\n| 1 | 2.61 | 5.20 |\n",
        "| Latency (s) | Tokens | Acc Length | Speed (token/s) |\n|---|---|---|---|\n"
        "| 1.20 | 256 | 2.61 | 213.3 |\n",
    ):
        (r,) = read_paste(text).records
        assert r.tool != "sglang" and r.accept_length is None


# SGLang's grid search script (scripts/playground/bench_speculative.py) writes one JSON line a
# setting, its keys in the script's order; 'acc_length' is the SGLang server's accept length
@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.integers(1, 8),
    topk=st.integers(1, 8),
    length=st.integers(1000, 6000),
    cut=st.booleans(),
)
def test_grid_search_json_line_is_sglangs(steps: int, topk: int, length: int, cut: bool) -> None:
    acc = f"{length / 1000:.3f}"
    line = (
        f'{{"batch_size": 2, "steps": {steps}, "topk": {topk}, "num_draft_tokens": '
        f'{steps * topk}, "acc_length": {acc}, "step_time": 0.01127, "speed": 190.551, '
        '"completion_tokens": 498.5}'
    )
    if cut:  # a paste cut in the middle of the line keeps the keys up to the step time
        line = line[: line.index('"speed"') + 4]
    text = "The grid search printed:\n\n" + line + "\n"
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.accept_length == pytest.approx(float(acc))


@pytest.mark.parametrize(
    "line",
    [
        # the same figures in another script's keys or order: no tool told
        '{"acc_length": 2.517, "num_draft_tokens": 4, "step_time": 0.012}',
        '{"epoch": 3, "num_draft_tokens": 4, "acc_length": 2.517, "loss": 0.81}',
    ],
)
def test_other_json_lines_name_no_tool(line: str) -> None:
    assert "sglang" not in T.tools_named(line)
    got = read_paste("Results:\n\n" + line + "\n").records
    assert all(r.tool != "sglang" and r.accept_length is None for r in got)


# TensorRT-LLM's iteration stats (trtllm-serve's GET /metrics), pretty-printed under a line of
# its own (the command that fetched them): its key names the tool, and the count of requests
# drafted for in the iteration is its verify steps, so 1 + accepted / steps decides the bonus
@settings(max_examples=examples(30), deadline=None)
@given(
    reqs=st.integers(1, 64),
    per=st.integers(0, 300),
    snake=st.booleans(),
    title=st.sampled_from(["$ curl -s host:8000/metrics | jq .", "iteration stats:"]),
)
def test_iteration_stats_pretty_json_is_trtllms(
    reqs: int, per: int, snake: bool, title: str
) -> None:
    import json

    acc = reqs * per // 100
    stats = (
        {"acceptance_length": round(1 + acc / reqs, 4), "num_accepted_tokens": acc,
         "num_draft_tokens": 3 * reqs, "num_requests_with_draft_tokens": reqs}
        if snake
        else {"acceptanceLength": round(1 + acc / reqs, 4), "numAcceptedTokens": acc,
              "numDraftTokens": 3 * reqs, "numRequestsWithDraftTokens": reqs}
    )  # fmt: skip
    key = "spec_decoding_stats" if snake else "specDecodingStats"
    body = json.dumps([{"iter": 7, "iterLatencyMS": 12.5, key: stats}], indent=2)
    (r,) = read_paste(f"{title}\n{body}\n").records
    assert r.tool == "trtllm" and r.bonus.value == "included"
    assert r.accept_length == round(1 + acc / reqs, 4)


def test_negative_controls_a_requests_count_that_breaks_the_identity() -> None:
    # the printed length is not 1 + accepted / requests drafted for: nothing decides the bonus
    body = (
        '{"stats": {"acceptance_length": 2.2, "num_accepted_tokens": 30, '
        '"num_requests_with_draft_tokens": 10}}'
    )
    (r,) = read_paste(f"our runner's dump:\n{body}\n").records
    assert r.accept_length is None


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        # the owner of another project's repository is no tool of the paste
        ("vllm-project/speculators: our draft's report\n", []),
        ("see vllm-project/speculators, run under vLLM 0.11\n", ["vllm"]),
        # vLLM's own repository names it
        ("vllm-project/vllm · issue: MTP numbers\n", ["vllm"]),
        ("we serve it with vllm\n", ["vllm"]),
    ],
)
def test_an_owner_of_a_repository_names_no_tool(text: str, tools: list[str]) -> None:
    assert T.tools_named(text) == tools


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        # a tool's name qualifying its ecosystem names the projects around it, not the printer
        ("Our port is the first of its kind in the vLLM ecosystem.\n", []),
        ("A plugin for the **SGLang** ecosystems we know of\n", []),
        # the tool itself still named beside it
        ("Part of the vLLM ecosystem; measured with vllm serve.\n", ["vllm"]),
        ("the vLLM ecosystemic view\n", ["vllm"]),
        ("We ran it on SGLang in its ecosystem\n", ["sglang"]),
    ],
)
def test_an_ecosystem_names_no_tool(text: str, tools: list[str]) -> None:
    assert T.tools_named(text) == tools


@settings(max_examples=examples(20), deadline=None)
@given(al=st.integers(150, 700), word=st.sampled_from(["vLLM", "SGLang", "llama.cpp"]))
def test_a_table_under_an_ecosystem_mention_is_no_tools(al: int, word: str) -> None:
    # the author's own table on a port that joins a tool's ecosystem: convention unknown
    text = (
        f"We ported the drafter; the first such port in the {word} ecosystem.\n"
        "| Dataset | Tau | Speedup |\n|---|---|---|\n"
        f"| setA | {al / 100:.2f} | 2.10x |\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "unknown" and r.accept_length is None
    # the same table with the engine named as the one that served it: that engine's
    (r,) = read_paste(text.replace("ecosystem.", "ecosystem, measured with vllm serve.")).records
    assert r.tool == "vllm"
