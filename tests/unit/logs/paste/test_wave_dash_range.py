"""The wave dash between two values (`2.10〜2.45`, `40% 〜 55%`) is a range's tilde, as the
fullwidth tilde is (text.prepare): a range of a figure in prose is no one run's value. A wave
dash after a word, or a value alone, reads as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.text import prepare
from tests.support.examples import examples

_LEAD = "MTP draft, one token a step.\n\n"


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(["平均受理長は", "accept length ", "평균 수락 길이는 ", "受理長: "]),
    lo=st.integers(110, 240),
    step=st.integers(5, 80),
    space=st.sampled_from(["", " "]),
    tail=st.sampled_from(["", " token/step", "でした。", "の範囲"]),
)
def test_a_range_with_a_wave_dash_is_no_record(
    name: str, lo: int, step: int, space: str, tail: str
) -> None:
    hi = lo + step
    text = _LEAD + f"{name}{lo / 100:.2f}{space}〜{space}{hi / 100:.2f}{tail}\n"
    assert [r.printed_length for r in read_paste(text).records] == [], text


def test_a_wave_dash_after_a_word_is_kept_and_a_value_alone_is_read() -> None:
    assert "10時〜" in prepare("10時〜の実行\n")[0][1]
    got = read_paste(_LEAD + "平均受理長は 2.31 でした。\n").records
    assert [r.printed_length for r in got] == [2.31]
