"""Two runs compared with the rate named after the first only ('greedy at 61.0% acceptance beat
sampling at 58.2%'): each its own rate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(100, 990),
    b=st.integers(100, 990),
    verb=st.sampled_from(["beat", "outperformed", "vs", "than"]),
    runs=st.sampled_from([("greedy", "sampling"), ("the n-gram draft", "the small draft")]),
)
def test_the_second_compared_run_takes_the_first_runs_rate_name(
    a: int, b: int, verb: str, runs: tuple[str, str]
) -> None:
    text = (
        "Speculative decoding, one draft token per step.\n"
        f"So {runs[0]} at {a / 10:.1f}% acceptance {verb} {runs[1]} at {b / 10:.1f}% "
        "(1.20x vs 0.90x) here.\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(a / 1000, 6), round(b / 1000, 6)]


def test_negative_control_a_second_percentage_of_something_else() -> None:
    text = "Speculative decoding: greedy at 62.0% acceptance beat sampling at 40% of the cost.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.62]
