"""A Chinese change of a figure from the level it usually holds, both ways (our own text):

- '接受率从正常的 ~45% 骤降到 ~12%' (from the normal ~45% plunging to ~12%): the word naming the
  usual level (正常的, 通常的, 原来的, 之前的) before the first value, an approximate mark on either
  value and an adverb on the verb (骤降, 大幅下降, 暴跌) still make it 'from X to Y': two records,
  approximate values with no normalised figure;
- a change by an amount ('骤降了 20%'), or a level named as expected ('从预期的 45%'), is no
  change to a value read here.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _read(text: str) -> list[tuple[float | None, float | None, float | None]]:
    return [(r.printed_length, r.printed_rate, r.accept_length) for r in read_paste(text).records]


@settings(max_examples=examples(40), deadline=None)
@given(
    usual=st.sampled_from(["正常的", "通常的", "原来的", "之前的", "平时的", "原本的"]),
    verb=st.sampled_from(["骤降到", "大幅下降到", "暴跌至", "降到", "急剧下降到了"]),
    old=st.integers(31, 79),
    new=st.integers(2, 29),
    approx=st.sampled_from(["~", "≈", ""]),
    bold=st.sampled_from(["**", ""]),
)
def test_a_rate_from_its_usual_level(
    usual: str, verb: str, old: int, new: int, approx: str, bold: str
) -> None:
    text = (
        "换了一个 EAGLE 草稿模型之后，\n"
        f"推测解码的接受率从{usual} {bold}{approx}{old}%{bold}{verb} {bold}{approx}{new}%{bold}，"
        "几乎所有草稿都被拒绝。\n"
    )
    got = _read(text)
    assert [(p, round(r or 0, 6)) for p, r, _ in got] == [(None, old / 100), (None, new / 100)]
    assert all(a is None for _, _, a in got)


@settings(max_examples=examples(20), deadline=None)
@given(
    usual=st.sampled_from(["原来的", "之前的"]), old=st.integers(25, 45), new=st.integers(11, 19)
)
def test_a_length_from_its_earlier_level(usual: str, old: int, new: int) -> None:
    text = f"用了MTP投机解码。\n接受长度从{usual} {old / 10} 暴跌到 {new / 10}。\n"
    assert [p for p, _, _ in _read(text)] == [old / 10, new / 10]


@settings(max_examples=examples(20), deadline=None)
@given(old=st.integers(31, 79), by=st.integers(2, 29))
def test_a_drop_by_an_amount_is_no_value(old: int, by: int) -> None:
    text = f"用了MTP投机解码。\n接受率从正常的 ~{old}% 骤降了 {by}%。\n"
    assert _read(text) == []


def test_an_expected_level_is_no_change_read_here() -> None:
    assert _read("用了MTP投机解码。\n接受率从预期的 45% 降到 10%。\n") == []
