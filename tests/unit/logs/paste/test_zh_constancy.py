"""Chinese words of constancy between a figure's name and its value (zhalways.py): `恒为`,
`始终为`, `一直是`, `稳定在` read as `为` (is), with Chinese punctuation as separators."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.zhalways import as_is
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_WORDS = ["恒为", "始终为", "一直是", "一直为", "稳定在", "保持在", "均为", "恒定在"]


@settings(max_examples=examples(50), deadline=None)
@given(
    word=st.sampled_from(_WORDS),
    rate_name=st.sampled_from(["接受率", "Avg Draft acceptance rate", "平均接受率"]),
    pct=st.integers(0, 990),
    length_name=st.sampled_from(["接受长度", "平均接受长度", "accept length"]),
    hundredths=st.integers(100, 690),
    sep=st.sampled_from(["，", "；", "。"]),
)
def test_a_constancy_word_reads_as_is(
    read: Read,
    word: str,
    rate_name: str,
    pct: int,
    length_name: str,
    hundredths: int,
    sep: str,
) -> None:
    text = (
        f"MTP 投机解码开启后：{rate_name} {word} {pct / 10:.1f}%{sep}"
        f"{length_name}{word} {hundredths / 100:.2f}。\n"
    )
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(pct / 1000)
    assert r.printed_length == pytest.approx(hundredths / 100)


def test_vllm_metric_names_restated_in_chinese_bullets_are_one_record() -> None:
    text = (
        "【现象】\n"
        "- 草稿模型（num_speculative_tokens=1）开启投机解码后：\n"
        "  - 服务正常，输出正确\n"
        "  - 但 SpecDecoding 指标显示 Avg Draft acceptance rate 恒为 0.0%，Accepted: 0 tokens\n"
        "  - 每步多跑一次 draft forward，解码反而更慢\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.0 and r.accepted_tokens == 0


def test_constancy_words_elsewhere_change_nothing() -> None:
    assert as_is("投机解码一直是关闭的") == "投机解码为关闭的"  # no figure: nothing to read
    assert read_paste("投机解码一直是关闭的，没有数据。\n").records == ()
    assert as_is("accept length 2.4") == "accept length 2.4"
