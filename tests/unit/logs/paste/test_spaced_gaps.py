"""A spaced table copied a paragraph a line (a blank line after the header and after every row):
read as the same table without the blank lines, one record a row; prose paragraphs of one line,
a header over a single row, two blank lines between rows, or rows of another width stay as they
were."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import spaced_gaps as SG
from tests.unit.logs.paste.pipeline import Read


def _lines(text: str) -> list[tuple[int, str]]:
    return list(enumerate(text.split("\n"), 1))


_LABELS = ["chat", "code", "math", "summary", "Average"]


@settings(max_examples=25, deadline=None)
@given(
    lengths=st.lists(st.integers(min_value=110, max_value=690), min_size=2, max_size=5),
    speed=st.sampled_from(["Base tok/s Draft tok/s", "Plain tok/s Spec tok/s"]),
    name=st.sampled_from(["AL", "τ", "Acc.Len"]),
    last=st.sampled_from(["Speedup", "Gain"]),
    title=st.sampled_from(["", "Measured on one card, 8 prompts each:\n\n"]),
)
def test_rows_a_paragraph_each_read_as_one_table(
    read: Read, lengths: list[int], speed: str, name: str, last: str, title: str
) -> None:
    rows = [
        f"{_LABELS[k]} 30.{k}0 {40 + k}.25 {v / 100:.2f} 1.{k}5x" for k, v in enumerate(lengths)
    ]
    text = title + f"Task {speed} {name} {last}\n\n" + "\n\n".join(rows) + "\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [round(v / 100, 2) for v in lengths]


def test_blank_lines_dropped_only_inside_the_table() -> None:
    text = "Intro line.\n\nTask Base tok/s AL Speedup\n\nchat 30.1 2.10 1.2x\n\ncode 31.5 2.80 1.6x\n\nBye."
    got = SG.closed(_lines(text))
    assert [t for _, t in got] == [
        "Intro line.",
        "",
        "Task Base tok/s AL Speedup",
        "chat 30.1 2.10 1.2x",
        "code 31.5 2.80 1.6x",
        "",
        "Bye.",
    ]


def test_near_misses_keep_their_blank_lines() -> None:
    for text in [
        # a header over a single row
        "Task Base tok/s AL Speedup\n\nchat 30.1 2.10 1.2x\n\nThat is all.",
        # two blank lines between rows
        "Task Base tok/s AL Speedup\n\nchat 30.1 2.10 1.2x\n\n\ncode 31.5 2.80 1.6x",
        # rows of another width than the header
        "Task Base tok/s AL Speedup\n\nchat 30.1 2.10\n\ncode 31.5 2.80",
        # a sentence over figures: no header
        "We ran the drafter on two sets.\n\nchat 30.1 2.10 1.2x\n\ncode 31.5 2.80 1.6x",
        # prose paragraphs of one line each
        "The draft head helps a lot\n\nOn chat it gave 2.1 and 30 tok/s.\n\nOn code 2.8 and 31 tok/s.",
    ]:
        assert SG.closed(_lines(text)) == _lines(text)


def test_prose_paragraphs_read_no_table(read: Read) -> None:
    text = (
        "Speculative decoding with the draft head\n\n"
        "chat prompts were fine at 30 tok/s and 2 drafts\n\n"
        "code prompts ran at 31 tok/s with 3 drafts\n"
    )
    assert [r.printed_length for r in read(text).records] == []


def test_negative_control_sentences_with_figures_under_a_title_are_no_rows() -> None:
    text = (
        "**Mean acceptance length**\n\nEvaluated on 10 prompts per length, temperature 0.\n\n"
        "Evaluated on 10 prompts per length, temperature 0.\n\n"
        "| Context | drafter-0 |\n|---|---|\n| 2k | 1.010 |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [1.01]
