"""A table's backend column naming the compute API a run used (``CUDA``, ``ROCm1``, ``Metal``,
``Vulkan0 + --flag``), not a program: the row's tool is the paste's (a llama.cpp server
launched above it); a backend column naming a program or an unknown one keeps its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ABOVE = (
    "Launched with:\n\n```\nllama-server -m model.gguf -ngl 99 --spec-type draft-mtp "
    "--spec-draft-n-max 3\n```\n\n"
)


def _table(backends: list[str], lengths: list[float]) -> str:
    rows = "".join(
        f"| {b} | {i + 40}% | {x:.2f} |\n"
        for i, (b, x) in enumerate(zip(backends, lengths, strict=True))
    )
    return "| Backend | Draft acceptance | Mean len |\n|---|---|---|\n" + rows


@settings(max_examples=examples(30), deadline=None)
@given(
    backends=st.lists(
        st.sampled_from(["CUDA", "ROCm0", "Vulkan1", "Metal", "SYCL0", "CPU", "HIP"]),
        min_size=1,
        max_size=3,
        unique=True,
    ),
    flag=st.booleans(),
    data=st.data(),
)
def test_a_compute_backend_takes_the_pastes_tool(
    read: Read, backends: list[str], flag: bool, data: st.DataObject
) -> None:
    if flag:
        backends = [backends[0] + " + `--no-mmap`", *backends[1:]]
    lengths = [data.draw(st.integers(120, 390)) / 100 for _ in backends]
    got = read(_ABOVE + _table(backends, lengths))
    assert [r.printed_length for r in got.records] == lengths
    assert {r.tool for r in got.records} == {"llamacpp"}


@settings(max_examples=examples(10), deadline=None)
@given(name=st.sampled_from(["myfork", "Rocmish", "cudaxx", "vulkan-runner"]))
def test_a_backend_naming_an_unknown_program_stays_unknown(read: Read, name: str) -> None:
    got = read(_ABOVE + _table([name, "llama.cpp"], [2.4, 2.6]))
    assert [r.tool for r in got.records] == ["unknown", "llamacpp"]
