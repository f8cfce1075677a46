"""Chinese verbs of arrival between a figure's name and its value (zharrival.py): `已经达到`,
`上升到`, `下降至`, `跌到` give the value arrived at; a condition (`如果`), a goal or a modal
(`需要达到`, `应该达到`) and a change alone (`提升了 5%`) give no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_VERBS = ["已经达到", "达到了", "上升到", "下降至", "跌到", "回升至", "最终达到", "降低至", "涨到"]


@settings(max_examples=examples(50), deadline=None)
@given(
    verb=st.sampled_from(_VERBS),
    name=st.sampled_from(["接受长度", "平均接受长度", "accept length"]),
    hundredths=st.integers(110, 790),
    tail=st.sampled_from(["。", " 左右。", "，速度提升明显。"]),
)
def test_a_length_where_it_arrived_is_one_record(
    read: Read, verb: str, name: str, hundredths: int, tail: str
) -> None:
    text = f"EAGLE-3 投机解码，训练半个 epoch 后{name}{verb} {hundredths / 100:.2f}{tail}\n"
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(hundredths / 100)
    assert r.accept_length is None


def test_a_rate_where_it_arrived() -> None:
    (r,) = read_paste("MTP 投机解码：接受率上升到 71.5%。\n").records
    assert r.printed_rate == pytest.approx(0.715)


@pytest.mark.parametrize(
    "line",
    [
        "如果接受率下降到 50%，就没有收益。",
        "假如接受长度已经达到 3.0，速度会翻倍。",
        "一旦接受长度跌到 1.5，投机解码就变慢了。",
        "接受长度需要达到 3.0 才有收益。",
        "接受长度应该达到 3.0。",
        "我们希望接受率达到 70%。",
        "接受率提升了 5%。",
    ],
)
def test_no_record_for_a_condition_a_goal_or_a_change_alone(line: str) -> None:
    assert read_paste("MTP 投机解码：" + line + "\n").records == (), line


@pytest.mark.parametrize("verb", ["达到", "达到了", "实现了", "取得", "获得了", "高达"])
def test_a_value_before_its_name_after_a_verb_of_reaching(read: Read, verb: str) -> None:
    text = (
        f"集成 EAGLE 2 动态树解码，在温度为 0 的配置下{verb}2.07的平均接受长度，速度提升 1.5 倍。\n"
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(2.07)


@pytest.mark.parametrize(
    "text",
    [
        "投机解码提升了5%的接受率，速度更快。\n",  # (a change: by 5%, no value)
        "草稿模型带来2倍的接受长度提升。\n",  # (a multiple)
    ],
)
def test_a_change_or_multiple_before_the_name_is_no_value(read: Read, text: str) -> None:
    assert all(r.printed_rate != pytest.approx(0.05) for r in read(text).records)
    assert all(r.printed_length is None for r in read(text).records)


def test_list_items_with_commas_are_prose_not_csv(read: Read) -> None:
    text = (
        "- 基础模型:仅包含1个解码层,参数量很小,延迟低\n"
        "- 解码机制:EAGLE 2 动态树解码,多分支候选,在温度为0的配置下达到2.07的平均接受长度\n"
        "- 训练效率:0.5B 令牌,4x A100,1-2天\n"
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(2.07)
