"""A cap stated in prose ('k=2 caps tok/step at 3') is the most a figure can be, no run's value
(capped.py); a part after 'of which' ('40 tokens per step, of which ~14 are kept') counts a part
of the words before it, never their value (partitive.py). Figures before the cap's verb or the
'of which' are read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "text",
    [
        "Setting k=2 caps tok/step at 3 on a single stream.\n",
        "With k=3 the draft limits the accept length to 4 tokens per step.\n",
        "A depth of 5 clamps tokens per step at 6 whatever the prompt.\n",
        "At k=4 every step verifies 5 tokens, so at batch 8 that is 40 tokens per step of which "
        "~14 are kept.\n",
        "The verifier sees 96 tokens per step, of which about 30 survive.\n",
    ],
)
def test_a_cap_or_a_part_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    ("text", "length"),
    [
        ("Mean acceptance length 2.7, capped at 4 by the depth.\n", 2.7),
        ("We got 2.4 tokens per step, of which 1.4 were drafts.\n", 2.4),
        ("Acceptance length 2.9 tokens/step, which caps the speedup at 2.1x.\n", 2.9),
    ],
)
def test_a_figure_before_the_cap_or_part_is_read(read: Read, text: str, length: float) -> None:
    assert [r.printed_length for r in read(text).records] == [pytest.approx(length)]


@settings(max_examples=30, deadline=None)
@given(
    verb=st.sampled_from(["caps", "capped", "limits", "limited", "clamps"]),
    name=st.sampled_from(["tok/step", "tokens per step", "the accept length", "acceptance length"]),
    prep=st.sampled_from(["at", "to"]),
    cap=st.integers(min_value=2, max_value=9),
    hedge=st.sampled_from(["", "~", "about "]),
    whole=st.integers(min_value=20, max_value=200),
    part=st.integers(min_value=3, max_value=19),
    measured=st.integers(min_value=11, max_value=19),
)
def test_generated_caps_and_parts(
    verb: str,
    name: str,
    prep: str,
    cap: int,
    hedge: str,
    whole: int,
    part: int,
    measured: int,
) -> None:
    from specdiag.core.logs.paste import read_paste

    assert (
        read_paste(f"Setting k={cap - 1} {verb} {name} {prep} {cap} on one stream.\n").records == ()
    )
    said = f"That is {whole} tokens per step of which {hedge}{part} are kept.\n"
    assert read_paste(said).records == ()
    kept = f"Mean acceptance length {measured / 10:.1f}, {verb} {prep} {cap} by the depth.\n"
    assert [r.printed_length for r in read_paste(kept).records] == [pytest.approx(measured / 10)]
