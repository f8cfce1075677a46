"""A mean accepted out of one draft, before its name (interpret._ACC_FIRST): `1.8 accepted per
draft` (or `accepted/draft`) counts draft tokens a draft-verify step kept, never the target's own
token, so it is accepted drafts per step and the length 1 + it; `per draft token` is a rate and
`accepted tokens per draft` may count the target's token: neither is read as such."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import EXCLUDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SAID = [
    "(k={k}, about {v} accepted per draft on warm prompts)",
    "we average ~{v} accepted per draft with k={k}",
    "the MTP head gives {v} accepted/draft at k={k}",
    "MTP head, k={k}; accepted per draft: {v}",
]


@settings(max_examples=examples(25), deadline=None)
@given(said=st.sampled_from(_SAID), k=st.integers(3, 8), tenths=st.integers(3, 29))
def test_accepted_per_draft_is_accepted_drafts_per_step(
    read: Read, said: str, k: int, tenths: int
) -> None:
    v = f"{tenths // 10}.{tenths % 10}"
    line = "Speculative decoding is on; " + said.format(k=k, v=v) + ".\n"
    got = [r for r in read(line).records if r.printed_length is not None]
    assert len(got) == 1
    assert got[0].printed_length == pytest.approx(float(v))
    assert got[0].bonus.value == EXCLUDED
    assert got[0].accept_length == pytest.approx(1 + float(v))


@pytest.mark.parametrize(
    "line",
    [
        "Speculative decoding is on; 0.6 accepted per draft token at k=4.",  # a rate
        "Speculative decoding is on; 0.6 accepted per draft position at k=4.",  # a rate
        "Speculative decoding is on; about 2 accepted per draft with k=4.",  # a whole count
    ],
)
def test_near_misses_are_no_accepted_drafts_per_step(read: Read, line: str) -> None:
    assert all(r.accept_length is None for r in read(line + "\n").records)


def test_accepted_tokens_per_draft_stays_undecided(read: Read) -> None:
    # 'accepted tokens' may count the target's own token: a length, undecided
    got = read("Speculative decoding is on; 2.4 accepted tokens per draft at k=4.\n").records
    assert all(r.accept_length is None for r in got)


# the noun before the verb ('N tokens accepted per draft'): tokens a draft-verify step kept, the
# target's own token maybe among them (as 'tokens accepted per step'): a printed length whose
# bonus is unsaid; 'drafts accepted per draft' or 'draft tokens accepted per draft' count
# accepted drafts (the length 1 + N)
_NOUN_SAID = [
    "hit rate 41.5% at k={k} (~{v} {noun} accepted per draft)",
    "with k={k} we saw {v} {noun} accepted per draft on average",
    "k={k}: {v} {noun} accepted/draft",
]


@settings(max_examples=examples(25), deadline=None)
@given(
    said=st.sampled_from(_NOUN_SAID),
    noun=st.sampled_from(["tokens", "draft tokens", "drafts"]),
    k=st.integers(2, 8),
    tenths=st.integers(11, 39),
)
def test_noun_accepted_per_draft(read: Read, said: str, noun: str, k: int, tenths: int) -> None:
    v = f"{tenths // 10}.{tenths % 10}"
    line = "Speculative decoding is on; " + said.format(k=k, v=v, noun=noun) + ".\n"
    got = [r for r in read(line).records if r.printed_length is not None]
    assert len(got) == 1
    assert got[0].printed_length == pytest.approx(float(v))
    if noun == "tokens":
        # undecided, unless the length is above the k drafts a step (then it counts the bonus)
        if float(v) > k:
            assert got[0].accept_length == pytest.approx(float(v))
        else:
            assert got[0].accept_length is None
    else:
        assert got[0].bonus.value == EXCLUDED
        assert got[0].accept_length == pytest.approx(1 + float(v))


@pytest.mark.parametrize(
    "line",
    [
        "Speculative decoding is on; 0.7 tokens accepted per draft token at k=4.",  # a rate
        "Speculative decoding is on; 1.3 tokens accepted per draft position at k=4.",
        "Speculative decoding is on; 1.3 tokens accepted per drafter at k=4.",
    ],
)
def test_noun_accepted_per_draft_near_misses(read: Read, line: str) -> None:
    assert all(r.printed_length is None for r in read(line + "\n").records)
