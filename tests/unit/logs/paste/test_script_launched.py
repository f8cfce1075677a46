"""A paste naming no tool that starts one engine's server by a shell script named for it (a
command line running './serve_sglang_small-tp1.sh', 'bash scripts/launch-vllm.sh': a word of
starting a server and the engine's name, words of the file name): that engine served the run,
as a launch command says (tools.launched), and decides a length in the user's prose. A script
named for no engine, for two, or without a word of starting one, or a file name only mentioned
in prose, decides nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(command: str, length: str) -> str:
    return (
        "### Small checkpoint\n\nThe launcher picks the fused kernels for target and draft.\n\n"
        f"```bash\n{command}\ncurl -s localhost:8000/health\n```\n\n"
        "The configuration loaded the target and MTP draft weights and completed a 300-token "
        f"generation with a speculative accept length of {length}.\n"
    )


@settings(max_examples=examples(25), deadline=None)
@given(
    run=st.sampled_from(["./{n}.sh", "bash scripts/{n}.sh", "$ sh ./{n}.sh", "{n}.sh --tp 2"]),
    name=st.sampled_from(["serve_{e}_small-tp1", "launch-{e}", "{e}_server_fp8", "start_{e}"]),
    hundredths=st.integers(120, 390),
)
def test_a_script_named_for_sglang_serves_the_run(
    read: Read, run: str, name: str, hundredths: int
) -> None:
    length = f"{hundredths / 100:.2f}"
    got = read(_paste(run.format(n=name.format(e="sglang")), length)).records
    assert len(got) == 1
    assert got[0].tool == "sglang"
    assert got[0].accept_length == pytest.approx(float(length))


@pytest.mark.parametrize(
    "command",
    [
        "./check_vllm_env.sh",  # no word of starting a server
        "./launch_vllm_vs_sglang.sh",  # two engines
        "./serve_model_tp1.sh",  # no engine
        "See serve_sglang_small.sh for the flags.",  # mentioned, not run
    ],
)
def test_no_engine_decided(read: Read, command: str) -> None:
    got = read(_paste(command, "2.84")).records
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("./serve_sglang_qwen-tp1.sh", {"sglang"}),
        ("  bash scripts/launch-vllm.sh --port 8000", {"vllm"}),
        ("$ ./trtllm_serve_mtp.sh", {"trtllm"}),
        ("./run_sglang_eval.sh", set()),
        ("./serve_sglangx.sh", set()),
    ],
)
def test_launched_scripts(text: str, tools: set[str]) -> None:
    assert T.launched(text) == tools
