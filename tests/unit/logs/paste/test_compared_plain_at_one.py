"""Runs of a length compared in one sentence, each after 'vs' with its name in brackets ('5.47
mean accepted tokens (DraftX2) vs 4.10 (MTP) vs 1.000 (autoregressive)'): each a record of the
figure; the run without drafts at exactly 1 is none, and it says the figure counts the target's
own token (plain decoding emits one token a step), so the lengths are bonus-included. A value
of 1 named otherwise ('(baseline)', a drafter), or plain decoding at 1 compared in a sentence of
another measure (a speedup), decides nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["mean accepted tokens", "accept length", "mean acceptance length"]
_PLAIN = ["autoregressive", "AR", "no spec", "plain decoding", "non-speculative"]
_LABELS = ["TreeDraft3", "MTP", "old head", "EAGLE3"]


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(min_value=1500, max_value=6000),
    b=st.integers(min_value=1100, max_value=1499),
    name=st.sampled_from(_NAMES),
    plain=st.sampled_from(_PLAIN),
    first=st.sampled_from(_LABELS),
    second=st.sampled_from(_LABELS),
    vs=st.sampled_from(["vs", "versus", "vs."]),
    one=st.sampled_from(["1", "1.0", "1.00", "1.000"]),
)
def test_plain_decoding_at_one_decides_the_compared_lengths(
    read: Read,
    a: int,
    b: int,
    name: str,
    plain: str,
    first: str,
    second: str,
    vs: str,
    one: str,
) -> None:
    va, vb = f"{a / 1000:.3f}", f"{b / 1000:.3f}"
    text = (
        "## Draft head results\n\n"
        f"On one card we measure {va} {name} ({first}) {vs} {vb} ({second}) {vs} {one} "
        f"({plain}), with decode at 120.5 tok/s.\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [float(va), float(vb)]
    assert [r.accept_length for r in recs] == [float(va), float(vb)]


@settings(max_examples=examples(20), deadline=None)
@given(
    a=st.integers(min_value=1500, max_value=6000),
    name=st.sampled_from(_NAMES),
)
def test_a_one_named_as_a_baseline_decides_nothing(read: Read, a: int, name: str) -> None:
    """('vs 1.00 (baseline)'): a baseline may be another drafter; its 1.00 is a run."""
    va = f"{a / 1000:.3f}"
    text = f"We measure {va} {name} (TreeDraft3) vs 1.00 (baseline) on one card.\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == [float(va), 1.0]
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=examples(20), deadline=None)
@given(
    a=st.integers(min_value=1500, max_value=6000),
    s=st.integers(min_value=120, max_value=300),
    plain=st.sampled_from(_PLAIN),
    said=st.sampled_from(
        [
            "Speedup was {s} vs 1.00 ({plain}) at batch 1.",
            "The accept rate held, and speedup reached {s}x vs 1.0 ({plain}).",
            "With that acceptance the decode speed is {s} tok/s vs 1 ({plain}) per request.",
        ]
    ),
)
def test_plain_at_one_in_a_speedup_sentence_decides_nothing(
    read: Read, a: int, s: int, plain: str, said: str
) -> None:
    va = f"{a / 1000:.3f}"
    text = (
        f"Mean accepted tokens: {va} on the chat set.\n\n"
        + said.format(s=f"{s / 100:.2f}", plain=plain)
        + "\n"
    )
    recs = [r for r in read(text).records if r.printed_length is not None]
    assert [r.printed_length for r in recs] == [float(va)]
    assert recs[0].accept_length is None
