"""'from X to Y' over whole counts (interpret._count_range): one end above 100, or the second
with a magnitude ('12k'), is the range of a setting a run held over, no figure's change; a
change of shares, of decimals or of small whole percentages is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    lo=st.integers(101, 4000),
    hi=st.integers(2, 64),
    mag=st.sampled_from(["k", "K", " k", "M", ""]),
    unit=st.sampled_from([" tokens", " context", "", " prompt tokens"]),
    lead=st.sampled_from(
        ["Acceptance stayed high", "The draft acceptance held up", "Accept rate was flat"]
    ),
)
def test_a_range_of_counts_after_acceptance_is_no_change(
    lo: int, hi: int, mag: str, unit: str, lead: str
) -> None:
    text = f"{lead} from {lo} to {hi}{mag}{unit}.\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(a=st.integers(20, 60), b=st.integers(61, 95), pct=st.booleans())
def test_negative_control_a_change_of_shares_is_read(a: int, b: int, pct: bool) -> None:
    sign = "%" if pct else ""
    got = read_paste(f"The acceptance rate went from {a}{sign} to {b}{sign}.\n").records
    assert [r.printed_rate for r in got] == [a / 100, b / 100]


def test_negative_control_whole_lengths_are_read() -> None:
    got = read_paste("Mean accept length went from 2 to 3 tokens per step.\n").records
    assert [r.printed_length for r in got] == [2.0, 3.0]
