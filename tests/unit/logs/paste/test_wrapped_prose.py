"""A prose sentence wrapped by hand over two or three lines is read as one sentence: one record,
its configuration kept; never joined across a blank line or into a table."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SENTENCES = [
    ("After the fix, the mean acceptance length on MT-Bench was {v} with k=5.", False),
    ("With EAGLE-3 the draft acceptance rate on chat reached {p}% at batch size 8.", True),
    ("On H100 our accept length is {v} for the new head.", False),
    ("The draft model's acceptance rate dropped to {p}% after quantization.", True),
]


def _figures(text: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.printed_rate) for r in read_paste(text).records]


@settings(max_examples=examples(60), deadline=None)
@given(
    pick=st.integers(0, len(_SENTENCES) - 1),
    v=st.integers(110, 590),
    p=st.integers(20, 95),
    cuts=st.lists(st.integers(1, 14), min_size=1, max_size=2, unique=True),
)
def test_a_sentence_wrapped_over_two_or_three_lines_is_one_record(
    pick: int, v: int, p: int, cuts: list[int]
) -> None:
    shape, is_rate = _SENTENCES[pick]
    sentence = shape.format(v=f"{v / 100:.2f}", p=p)
    words = sentence.split(" ")
    at = sorted(c for c in cuts if c < len(words))
    if not at:
        return
    parts = [" ".join(words[a:b]) for a, b in itertools.pairwise([0, *at, len(words)])]
    want = [(None, p / 100)] if is_rate else [(v / 100, None)]
    assert _figures(sentence + "\n") == want
    assert _figures("\n".join(parts) + "\n") == want


def test_the_example_of_the_docs_keeps_its_configuration() -> None:
    (r,) = read_paste("the mean acceptance\nlength on MT-Bench was 2.87 with k=5\n").records
    assert r.printed_length == 2.87 and ("k", "5") in r.labels


def test_negative_control_never_joined_across_a_blank_line() -> None:
    assert _figures("the mean acceptance\n\nlength on MT-Bench was 2.87 with k=5\n") == []


def test_negative_control_never_joined_into_a_table() -> None:
    text = (
        "The mean acceptance length per config:\n| config | tok/s |\n|---|---|\n| k=4 | 120.5 |\n"
    )
    assert _figures(text) == []
