"""A rate printed with the counts it divides and the verify steps beside them, in a table cell
or after a key: `0.633 (378 steps, 1676/2646)`, `63.3% (1676 of 2646 accepted, 378 rounds)`.
The rate must be accepted / drafted at its printed precision before any length is derived; a
count named after drafts is verify steps only where the paste's stated k proves it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _ab_table(cells: list[str], lead: str = "") -> str:
    """An A/B table of two commits, its acceptance row holding ``cells``."""
    return (
        lead
        + "| | 1a2b3c4 | 5d6e7f8 |\n|---|---|---|\n"
        + "| decode | 94.3 tok/s | 67.8 tok/s |\n"
        + f"| 64k acceptance | {cells[0]} | {cells[1]} |\n"
        + "| TTFT | 2.82 s | 2.26 s |\n"
    )


def _lengths(text: str, read: Read = read_paste) -> list[float | None]:
    return [r.accept_length for r in read(text).records]


# ---------------------------------------------------------------- the cell itself


@pytest.mark.parametrize(
    ("cell", "acc", "dra", "steps"),
    [
        ("0.633 (378 steps, 1676/2646)", 1676, 2646, 378),
        ("**0.633** (1676/2646, 378 verify steps)", 1676, 2646, 378),
        ("63.3% (1676 of 2646 accepted, 378 rounds)", 1676, 2646, 378),
        ("63.3% (accepted 1676; drafted 2646; rounds: 378)", 1676, 2646, 378),
        ("0.633 (1676 accepted, 2646 drafted over 378 draft steps)", 1676, 2646, 378),
        ("0.633 (378 iterations, 1,676 / 2,646)", 1676, 2646, 378),
        ("0.6 (3/5)", 3, 5, None),  # (no steps: the rate and its counts)
    ],
)
def test_rate_with_counts_and_named_steps(cell: str, acc: int, dra: int, steps: int | None) -> None:
    rc = C.rate_with_counts(cell)
    assert rc is not None
    assert (rc.accepted.number, rc.drafted.number) == (acc, dra)
    assert (rc.steps.number if rc.steps else None) == steps
    assert rc.count is None


@pytest.mark.parametrize(
    "cell",
    [
        "0.63 (n=378)",  # a sample size
        "12.3 (±0.4)",  # a spread
        "0.633 (378 drafts)",  # no counts the rate divides
        "0.700 (378 steps, 1676/2646)",  # the identity fails: 1676 / 2646 is 0.633
        "0.633 (378 steps, 2646/1676)",  # accepted above drafted
        "0.633 (378 steps, 1676/2646, 12 requests)",  # another count, not told
        "0.633 (3000 steps, 1676/2646)",  # more steps than drafted tokens: no steps count
        "2.41 (61%)",
    ],
)
def test_no_rate_with_counts(cell: str) -> None:
    rc = C.rate_with_counts(cell)
    assert rc is None or rc.steps is None


def test_drafts_count_kept_apart_until_k_decides() -> None:
    rc = C.rate_with_counts("0.633 (378 drafts, 1676/2646)")
    assert rc is not None and rc.steps is None
    assert rc.count is not None and rc.count.number == 378 and rc.per_count == 7
    # drafted tokens restated under 'drafts': no whole number of drafts a step above 1
    same = C.rate_with_counts("0.633 (2646 drafts, 1676/2646)")
    assert same is not None and same.steps is None and same.per_count is None
    odd = C.rate_with_counts("0.633 (377 drafts, 1676/2646)")
    assert odd is not None and odd.per_count is None


# ---------------------------------------------------------------- read from pastes


def test_table_cells_with_steps_give_lengths(read: Read) -> None:
    text = _ab_table(["0.633 (378 steps, 1676/2646)", "0.353 (591 rounds, 1459/4137)"])
    assert _lengths(text, read) == [
        pytest.approx(1 + 1676 / 378, abs=1e-4),
        pytest.approx(1 + 1459 / 591, abs=1e-4),
    ]


def test_drafts_count_with_the_stated_k(read: Read) -> None:
    lead = "Same seeds on both commits; MTP k=7, single user.\n\n"
    text = _ab_table(["**0.633** (378 drafts, 1676/2646)", "**0.353** (591 drafts, 1459/4137)"])
    assert _lengths(lead + text, read) == [
        pytest.approx(1 + 1676 / 378, abs=1e-4),
        pytest.approx(1 + 1459 / 591, abs=1e-4),
    ]
    recs = read(lead + text).records
    assert recs[0].steps == 378 and "k the paste states" in recs[0].bonus.rule


@pytest.mark.parametrize(
    "lead",
    [
        "",  # no k stated
        "Same seeds on both commits; MTP k=5, single user.\n\n",  # another k
        "Runs at k=5 and k=7.\n\n",  # several k
    ],
)
def test_drafts_count_without_a_proving_k_keeps_the_rate(lead: str) -> None:
    text = _ab_table(["0.633 (378 drafts, 1676/2646)", "0.353 (591 drafts, 1459/4137)"])
    recs = read_paste(lead + text).records
    assert [r.accept_length for r in recs] == [None, None]
    assert [r.printed_rate for r in recs] == [pytest.approx(0.633), pytest.approx(0.353)]
    assert [r.accepted_tokens for r in recs] == [1676, 1459]


@pytest.mark.parametrize(
    "cells",
    [
        ["0.63 (n=378)", "0.35 (n=591)"],
        ["0.700 (378 steps, 1676/2646)", "0.400 (591 steps, 1459/4137)"],
    ],
)
def test_negative_controls_claim_no_length(cells: list[str]) -> None:
    assert all(a is None for a in _lengths(_ab_table(cells)))


def test_key_value_rate_with_counts_and_steps() -> None:
    text = "Acceptance rate: 63.3% (1676 of 2646 accepted, 378 verify steps)\nDecode: 94 tok/s\n"
    assert _lengths(text) == [pytest.approx(1 + 1676 / 378, abs=1e-4)]
    wrong = "Acceptance rate: 70.0% (1676 of 2646 accepted, 378 verify steps)\nDecode: 94 tok/s\n"
    assert all(a is None for a in _lengths(wrong))


_STEP_WORDS = ("steps", "verify steps", "rounds", "draft rounds", "iterations", "cycles")


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=20, max_value=2000),
    st.integers(min_value=1, max_value=8),
    st.floats(min_value=0.05, max_value=0.95),
    st.sampled_from(_STEP_WORDS),
    st.integers(min_value=0, max_value=2),
    st.booleans(),
)
def test_generated_cells(
    steps: int, k: int, share: float, word: str, form: int, percent: bool
) -> None:
    dra = steps * k
    acc = max(1, int(dra * share))
    rate = f"{100 * acc / dra:.1f}%" if percent else f"{acc / dra:.3f}"
    counts = (f"{acc}/{dra}", f"{acc} of {dra} accepted", f"accepted {acc}, drafted {dra}")[form]
    cell = (
        f"{rate} ({steps} {word}, {counts})" if form != 1 else f"{rate} ({counts}; {steps} {word})"
    )
    text = _ab_table([cell, "0.353 (591 steps, 1459/4137)"])
    got = _lengths(text)
    assert got[0] == pytest.approx(1 + acc / steps, abs=1e-4)
    # the same cell with a rate its counts do not give: no length
    bad = f"{min(0.99, acc / dra + 0.05):.3f} ({steps} {word}, {acc}/{dra})"
    assert _lengths(_ab_table([bad, "0.353 (n=591)"]))[0] is None


@pytest.mark.parametrize(
    "text",
    [
        "At 64k the acceptance was 0.633 (378 steps, 1676/2646), down from last week.\n",
        "acceptance rate 63.3% (378 rounds; 1676 of 2646 accepted)\n",
    ],
)
def test_prose_rate_with_counts_and_steps(text: str) -> None:
    recs = read_paste(text).records
    assert [(r.steps, r.accept_length) for r in recs] == [
        (378, pytest.approx(1 + 1676 / 378, abs=1e-4))
    ]


def test_prose_drafts_count_claims_no_length() -> None:
    # (a count named after drafts outside a table: no stated k checked here, no length)
    text = "MTP k=7. At 64k the acceptance was 0.633 (378 drafts, 1676/2646).\n"
    assert all(a is None for a in _lengths(text))
