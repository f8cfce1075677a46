"""The tool told by a command line in the paste: one tool's program run there (SGLang's
`sglang.launch_server` / `sglang.bench_serving`, SpecForge's `bench_eagle3.py`, `vllm serve`,
`llama-server`, `trtllm-bench`) gives a table below it that tool's convention for its length;
two tools' programs, or only a flag several engines share (`--speculative-algorithm`, which
LMDeploy takes too), leave the convention unknown."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN
from tests.support.pastes import pipe_table

_TABLE = pipe_table(
    ["benchmark", "latency (ms)", "throughput (tok/s)", "accept length"],
    [["mtbench", "402.11", "251.7", "2.74"], ["gsm8k", "151.30", "248.9", "3.21"]],
)


def _paste(command: str) -> str:
    return f"Run:\n\n```\n{command}\n```\n\nh100 tp1\n\n{_TABLE}"


@pytest.mark.parametrize(
    ("command", "tool"),
    [
        (
            "python bench_eagle3.py --model-path meta-llama/Llama-3.1-8B-Instruct "
            "--speculative-algorithm EAGLE3 --speculative-draft-model-path ./ckpt/epoch_3 "
            "--port 30000 --config-list 1,3,1,4 --tp 1",
            "specforge",
        ),
        (
            "python benchmarks/bench_eagle3.py --model-path Qwen/Qwen3-8B --config-list 1,5,8,6",
            "specforge",
        ),
        (
            "python benchmarks/bench_eagle3.py --model-path Qwen/Qwen3-8B --benchmark-list mtbench:80",
            "specforge",
        ),
        (
            "python -m sglang.launch_server --model-path meta-llama/Llama-3.1-8B-Instruct "
            "--speculative-algorithm EAGLE3 --speculative-draft-model-path ./ckpt --port 30000",
            "sglang",
        ),
        (
            "python -m sglang.bench_serving --backend sglang --dataset-name random "
            "--num-prompts 200",
            "sglang",
        ),
    ],
)
def test_one_tools_program_decides_the_table(command: str, tool: str) -> None:
    got = read_paste(_paste(command)).records
    assert [r.printed_length for r in got] == [2.74, 3.21]
    assert all(r.tool == tool and r.bonus.value == INCLUDED for r in got)


def test_negative_control_two_tools_programs_leave_it_unknown() -> None:
    text = _paste(
        "python bench_eagle3.py --model-path Qwen/Qwen3-8B --config-list 1,3,1,4\n"
        'vllm serve Qwen/Qwen3-8B --speculative-config \'{"method": "eagle3"}\''
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.74, 3.21]
    assert all(r.bonus.value == UNKNOWN and r.accept_length is None for r in got)


def test_negative_control_a_shared_flag_alone_leaves_it_unknown() -> None:
    # '--speculative-algorithm' is SGLang's and LMDeploy's: no one tool
    text = _paste("python my_bench.py --model Qwen/Qwen3-8B --speculative-algorithm eagle3 --tp 1")
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.74, 3.21]
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)


def test_negative_control_the_script_named_in_prose_only_is_no_command() -> None:
    # a file name in a sentence ('like the bench_eagle3 script') is not the program that ran
    text = "Numbers from our harness, not from bench_eagle3:\n\n" + _TABLE
    got = read_paste(text).records
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)


def test_negative_control_another_projects_script_of_that_name_decides_nothing() -> None:
    # another project's 'bench_eagle3.py' (its own flags, not SpecForge's) measures its own way
    text = _paste(
        "python benchmarks/bench_eagle3.py --model ./Qwen3-4B --draft-model ./draft "
        "--spec-method eagle3 --num-prompts 16"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.74, 3.21]
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)
