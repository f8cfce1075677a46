"""vLLM's offline example run by its path (``examples/offline_inference/spec_decode.py``) with
its own flags on the command (``--method``, ``--num-spec-tokens``, on its line or a line it
continues onto): the example runs the engine in process and prints the run's mean acceptance
length, so the paste's tables are its output: vLLM's, bonus included. A ``spec_decode.py`` of
another path, the example named without its flags, or a command broken before them decide
nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_FLAGS = st.sampled_from(
    [
        ["--method", "eagle3"],
        ["--num-spec-tokens", "4"],
        ["--method", "mtp", "--num-spec-tokens", "2"],
    ]
)


def _paste(command: str, lengths: list[float]) -> str:
    table = ["| Setting | Acceptance Length |", "|---|---|"]
    table += [f"| arm {i} | {x:.2f} |" for i, x in enumerate(lengths)]
    return (
        "## Results\n\nMeasured with the example below.\n\n```bash\n"
        + command
        + "\n```\n\n"
        + "\n".join(table)
        + "\n"
    )


def _command(path: str, flags: list[str], wrapped: bool, broken: bool = False) -> str:
    if not wrapped:
        return f"python3 {path} --tp 1 " + " ".join(flags)
    cont = "" if broken else " \\"
    return f"python3 {path}{cont}\n  --tp 1 " + " ".join(flags) + " \\\n  --num-prompts 80"


@settings(max_examples=examples(25), deadline=None)
@given(
    flags=_FLAGS,
    wrapped=st.booleans(),
    ints=st.lists(st.integers(120, 390), min_size=1, max_size=3, unique=True),
)
def test_the_example_run_prints_the_tables(
    read, flags: list[str], wrapped: bool, ints: list[int]
) -> None:
    lengths = [x / 100 for x in ints]
    cmd = _command("examples/offline_inference/spec_decode.py", flags, wrapped)
    recs = read(_paste(cmd, lengths)).records
    assert sorted(r.printed_length for r in recs) == sorted(lengths)
    assert all(r.tool == "vllm" and r.accept_length == r.printed_length for r in recs)


@settings(max_examples=examples(25), deadline=None)
@given(
    ints=st.lists(st.integers(120, 390), min_size=1, max_size=3, unique=True),
    miss=st.sampled_from(["other path", "no flags", "broken"]),
)
def test_near_misses_decide_nothing(read, ints: list[int], miss: str) -> None:
    # (no k stated: a length above a stated k would decide the bonus by itself)
    flags = ["--method", "eagle3"]
    lengths = [x / 100 for x in ints]
    if miss == "other path":
        cmd = _command("tools/spec_decode.py", flags, True)
    elif miss == "no flags":
        cmd = _command("examples/offline_inference/spec_decode.py", ["--seed", "1"], True)
    else:
        cmd = _command("examples/offline_inference/spec_decode.py", flags, True, broken=True)
    recs = read(_paste(cmd, lengths)).records
    assert sorted(r.printed_length for r in recs) == sorted(lengths)
    assert all(r.accept_length is None for r in recs)
