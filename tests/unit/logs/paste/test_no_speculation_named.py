"""Tokens a step of a decoder that drafts nothing (a diffusion or parallel decoder's
'Tokens/step: 4.0', the decoder named) in a paste naming no speculation, no draft, no
acceptance and no verification anywhere: no record. An 'AR (GPT-style)' column (words in brackets after AR: an
autoregressive configuration) is never a rate's. The same figures beside speculative decoding
are read."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste

_BOX = (
    "$ zig test decoder.zig\n"
    "DECODER BENCHMARK\n"
    "  Total tokens:          20\n"
    "  Steps taken:            5\n"
    "  Tokens/step:          {v}\n"
    "  Speedup vs AR:        4.0x\n"
)


@pytest.mark.parametrize("v", ["4.0", "2.5", "3.25"])
def test_tokens_a_step_with_no_speculation_named_are_no_record(v: str) -> None:
    assert read_paste("Diffusion decoder test\n\n" + _BOX.format(v=v)).records == ()


@pytest.mark.parametrize("v", ["2.5", "3.25"])
def test_tokens_a_step_beside_speculative_decoding_are_read(v: str) -> None:
    (r,) = read_paste("EAGLE-3 speculative decoding test\n\n" + _BOX.format(v=v)).records
    assert r.printed_length == float(v)


@pytest.mark.parametrize("header", ["AR (GPT-style)", "AR (no draft)", "AR [baseline model]"])
def test_an_ar_column_described_in_brackets_is_no_rate(header: str) -> None:
    text = (
        "| Metric | " + header + " | Ours |\n|---|---|---|\n"
        "| Tokens/step | 1 | **4** |\n| Speedup | 1x | **4x** |\n"
    )
    assert all(r.printed_rate is None for r in read_paste(text).records)


def test_an_ar_rate_column_is_still_read() -> None:
    text = (
        "EAGLE-3 drafts, k=4\n\n| Dataset | AR | AL |\n|---|---|---|\n| MT-Bench | 71.2% | 3.81 |\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == pytest.approx(0.712)
