"""Accepted drafts per step beside drafts per step, the rate their quotient (per_step.py): a
pandas-printed row 'avg_accept_toks avg_spec_toks accept_rate' where rate = accepted / drafted
is accepted drafts per step, so the length is 1 + it (bonus left out). The quotient failing,
or totals summed over a run ('num_accepted_tokens'), decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import EXCLUDED
from tests.support.examples import examples


def _paste(head: str, row: str) -> str:
    return f"Speculative decoding, suffix method:\n\n```\n{head}\n{row}\n```\n"


_HEAD = "   mean_accept_toks  mean_spec_toks  accept_rate  req_speedup"


def test_quotient_proves_accepted_drafts_per_step() -> None:
    # 1.254 / 4.180 = 0.3
    recs = read_paste(
        _paste(_HEAD, "0          1.254000        4.180000     0.300000     1.71")
    ).records
    assert len(recs) == 1
    assert recs[0].bonus.value == EXCLUDED
    assert recs[0].printed_length == 1.254
    assert recs[0].accept_length == 2.254


def test_quotient_failing_decides_nothing() -> None:
    recs = read_paste(
        _paste(_HEAD, "0          1.254000        4.180000     0.450000     1.71")
    ).records
    assert all(r.accept_length is None for r in recs)


def test_totals_over_a_run_decide_nothing() -> None:
    head = "   num_accepted_tokens  num_draft_tokens  accept_rate"
    recs = read_paste(_paste(head, "0                 1254              4180     0.300000")).records
    assert all(r.accept_length is None for r in recs)


def test_pandas_index_name_line_is_skipped() -> None:
    head = "         mean_accept_toks  mean_spec_toks  accept_rate"
    text = _paste(head, "run_id\n0                1.254000        4.180000     0.300000")
    recs = read_paste(text).records
    assert [r.accept_length for r in recs] == [2.254]


def test_index_name_without_a_wider_row_is_no_skip() -> None:
    # the line below the one-word line has as many cells as the header: no index column
    head = "         mean_accept_toks  mean_spec_toks  accept_rate"
    text = _paste(head, "run_id\n1.254000        4.180000     0.300000")
    assert all(r.accept_length is None for r in read_paste(text).records)


# the paste's counts print 'A accepted / D generated' with the rate their quotient: its bare
# 'accepted per round' is accepted drafts per round (per_step.counted_drafts)
def _counted(acc: int, gen: int, rate: str, mean: str, name: str = "accepted per round") -> str:
    return (
        "Speculative decoding with a small draft model, greedy.\n\n"
        f"draft acceptance = {rate} ({acc} accepted / {gen} generated)\n\n"
        f"With the threshold at zero every block is drafted in full; {name} stays ~{mean} "
        "while the drafted count grows.\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    acc=st.integers(10, 400),
    extra=st.integers(1, 400),
    tenths=st.integers(11, 79),
    name=st.sampled_from(["accepted per round", "accepted-per-round", "accepted per step"]),
)
def test_counts_prove_a_bare_accepted_per_round_counts_drafts(
    acc: int, extra: int, tenths: int, name: str
) -> None:
    gen = acc + extra
    recs = read_paste(_counted(acc, gen, f"{acc / gen:.5f}", f"{tenths / 10:.1f}", name)).records
    (mean,) = [r for r in recs if r.printed_length is not None]
    assert mean.bonus.value == EXCLUDED
    assert mean.accept_length == pytest.approx(1 + tenths / 10)


def test_a_mean_with_a_noun_of_its_own_stays_undecided() -> None:
    # 'accepted tokens per round' may count the target's own token
    recs = read_paste(_counted(31, 62, "0.50000", "3.2", "accepted tokens per round")).records
    assert [r.accept_length for r in recs if r.printed_length is not None] == [None]


def test_counts_that_are_not_the_rate_prove_nothing() -> None:
    # 31 / 62 is not 0.9: the counts are not proved to be the rate's
    recs = read_paste(_counted(31, 62, "0.90000", "3.2")).records
    assert [r.accept_length for r in recs if r.printed_length is not None] == [None]


def test_no_counts_no_proof() -> None:
    text = (
        "Speculative decoding with a small draft model, greedy.\n\n"
        "With the threshold at zero, accepted per round stays ~3.2.\n"
    )
    assert [r.accept_length for r in read_paste(text).records] == [None]
