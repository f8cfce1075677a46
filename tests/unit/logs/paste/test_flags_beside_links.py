"""SGLang's own speculative flags set in a paste whose only other mention of SGLang is a link
to one of its pull requests or issues: the flags tell who served the run (tools.flagged, the
FLAGS rule), so the prose's accept length is SGLang's, bonus included. The link alone stays a
hint (links.py); flags quoted as another engine's equivalent decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LINK = "https://github.com/sgl-project/sglang/pull/{n}"
_FLAGS = [
    "`--speculative-num-steps {s} --speculative-eagle-topk 1 --speculative-num-draft-tokens {d}`",
    "--speculative-num-steps {s} --speculative-eagle-topk 1",
    "`speculative_num_steps={s}, speculative_eagle_topk=1`",
]
_LEADS = ["e.g. ", "with ", "i.e. ", "using "]


def _text(link: str, flags: str, lead: str, length: str) -> str:
    return (
        f"We ported the MTP draft to the Triton backend ({link}) and got a 1.6x speedup at "
        "batch size 1.\n\n"
        f"The draft head is accurate (**~{length}** avg accept length for 2 draft tokens, "
        f"{lead}{flags}).\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.integers(100, 99_999),
    flags=st.sampled_from(_FLAGS),
    lead=st.sampled_from(_LEADS),
    tenths=st.integers(12, 29),
    steps=st.integers(1, 5),
)
def test_own_flags_beside_a_thread_link_name_sglang(
    read: Read, n: int, flags: str, lead: str, tenths: int, steps: int
) -> None:
    # (the length printed with its decimal: a whole "~2" before the name is read by no rule, and
    # "for 2 draft tokens" is the preposition's object, no value)
    text = _text(_LINK.format(n=n), flags.format(s=steps, d=steps + 1), lead, f"{tenths / 10:.1f}")
    (r,) = read(text).records
    assert r.tool == "sglang" and "flags" in r.tool_rule
    assert r.printed_length == pytest.approx(tenths / 10)
    assert r.accept_length == pytest.approx(tenths / 10)
    assert r.bonus.value == "included"


def test_the_link_alone_is_still_a_hint(read: Read) -> None:
    text = _text(_LINK.format(n=3466), "num_speculative_tokens=2", "e.g. ", "1.9")
    (r,) = read(text).records
    assert r.tool == "unknown" and "link" in r.tool_rule and r.accept_length is None


@pytest.mark.parametrize(
    "flags",
    [
        # another engine's run, SGLang's flag quoted as the equivalent setting
        "`num_speculative_tokens=2` on vLLM, like SGLang's `--speculative-num-steps 2`",
        "vLLM's `num_speculative_tokens=2` (SGLang's equivalent: --speculative-num-steps 2)",
    ],
)
def test_flags_quoted_as_another_engines_equivalent(read: Read, flags: str) -> None:
    text = _text(_LINK.format(n=3466), flags, "", "1.9")
    (r,) = read(text).records
    assert r.tool != "sglang" and r.accept_length is None
