"""A Chinese sentence wrapped between a figure's name and its copula (zhwrapped.py): `...平均接受长度`
over `为 4.16；...` reads as the line unwrapped reads; a copula before no number, or a line above
ending on another word, moves nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.zhwrapped import rejoined
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_COPULAS = ["为", "是", "约为", "仅为"]
_LENGTH_NAMES = ["平均接受长度", "接受长度", "平均接受步长"]
_RATE_NAMES = ["平均接受率", "接受率", "草稿接受率"]
_METHODS = ["MTP", "EAGLE3", "Medusa", "DFlash"]


def _value(text: str, quote: str) -> str:
    return f"{quote}{text}{quote}"


@settings(max_examples=examples(40), deadline=None)
@given(
    copula=st.sampled_from(_COPULAS),
    length_name=st.sampled_from(_LENGTH_NAMES),
    rate_name=st.sampled_from(_RATE_NAMES),
    methods=st.lists(st.sampled_from(_METHODS), min_size=2, max_size=2, unique=True),
    lengths=st.lists(st.integers(151, 690), min_size=2, max_size=2, unique=True),
    rates=st.lists(st.integers(1501, 9499), min_size=2, max_size=2, unique=True),
    quote=st.sampled_from(["", "`", "**"]),
)
def test_a_copula_wrapped_after_its_name_reads_as_the_line_unwrapped(
    read: Read,
    copula: str,
    length_name: str,
    rate_name: str,
    methods: list[str],
    lengths: list[int],
    rates: list[int],
    quote: str,
) -> None:
    (m1, m2), (l1, l2), (r1, r2) = methods, lengths, rates
    head = f"{m1} 两轮{rate_name}{copula} {_value(f'{r1 / 100:.2f}%', quote)}、{length_name}"
    rest = (
        f"{copula} {_value(f'{l1 / 100:.2f}', quote)}；{m2} 两轮{rate_name}{copula} "
        f"{_value(f'{r2 / 100:.2f}%', quote)}、{length_name}{copula} {_value(f'{l2 / 100:.2f}', quote)}。"
    )
    wrapped = read(f"两种方案均全部成功。{head}\n{rest}\n").records
    one = read(f"两种方案均全部成功。{head}{rest}\n").records
    assert [r.printed_length for r in wrapped] == pytest.approx([l1 / 100, l2 / 100])
    assert [r.printed_rate for r in wrapped] == pytest.approx([r1 / 10000, r2 / 10000])
    assert [(r.printed_length, r.printed_rate, r.accept_length) for r in wrapped] == [
        (r.printed_length, r.printed_rate, r.accept_length) for r in one
    ]


@settings(max_examples=examples(30), deadline=None)
@given(
    length_name=st.sampled_from(_LENGTH_NAMES),
    hundredths=st.integers(151, 690),
    shape=st.sampled_from(["other word", "no number"]),
)
def test_a_copula_after_another_word_or_before_no_number_moves_nothing(
    read: Read, length_name: str, hundredths: int, shape: str
) -> None:
    value = f"{hundredths / 100:.2f}"
    if shape == "other word":
        # (the line above ends on a model, not a figure's name: the value is no figure's)
        lines = [f"本次实验中 {length_name}较短的模型", f"为 {value} 倍大小的草稿。"]
    else:
        # (the copula opens 'for': '为了', no value after it)
        lines = [f"本次实验记录了{length_name}", f"为了比较 {value} 秒的延迟。"]
    assert read("\n".join(lines) + "\n").records == ()


def test_the_copula_moves_up_to_the_name() -> None:
    english = {"平均接受长度": " average accept length "}

    def tr(ln: str) -> str:
        for zh, en in english.items():
            ln = ln.replace(zh, en)
        return ln

    assert rejoined(["MTP 平均接受长度", "为 `4.16`。"], tr) == ["MTP 平均接受长度为", " `4.16`。"]
    assert rejoined(["MTP 模型", "为 `4.16`。"], tr) == ["MTP 模型", "为 `4.16`。"]
    assert read_paste("MTP 平均接受长度\n为了比较。\n").records == ()
