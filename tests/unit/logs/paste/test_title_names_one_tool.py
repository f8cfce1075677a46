"""A table's title, the line right above it, naming one tool, under lines of its section naming
several ('builds for SGLang and vLLM serving'): the title says which served the run, so the
table is that tool's (reader._title_tool). A title naming two tools, or one only in contrast,
leaves the table's tool unknown, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_INTRO = st.sampled_from(
    [
        "An FP8 build of the model for {a} / {b} serving.",
        "Weights load in both {a} and {b}; the MTP head is kept.",
    ]
)
_TITLE = st.sampled_from(
    [
        "Speed, measured on one card (H100, 80 GB), {t} nightly",
        "Results with {t} 0.5 on two GPUs",
        "**Bench ({t}, greedy)**",
    ]
)
_NAMES = {"sglang": "SGLang", "vllm": "vLLM"}


def _paste(intro: str, title: str, a: str, b: str, t: str, v: str, gap: bool) -> str:
    table = pipe_table(["Mode", "tok/s", "accept length"], [["MTP on", "41.5", v]])
    return (
        intro.format(a=_NAMES[a], b=_NAMES[b])
        + "\n\n"
        + title.format(t=t)
        + ("\n\n" if gap else "\n")
        + table
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    intro=_INTRO,
    title=_TITLE,
    first=st.sampled_from(["sglang", "vllm"]),
    which=st.booleans(),
    value=st.integers(150, 390),
    gap=st.booleans(),
)
def test_the_title_names_the_tool(
    read: Read, intro: str, title: str, first: str, which: bool, value: int, gap: bool
) -> None:
    a, b = first, ("vllm" if first == "sglang" else "sglang")
    tool = a if which else b
    v = f"{value / 100:.2f}"
    (r,) = read(_paste(intro, title, a, b, _NAMES[tool], v, gap)).records
    assert r.tool == tool
    assert r.printed_length == float(v)


@settings(max_examples=examples(20), deadline=None)
@given(
    intro=_INTRO,
    title=st.sampled_from(
        [
            "Results with {t} and {o} on two GPUs",
            "Speed on one card (not {t})",
            "Bench, {t} vs {o}",
            "({t} comparison used four cards)",
            "Baseline: {t} 0.5 on two GPUs",
            "Compared with {t} on two GPUs",
        ]
    ),
    value=st.integers(150, 390),
)
def test_a_title_naming_two_or_in_contrast_decides_nothing(
    read: Read, intro: str, title: str, value: int
) -> None:
    v = f"{value / 100:.2f}"
    head = title.format(t="vLLM", o="SGLang")
    # (a blank line under the title: a title inside the block is the block's own words)
    text = (
        intro.format(a="SGLang", b="vLLM")
        + "\n\n"
        + head
        + "\n\n"
        + pipe_table(["Mode", "tok/s", "accept length"], [["MTP on", "41.5", v]])
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [float(v)]
    assert recs[0].tool == "unknown"
