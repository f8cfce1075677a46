"""A figure's name, then a bracket giving two runs' values against each other as an example
('a higher acceptance length (e.g. 3.43 vs 3.35)', '（如 3.43 vs 3.35）'): each value a run, as
the bracket without the example word is. A bracket of one value after the example word, or
of a figure no acceptance name precedes, stays unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEADS = ["e.g. ", "e.g., ", "for example ", "for instance, ", "如 ", "例如", "比如 "]


@settings(max_examples=examples(50), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    a=st.integers(150, 690),
    b=st.integers(150, 690),
    wide=st.booleans(),
    name=st.sampled_from(["acceptance length", "accept length", "acceptance rate"]),
)
def test_an_example_pair_in_brackets_is_two_runs(
    lead: str, a: int, b: int, wide: bool, name: str
) -> None:
    o, c = ("（", "）") if wide else ("(", ")")
    if name.endswith("rate"):
        va, vb, want = f"{a / 10:.1f}%", f"{b / 10:.1f}%", ("rate", [a / 1000, b / 1000])
    else:
        va, vb, want = f"{a / 100:.2f}", f"{b / 100:.2f}", ("length", [a / 100, b / 100])
    text = f"- Head A has a higher {name} {o}{lead}{va} vs {vb}{c}, yet a lower speedup.\n"
    got = read_paste(text).records
    vals = [r.printed_rate if want[0] == "rate" else r.printed_length for r in got]
    assert [round(v or 0, 4) for v in vals] == [round(v, 4) for v in want[1]]


def test_negative_control_a_bracket_of_speedups_after_the_example_word_is_none() -> None:
    text = "- Head A is faster overall (e.g. 2.1x vs 1.8x on chat).\n"
    assert not [r for r in read_paste(text).records if r.printed_length or r.printed_rate]
