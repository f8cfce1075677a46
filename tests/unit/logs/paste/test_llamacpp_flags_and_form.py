"""llama.cpp's own speculative flags (``--spec-type``, ``--spec-draft-n-max``, the older
``--draft-max``) set in a paste naming no tool, or llama.cpp's bug-report form filled in (a
``### GGML backends`` heading beside another field of the form): llama.cpp served the run
(tools.flagged, the FLAGS rule). A draft maximum stays a maximum: no length from a rate. The
flags beside another engine named, a heading of the form alone, or the words in prose decide
nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FLAGS = [
    "`--spec-type {kind} --spec-draft-n-max {n}`",
    "--spec-type {kind}",
    "`--spec-draft-n-max {n} --spec-draft-p-min 0.{n}`",
    "--draft-max {n} --draft-min 1",
    "`--spec-ngram-mod-n-match {n}`",
]
_KINDS = ["draft-mtp", "ngram-mod", "draft-eagle3", "mtp"]


@settings(max_examples=examples(40), deadline=None)
@given(
    flags=st.sampled_from(_FLAGS),
    kind=st.sampled_from(_KINDS),
    n=st.integers(2, 8),
    pct=st.integers(21, 93),
    quoted=st.booleans(),
)
def test_llamacpp_flags_name_the_server(
    read: Read, flags: str, kind: str, n: int, pct: int, quoted: bool
) -> None:
    setting = flags.format(kind=kind, n=n)
    if quoted:
        setting = f"({setting})"
    text = (
        f"Serving a 14B model on two cards with speculation on {setting}, the draft "
        f"acceptance sits at {pct}% on every prompt I tried.\n"
    )
    (r,) = read(text).records
    assert r.tool == "llamacpp" and "flags" in r.tool_rule
    assert r.bonus.value == "unknown"
    assert r.printed_rate == pytest.approx(pct / 100)
    # a draft maximum is no k: no length is computed from the rate
    assert r.accept_length is None


_FORM = """### Name and Version

{version}

### Operating systems

Linux

### GGML backends

{backend}

### Problem description & steps to reproduce

With speculation enabled the draft acceptance is around {rate} on {model}.
{tail}"""


@settings(max_examples=examples(40), deadline=None)
@given(
    version=st.sampled_from(["b{b}", "version: {b} (1a2b3c4)", "builds b{b} to b{c}"]),
    backend=st.sampled_from(["CUDA", "Vulkan", "Metal", "CPU, CUDA", "SYCL"]),
    tenths=st.integers(2, 9),
    b=st.integers(3000, 19_999),
    tail=st.sampled_from(["", "\n### First Bad Commit\n\nnot bisected yet\n"]),
)
def test_llamacpp_issue_form_names_the_server(
    read: Read, version: str, backend: str, tenths: int, b: int, tail: str
) -> None:
    text = _FORM.format(
        version=version.format(b=b, c=b + 5),
        backend=backend,
        rate=f"0.{tenths}",
        model="a 30B MoE",
        tail=tail,
    )
    (r,) = read(text).records
    assert r.tool == "llamacpp" and "form" in r.tool_rule
    assert r.bonus.value == "unknown"
    assert r.printed_rate == pytest.approx(tenths / 10)
    assert r.accept_length is None


@pytest.mark.parametrize(
    "text",
    [
        # the form's backend heading alone: no other field of the form
        "### GGML backends\n\nCUDA\n\nThe draft acceptance is around 0.6 here.\n",
        # the words in prose, not the form's heading
        "Operating systems: Linux. GGML backends: CUDA. The draft acceptance is around 0.6.\n",
        # a flag of another engine's (vLLM's, SGLang's spelling)
        "With `--speculative-config` set, the draft acceptance is around 0.6.\n",
        # a bare '--spec-type' with no value, a flag-like word inside another
        "Which --spec-type is best? My draft acceptance is around 0.6.\n",
        "With --my-spec-type fast the draft acceptance is around 0.6.\n",
    ],
)
def test_near_misses_name_no_tool(read: Read, text: str) -> None:
    (r,) = read(text).records
    assert r.tool == "unknown"


def test_flags_beside_another_engine_named_decide_nothing(read: Read) -> None:
    # llama.cpp's flags quoted beside vLLM, the paste's named engine: vLLM's figure
    text = (
        "On vLLM 0.11 the draft acceptance is around 61% (llama.cpp would use "
        "`--spec-type draft-mtp --spec-draft-n-max 2` for the same setup).\n"
    )
    (r,) = read(text).records
    assert r.tool != "llamacpp"
