"""A sentence saying the figures were gathered from a tool ('Acceptance metrics scraped from
vLLM's /metrics page', 'numbers pulled from SGLang's server log'): a participle of gathering
between the figures' noun and the preposition reads as one of measuring (tools.measured_with),
so the tool's own convention decides a table's lengths. Near misses: two tools named in the
phrase, a compared tool, the tool named in a sentence of no measuring (the length left null)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_GATHERED = ["scraped", "pulled", "read", "gathered", "recorded", "exported", "logged"]
_NOUNS = ["Acceptance metrics", "Metrics", "Numbers", "Results", "Figures"]
_TOOLS = [("vLLM", "vllm"), ("SGLang", "sglang")]
_WHERE = ["'s Prometheus endpoint", "'s /metrics page", " server logs", ""]


def _table(values: list[int]) -> str:
    rows = "".join(f"| {4 * (i + 1)}k | {v / 1000:.3f} |\n" for i, v in enumerate(values))
    return "## Acceptance length by prompt size\n\n| Prompt | Ours |\n|---|---|\n" + rows


@settings(max_examples=examples(40), deadline=None)
@given(
    noun=st.sampled_from(_NOUNS),
    verb=st.sampled_from(_GATHERED),
    prep=st.sampled_from(["from", "via", "through"]),
    tool=st.sampled_from(_TOOLS),
    where=st.sampled_from(_WHERE),
    values=st.lists(st.integers(1050, 4200), min_size=2, max_size=6),
)
def test_figures_gathered_from_a_tool_follow_its_convention(
    read: Read,
    noun: str,
    verb: str,
    prep: str,
    tool: tuple[str, str],
    where: str,
    values: list[int],
) -> None:
    sentence = f"{noun} {verb} {prep} {tool[0]}{where}."
    assert T.measured_with(sentence) == {tool[1]}
    got = read(f"Ten prompts a size. {sentence}\n\n" + _table(values)).records
    assert [(r.tool, r.accept_length) for r in got] == [(tool[1], v / 1000) for v in values]


def test_two_tools_or_a_compared_one_decide_nothing() -> None:
    assert T.measured_with("Metrics scraped from SGLang and vLLM.") == set()
    assert T.measured_with("Numbers pulled from our rig vs vLLM.") == set()


def test_a_tool_named_without_gathering_leaves_the_length_null(read: Read) -> None:
    text = "The draft's weights were converted for vLLM later.\n\n" + _table([2100, 1870])
    got = read(text).records
    assert [r.printed_length for r in got] == [2.1, 1.87]
    assert [r.accept_length for r in got] == [None, None]
