"""Counts printed alone (`| mtp3 | 731/1248 |` under `accepted/proposed`) beside the same
configuration's counts printed with their share under a rate's name in another table of the
paste (`| mtp3 | 717/1248 (57.45%) |` under `Draft acceptance rate`), the same drafted total:
the same kind of counts, so the length 1 + k x accepted / drafted with that table's k
(counts_kin.py); a rerun's table printing the very same counts is its own runs, not the first
table's told twice. Other drafted totals or other labels decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_INTRO = "Both binaries on one card; every round drafts its k tokens.\n\n"
_RERUN = "\n\nA second round of the same modes, three prompts each:\n\n"


def _text(k: int, d: int, a: int, a2: int, d2: int, label2: str, head2: str) -> str:
    first = pipe_table(
        ["Mode", "tok/s", "Draft acceptance rate"],
        [[f"mtp{k}", "64.2", f"{a}/{d} ({100 * a / d:.2f}%)"]],
    )
    second = pipe_table(["Mode", "tok/s", head2], [[label2, "63.9", f"{a2}/{d2}"]])
    return _INTRO + first + _RERUN + second


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(1, 4),
    rounds=st.integers(120, 700),
    share=st.integers(30, 95),
    delta=st.integers(-15, 15),
    head2=st.sampled_from(["accepted/proposed", "接受数/提议数", "accepts/attempts"]),
)
def test_the_same_runs_counts_alone_take_the_named_tables_k(
    k: int, rounds: int, share: int, delta: int, head2: str
) -> None:
    d = k * rounds
    a = d * share // 100
    a2 = min(d, max(0, a + delta))
    got = [r.accept_length for r in read_paste(_text(k, d, a, a2, d, f"mtp{k}", head2)).records]
    assert got == [pytest.approx(1 + k * a / d, abs=1e-6), pytest.approx(1 + k * a2 / d, abs=1e-6)]


@pytest.mark.parametrize(
    ("d2", "label2"),
    [
        (1260, "mtp3"),  # another drafted total
        (1248, "mtp3 new"),  # another configuration's label
    ],
)
def test_negative_control_no_kin(read: Read, d2: int, label2: str) -> None:
    text = _text(3, 1248, 717, 705, d2, label2, "accepted/proposed")
    got = [r for r in read(text).records if r.first_line > 8]
    assert got and all(r.accept_length is None for r in got)


def test_a_rerun_printing_the_same_counts_is_its_own_run(read: Read) -> None:
    text = _text(3, 1248, 717, 717, 1248, "mtp3", "accepted/proposed")
    got = [r.accept_length for r in read(text).records]
    assert got == [pytest.approx(1 + 3 * 717 / 1248, abs=1e-6)] * 2
