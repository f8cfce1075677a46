"""A vLLM rate alone with the MTP depth a user writes as ``MTP=N`` (fixed_k.shorthand): vLLM's
MTP proposer drafts N tokens a step, so the length is 1 + N x rate, where the paste (or, when the
paste states several depths, the record's own markdown section) states that one N; a range of
another figure on the rate's line ('mean acceptance length 2.4-3.1') leaves the rate exact.
Near-misses: two depths in one scope, a listed depth ('MTP=2/4'), a hedged rate, a range at the
rate, another tool's rate, a section stating no depth."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SPELL = ["MTP={k}", "MTP = {k}", "mtp={k}"]


def _lone(spell: str, k: int, pct: str, tail: str = "") -> str:
    return (
        "### Throughput of a 4-card node\n\n"
        f"vLLM nightly, fp8 weights, 4 cards, {spell.format(k=k)}:\n\n"
        "| Users | Plain (tok/s) | Speculative (tok/s) |\n|---|---|---|\n"
        "| 1 | 71.2 | 104.9 |\n| 8 | 301.4 | 455.0 |\n\n"
        f"Acceptance from the server metrics: {pct}% acceptance rate{tail}.\n"
    )


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(_SPELL),
    st.integers(1, 6),
    st.integers(300, 980),
    st.sampled_from(["", ", mean acceptance length 2.1-3.4 tokens", " (whole run)"]),
)
def test_the_papers_one_depth(read: Read, spell: str, k: int, tenths: int, tail: str) -> None:
    pct = f"{tenths / 10:.1f}"
    (r,) = read(_lone(spell, k, pct, tail)).records
    assert r.tool == "vllm"
    assert r.accept_length == pytest.approx(1 + k * float(pct) / 100, abs=1e-6)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (_lone("MTP={k}", 2, "71.5").replace("4 cards,", "4 cards, MTP=3 then"), "two depths"),
        (_lone("MTP={k}/4", 2, "71.5"), "a listed depth"),
        (_lone("MTP={k}", 2, "~71.5"), "a hedged rate"),
        (_lone("MTP={k}", 2, "71.5-74.0"), "a range at the rate"),
        (_lone("MTP={k}", 2, "71.5").replace("vLLM nightly", "SGLang nightly"), "another tool"),
        (_lone("MTP={k}", 2, "71.5") + "\nAlso tried n-gram drafting.\n", "variable drafts"),
    ],
)
def test_no_depth_decides(read: Read, text: str, why: str) -> None:
    assert all(r.accept_length is None for r in read(text).records), why


def _sections(k1: int, k2: int, rate: str, second_depth: bool) -> str:
    head2 = f"### Per-position rates, MTP={k2}" if second_depth else "### Per-position rates"
    return (
        "## Acceptance data\n\n"
        f"### Target A fp4, MTP={k1} (vLLM)\n\n"
        "| Metric | Value |\n|---|---|\n"
        f"| Draft acceptance rate | {rate}% |\n| Mean acceptance length | 2.5-3.3 tokens |\n\n"
        f"{head2}\n\n"
        "| Position | Acceptance Rate |\n|---|---|\n| 1 | ~0.80 |\n| 2 | ~0.61 |\n"
    )


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 3), st.integers(4, 7), st.integers(400, 950), st.booleans())
def test_the_records_own_section(read: Read, k1: int, k2: int, tenths: int, both: bool) -> None:
    rate = f"{tenths / 10:.1f}"
    recs = read(_sections(k1, k2, rate, both)).records
    own = [r for r in recs if r.first_line <= 7 <= r.last_line]
    assert len(own) == 1 and own[0].tool == "vllm"
    assert own[0].accept_length == pytest.approx(1 + k1 * float(rate) / 100, abs=1e-6)
    # the other section's rates: hedged, per position, another depth or none: no length
    assert all(r.accept_length is None for r in recs if r is not own[0])


def test_a_section_stating_no_depth_decides_nothing(read: Read) -> None:
    text = _sections(2, 5, "81.0", True).replace("fp4, MTP=2 (vLLM)", "fp4 (vLLM)")
    assert all(r.accept_length is None for r in read(text).records)


def test_a_launch_setting_in_one_section_of_several_decides_nothing(read: Read) -> None:
    # num_speculative_tokens set per section with two values: the paste sets no one k, and a
    # launch's setting in one section may be another run's than the figures beside it
    text = _sections(2, 5, "81.0", True)
    text = text.replace("MTP=2 (vLLM)", "(vLLM)").replace("MTP=5", "second launch")
    text = text.replace(
        "| Metric | Value |",
        "`--speculative-config '{\"num_speculative_tokens\": 2}'`\n\n| Metric | Value |",
    )
    text += "\n`--speculative-config '{\"num_speculative_tokens\": 4}'`\n"
    assert all(r.accept_length is None for r in read(text).records)
