"""A post's title (the paste's first line, prose) printing one share alone, three significant
digits or more not ending in a zero (`... at ~31 t/s (71.4% acceptance)`), where exactly one
later record prints that share digit for digit with counts of its own (`**71.4%** (350 accepted
of 490 drafted)`): the headline of that run, one record, the later one
(lead_restated._titled). The later share at other decimals, printed without counts, a round
share (`72.0%`, a rerun may repeat it) or a title of a label and its value leaves both
records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(title_share: str, body_share: str, counts: str, speed: int) -> str:
    return (
        f"Two old cards running a 14B model with MTP at ~{speed} t/s ({title_share} acceptance)\n"
        "I set it up last week and wanted to share the numbers.\n\n"
        "* **Backend**: a local server build\n"
        f"* **Draft acceptance rate**: **{body_share}**{counts}\n"
        f"* **Speed**: {speed - 1}.2 - {speed}.5 tokens/sec\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(301, 949).filter(lambda n: n % 10),
    drafted=st.integers(200, 900),
    speed=st.integers(12, 60),
)
def test_the_titles_figure_told_with_counts_below_is_one_record(
    read: Read, tenths: int, drafted: int, speed: int
) -> None:
    share = f"{tenths / 10:.1f}%"
    accepted = round(drafted * tenths / 1000)
    text = _paste(share, share, f" ({accepted} accepted of {drafted} drafted)", speed)
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].first_line == 5, text


@settings(max_examples=examples(40), deadline=None)
@given(
    tenths=st.integers(301, 949),
    drafted=st.integers(200, 900),
    speed=st.integers(12, 60),
    other_decimals=st.booleans(),
)
def test_other_decimals_no_counts_or_a_round_share_leave_both_records(
    read: Read, tenths: int, drafted: int, speed: int, other_decimals: bool
) -> None:
    share = f"{tenths / 10:.1f}%"
    accepted = round(drafted * tenths / 1000)
    counts = f" ({accepted} accepted of {drafted} drafted)"
    if tenths % 10 == 0:
        text = _paste(share, share, counts, speed)  # (a round share: a rerun may repeat it)
    elif other_decimals:
        text = _paste(share, f"{tenths / 10:.2f}%", counts, speed)
    else:
        text = _paste(share, share, "", speed)
    got = read(text).records
    assert [r.first_line for r in got] == [1, 5], text


def test_a_label_and_its_value_over_a_rerun_stays_two_records(read: Read) -> None:
    text = (
        "first head: acceptance 71.4%\n\nthen we reran it.\n\n"
        "- draft acceptance: 71.4% (350 accepted of 490 drafted)\n"
    )
    assert len(read(text).records) == 2, text
