"""A figure printed right before its name (`88% acceptance rate`) in the very words of exactly
one earlier prose record (a table label's note, then the text summing it up) is that run told
twice: one record. Three lines alike, a label, or a sentence setting its run apart (`before`,
`than`, `vs`) keep every record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["acceptance rate", "draft acceptance rate", "acceptance"]


def _table(rate: str, name: str, bold: bool) -> str:
    note = f"**{rate} {name}**" if bold else f"{rate} {name}"
    return (
        "Where the time went\n"
        "| Change | tok/s | Gain |\n"
        "|---|---|---|\n"
        "| Plain decoding | 17.2 | - |\n"
        f"| + draft head ({note}) | 24.9 | +45% |\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    whole=st.integers(40, 99),
    decimals=st.booleans(),
    name=st.sampled_from(_NAMES),
    bold=st.booleans(),
    lead=st.sampled_from(["So you get", "Either way you keep", "Overall we keep"]),
)
def test_a_phrase_told_again_is_one_record(
    whole: int, decimals: bool, name: str, bold: bool, lead: str
) -> None:
    rate = f"{whole}.5%" if decimals else f"{whole}%"
    text = (
        _table(rate, name, bold)
        + "\nThe head ships with the checkpoint, so nothing else is needed. "
        + f"{lead} {rate} {name} there too.\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [
        round((whole + (0.5 if decimals else 0)) / 100, 4)
    ]


def test_negative_control_three_lines_alike_keep_their_records() -> None:
    text = (
        _table("91%", "acceptance rate", False)
        + "\nOn the first box you see 91% acceptance rate.\n"
        + "\nOn the second box you see 91% acceptance rate.\n"
    )
    assert len(read_paste(text).records) == 3


def test_negative_control_a_sentence_set_apart_keeps_its_record() -> None:
    text = (
        _table("91%", "acceptance rate", False)
        + "\nBefore the fix it already gave 91% acceptance rate.\n"
    )
    assert len(read_paste(text).records) == 2


def test_negative_control_another_value_is_read() -> None:
    text = (
        _table("91%", "acceptance rate", False) + "\nOn long prompts you see 84% acceptance rate.\n"
    )
    assert sorted(round(r.printed_rate or 0, 2) for r in read_paste(text).records) == [0.84, 0.91]


def test_negative_control_the_name_alone_apart_is_read() -> None:
    # the value printed apart from its name ('rate: 91%') is no phrase told again
    text = (
        _table("91%", "acceptance rate", False)
        + "\nMeasured acceptance rate: 91% on a second box.\n"
    )
    assert len(read_paste(text).records) == 2


def test_negative_control_two_sentences_alike_keep_their_records() -> None:
    # no table's note: two sentences may tell two runs of one figure
    text = (
        "Our own head gave 77% acceptance rate overall.\n\n"
        "A colleague's head gave 77% acceptance rate overall.\n"
    )
    assert len(read_paste(text).records) == 2


def test_negative_control_text_naming_a_run_of_its_own_keeps_its_record() -> None:
    text = (
        _table("91%", "acceptance rate", False) + "\nOn code the head gave 91% acceptance rate.\n"
    )
    assert len(read_paste(text).records) == 2
