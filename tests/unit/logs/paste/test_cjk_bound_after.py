"""A comparison written after its value (Japanese and Korean order: `2.0未満`, `1.8 이상`) makes
the value a bound, an alarm's or a check's threshold, no run (thresholds.py); the same figure
printed without the comparison is still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.thresholds import blank
from tests.support.examples import examples

_LEAD = "Speculative decoding with an EAGLE draft head.\n\n"

_NAMES = ["平均受理長", "受理長", "accept length", "평균 수락 길이", "acceptance length"]
_BOUNDS = [
    "未満", "以下", "以上", "を超える", "미만", "이하", "이상", "초과", "을 넘으면",
    "보다 커야 한다", "より高ければ", "라면", "이면", "なら", "であれば", "とすると",
]  # fmt: skip
_LAYOUTS = [
    "# {name}{sep}{v}{bound}: alert",
    'description="{name}{sep}{v}{bound}"',
    "- {name}{sep}{v}{bound}",
    "{name}{sep}{v}{bound}のとき通知する",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    bound=st.sampled_from(_BOUNDS),
    layout=st.sampled_from(_LAYOUTS),
    sep=st.sampled_from(["", " ", "が", ": "]),
    whole=st.integers(1, 4),
    frac=st.integers(1, 99),
    space=st.sampled_from(["", " "]),
)
def test_a_value_before_a_comparison_is_no_record(
    name: str, bound: str, layout: str, sep: str, whole: int, frac: int, space: str
) -> None:
    v = f"{whole}.{frac:02d}{space}"
    text = _LEAD + layout.format(name=name, sep=sep, v=v, bound=bound) + "\n"
    assert read_paste(text).records == (), text


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["平均受理長", "受理長", "accept length"]),
    sep=st.sampled_from([" ", ": ", "は"]),
    whole=st.integers(1, 4),
    frac=st.integers(1, 99),
    tail=st.sampled_from(["", "でした", " (測定値)", "。"]),
)
def test_the_same_value_without_a_comparison_is_read(
    name: str, sep: str, whole: int, frac: int, tail: str
) -> None:
    v = f"{whole}.{frac:02d}"
    text = _LEAD + f"{name}{sep}{v}{tail}\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [float(v)], text


def test_blank_keeps_the_line_length_and_a_whole_number() -> None:
    line = "受理長 2.31 (k=3), 閾値は1.5未満, ステップ 4 以上"
    out = blank(line)
    assert len(out) == len(line)
    assert "2.31" in out and "1.5" not in out and "4 以上" in out


def test_a_supposed_rate_and_a_bound_in_korean_prose_are_no_records() -> None:
    text = (
        _LEAD
        + "후보가 둘이고 수락률이 .72라면 2.44개를 확정한다고 가정합니다.\n"
        + "비용이 2이면 수락률이 1.2보다 커야 이득입니다.\n"
    )
    assert read_paste(text).records == ()
