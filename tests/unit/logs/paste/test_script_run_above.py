"""The output of a command running the user's own script file (`bash scripts/check.sh`,
`BOX=node-3 ./smoke.sh`, `$ python3 tools/probe.py`), the command opening the block or on the
line right above it: the script printed the figures, so an engine named only around it (a
container's name, a title) sets no convention (reader.script_run). A script file named after an
engine, a tool's own benchmark script, or an engine's command keep the tool's convention."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_COMMAND = st.sampled_from(
    [
        "bash scripts/{f}.sh",
        "sh ./{f}.sh --long",
        "./{f}.sh",
        "$ python3 tools/{f}.py --n 8",
        "python {f}.py",
        "uv run python eval/{f}.py",
        "BOX=vllm-node-3 bash scripts/{f}.sh",
        "CONTAINER=vllm-model-long MODE=full bash {f}.sh",
    ]
)
_FILE = st.sampled_from(["verify-full", "smoke_check", "probe", "run-eval"])
_KEY = st.sampled_from(
    ["MTP acceptance length = {v}", "Mean acceptance length: {v}", "accept length: {v}"]
)


@given(
    command=_COMMAND,
    f=_FILE,
    key=_KEY,
    v=st.integers(130, 390),
    gap=st.booleans(),
)
def test_a_scripts_output_has_no_tool_convention(
    read: Read, command: str, f: str, key: str, v: int, gap: bool
) -> None:
    text = (
        "## Smoke test on the vLLM container\n\n"
        + command.format(f=f)
        + ("\n\n" if gap else "\n")
        + "All checks passed.\n"
        + key.format(v=f"{v / 100:.2f}")
        + "\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(round(v / 100, 2), None)]


@given(
    command=st.sampled_from(
        [
            "bash scripts/run_vllm_check.sh",
            "python benchmarks/benchmark_serving.py --model m",
            "vllm serve m --speculative-config x",
        ]
    ),
    v=st.integers(130, 390),
)
def test_an_engines_own_command_keeps_its_convention(read: Read, command: str, v: int) -> None:
    text = (
        "## Smoke test on vLLM\n\n"
        + command
        + "\n\nAll checks passed.\nMean acceptance length: "
        + f"{v / 100:.2f}\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (round(v / 100, 2), round(v / 100, 2))
    ]


def test_a_script_command_far_above_is_no_printer(read: Read) -> None:
    # (a paragraph between: the command is not the block's)
    text = (
        "## Smoke test on vLLM\n\nbash scripts/check.sh\n\nThen the server ran for an hour.\n\n"
        "Mean acceptance length: 2.41\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.41, 2.41)]
