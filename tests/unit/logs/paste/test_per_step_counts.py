"""Accepted drafts per step beside drafts per step, the rate their quotient (per_step.py): a
pandas-printed row 'avg_accept_toks avg_spec_toks accept_rate' where rate = accepted / drafted
is accepted drafts per step, so the length is 1 + it (bonus left out). The quotient failing,
or totals summed over a run ('num_accepted_tokens'), decide nothing."""

from __future__ import annotations

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import EXCLUDED


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
