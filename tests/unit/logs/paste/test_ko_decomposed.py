"""A Korean per-step total said to be its accepted drafts with the bonus token added
(ja_decomposed.py's Korean span): `평균 수용 길이는 X로, 수용 드래프트 토큰 Y에 보너스 토큰을
더한 것이다`, X = Y + 1, is a length with the bonus, the sentence perhaps wrapped between the name
and its particle (the particle after a bracket glossing the name with a count, `(출력 수)는`;
zhwrapped.py). A sum that fails, drafts not named, a token added that is no bonus or a denial
decide nothing: the total read as printed, convention unknown."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ("평균 수용 길이", "평균 수락 길이", "스텝당 평균 수락 길이")
_GLOSSES = ("", "(출력 수)", "（생성 토큰 수）")
_JOINS = ("로, ", "으로 ", "이며, ")
_DRAFTS = ("수용 드래프트 토큰 ", "수락된 드래프트 토큰 ", "채택된 초안 토큰 ")
_ONES = (
    "에 보너스 토큰을 더한 것이다.",
    "에 1개의 보너스 토큰을 더한 값입니다.",
    "개에 타깃 토큰을 합한 것.",
)
_LEADS = ("", "- **accept** — 카운터 차분. ", "1. 측정 결과: ")


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    gloss=st.sampled_from(_GLOSSES),
    join=st.sampled_from(_JOINS),
    drafts=st.sampled_from(_DRAFTS),
    one=st.sampled_from(_ONES),
    lead=st.sampled_from(_LEADS),
    thousandths=st.integers(1050, 4990),
    decimals=st.sampled_from((2, 3)),
    wrapped=st.booleans(),
)
def test_a_total_said_to_be_drafts_plus_the_bonus_counts_it(
    read: Read,
    name: str,
    gloss: str,
    join: str,
    drafts: str,
    one: str,
    lead: str,
    thousandths: int,
    decimals: int,
    wrapped: bool,
) -> None:
    # (a wrap after the name moves its particle up only past a bracket: a bare '는' opening a
    # line is left as written)
    assume(gloss or not wrapped)
    x = round(thousandths / 1000, decimals)
    total, y = f"{x:.{decimals}f}", f"{x - 1:.{decimals}f}"
    head = lead + name
    tail = f"{gloss}는 {total}{join}{drafts}{y}{one}"
    body = head + ("\n  " if wrapped else "") + tail
    records = read(body + "\n").records
    assert [r.printed_length for r in records] == pytest.approx([x])
    assert [r.accept_length for r in records] == pytest.approx([x])


_NEAR = {
    "sum fails": ("수용 드래프트 토큰 ", "에 보너스 토큰을 더한 것이다.", 0.5),
    "drafts unnamed": ("", "에 보너스 토큰을 더한 것이다.", 0.0),
    "no bonus": ("수용 드래프트 토큰 ", "에 워밍업 토큰을 더한 것이다.", 0.0),
    "denied": ("수용 드래프트 토큰 ", "에 보너스 토큰을 더한 값이 아니다.", 0.0),
}


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    near=st.sampled_from(sorted(_NEAR)),
    thousandths=st.integers(1500, 4990),
)
def test_near_misses_decide_nothing(read: Read, name: str, near: str, thousandths: int) -> None:
    drafts, one, off = _NEAR[near]
    x = thousandths / 1000
    total, y = f"{x:.3f}", f"{x - 1 + off:.3f}"
    body = f"{name}는 {total}로, {drafts}{y}{one}"
    records = read(body + "\n").records
    lengths = [r.printed_length for r in records if r.printed_length is not None]
    assert lengths[:1] == pytest.approx([x])
    assert all(r.accept_length is None for r in records)
