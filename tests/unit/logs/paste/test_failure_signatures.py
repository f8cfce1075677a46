"""Figures quoted as what a failure prints (its signature, its symptom, what it looks like or
shows up as, the tell) describe a bug to recognise, no run of the paste: no record, the line
shown as not understood. A run someone says they saw stays a record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEAD = "With both tools declared and thinking on, the draft never lands a token and the server"


@pytest.mark.parametrize(
    "text",
    [
        f"{_LEAD} loops on a single id -- signature `accept len: 1.00, accept rate: 0.00`.\n",
        f"{_LEAD} loops. The symptom: acceptance rate 0.0%, accept length 1.00.\n",
        f"{_LEAD} stalls; the tell is `accept len: 1.00` on every decode line.\n",
        "When the draft's vocab map is broken it shows up as an acceptance rate of 0.02 in "
        "the metrics.\n",
        "A mismatched tokenizer is a known bug; its failure pattern: accept rate 0.00, "
        "accept len 1.00.\n",
        # the words end the line above, the figure opens the next
        f"{_LEAD} loops on a single id, with the classic signature\n"
        "`accept len: 1.00, accept rate: 0.00` until max_tokens.\n",
    ],
)
def test_a_failures_quoted_signature_is_no_record(text: str) -> None:
    got = read_paste(text)
    assert got.records == ()
    assert any("signature" in b.reason for b in got.unread)


@pytest.mark.parametrize(
    "text",
    [
        # the user's own run, right after 'we saw:'
        "After the template patch the loop came back with the bug's signature, so we saw:\n"
        "accept len: 1.00, accept rate: 0.00\n",
        # the symptom someone saw, told in the past
        "Found while debugging the draft: the only visible symptom was `accept_len: 1.00` "
        "in the server logs.\n",
        # the symptom they measured
        "The symptom we saw: accept len 1.00 over the whole run.\n",
        # 'looks like' of a run, no failure told, or a failure told as fixed
        "After the retrain, the log looks like: accept length 2.84 on MT-Bench.\n",
        "After the fix the loop is gone and the run looks like accept length 2.84 on MT-Bench.\n",
    ],
)
def test_negative_control_a_run_seen_stays_a_record(text: str) -> None:
    got = read_paste(text).records
    assert len(got) == 1


@settings(max_examples=examples(25), deadline=None)
@given(
    words=st.sampled_from(
        ["signature", "the signature is", "symptom:", "the tell is", "a telltale signature:"]
    ),
    length=st.integers(100, 140),
    rate=st.integers(0, 9),
    quoted=st.booleans(),
)
def test_signatures_of_any_figure_are_no_record(
    words: str, length: int, rate: int, quoted: bool
) -> None:
    figure = f"accept len: {length / 100:.2f}, accept rate: {rate / 100:.2f}"
    q = "`" if quoted else ""
    text = f"A stale draft checkpoint makes decoding fail -- {words} {q}{figure}{q}.\n"
    assert read_paste(text).records == ()
    # the same figure told as the run's own is one record
    plain = f"After swapping the draft checkpoint we measured {q}{figure}{q}.\n"
    assert len(read_paste(plain).records) == 1
