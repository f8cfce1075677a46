"""Per-position rates just below a run's totals, blank lines only between, are that run's
(reader._per_block), also where the run's block is read as prose (a title, a byline and a rule
line in it outweigh its key-value lines) and the rates' block as key-value lines; a paragraph
between the two keeps them apart."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEAD = (
    "# Draft head for a small model\n\n"
    "some-user · description · 2025-01-02\n"
    "## Purpose\n"
    "Adds a draft head for a small model\n"
    "## Test Plan\n"
    "{rule}\n"
    "300 prompts, batch 8, one test GPU:\n"
)


def _run(steps: int, accepted: int, rule: str) -> str:
    return _HEAD.format(rule=rule) + (
        f"Total output tokens: {steps + accepted}\n"
        f"Number of draft proposals: {steps}\n"
        f"Number of draft tokens generated: {steps * 4}\n"
        f"Number of accepted tokens: {accepted}\n"
        f"Mean acceptance length: {1 + accepted / steps:.2f}\n"
    )


def _positions(rates: list[int]) -> str:
    return "".join(f"Acceptance rate at token {i}: {r / 100:.2f}\n" for i, r in enumerate(rates))


@settings(max_examples=examples(20), deadline=None)
@given(
    steps=st.integers(1000, 5000),
    per_step=st.integers(50, 250),  # accepted drafts per step, in hundredths
    rates=st.lists(st.integers(5, 95), min_size=2, max_size=5),
    rule=st.sampled_from(["--------------------", "————————————", "===================="]),
)
def test_rates_below_a_prose_read_run_are_its_own(
    steps: int, per_step: int, rates: list[int], rule: str
) -> None:
    accepted = steps * per_step // 100
    recs = read_paste(_run(steps, accepted, rule) + "\n" + _positions(rates)).records
    assert len(recs) == 1
    assert recs[0].printed_length is not None
    assert [round(p * 100) for p in recs[0].per_position] == rates


def test_a_paragraph_between_keeps_them_apart() -> None:
    text = (
        _run(2000, 3000, "--------------------")
        + "\nThe rates below are another run, with the old head, a day later.\n\n"
        + _positions([60, 40, 30])
    )
    recs = read_paste(text).records
    assert not recs[0].per_position
