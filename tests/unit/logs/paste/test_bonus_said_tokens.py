"""A tokens-a-step name that says the bonus outright ('tokens delivered per round including the
bonus', 'tokens per step (w/o bonus)') is read as it says: tokens a step (bonus included) or
accepted drafts a step (bonus excluded). Beside the accepted drafts a round of the same run it
is one record, the two tied by tokens = 1 + accepted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@pytest.mark.parametrize(
    ("name", "metric"),
    [
        ("Tokens delivered per round including the bonus", C.TOK_PER_STEP),
        ("tokens per step incl. bonus", C.TOK_PER_STEP),
        ("delivered tokens per round", C.TOK_PER_STEP),
        ("tokens per round excluding the bonus", C.ACC_PER_STEP),
        ("tokens per step (w/o bonus)", C.ACC_PER_STEP),
    ],
)
def test_the_bonus_said_decides_the_names_metric(name: str, metric: str) -> None:
    assert C.key(name).metric == metric


def test_the_run_restated_with_its_bonus_is_one_record() -> None:
    text = (
        "### Finding 2: what one round yields\n"
        "- Mean accepted tokens per round = 2.381 of k=3.\n"
        "- Per-position accept probability falls from 91% to 64%.\n"
        "- Tokens delivered per round including the bonus = 3.381.\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length, r.bonus.value) for r in got] == [
        (3.381, 3.381, "included")
    ]


def test_negative_control_a_bare_accepted_per_round_stays_undecided() -> None:
    got = read_paste("- Mean accepted tokens per round = 2.381 of k=3.\n").records
    assert [r.accept_length for r in got] == [None]


@settings(max_examples=examples(25), deadline=None)
@given(
    thousandths=st.integers(1100, 6500),
    said=st.sampled_from(["including the bonus", "incl. bonus", "excluding the bonus"]),
    verb=st.sampled_from(["delivered", "committed"]),
)
def test_a_said_bonus_decides_the_length(thousandths: int, said: str, verb: str) -> None:
    v = thousandths / 1000
    got = read_paste(f"- Tokens {verb} per round {said} = {v:.3f}\n").records
    assert len(got) == 1
    want = v if "incl" in said else round(v + 1, 6)
    assert got[0].accept_length == pytest.approx(want)
