"""A markdown heading's one figure equal, at its printed precision, to exactly one record's on
another line is the section's topic, that run told again: no record of its own
(restated_row._fold_heading). A heading figure rounding no record, or two, stays a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _paste(heading: str, ours: str = "2.64", other: str = "2.12") -> str:
    return (
        "# Block drafter notes\n\n"
        "- **Results**: tau=1.41, acceptance=31.5%, 1.2x speedup\n\n"
        "| Method | Speedup | Tau | TPS |\n|---|---|---|---|\n"
        f"| Ours | 1.31x | {ours} | 101.2 |\n| Other | 1.10x | {other} | 88.0 |\n\n"
        f"## {heading}\n\nThe cache keeps less than the reference does.\n"
    )


def _lengths(text: str) -> list[float | None]:
    return [r.printed_length for r in read_paste(text).records]


@settings(max_examples=examples(30), deadline=None)
@given(
    hundredths=st.integers(150, 450),
    lead=st.sampled_from(["Analysis: Why Tau={v} vs Paper Tau=9.9", "Tau={v}", "Why Tau={v}?"]),
    exact=st.booleans(),
)
def test_a_heading_restating_one_row_is_no_record(hundredths: int, lead: str, exact: bool) -> None:
    ours = f"{hundredths / 100:.2f}"
    said = ours if exact else f"{round(hundredths / 100 + 1e-9, 1):.1f}"
    got = _lengths(_paste(lead.format(v=said), ours=ours, other="1.05"))
    assert float(said) not in got or float(said) == float(ours)
    assert got.count(float(ours)) == 1
    assert float(ours) in got and 1.05 in got


def test_negative_control_a_heading_of_its_own_figure_stays() -> None:
    assert 3.7 in _lengths(_paste("Why Tau=3.7 vs Paper Tau=5.9"))
    assert 3.1 in _lengths(_paste("Run C: tau 3.1"))


def test_negative_control_a_heading_rounding_two_rows_stays() -> None:
    # 2.6 rounds 2.64 and 2.57 alike: which run it tells is not said
    assert 2.6 in _lengths(_paste("Tau=2.6", ours="2.64", other="2.57"))


def test_negative_control_a_heading_finer_than_the_row_stays() -> None:
    # (a heading printing 2.60 tells more digits than the row of 2.6 holds)
    assert _lengths(_paste("Tau=2.60", ours="2.6")).count(2.6) == 2
