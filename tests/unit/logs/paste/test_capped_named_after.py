"""A cap whose figure is named after its preposition ('limited to an acceptance length of 1',
'capped at a tokens-per-step of 3'): the most the figure can be, no run's value (capped.py).
A figure measured in a sentence that says 'limited' elsewhere is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "text",
    [
        "- Plain greedy decoding (the reference, but limited to acceptance length of 1).\n",
        "Without drafts a decoder is capped at a mean accept length of 1 by definition.\n",
        "The tiny head stays clamped to the accept length of 2 whatever we tune.\n",
    ],
)
def test_a_cap_named_after_its_preposition_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("With a limited budget the mean acceptance length was 2.6 on chat.\n", 2.6),
        ("Mean acceptance length of 2.35 on the limited set of prompts.\n", 2.35),
    ],
)
def test_limited_elsewhere_is_read(read: Read, text: str, length: float) -> None:
    assert [r.printed_length for r in read(text).records] == [pytest.approx(length)]


@settings(max_examples=30, deadline=None)
@given(
    verb=st.sampled_from(["limited", "capped", "clamped"]),
    prep=st.sampled_from(["to", "at"]),
    article=st.sampled_from(["", "an ", "the "]),
    name=st.sampled_from(
        ["acceptance length", "accept length", "mean acceptance length", "avg accept len"]
    ),
    sep=st.sampled_from(["of ", "of ~", "= "]),
    cap=st.integers(min_value=1, max_value=8),
    lead=st.sampled_from(["- Baseline decoding, ", "The plain decoder is ", "Vanilla runs are "]),
)
def test_generated_named_caps(
    verb: str, prep: str, article: str, name: str, sep: str, cap: int, lead: str
) -> None:
    from specdiag.core.logs.paste import read_paste

    text = f"{lead}{verb} {prep} {article}{name} {sep}{cap} by construction.\n"
    assert read_paste(text).records == ()
