"""A per-step total decomposed into accepted drafts + the target's one token (decomposed.py):
`Acceptance ≈ 4.32 committed/round = 3.32 accepted draft + 1 bonus` is one record, the total,
bonus included (the sum proves it); never the drafts as the length. A sum that fails, a `+ 1`
of another kind or a sum of another measure is no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "EAGLE-2 drafter on a 13B target, tree budget 10, greedy, steady state.\n\n"

_NAMES = ["Acceptance ≈", "Acceptance:", "The accept length was", "Mean acceptance length", "AL ="]
_UNITS = ["", " committed/round", " tokens per step", " tok/step", " tokens/verify step"]
_DRAFTS = ["accepted draft", "accepted", "accepted draft tokens", "drafts", "accepted drafts"]
_ONES = ["+ 1 bonus", "+ 1 bonus token", "+ the target's token", "plus one verified token", "+ 1"]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    unit=st.sampled_from(_UNITS),
    drafts=st.sampled_from(_DRAFTS),
    one=st.sampled_from(_ONES),
    hundredths=st.integers(5, 650),
    bracket=st.booleans(),
    bold=st.sampled_from(["", "**"]),
)
def test_the_total_of_a_decomposition_is_the_length_bonus_included(
    read: Read,
    name: str,
    unit: str,
    drafts: str,
    one: str,
    hundredths: int,
    bracket: bool,
    bold: str,
) -> None:
    y = hundredths / 100
    x, ys = f"{y + 1:.2f}", f"{y:.2f}"
    parts = f"{ys} {drafts} {one}"
    told = f"{x}{unit} ({parts})" if bracket else f"{x}{unit} = {parts}"
    (r,) = read(f"{_LEAD}{name} {bold}{told}{bold} on MT-bench.\n").records
    assert r.printed_length == pytest.approx(y + 1)
    assert r.accept_length == pytest.approx(y + 1)


@pytest.mark.parametrize(
    "sentence",
    [
        "3.32 accepted + 1 bonus = 4.32 tokens/step on chat.",
        "Per round: 2.10 accepted drafts + the target's token = 3.10 tokens per step.",
    ],
)
def test_the_parts_first_give_the_same_total(read: Read, sentence: str) -> None:
    (r,) = read(f"{_LEAD}{sentence}\n").records
    total = float(sentence.split("= ")[1].split()[0])
    assert r.printed_length == pytest.approx(total)
    assert r.accept_length == pytest.approx(total)


@pytest.mark.parametrize(
    "sentence",
    [
        # the sum fails: no convention stated, nothing read
        "Acceptance ≈ 4.52 committed/round = 3.32 accepted draft + 1 bonus.",
        "accept length 4.32 = 3.12 + 1 bonus",
        # a '+ 1' of another kind
        "accept length 4.32 = 3.32 + 1 warmup step",
        # another measure's sum
        "Throughput 5.5 = 4.5 drafts + 1 bonus.",
        "Latency 3.5 = 2.5 ms + 1 ms of queueing.",
    ],
)
def test_a_failed_or_foreign_sum_is_no_record(read: Read, sentence: str) -> None:
    assert read(f"{_LEAD}{sentence}\n").records == ()
