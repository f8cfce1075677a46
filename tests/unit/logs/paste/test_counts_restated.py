"""A run's counts told again in other words (a sentence, then a list summing it up under other
names): the later record, printing the same accepted count (10 or more) and agreeing on every
count and figure both print, is that run again: one record. Not for records under the same
names (a bench's lines, two runs counting alike), other counts, or a figure that differs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _paste(acc: int, gen: int, listed_acc: int, rate: str) -> str:
    return (
        "We ran the smoke prompt once with the draft head loaded.\n"
        f"Over the run the server noted a draft acceptance rate of {rate}: {acc} accepted "
        f"draft tokens out of {gen} generated draft tokens.\n"
        f"- Draft acceptance: {listed_acc} accepted / {gen} generated\n"
        f"- Reported draft acceptance: {rate}\n"
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=10, max_value=900), st.integers(min_value=1, max_value=300))
def test_counts_listed_again_are_one_run(read: Read, acc: int, extra: int) -> None:
    gen = acc + extra
    rate = f"{acc / gen:.2f}"
    got = read(_paste(acc, gen, acc, rate)).records
    assert len(got) == 1
    assert got[0].accepted_tokens == acc and got[0].accept_length is None


def test_negative_control_other_counts_stay_two(read: Read) -> None:
    got = read(_paste(140, 200, 150, "0.70")).records
    assert len(got) == 2


def test_negative_control_bench_lines_counting_alike(read: Read) -> None:
    text = (
        "  alpha    pred= 96 draft= 90 acc= 61 rate=0.678\n"
        "  beta     pred= 96 draft= 90 acc= 61 rate=0.678\n"
        "  gamma    pred= 96 draft= 88 acc= 64 rate=0.727\n"
    )
    assert len(read(text).records) == 3
