"""Names written with a Unicode hyphen (U+2010 hyphen, U+2011 non-breaking hyphen), as web pages
and editors set them ('TensorRT\u2011LLM', 'N\u2011gram'), read as the ASCII hyphen every name is
written with: the tool is named and its convention applies. The dashes of a range (en dash) are
left as they are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste


@settings(max_examples=40, deadline=None)
@given(
    hyphen=st.sampled_from(["\u2010", "\u2011", "-"]),
    value=st.integers(110, 390).map(lambda n: n / 100),
    heading=st.sampled_from(["## TensorRT{h}LLM N{h}gram results", "TensorRT{h}LLM, our run:"]),
)
def test_a_tool_named_with_a_unicode_hyphen(hyphen: str, value: float, heading: str) -> None:
    paste = heading.format(h=hyphen) + f"\n\n- acceptance length {value:.2f} on chat\n"
    (rec,) = read_paste(paste).records
    assert rec.tool == "trtllm"
    assert rec.accept_length is not None and abs(rec.accept_length - value) < 1e-9


def test_without_the_name_nothing_is_decided() -> None:
    # (the same hyphen in another word names no tool)
    (rec,) = read_paste("Self\u2011speculation, our run:\n\n- acceptance length 1.80\n").records
    assert rec.tool == "unknown" and rec.accept_length is None


def test_a_range_keeps_its_en_dash() -> None:
    # a range in a sentence is no record, with either dash
    for dash in ("\u2013", "-"):
        assert not read_paste(
            f"TensorRT\u2011LLM acceptance length hovered at 1.6{dash}1.9.\n"
        ).records
