"""A code span closed inside bold (``**Low `accept len: 1.90`**``): the value is read as it is
in a code span alone or in bold alone; a backtick closing anything but a figure, or a bold
closing no code span, changes nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    value=st.floats(1.0, 4.5),
    word=st.sampled_from(["Sporadic ", "Low ", "", "Steady "]),
    bold=st.sampled_from(["**", "__"]),
    after=st.sampled_from([" on the slow request.", " (3 drafts, 0 accepted).", ""]),
    item=st.sampled_from(["", "2. ", "- "]),
)
def test_a_code_span_closed_inside_bold_is_read(
    value: float, word: str, bold: str, after: str, item: str
) -> None:
    text = f"{item}{bold}{word}`Mean acceptance length: {value:.2f}`{bold}{after}\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [round(value, 2)]


def test_negative_control_a_word_in_code_inside_bold_is_no_figure() -> None:
    got = read_paste("**Tried `accept_len`** and `--spec 3`** flags.\n").records
    assert got == ()
