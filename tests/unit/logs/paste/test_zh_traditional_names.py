"""Traditional Chinese forms of the acceptance names ('平均接受長度', '接受長度', '加權接受率'):
read as their simplified forms are, in prose and as a table's column; a Japanese name written
with the same kanji ('受理長') stays as before, and a Traditional word that is no acceptance
name ('長度' alone, a distance) stays unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTHS = ("平均接受長度", "接受長度", "平均接收長度", "每步接受長度")
_SEPARATORS = ("：", ": ", " ", "为 ", "=")


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_LENGTHS),
    sep=st.sampled_from(_SEPARATORS),
    hundredths=st.integers(111, 489),
)
def test_a_traditional_length_reads_as_the_simplified(
    read: Read, name: str, sep: str, hundredths: int
) -> None:
    value = f"{hundredths / 100:.2f}"
    simplified = name.replace("長", "长")
    trad = read(f"投機解碼測試，{name}{sep}{value}\n").records
    simp = read(f"投機解碼測試，{simplified}{sep}{value}\n").records
    assert [r.printed_length for r in trad] == [r.printed_length for r in simp]
    assert [r.printed_length for r in trad] == [float(value)]


@settings(max_examples=examples(30), deadline=None)
@given(
    label=st.sampled_from(("run-a", "cfg1", "ngram-k4", "eagle")),
    rate=st.integers(21, 94),
    hundredths=st.integers(111, 489),
)
def test_a_traditional_length_column_reads(
    read: Read, label: str, rate: int, hundredths: int
) -> None:
    text = (
        "| 設定 | 吞吐 | 接受率 | 平均接受長度 |\n"
        "|---|---|---|---|\n"
        f"| {label} | 31.5 rps | 0.{rate} | {hundredths / 100:.2f} |\n"
    )
    records = read(text).records
    assert [r.printed_length for r in records] == [hundredths / 100]


@settings(max_examples=examples(20), deadline=None)
@given(hundredths=st.integers(111, 489))
def test_a_traditional_word_of_no_acceptance_stays_unread(read: Read, hundredths: int) -> None:
    # a length of something else (a cable's), written with the same Traditional characters
    text = f"電纜長度為 {hundredths / 100:.2f} 米。\n"
    assert not read(text).records
