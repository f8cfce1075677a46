"""``接受`` as a verb before ``长度`` (``函数也接受长度为 4 的列表``: the function also accepts
lists of length 4): after a subject that is no speculative run and followed by ``的`` and a
noun, no accept length is read. The figure's own name stays read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.zhverb import verbs_apart
from tests.support.examples import examples


@pytest.mark.parametrize(
    "text",
    [
        "`forward()` 的参数说明：函数也接受长度为 4 的列表，并转换为张量。\n",
        "接口同样可以接受长度为 3 的元组作为输入。\n",
        # the object on the next line of a wrapped paragraph
        "位姿误差用四元数表示。代码也接受长度为 7\n的数组，并在内部归一化。\n",
        "该 API 只接受长度是 16 的字符串 key。\n",
    ],
)
def test_a_verb_and_its_objects_length_is_no_record(text: str) -> None:
    assert read_paste(text).records == ()


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("EAGLE-3 在 MT-Bench 上的平均接受长度为 2.6，加速 2.1 倍。\n", 2.6),
        ("投机解码开启后，接受长度为 3.1。\n", 3.1),
        # a subject of the figure itself (代码的: the code's), not a verb
        ("MTP 投机解码：新代码的接受长度为 2.85，旧代码为 2.41。\n", 2.85),
    ],
)
def test_negative_control_the_figures_name_stays_read(text: str, want: float) -> None:
    got = [r.printed_length for r in read_paste(text).records]
    assert want in got


@settings(max_examples=examples(25), deadline=None)
@given(
    subject=st.sampled_from(["代码", "函数", "接口", "API", "模型输入", "该函数"]),
    adverb=st.sampled_from(["", "也", "还可以", "只"]),
    n=st.integers(2, 64),
    noun=st.sampled_from(["向量", "列表", "数组", "序列"]),
    wrapped=st.booleans(),
)
def test_verb_use_set_apart(subject: str, adverb: str, n: int, noun: str, wrapped: bool) -> None:
    brk = "\n" if wrapped else ""
    lines = f"{subject}{adverb}接受长度为 {n}{brk}的{noun}。".split("\n")
    got = verbs_apart(lines)
    assert len(got) == len(lines)
    assert "接受长度" not in "".join(got)
    # a figure's name with a decimal and no object stays
    kept = [f"平均接受长度为 {n / 10:.1f}，投机解码开启。"]
    assert verbs_apart(kept) == kept
