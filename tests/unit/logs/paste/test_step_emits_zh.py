"""A verify step as a Chinese sentence's subject, emitting its tokens (`step_emits._EMITS_ZH`):
`每轮验证耗时20ms,平均得到2个token` is tokens per verify step, the target's own token counted
(bonus included), one record; a whole count only where the sentence says it is a mean
(`平均`). A supposition or a bound (`如果`, `最多`), a whole count not said to be a mean, a
speed (`每秒`), a drafter's step or a paste naming no speculation read nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = st.sampled_from(["投机解码实测", "MTP 草稿头的性能记录", "Profiled with the drafter on."])
_SUBJECTS = st.sampled_from(
    ["单次verify forward", "每次验证", "每轮", "一次decode step", "每个iteration", "单次前向"]
)
_GAPS = st.sampled_from(["", "耗时20ms,", "在长文本上", " 大约花 31.5 ms, "])
_VERBS = st.sampled_from(["得到", "产出", "生成", "输出", "提交"])
_UNITS = st.sampled_from(["个token", " 个 tokens", "个词元"])


def _paste(lead: str, said: str) -> str:
    # (the speculation named in a block of its own, a blank line between)
    return f"{lead}\n\n{said}\n\n其余开销见下表。\n"


@settings(max_examples=examples(60), deadline=None)
@given(
    lead=_LEADS,
    subj=_SUBJECTS,
    gap=_GAPS,
    verb=_VERBS,
    unit=_UNITS,
    x=st.integers(101, 790),
    whole=st.booleans(),
    where=st.sampled_from(["subject", "verb", "count"]),
)
def test_a_step_emitting_its_tokens_is_tokens_per_step(
    read: Read,
    lead: str,
    subj: str,
    gap: str,
    verb: str,
    unit: str,
    x: int,
    whole: bool,
    where: str,
) -> None:
    v = str(x // 100) if whole else f"{x / 100:.2f}"
    avg = {w: "平均" if w == where else "" for w in ("subject", "verb", "count")}
    said = f"{avg['subject']}{subj}{gap}{avg['verb']}{verb}{avg['count']}{v}{unit}"
    got = read(_paste(lead, said)).records
    assert [r.printed_length for r in got] == [pytest.approx(float(v))]
    assert got[0].accept_length == pytest.approx(float(v))
    assert got[0].bonus.value == "included"


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=_LEADS,
    x=st.integers(101, 790),
    shape=st.sampled_from(
        [
            "如果每轮验证平均得到{v}个token,收益会更高",  # a supposition
            "每轮验证最多得到{v}个token",  # a bound
            "每次验证耗时20ms,得到{w}个token",  # a whole count not said to be a mean
            "每轮平均生成{v}个token每秒",  # a speed
            "每次draft forward平均生成{v}个token",  # the drafter's step
            "每次请求平均得到{v}个token",  # a request, no step
        ]
    ),
)
def test_negative_control_a_supposition_bound_whole_speed_or_other_subject_reads_nothing(
    read: Read, lead: str, x: int, shape: str
) -> None:
    said = shape.format(v=f"{x / 100:.2f}", w=x // 100 + 1)
    assert read(_paste(lead, said)).records == ()


def test_negative_control_no_speculation_in_the_paste_reads_nothing(read: Read) -> None:
    text = "推理服务压测记录\n\n每轮验证用时20ms,平均产出4个token\n"
    assert read(text).records == ()
