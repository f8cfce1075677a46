"""A vLLM record of accepted and drafted token counts alone ('N accepted / D draft tokens') in a
paste setting one num_speculative_tokens k: every step drafts k, so the length is 1 + k x N / D,
bonus included (fixed_k._counts_only). A drafted count no multiple of k (some step drafted
fewer), a paste naming no tool, or two settings of k leave it undecided."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LAUNCHES = [
    'vllm serve org/target-9B --speculative-config \'{{"method": "mtp", '
    '"num_speculative_tokens": {k}}}\'',
    'vllm serve org/target-9B --speculative-config \'{{\n"model": "org/head",\n'
    '"num_speculative_tokens": {k}\n}}\'',
]
_COUNT_LINES = [
    "From the metrics endpoint: {a} accepted / {d} draft tokens over the whole run.",
    "Totals after the sweep: {a} accepted / {d} draft tokens, one card.",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    launch=st.sampled_from(_LAUNCHES),
    line=st.sampled_from(_COUNT_LINES),
    k=st.integers(2, 5),
    steps=st.integers(2000, 9000),
    share=st.integers(30, 95),
)
def test_counts_alone_take_the_paste_s_k(
    read: Read, launch: str, line: str, k: int, steps: int, share: int
) -> None:
    d = k * steps
    a = d * share // 100
    text = launch.format(k=k) + "\n\n" + line.format(a=a, d=d) + "\n"
    (rec,) = read(text).records
    assert rec.tool == "vllm"
    assert rec.accept_length == pytest.approx(1 + k * a / d, abs=1e-5)


@settings(max_examples=examples(30), deadline=None)
@given(
    line=st.sampled_from(_COUNT_LINES),
    k=st.integers(2, 5),
    steps=st.integers(2000, 9000),
    share=st.integers(30, 95),
)
def test_a_drafted_count_off_k_decides_nothing(
    read: Read, line: str, k: int, steps: int, share: int
) -> None:
    d = k * steps + 1
    a = d * share // 100
    text = _LAUNCHES[0].format(k=k) + "\n\n" + line.format(a=a, d=d) + "\n"
    (rec,) = read(text).records
    assert rec.accept_length is None


def test_two_settings_of_k_decide_nothing(read: Read) -> None:
    text = (
        _LAUNCHES[0].format(k=3)
        + "\nand a second try with "
        + _LAUNCHES[0].format(k=5)
        + "\n\nFrom the metrics endpoint: 9000 accepted / 12000 draft tokens over the whole run.\n"
    )
    (rec,) = read(text).records
    assert rec.accept_length is None
