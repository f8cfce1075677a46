"""A change from a value to a range, and a bare 'mtp=N' as the draft tokens a step, both ways
(our own text):

- a Chinese change sentence with the average's word after 从 and 了 after 到 ('接受长度从平均3.4下降到了
  2.6') is 'from 3.4 to 2.6': two records;
- a change whose new value is a range ('from 3.4 to 2.1-2.6', '下降到了2.1-2.6') gives the old
  value only (a range is no record);
- 'mtp=3' states the draft tokens a step as the '--mtp 3' flag does, CJK around it or not: a
  length above it counts the target's token; a list of them ('mtp=3/4') states none.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _lengths(text: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.accept_length) for r in read_paste(text).records]


@settings(max_examples=examples(30), deadline=None)
@given(
    old=st.integers(21, 59),
    new=st.integers(11, 19),
    verb=st.sampled_from(["下降到了", "降到", "下降至", "降低到了"]),
    average=st.sampled_from(["平均", ""]),
)
def test_a_chinese_change_from_an_average(old: int, new: int, verb: str, average: str) -> None:
    text = f"用了MTP投机解码。\n接受长度从{average}{old / 10}{verb}{new / 10}\n"
    assert [p for p, _ in _lengths(text)] == [old / 10, new / 10]


def test_a_chinese_change_by_an_amount_is_no_change_to_a_value() -> None:
    assert _lengths("用了MTP投机解码。\n接受长度从平均3.1下降了0.7\n") == []


@settings(max_examples=examples(30), deadline=None)
@given(old=st.integers(21, 59), lo=st.integers(11, 15), hi=st.integers(16, 19), zh=st.booleans())
def test_a_change_to_a_range_keeps_the_old_value_only(old: int, lo: int, hi: int, zh: bool) -> None:
    change = (
        f"接受长度从平均{old / 10}下降到了{lo / 10}-{hi / 10}，速度也慢了"
        if zh
        else f"the accept length went from {old / 10} to {lo / 10}-{hi / 10} after the fix"
    )
    assert [p for p, _ in _lengths(f"MTP drafts on.\n{change}\n")] == [old / 10]


def test_a_change_to_a_value_then_a_dash_keeps_both() -> None:
    text = "MTP drafts on.\nthe accept length went from 3.4 to 2.1 - a big drop\n"
    assert [p for p, _ in _lengths(text)] == [3.4, 2.1]


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(1, 7),
    before=st.sampled_from(["the old ", "原", "(", "with "]),
    after=st.sampled_from([" scheme", "方案", ")", ""]),
)
def test_a_bare_mtp_setting_states_k(k: int, before: str, after: str) -> None:
    assert I.k_stated(f"{before}mtp={k}{after}") == k


def test_a_length_above_a_bare_mtp_setting_counts_the_target_token() -> None:
    assert _lengths("MTP on.\naccept length 3.6 with the old mtp=3 scheme\n") == [(3.6, 3.6)]
    # (below it: nothing proves either way)
    assert _lengths("MTP on.\naccept length 2.6 with the old mtp=3 scheme\n") == [(2.6, None)]


def test_no_k_from_a_list_or_a_longer_word() -> None:
    assert I.k_stated("mtp=3/4") is None
    assert I.k_stated("smtp=3 relay") is None
    assert _lengths("MTP on.\naccept length 3.6 with mtp=3/4\n") == [(3.6, None)]
