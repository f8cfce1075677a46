"""`accepted-token length` (`mean accepted token length`, `accepted tokens length`) names a
length no engine prints: the engines' accepted tokens are their accepted drafts, so a length
of them may or may not count the target's own token, and the tool the paste names does not
decide it (evidence._NO_ENGINE_NAME). The engine's own name keeps its rule, and so does a bare
`accepted length`, which the house reads under the tool as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import INCLUDED, UNDECIDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOOLS = ["vLLM 0.19", "SGLang 0.5", "TensorRT-LLM"]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(
        [
            "Mean accepted-token length",
            "mean accepted token length",
            "Accepted-tokens length",
        ]
    ),
    tool=st.sampled_from(_TOOLS),
    first=st.integers(1100, 3900),
    second=st.integers(1100, 3900),
)
def test_a_length_of_accepted_tokens_keeps_no_engines_convention(
    read: Read, name: str, tool: str, first: int, second: int
) -> None:
    text = (
        f"Checked on {tool} with two drafts a step, greedy.\n{name}:\n\n"
        "| Head | Chat set | Code set |\n"
        "|---|---|---|\n"
        f"| head-b | {first / 1000:.3f} | {second / 1000:.3f} |\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [first / 1000, second / 1000], text
    assert all(r.bonus == UNDECIDED and r.accept_length is None for r in got), text


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(["Mean acceptance length", "Mean accepted length"]),
    value=st.integers(1100, 3900),
)
def test_the_engines_name_and_a_bare_accepted_length_keep_the_tools_rule(
    read: Read, name: str, value: int
) -> None:
    text = (
        f"Checked on vLLM 0.19 with two drafts a step, greedy.\n{name}:\n\n"
        "| Head | Chat set |\n"
        "|---|---|\n"
        f"| head-b | {value / 1000:.3f} |\n"
    )
    got = read(text).records
    assert len(got) == 1 and got[0].bonus.value == INCLUDED, text
    assert got[0].accept_length == value / 1000, text
