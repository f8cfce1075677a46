"""A range right after an acceptance figure's name that opens its clause, in a phrase cell of a
table no other reader reads (column_phrases.range_cells, `_name_before`): `| long-form chat |
**180-210** | draft acceptance 0.58-0.66 |` is that row's run, measured, its figure printed as a
range: a record of no figure. A range of another measure after the name (`acceptance 30-45
tok/s`), a name with a figure before it in its clause, and a range after a name that is no
acceptance figure give none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = "| Task | tok/s | remarks |\n|---|---:|---|\n"
_NAMES = ["acceptance", "draft acceptance", "acceptance rate", "accept rate", "MTP acceptance"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lo=st.integers(30, 60),
    width=st.integers(2, 30),
    name=st.sampled_from(_NAMES),
    dash=st.sampled_from(["-", "–", "—"]),
    percent=st.booleans(),
    lead=st.sampled_from(["", "greedy, ", "warm cache; "]),
    tail=st.sampled_from(["", " on long prompts", ", drafts of 3", " (steady)"]),
    row=st.integers(0, 2),
)
def test_a_range_after_the_name_is_its_rows_record(
    read: Read,
    lo: int,
    width: int,
    name: str,
    dash: str,
    percent: bool,
    lead: str,
    tail: str,
    row: int,
) -> None:
    hi = lo + width
    rng = f"{lo}{dash}{hi}%" if percent else f"0.{lo:02d}{dash}0.{hi:02d}"
    cell = f"{lead}{name} {rng}{tail}"
    rows = ["| summarising | 140 | |", "| translation | **95–120** | slower, short outputs |"]
    rows.insert(row, f"| long-form chat | **180–210** | {cell} |")
    text = "Decoding with a small draft model.\n\n" + _HEAD + "\n".join(rows) + "\n"
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].first_line == 5 + row, text
    assert got[0].printed_rate is None and got[0].printed_length is None, text
    assert got[0].accept_length is None, text


@settings(max_examples=examples(30), deadline=None)
@given(
    lo=st.integers(30, 60),
    form=st.sampled_from(
        [
            "| long-form chat | 180 | acceptance {lo}-{hi} tok/s |",
            "| long-form chat | 180 | k=3 acceptance {lo}-{hi}% |",
            "| long-form chat | 180 | speedup {lo}-{hi}% over plain |",
            "| long-form chat | 180 | acceptance 0.{lo}-0.{hi} ms |",
            "| long-form chat | 180 | fast |\n\nOn chat the acceptance {lo}-{hi}% held.",
        ]
    ),
)
def test_other_ranges_after_a_name_give_no_record(read: Read, lo: int, form: str) -> None:
    text = "Decoding with a small draft model.\n\n" + _HEAD + form.format(lo=lo, hi=lo + 9) + "\n"
    assert read(text).records == (), text
