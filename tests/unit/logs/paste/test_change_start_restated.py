"""The start of a change in prose ('fell from 61.2% to ...'), printed with decimals digit for
digit on an earlier record's line, is that run told again: no record of its own
(restated_row._fold_from). A whole number, a value no earlier record prints, or one printed
only below stays a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEAD = "Draft head, k=4, speculative decoding.\n\n"


def _rates(text: str) -> list[float | None]:
    return [r.printed_rate for r in read_paste(text).records]


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(301, 899).filter(lambda n: n % 10),
    after=st.sampled_from(["20-30%", "12.5%", "a few percent"]),
)
def test_a_change_starting_at_an_earlier_figure_is_no_record(tenths: int, after: str) -> None:
    v = f"{tenths / 10:.1f}%"
    text = (
        _HEAD + f"- **Results**: tau=2.41, acceptance=9.5%, pos0={v}\n\n"
        f"After the rewrite, acceptance fell from {v} to {after} at position 0.\n"
    )
    assert round(tenths / 1000, 6) not in [round(x or -1, 6) for x in _rates(text)]


def test_negative_control_a_start_of_its_own_stays() -> None:
    text = (
        _HEAD + "- **Results**: tau=2.41, acceptance=9.5%, pos0=61.2%\n\n"
        "After the rewrite, acceptance fell from 58.3% to 20-30% at position 0.\n"
    )
    assert 0.583 in _rates(text)


def test_negative_control_a_whole_number_or_a_later_figure_stays() -> None:
    text = _HEAD + "- **Results**: acceptance=40%\n\nAcceptance fell from 40% to 20-30% later.\n"
    assert _rates(text).count(0.4) == 2
    text = (
        "After the rewrite, acceptance fell from 61.2% to 20-30%.\n\n"
        "Speculative decoding, acceptance=61.2% on the old build.\n"
    )
    assert _rates(text).count(0.612) == 2
