"""A source's figure beside the paste's own (cited.attributed): a value credited to a model
card, a paper or an official figure, in English or in Chinese and Japanese, set against the
run the paste measured, is no record of the paste; a line naming only its source under the
measured line (`- 论文：4.30；差距 -4.2%。`) is the source's too; the writer's own run with a
source's setup (`按论文的设置`, `官方实现测得`) stays read, and a source's figure alone in the paste
stays a reported run."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADS = [
    "Eval set: 96 prompts, batch 1, chain of 6 drafts, temperature 0.\n\n",
    "评测：96 条提示，batch 1，链长 6，温度 0。\n\n",
]
_OWN_LENGTH = [
    "Tree acceptance length",
    "本地 EAGLE 接受长度",
    "mean accept length",
    "平均接受长度",
]
# a line naming only its source, then one value and perhaps the gap
_SOURCE_LABELS = ["官方模型卡", "model card", "Official", "paper", "published figure", "论文"]
_GAPS = ["", "；差异 -1.73%", "；差距 -4.2%。", " (diff -0.09)", ", Δ -1.6%", "。"]
# a sentence (or a label) crediting its value to a source, in Chinese, Japanese or English
_CREDITED = [
    "论文给出的接受长度为 {v}。",
    "官方模型卡报告的接受长度为 {v}。",
    "官方数据：接受长度 {v}。",
    "技术报告中的平均接受长度是 {v}。",
    "- 官方模型卡接受长度：{v}",
    "モデルカードの受理長は {v} です。",
    "The model card reports an acceptance length of {v}.",
    "- Model card acceptance length: {v}",
    "- Official model card AL: {v}",
]
# the writer's own run with a source's setup or weights: read
_OWN_WITH_SOURCE = [
    "按论文的设置，接受长度为 {v}。",
    "我们用官方实现测得接受长度为 {v}。",
    "使用官方权重，接受长度为 {v}。",
    "用论文参数复现，接受长度为 {v}。",
    "- Paper config acceptance length: {v}",
    "公式の実装で測定した受理長は {v} です。",
]


def _lengths(read: Read, text: str) -> list[float | None]:
    return [r.printed_length for r in read(text).records]


@settings(max_examples=examples(60), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    name=st.sampled_from(_OWN_LENGTH),
    measured=st.integers(150, 790),
    reported=st.integers(150, 790),
    source=st.sampled_from(_SOURCE_LABELS),
    sep=st.sampled_from([":", "：", " ="]),
    gap=st.sampled_from(_GAPS),
    bold=st.sampled_from(["", "**"]),
)
def test_a_line_naming_only_its_source_under_the_run_is_no_record(
    read: Read,
    head: str,
    name: str,
    measured: int,
    reported: int,
    source: str,
    sep: str,
    gap: str,
    bold: str,
) -> None:
    text = (
        f"{head}- {name}: {bold}{measured / 100:.3f}{bold}.\n"
        f"- {source}{sep} {reported / 100:.2f}{gap}\n"
        "- 95% CI: `[1.2, 7.9]`\n"
    )
    assert _lengths(read, text) == [pytest.approx(measured / 100)]


@settings(max_examples=examples(60), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    name=st.sampled_from(_OWN_LENGTH),
    measured=st.integers(150, 790),
    reported=st.integers(150, 790),
    credited=st.sampled_from(_CREDITED),
    own_first=st.booleans(),
)
def test_a_value_credited_to_a_source_beside_the_run_is_no_record(
    read: Read,
    head: str,
    name: str,
    measured: int,
    reported: int,
    credited: str,
    own_first: bool,
) -> None:
    own = f"- {name}：{measured / 100:.2f}"
    cited = credited.format(v=f"{reported / 100:.2f}")
    body = f"{own}\n\n{cited}\n" if own_first else f"{cited}\n\n{own}\n"
    assert _lengths(read, head + body) == [pytest.approx(measured / 100)]


@settings(max_examples=examples(60), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    name=st.sampled_from(_OWN_LENGTH),
    measured=st.integers(150, 790),
    reported=st.integers(150, 790),
    own_run=st.sampled_from(_OWN_WITH_SOURCE),
)
def test_the_writers_run_with_a_sources_setup_stays_read(
    read: Read, head: str, name: str, measured: int, reported: int, own_run: str
) -> None:
    text = f"{head}- {name}：{measured / 100:.2f}\n\n{own_run.format(v=f'{reported / 100:.2f}')}\n"
    assert _lengths(read, text) == [
        pytest.approx(measured / 100),
        pytest.approx(reported / 100),
    ]


@settings(max_examples=examples(40), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    reported=st.integers(150, 790),
    credited=st.sampled_from(_CREDITED),
)
def test_a_sources_figure_alone_stays_a_reported_run(
    read: Read, head: str, reported: int, credited: str
) -> None:
    text = head + credited.format(v=f"{reported / 100:.2f}") + "\n"
    assert _lengths(read, text) == [pytest.approx(reported / 100)]


@pytest.mark.parametrize(
    "second",
    [
        "公式计算的接受长度为 4.30。",  # the Chinese 公式 is a formula, no source
        "官方版本实测接受长度为 4.30。",  # the writer measured it
    ],
)
def test_no_source_in_chinese(read: Read, second: str) -> None:
    text = f"{_HEADS[1]}- 本地 EAGLE 接受长度：3.02\n\n{second}\n"
    assert _lengths(read, text) == [pytest.approx(3.02), pytest.approx(4.30)]
