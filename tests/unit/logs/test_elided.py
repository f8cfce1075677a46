"""Statistics lines quoted with an elision ('...', '…', '[...]') or inside a code span in prose:
the fields present are read, the fields left out are absent (never zero), a list the elision
cuts is absent, and the quoter's words after the span are not fields."""

from __future__ import annotations

import pytest

from specdiag.core.logs.records import LogRecord, Skipped
from tests.support.parseline import parse_line

VLLM = "INFO 03-14 09:26:53 [metrics.py:113] SpecDecoding metrics: "


def one(line: str) -> LogRecord:
    out = parse_line(line)
    assert isinstance(out, tuple) and len(out) == 1, out
    return out[0]


@pytest.mark.parametrize("gap", [" ... ", ", ..., ", " … ", ", [...], ", " (...) "])
def test_vllm_line_elided_between_fields(gap: str) -> None:
    r = one(VLLM + "Mean acceptance length: 3.04" + gap + "Avg Draft acceptance rate: 51.3%")
    assert r.engine == "vllm" and r.accept_length == 3.04
    assert r.accept_rate == pytest.approx(0.513)
    assert r.accepted_tokens is None and r.drafted_tokens is None  # absent, not zero
    assert r.per_position == ()


def test_vllm_elided_counts_kept_where_printed() -> None:
    r = one(VLLM + "Mean acceptance length: 2.41, ..., Accepted: 705 tokens, Drafted: 1500 tokens")
    assert r.accept_length == 2.41 and (r.accepted_tokens, r.drafted_tokens) == (705, 1500)
    assert r.accept_rate == pytest.approx(705 / 1500)


def test_vllm_per_position_list_cut_by_elision_is_absent() -> None:
    r = one(
        VLLM + "Mean acceptance length: 2.90, Per-position acceptance rate: 0.812, 0.604, ..., "
        "Avg Draft acceptance rate: 47.5%"
    )
    assert r.per_position == () and r.accept_length == 2.90  # never the first two alone
    r = one(
        VLLM + "Mean acceptance length: 2.90 ... 0.402, 0.277, Avg Draft acceptance rate: 47.5%"
    )
    assert r.per_position == () and r.accept_rate == pytest.approx(0.475)


def test_vllm_whole_list_kept_when_the_elision_is_elsewhere() -> None:
    r = one(
        VLLM + "Mean acceptance length: 2.25, Per-position acceptance rate: 0.800, 0.450 ... "
        "Avg Draft acceptance rate: 62.5%"
    )
    # the list ends before the elision but the elision might cut it: absent all the same
    assert r.per_position == ()
    r = one(
        VLLM + "Per-position acceptance rate: 0.800, 0.450, Mean acceptance length: 2.25 ... "
        "Avg Draft acceptance rate: 62.5%"
    )
    assert r.per_position == (0.8, 0.45) and r.accept_length == 2.25


def test_sglang_line_elided() -> None:
    r = one(
        "[2026-03-14 09:26:53] Decode batch, #running-req: 4, ..., accept len: 2.73, "
        "cuda graph: True, gen throughput (token/s): 141.20, #queue-req: 0"
    )
    assert r.engine == "sglang" and r.accept_length == 2.73


def test_elision_leaving_no_value_is_skipped() -> None:
    out = parse_line(VLLM + "Mean acceptance length: ..., Avg Draft acceptance rate: ...")
    assert isinstance(out, Skipped)


def test_quoted_line_in_a_code_span_inside_prose() -> None:
    r = one(
        "> `" + VLLM.split(" [", 1)[0] + " SpecDecoding metrics: Mean acceptance length: 2.18 ... "
        "Avg Draft acceptance rate: 29.4%` right before step `num_computed_tokens=9120`"
    )
    assert r.accept_length == 2.18 and r.accept_rate == pytest.approx(0.294)
    r = one(
        "`SpecDecoding metrics: Mean acceptance length: 2.18, Avg Draft acceptance rate: 29.4%`."
    )
    assert r.accept_length == 2.18 and r.accept_rate == pytest.approx(0.294)


def test_code_spans_holding_the_fields_are_kept_whole() -> None:
    # the words after the first span hold fields of their own: not the quoter's words
    r = one(
        "`SpecDecoding metrics: Mean acceptance length: 2.18`, `Avg Draft acceptance rate: 29.4%`"
    )
    assert r.accept_length == 2.18 and r.accept_rate == pytest.approx(0.294)


def test_unelided_lines_unchanged() -> None:
    r = one(
        VLLM + "Mean acceptance length: 3.12, Accepted throughput: 254.40 tokens/s, Drafted "
        "throughput: 360.00 tokens/s, Accepted: 2544 tokens, Drafted: 3600 tokens, Per-position "
        "acceptance rate: 0.880, 0.720, 0.520, Avg Draft acceptance rate: 70.7%"
    )
    assert r.per_position == (0.88, 0.72, 0.52) and r.accepted_tokens == 2544
