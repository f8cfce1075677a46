"""A paste naming no speculative decoding and no model's decoding, whose acceptance rate is a
rejection sampler's (items kept out of counted attempts, `1200 / 9000 attempts`, `次尝试`, or
`rejection sampling` named): every acceptance in it is of that meaning (reader.py
_OTHER_MEANING), no record. A paste of drafts counted so stays read."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ATTEMPTS = st.sampled_from(["attempts", "tries", "trials", "次尝试"])


@settings(max_examples=examples(30), deadline=None)
@given(
    kept=st.integers(100, 5000),
    tried=st.integers(5001, 90000),
    word=_ATTEMPTS,
    v=st.integers(1, 90),
    sep=st.sampled_from([" / ", "/", " of "]),
)
def test_a_sampler_paste_is_no_record(
    read: Read, kept: int, tried: int, word: str, v: int, sep: str
) -> None:
    text = (
        "## Puzzle builder\n\n"
        f"The hard tier is narrow: its acceptance rate is only {v}% before the fix.\n\n"
        "| Metric | Value |\n|---|---|\n"
        f"| Acceptance rate | {kept}{sep}{tried} {word} ≈ {100 * kept / tried:.1f}% |\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(v=st.integers(20, 90), k=st.integers(2, 6))
def test_a_drafter_paste_stays_read(read: Read, v: int, k: int) -> None:
    assume(v % 10 != 0)
    text = f"## EAGLE drafter, k={k}\n\nThe draft acceptance rate is {v}% on chat.\n"
    assert v / 100 in [r.printed_rate for r in read(text).records], text


@settings(max_examples=examples(30), deadline=None)
@given(
    word=st.sampled_from(["proposal density", "envelope constant", "提议密度", "包络常数"]),
    num=st.integers(1, 9),
    den=st.integers(10, 20),
)
def test_a_sampler_named_by_its_density_words_is_no_record(
    read: Read, word: str, num: int, den: int
) -> None:
    """A note on a rejection sampler names its proposal density or its envelope constant; its
    '接受率' / 'acceptance rate' is the sampler's, no record. Without those words the same line
    is read."""
    line = f"- The {word} gives the bound; the acceptance rate is {num / den:.3f}.\n"
    assert read(f"## Sampling notes\n\n{line}").records == ()
    plain = f"- The bound holds; the acceptance rate is {num / den:.3f}.\n"
    assert len(read(f"## Sampling notes\n\n{plain}").records) == 1
