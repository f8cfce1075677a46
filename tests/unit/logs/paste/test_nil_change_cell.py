"""A table cell whose figure is followed by a bracket saying, in words, that it did not change
against the other column (`2.31 (no gain)`, `(unchanged)`: cells._ANNOTATED's nil change): the
figure is the cell's, as with a signed change (`2.31 (+0.00)`). A bracket of other words
(`(estimated)`, `(target)`) leaves the cell unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NIL = ["no gain", "no change", "unchanged", "no improvement", "No difference"]


@settings(max_examples=examples(30), deadline=None)
@given(base=st.integers(150, 380), step=st.integers(0, 3), nil=st.sampled_from(_NIL))
def test_a_figure_with_a_nil_change_in_words(read: Read, base: int, step: int, nil: str) -> None:
    a, b = base / 100, (base + step) / 100
    text = (
        "| | k 2 | k 4 |\n|---|---|---|\n"
        f"| mean accepted tokens per step | {a:.2f} | {b:.2f} ({nil}) |\n"
        "| decode speed | 30 tok/s | 27 tok/s |\n"
    )
    got = sorted(r.printed_length for r in read(text).records if r.printed_length is not None)
    assert got == sorted([a, b]), text


@settings(max_examples=examples(20), deadline=None)
@given(base=st.integers(150, 380), aside=st.sampled_from(["estimated", "target", "goal"]))
def test_a_bracket_of_other_words_is_no_nil_change(read: Read, base: int, aside: str) -> None:
    a, b = base / 100, (base + 10) / 100
    text = (
        "| | k 2 | k 4 |\n|---|---|---|\n"
        f"| mean accepted tokens per step | {a:.2f} | {b:.2f} ({aside}) |\n"
        "| decode speed | 30 tok/s | 27 tok/s |\n"
    )
    got = [r.printed_length for r in read(text).records if r.printed_length is not None]
    assert b not in got, text
