"""A tool named only as the one left in a move to another (`moved from Ollama on Windows to
llama.cpp`, `we switched from vLLM to SGLang`) is not the printer of the figures measured after
the move: the tool moved to decides. A tool named elsewhere too, or a move to no tool, leave the
block's tools as before (several named: unknown)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_TOOLS = {"ollama": "Ollama", "llamacpp": "llama.cpp", "vllm": "vLLM", "sglang": "SGLang"}
_PAIRS = st.permutations(sorted(_TOOLS)).map(lambda xs: (xs[0], xs[1]))
_VERBS = st.sampled_from(["moved", "switched", "migrated", "moved over"])
_WHERE = st.sampled_from(["", " on Windows", " on our old box"])


def _paste(verb: str, old: str, new: str, where: str, rate: int, extra: str) -> str:
    return (
        f"We {verb} from {_TOOLS[old]}{where} to {_TOOLS[new]} on Linux with a draft model.\n"
        f"{extra}"
        f"The 8B target with the small draft reached {rate}% acceptance rate on our prompts.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(pair=_PAIRS, verb=_VERBS, where=_WHERE, rate=st.integers(20, 99))
def test_tool_moved_to_decides(
    read, pair: tuple[str, str], verb: str, where: str, rate: int
) -> None:
    old, new = pair
    recs = read(_paste(verb, old, new, where, rate, "")).records
    assert recs and all(r.tool == new for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(pair=_PAIRS, verb=_VERBS, rate=st.integers(20, 99))
def test_tool_left_named_again_keeps_both(
    read, pair: tuple[str, str], verb: str, rate: int
) -> None:
    old, new = pair
    assume(old != new)
    extra = f"{_TOOLS[old]} gave the same pattern before.\n"
    recs = read(_paste(verb, old, new, "", rate, extra)).records
    assert recs and all(r.tool != new for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(pair=_PAIRS, rate=st.integers(20, 99))
def test_no_move_keeps_both(read, pair: tuple[str, str], rate: int) -> None:
    old, new = pair
    text = (
        f"We compared {_TOOLS[old]} and {_TOOLS[new]} on Linux with a draft model.\n"
        f"The 8B target with the small draft reached {rate}% acceptance rate on our prompts.\n"
    )
    recs = read(text).records
    assert recs and all(r.tool == "unknown" for r in recs)
