"""A percentage that is a share of time or of a cycle ('the verify forward (measured ~95% of the
MTP cycle)', 'accepted 80% of the time', '12% of decode time') is no acceptance figure, even
beside an acceptance word; nor is a number right after a draft setting ('acceptance at depth
1', the setting's value). A rate named and given as a share of drafts ('acceptance of 95%',
'accept rate ~95%') is still read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import PasteReading
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SHARES = [
    "of the time",
    "of the MTP cycle",
    "of the cycle",
    "of decode time",
    "of GPU time",
    "of the step",
    "of each verify step",
    "of wall-clock time",
    "of total latency",
    "of the runtime",
]


def _rates(got: PasteReading) -> list[float | None]:
    return [r.printed_rate for r in got.records]


@pytest.mark.parametrize(
    "text",
    [
        # a part of the work's cost in a cycle, beside acceptance
        "MTP is on for every checkpoint, but the verify forward (measured ~95% of the MTP cycle) "
        "is only repaid while the draft head actually accepts.\n",
        "With speculative decoding on, verifying the accepted drafts is 95% of the MTP cycle.\n",
        "EAGLE-3 speculative decoding: the draft is accepted 80% of the time.\n",
        "Speculative decoding profile: acceptance 12% of decode time, drafting 30%.\n",
        "MTP accept rate ~40% of GPU time spent in verify.\n",
        "Draft acceptance bookkeeping costs 3% of the step with EAGLE.\n",
    ],
)
def test_a_share_of_time_or_of_a_cycle_is_no_acceptance_figure(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("Speculative decoding with EAGLE-3: acceptance of 95% on the chat set.\n", 0.95),
        ("Speculative decoding with EAGLE-3: accept rate ~95% on the chat set.\n", 0.95),
        ("MTP acceptance is 62%, and the verify forward takes 95% of the cycle.\n", 0.62),
        ("EAGLE-3: draft acceptance rate was 70% of drafted tokens.\n", 0.7),
        ("MTP acceptance rate at depth 3 was 71% on the chat set.\n", 0.71),
    ],
)
def test_a_rate_of_the_drafts_is_still_read(read: Read, text: str, rate: float) -> None:
    assert _rates(read(text)) == [rate]


def test_a_number_after_a_draft_setting_is_the_settings() -> None:
    from specdiag.core.logs.paste import read_paste

    text = (
        "MTP turns on by default. Measured acceptance at depth 1 on real checkpoints:\n\n"
        "| Checkpoint | Acceptance |\n|---|---|\n| a-4b | 0.756 |\n"
    )
    got = read_paste(text).records
    assert [(r.first_line, r.printed_rate) for r in got] == [(5, 0.756)]
    for setting in ("depth 2", "draft depth 2", "draft-max 2", "block size 4", "lookahead 3"):
        text = f"Speculative decoding: measured acceptance at {setting} on the chat set.\n"
        assert read_paste(text).records == (), setting


@settings(max_examples=examples(60), deadline=None)
@given(
    share=st.sampled_from(_SHARES),
    pct=st.integers(5, 99),
    approx=st.sampled_from(["", "~", "about ", "roughly "]),
    name=st.sampled_from(["acceptance", "accept rate", "draft acceptance", "MTP acceptance"]),
    rate=st.integers(20, 90),
)
def test_a_share_of_time_beside_a_rate_leaves_the_rate_alone(
    share: str, pct: int, approx: str, name: str, rate: int
) -> None:
    from specdiag.core.logs.paste import read_paste

    alone = f"Speculative decoding with EAGLE-3: {name} {approx}{pct}% {share}.\n"
    assert read_paste(alone).records == ()
    both = (
        f"Speculative decoding with EAGLE-3: {name} is {rate}%, "
        f"and the verify forward takes {approx}{pct}% {share}.\n"
    )
    assert _rates(read_paste(both)) == [rate / 100]
