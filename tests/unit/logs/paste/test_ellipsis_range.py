"""Two values joined by an ellipsis ('0.91…0.42', '0.9...0.4') are a range's ends, as with a
dash: no record of either end; a value followed by a sentence's ellipsis with no number after
it ('acceptance was 0.71...') is read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    hi=st.integers(80, 97),
    lo=st.integers(20, 60),
    dots=st.sampled_from(["…", "...", "..", " … "]),
    name=st.sampled_from(["acceptance", "per-position acceptance", "accept rate"]),
)
def test_an_ellipsis_range_is_no_figure(hi: int, lo: int, dots: str, name: str) -> None:
    text = f"- their cluster: {name} {hi / 100:.2f}{dots}{lo / 100:.2f}, decaying smoothly.\n"
    assert read_paste(text).records == ()


def test_a_trailing_ellipsis_keeps_the_value(read: Read) -> None:
    got = read("Our draft's acceptance rate was 0.71... not bad for a first try.\n").records
    assert [r.printed_rate for r in got] == pytest.approx([0.71])
