"""A line keyed by a script file that printed an acceptance figure on it (`- run-check.sh:
PASS, draft acceptance length 3.07`) is that script's printing: the engine a rig's fields name
ran the model, but the script's convention is not shown, so the figure keeps its printed value
and no convention. A name holding an engine's name or a tool's own benchmark script is left to
that tool's rules, and a script named without a figure on its line decides nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_ENGINE_FIELD = [
    "- Engine: vLLM 0.21.3 in its container",
    "- Server: vLLM nightly",
    "- Backend: vLLM v0.19.0",
]


def _paste(engine: str, key: str, phrase: str, value: str) -> str:
    return (
        "## Box\n\n"
        "- GPU: 2x RTX 4090\n"
        f"{engine}\n"
        "- Flags: `--max-num-seqs 4`\n\n"
        "## Outcome\n\n"
        f"- {key}: PASS. {phrase} = {value}.\n"
        "- `throughput.sh`: done.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    engine=st.sampled_from(_ENGINE_FIELD),
    name=st.sampled_from(["check-all.sh", "scripts/smoke.sh", "eval_draft.py", "probe.bash"]),
    ticks=st.booleans(),
    phrase=st.sampled_from(["MTP acceptance length", "draft AL", "mean accept len"]),
    value=st.sampled_from(["3.07", "2.41", "1.88"]),
)
def test_a_scripts_own_line_keeps_no_convention(
    engine: str, name: str, ticks: bool, phrase: str, value: str
) -> None:
    key = f"`{name}`" if ticks else name
    recs = read_paste(_paste(engine, key, phrase, value)).records
    assert [r.printed_length for r in recs] == [float(value)]
    assert recs[0].accept_length is None


@settings(max_examples=examples(20), deadline=None)
@given(
    engine=st.sampled_from(_ENGINE_FIELD),
    value=st.sampled_from(["3.07", "2.41", "1.88"]),
)
def test_a_key_that_is_no_script_keeps_the_engines_convention(engine: str, value: str) -> None:
    # near miss: the key is a word, not a script file; the engine's field decides as before
    recs = read_paste(_paste(engine, "Summary", "MTP acceptance length", value)).records
    assert [r.printed_length for r in recs] == [float(value)]
    assert recs[0].accept_length == float(value)
    assert recs[0].tool == "vllm"


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(["run_vllm_check.sh", "vllm-smoke.sh", "benchmark_serving.py"]),
    value=st.sampled_from(["3.07", "2.41"]),
)
def test_a_script_named_for_the_engine_is_left_to_its_rules(name: str, value: str) -> None:
    # near miss: the name holds the engine's name or is the engine's own benchmark
    text = _paste(_ENGINE_FIELD[0], f"`{name}`", "MTP acceptance length", value)
    recs = read_paste(text).records
    assert [r.accept_length for r in recs] == [float(value)]
