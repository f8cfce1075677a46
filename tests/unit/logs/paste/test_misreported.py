"""A figure the paste asserts is wrong (a statistics bug: 'we always incorrectly report 100%
acceptance rate') is no measurement, and counts under a bare 'Accepted' key in a paste that
never speaks of speculation ('Accepted: 49/244' proofs) are another meaning (misreported.py).
A figure corrected to its actual value, a low figure called bad, a run measured after a bug was
fixed and 'Accepted: 123/456' in a speculative paste are still read."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "text",
    [
        "Also fixes the drafted/accepted stats of the draft loop: on main we always incorrectly "
        "report 100% acceptance rate.\n",
        "With speculative decoding the counter wrongly shows the acceptance rate as 100% on every "
        "request.\n",
        "The spec decode stats just print 0% acceptance on ROCm builds.\n",
        "MTP speculative decoding: the acceptance rate reports 0% because of a bug in the counter.\n",
        "EAGLE speculative decoding gave a wrong acceptance rate of 100% in the dashboard.\n",
        "The draft server erroneously logs a 100% draft acceptance rate after the first request.\n",
    ],
)
def test_a_figure_asserted_wrong_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    "text",
    [
        "- [x] task 12 — `model-a` + `high`. **Accepted: 41/200, 0.205; PR #13 merged.**\n"
        "- [x] task 14 — `model-b` + `low`. **Accepted: 29/200, 0.145; PR #15 merged.**\n",
        "Review round 3\nAccepted: 17/52\nRejected: 35/52\n",
    ],
)
def test_bare_accepted_counts_without_speculation_are_another_meaning(
    read: Read, text: str
) -> None:
    got = read(text)
    assert got.records == ()
    assert any("bare 'Accepted'" in b.reason for b in got.ignored)


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("EAGLE speculative decoding gave a bad acceptance rate of 12% on code.\n", 0.12),
        (
            "With speculative decoding, made acceptance show 100% when it was actually about 81.6%.\n",
            0.816,
        ),
        (
            "After fixing the counter bug, the EAGLE speculative decoding acceptance rate is 64.2%.\n",
            0.642,
        ),
        (
            "Speculative decoding: acceptance rate 100% with the draft set to the target model.\n",
            1.0,
        ),
    ],
)
def test_measured_figures_beside_error_words_stay(read: Read, text: str, rate: float) -> None:
    assert [r.printed_rate for r in read(text).records] == [pytest.approx(rate)]


def test_bare_accepted_counts_in_a_speculative_paste_stay(read: Read) -> None:
    got = read("Speculative decoding with a 0.5B draft model:\nAccepted: 123/456\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(123, 456)]
