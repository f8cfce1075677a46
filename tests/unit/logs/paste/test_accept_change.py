"""A change under one bare 'accept' after a statistic, perhaps after a verb of change ('median
accept climbed from 2.30 to 2.71', 'avg accept: 1.95 -> 2.40' written as 'avg accept 1.95 ->
2.40'), the statistic perhaps closing the line above: the accept length before and after, two
records, the convention unknown. Values that are no length (a share of one, above 16), a unit
after the new value (a speed, a multiplier, a share) or a bare verb 'accept' are no such change."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _para(body: str) -> str:
    return f"## Deeper proposals for the small drafter\n\nWith the extra kernel in place, {body}\n"


def test_change_after_a_verb_two_records() -> None:
    got = read_paste(_para("median accept climbed from 2.30 to 2.71 on the long prompts.")).records
    assert [r.printed_length for r in got] == [2.30, 2.71]
    assert all(r.accept_length is None for r in got)


def test_wrapped_after_the_statistic() -> None:
    text = (
        "## Depth 5\n\nThe planner keeps its budget either way, and the running average\n"
        "accept moves 2.0613 → 2.2409 with the wider block.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.0613, 2.2409]
    assert all(r.accept_length is None for r in got)


def test_near_misses_read_nothing() -> None:
    for body in (
        "mean accept goes 0.64 -> 0.71 with the wider block.",  # shares of one: no length
        "mean accept went 2.1 -> 2.6 tok/s overall.",  # a speed
        "avg accept rose 1.8 -> 2.2x against the old head.",  # a multiplier
        "mean accept moved 31.5 -> 40.2 on the sweep.",  # above 16 tokens a step
        "we accept 1.5 -> 2.5 as the new bounds.",  # a verb, no statistic before it
    ):
        assert read_paste(_para(body)).records == (), body


@settings(max_examples=examples(25), deadline=None)
@given(
    st.integers(105, 1500),
    st.integers(105, 1500),
    st.sampled_from(["mean", "avg", "average", "median"]),
    st.sampled_from(["{a} -> {b}", "goes {a} → {b}", "went from {a} to {b}", "rose {a} => {b}"]),
    st.sampled_from(["", ".", " on code.", ", then holds."]),
    st.booleans(),
)
def test_any_change(a: int, b: int, stat: str, shape: str, tail: str, wrap: bool) -> None:
    va, vb = f"{a / 100:.2f}", f"{b / 100:.2f}"
    body = f"{stat}{chr(10) if wrap else ' '}accept {shape.format(a=va, b=vb)}{tail}"
    got = read_paste(_para(body)).records
    assert [r.printed_length for r in got] == [float(va), float(vb)]
    assert all(r.accept_length is None for r in got)
