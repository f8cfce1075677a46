"""Tokens a step DRAFTS in prose ('it drafts ~3.3 tokens/round at 0.86 acceptance',
drafting.py): the drafted count, never a length. An exact count (``exactly 2.0``, a whole number)
beside a rate gives 1 + k x rate; an approximate one or a mean leaves the rate alone. A second
run set against the first ('instead of exactly 2.0 at 0.73') is read alike, and where the paste
printed its rate alone before, that earlier record is the run. Tokens a step emits or accepts
stay what they were."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste.model import PasteReading
from tests.unit.logs.paste.pipeline import Read

_GATED = (
    "Ungated k=4 lost to k=2 on this box; with a confidence gate of 0.5 the EAGLE head drafts "
    "~2.8 tokens/step at 0.81 acceptance instead of exactly 2.0 at 0.69, for 31.0 tok/s.\n"
)


def _runs(got: PasteReading) -> list[tuple[float | None, float | None, float | None]]:
    return [(r.printed_rate, r.printed_length, r.accept_length) for r in got.records]


def test_an_approximate_draft_count_and_an_exact_one_set_against_it(read: Read) -> None:
    got = _runs(read(_GATED))
    assert got == [(0.81, None, None), (0.69, None, pytest.approx(2.38))]


def test_the_exact_run_restating_a_rate_printed_before_is_that_record(read: Read) -> None:
    text = "**Result:** 30.2 tok/s at draft-max 2, acceptance 0.69.\n\n" + _GATED
    got = read(text).records
    assert [(r.first_line, r.printed_rate, r.accept_length) for r in got] == [
        (1, 0.69, pytest.approx(2.38)),
        (3, 0.81, None),
    ]
    assert ("drafted tokens per step", "2.0") in got[0].fields


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a whole number with no hedge: a setting, every step drafts it
        ("With speculative decoding we draft 4 tokens per step at 0.55 acceptance.\n", 3.2),
        (
            "With speculative decoding the MTP head drafts 3 tokens per step at 70% acceptance.\n",
            3.1,
        ),
        (
            "Speculative decoding: the drafter drafted exactly 4 tokens per step, with 62.5% accepted.\n",
            3.5,
        ),
        (
            "EAGLE speculative decoding drafting 5 draft tokens per round at a 0.60 acceptance rate.\n",
            4.0,
        ),
    ],
)
def test_an_exact_draft_count_beside_a_rate_gives_one_plus_k_times_the_rate(
    read: Read, text: str, want: float
) -> None:
    got = read(text).records
    assert len(got) == 1
    assert got[0].accept_length == pytest.approx(want)
    assert got[0].printed_length is None


@pytest.mark.parametrize(
    "text",
    [
        "With speculative decoding the MTP head drafts about 3 tokens per round at 0.75 acceptance.\n",
        "With speculative decoding the MTP head drafts ~3 tokens/round at 0.75 acceptance.\n",
        # a decimal without 'exactly': a mean of variable drafts
        "With speculative decoding the MTP head drafts 2.4 tokens/step at a 0.75 acceptance rate.\n",
        "With speculative decoding the MTP head drafts on average 3 tokens/step at 0.75 acceptance.\n",
    ],
)
def test_an_approximate_or_mean_draft_count_leaves_the_rate_alone(read: Read, text: str) -> None:
    assert _runs(read(text)) == [(0.75, None, None)]


@pytest.mark.parametrize(
    "text",
    [
        "With speculative decoding the drafter drafts ~3.3 tokens/round on this prompt set.\n",
        "Speculative decoding note: the EAGLE head drafted 2.6 tokens per step on average.\n",
    ],
)
def test_a_draft_count_alone_is_no_length(read: Read, text: str) -> None:
    assert read(text).records == ()


def test_tokens_a_step_emits_stay_a_length(read: Read) -> None:
    got = read("With speculative decoding the MTP head emits ~3.3 tokens/round here.\n")
    assert _runs(got) == [(None, 3.3, 3.3)]


def test_tokens_a_step_accepts_stay_accepted_tokens(read: Read) -> None:
    got = read("With speculative decoding the MTP head accepts 2.0 tokens/round here.\n")
    assert _runs(got) == [(None, 2.0, None)]


def test_a_rate_printed_alone_before_with_other_digits_is_another_run(read: Read) -> None:
    text = "**Result:** 30.2 tok/s at draft-max 2, acceptance 0.71.\n\n" + _GATED
    got = _runs(read(text))
    assert got == [(0.71, None, None), (0.81, None, None), (0.69, None, pytest.approx(2.38))]
