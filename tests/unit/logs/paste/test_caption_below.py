"""A table whose header names no figure (method columns), with no title above it and its
numbered caption right below ('Table 2: Acceptance lengths for ...', perhaps inside a page's
HTML tags): the caption's first sentence titles it, one record a cell."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_TABLE = pipe_table(
    ["Task", "Target", "Tree", "Chain", "Lookup"],
    [["Chat", "Model-S", "2.91", "2.70", "2.12"], ["Code", "Model-S", "3.04", "2.88", "2.51"]],
)
_CELLS = [2.91, 2.70, 2.12, 3.04, 2.88, 2.51]


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.integers(1, 12),
    name=st.sampled_from(["Acceptance lengths", "Mean accept length", "Accept lengths"]),
    wrap=st.sampled_from(["{}", '<p align="center"><em>{}</em></p>', "<sub>{}</sub>"]),
    gap=st.sampled_from(["", "\n"]),
    after=st.sampled_from(["", " The draft length is 4.", " Greedy decoding."]),
)
def test_a_numbered_caption_below_titles_the_table(
    n: int, name: str, wrap: str, gap: str, after: str
) -> None:
    caption = wrap.format(f"Table {n}: {name} for our drafters.{after}")
    text = "Results on two tasks follow.\n\n" + _TABLE + gap + caption + "\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == _CELLS
    assert all(r.accept_length is None for r in got)  # nothing decides the bonus


def test_the_caption_reaches_the_pipeline(read: Read) -> None:
    text = _TABLE + "\nTable 3: Acceptance lengths for the three drafters.\n"
    assert [r.printed_length for r in read(text).records] == _CELLS


def test_negative_control_a_caption_naming_another_figure_reads_nothing() -> None:
    text = _TABLE + "\nTable 3: Decode speedups for the three drafters.\n"
    assert read_paste(text).records == ()


def test_negative_control_an_unnumbered_sentence_below_reads_nothing() -> None:
    text = _TABLE + "\nAcceptance lengths went up for the tree drafter, as expected.\n"
    assert read_paste(text).records == ()


def test_negative_control_a_caption_further_down_is_no_title() -> None:
    text = _TABLE + "\nSome words in between.\n\nTable 3: Acceptance lengths for the drafters.\n"
    assert read_paste(text).records == ()
