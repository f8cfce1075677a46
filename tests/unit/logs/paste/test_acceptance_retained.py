"""A share before the acceptance's noun, then a word saying it was kept against a baseline
(`99% acceptance retained`, `preserved`, `kept`, `maintained`): how much of the acceptance a
change left intact, no rate of a run; no record. The same share before the noun and another word
(`97% acceptance rate, retained ...`: the comma ends the noun; `97% acceptance on chat`) stays a
rate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _rates(read: Read, text: str) -> list[float | None]:
    return [r.printed_rate for r in read(text).records]


@settings(max_examples=25, deadline=None)
@given(
    pct=st.integers(min_value=40, max_value=100),
    method=st.sampled_from(["", "speculative ", "draft ", "MTP "]),
    word=st.sampled_from(["retained", "preserved", "kept", "maintained"]),
    wrap=st.sampled_from(["({body}) at long context", "{body} with the chunked cache", "- {body}"]),
)
def test_share_kept_against_a_baseline_is_no_record(
    read: Read, pct: int, method: str, word: str, wrap: str
) -> None:
    body = f"{pct}% {method}acceptance {word}"
    text = "Eagle drafter notes\nSwitch the cache to paged blocks " + wrap.format(body=body) + ".\n"
    assert _rates(read, text) == []


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("The drafter showed 83% acceptance on chat prompts.\n", 0.83),
        ("With the new cache, 77% draft acceptance, retained across batch sizes.\n", 0.77),
        ("Chat runs reached 64% acceptance rate after warmup.\n", 0.64),
    ],
)
def test_share_before_other_words_stays_a_rate(read: Read, text: str, want: float) -> None:
    assert _rates(read, text) == [pytest.approx(want)]
