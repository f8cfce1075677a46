"""A range right before an acceptance figure's name in a phrase cell of a table no other reader
reads (column_phrases.range_cells): `| cfg B, k=2 | 70 | steady on long prompts, 61-74% draft
acceptance |` is that row's run, measured, its figure printed as a range: a record of no figure.
A range of another measure (`40-55 tok/s`), a range in a sentence below the table, and a range
after the name's clause has ended give none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = "| Config | tok/s c=1 | tok/s c=4 | Remarks |\n|---|---|---|---|\n"
_NAMES = ["acceptance", "draft acceptance", "MTP acceptance", "acceptance rate", "accept rate"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lo=st.integers(5, 60),
    width=st.integers(3, 30),
    name=st.sampled_from(_NAMES),
    dash=st.sampled_from(["-", "–"]),
    lead=st.sampled_from(["", "steady on long prompts, ", "**best so far**; "]),
    tail=st.sampled_from(["", ", needs warmup", " (chat set)"]),
    row=st.integers(0, 2),
    bold=st.booleans(),
)
def test_a_range_before_the_name_is_its_rows_record(
    read: Read,
    lo: int,
    width: int,
    name: str,
    dash: str,
    lead: str,
    tail: str,
    row: int,
    bold: bool,
) -> None:
    cell = f"{lead}{lo}{dash}{lo + width}% {name}{tail}"
    rows = [
        "| cfg A, no draft | 61 | 220 | baseline throughput |",
        "| cfg C, k=4 | 55 | — | slower at low batch |",
    ]
    mark = "**" if bold else ""
    rows.insert(row, f"| {mark}cfg B, k=2{mark} | {mark}70{mark} | 260 | {cell} |")
    text = "Speculative decoding on one GPU.\n\n" + _HEAD + "\n".join(rows) + "\n"
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].first_line == 5 + row, text
    assert got[0].printed_rate is None and got[0].printed_length is None, text
    assert got[0].accept_length is None, text


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(5, 60),
    form=st.sampled_from(
        [
            "| cfg B, k=2 | 70 | 260 | {lo}-{hi} tok/s on acceptance-heavy prompts |",
            "| cfg B, k=2 | 70 | 260 | acceptance drops - {lo}-{hi}% on code |",
            "| cfg B, k=2 | 70 | 260 | fast |\n\nOn chat the acceptance was {lo}-{hi}%.",
        ]
    ),
)
def test_other_ranges_give_no_record(read: Read, lo: int, form: str) -> None:
    text = "Speculative decoding on one GPU.\n\n" + _HEAD + form.format(lo=lo, hi=lo + 9) + "\n"
    assert read(text).records == (), text
