"""A page's inline markup copied as its source (text._inline_html): paragraph and span tags,
with their attributes, around a sentence of figures are dropped before any reader, entities
read; a table's tags stay the table readers', and a text with no closing tag is left alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_WRAP = st.sampled_from(
    [
        ('<span class="x-bold" data-kind="strong" style="font-weight: 700;">', "</span>"),
        ("<strong>", "</strong>"),
        ("<b>", "</b>"),
        ('<em style="color: rgb(1, 2, 3);">', "</em>"),
    ]
)
_PARA = st.sampled_from(
    [('<p style="margin: 0px; font-family: &quot;Some Font&quot;, serif;">', "</p>"), ("", "")]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    wrap=_WRAP,
    para=_PARA,
    a=st.integers(30, 95),
    b=st.integers(30, 95),
    gap=st.sampled_from(["<span> </span>", " ", "&nbsp;"]),
)
def test_inline_tags_around_a_ranked_sentence_are_dropped(
    wrap: tuple[str, str], para: tuple[str, str], a: int, b: int, gap: str
) -> None:
    if a == b:
        b = a + 1
    w0, w1 = wrap
    text = (
        f"{para[0]}Draft accept rates seen: quick{gap}{w0}0.{a}{w1}, careful{gap}{w0}0.{b}{w1}"
        f" — speculative decoding works.{para[1]}\n"
    )
    got = [(r.printed_rate, r.labels) for r in read_paste(text).records]
    assert got == [(a / 100, (("config", "quick"),)), (b / 100, (("config", "careful"),))]


def test_negative_control_angle_brackets_without_a_closing_tag_stay() -> None:
    # a generic type and a comparison: no markup, the line as printed
    text = "Draft accept rates seen: quick 0.71, careful 0.64 for List<b> where a<b.\n"
    got = [r.printed_rate for r in read_paste(text).records]
    assert got == [0.71, 0.64]


def test_negative_control_a_table_in_html_is_still_a_table() -> None:
    text = (
        "<tr><th>Model</th><th>Accept Length</th></tr>\n"
        "<tr><td><b>draft-a</b></td><td>2.61</td></tr>\n"
        "<tr><td><span>draft-b</span></td><td>2.30</td></tr>\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.61, 2.30]
