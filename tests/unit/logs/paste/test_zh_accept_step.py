"""The Chinese 接受步长 / 接收步长 (accept step length: the accepted tokens of a step, a
translation of 'accept length') read as the accept length (text.py); an accept length 'set to'
a value with decimals (`接受步长设置为 1.02`) is the run's figure (no engine has a setting of the
accept length), never a whole number (a draft length set) nor a rate (a synthetic benchmark
forces one) nor in a simulation. SpecForge named only as the framework that trained the draft
decides no convention (trainers.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(["接受步长", "接收步长", "平均接受步长"]),
    verb=st.sampled_from(["为", "是", "设置为", "设为"]),
    hundredths=st.integers(101, 699).filter(lambda n: n % 10 != 0),
    quote=st.sampled_from(["", "> ", "> > "]),
)
def test_accept_step_length(read: Read, name: str, verb: str, hundredths: int, quote: str) -> None:
    text = f"{quote}投机解码的推理性能很差，{name}{verb} {hundredths / 100:.2f}，这很奇怪。\n"
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(hundredths / 100)
    assert r.accept_length is None


def test_trained_with_specforge_decides_no_convention() -> None:
    text = (
        "我使用最新的 SpecForge 代码训练了 DFlash 模型，训练过程正常收敛。"
        "然而推理性能很差，接受步长设置为 1.37。\n"
    )
    (r,) = read_paste(text).records
    assert (r.printed_length, r.accept_length, r.tool) == (1.37, None, "unknown")
    english = "I trained an EAGLE-3 head with SpecForge; the accept length was 2.41 when served.\n"
    (e,) = read_paste(english).records
    assert (e.accept_length, e.tool) == (None, "unknown")


@pytest.mark.parametrize(
    "text",
    [
        "投机解码：草稿长度设置为 4，接受步长设置为 3。\n",  # a whole number: a length set
        "投机解码压测：接受率设置为 0.71，观察吞吐。\n",  # a rate: a synthetic setting
        "模拟实验中接受步长设置为 2.35，投机解码吞吐提升 1.8 倍。\n",  # a simulation
    ],
)
def test_set_to_that_is_a_setting(text: str) -> None:
    assert read_paste(text).records == ()
