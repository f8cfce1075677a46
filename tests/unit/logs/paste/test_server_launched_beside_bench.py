"""A benchmark's framework named beside the one server it drives (SpecForge, whose benchmark
drives an SGLang server), the paste's own command starting that server and never the benchmark:
the server the paste launches is the run's tool (tools.server_launched). No launch command, the
benchmark's own command, or a third tool named leave the tool as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_MENTION = st.sampled_from(
    [
        "Eval scripts live in SpecForge.",
        "The benchmark scripts come from SpecForge.",
        "See SpecForge for the evaluation code.",
    ]
)
_LAUNCH = (
    "python -m sglang.launch_server \\\n"
    "  --model-path org/base-9b \\\n"
    "  --speculative-algorithm EAGLE3 \\\n"
    "  --speculative-num-steps {steps} \\\n"
    "  --port 30000\n"
)


def _card(mention: str, steps: int, v: int, launch: bool = True) -> str:
    cmd = _LAUNCH.format(steps=steps) if launch else "Serve it as you like.\n"
    return (
        "Usage\n"
        f"{cmd}"
        "Evaluation\n"
        f"{mention}\n"
        "Single card, batch 1\n"
        "| Metric | Plain | Drafted |\n"
        "|---|---|---|\n"
        "| Throughput (tok/s) | 210.4 | 288.0 |\n"
        f"| Accept Length | 1.000 | {v / 1000:.3f} |\n"
    )


@given(mention=_MENTION, steps=st.integers(2, 6), v=st.integers(1500, 4800))
def test_the_launched_server_is_the_tool(read: Read, mention: str, steps: int, v: int) -> None:
    got = read(_card(mention, steps, v)).records
    assert [(r.tool, r.printed_length) for r in got] == [("sglang", v / 1000)]
    assert got[0].accept_length == v / 1000


@given(mention=_MENTION, v=st.integers(1500, 4800))
def test_no_launch_command_leaves_the_tool_unknown(read: Read, mention: str, v: int) -> None:
    text = _card(mention, 3, v, launch=False).replace("Evaluation\n", "Evaluation on SGLang\n")
    got = read(text).records
    assert [r.tool for r in got] == ["unknown"]


def test_a_third_tool_named_leaves_the_tool_unknown(read: Read) -> None:
    text = _card("Eval scripts live in SpecForge; vLLM numbers differ.", 3, 2400)
    assert [r.tool for r in read(text).records] != ["sglang"]
