"""Two runs compared in one sentence, each written as a count of its own then 'at' the figure's
value ('40 rounds at acceptance 0.5812 against 37 at 0.6120'): the second value is the same
figure of the other run (interpret._VERSUS's count, interpret._versus_kept). Without the first
run written alike ('acceptance 0.5812 against 37 at 0.6120') or with the second value printed
otherwise after 'against', it is no run's figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NOUNS = st.sampled_from(["rounds", "steps", "cycles", "requests"])
_OPENERS = st.sampled_from(
    [
        "The drafted runs differ here ({s}).",
        "Since the drafter is inexact, the runs differ: {s}, so totals do not compare.",
        "- speculative run on host B: {s}",
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    opener=_OPENERS,
    noun=_NOUNS,
    n1=st.integers(10, 90),
    n2=st.integers(10, 90),
    a=st.integers(3000, 9000),
    b=st.integers(3000, 9000),
    vs=st.sampled_from(["against", "vs", "versus"]),
    second_noun=st.booleans(),
)
def test_counted_runs_compared_give_two_records(
    read: Read,
    opener: str,
    noun: str,
    n1: int,
    n2: int,
    a: int,
    b: int,
    vs: str,
    second_noun: bool,
) -> None:
    other = f"{n2} {noun} at" if second_noun else f"{n2} at"
    s = f"{n1} {noun} at acceptance {a / 10000:.4f} {vs} {other} {b / 10000:.4f}"
    got = read(opener.format(s=s) + "\n").records
    assert sorted(round(r.printed_rate or -1, 4) for r in got) == sorted([a / 10000, b / 10000])


@settings(max_examples=examples(20), deadline=None)
@given(n2=st.integers(10, 90), a=st.integers(3000, 9000), b=st.integers(3000, 9000))
def test_negative_control_the_first_run_not_counted_gives_one(
    read: Read, n2: int, a: int, b: int
) -> None:
    s = f"The drafted run reached acceptance {a / 10000:.4f} against {n2} at {b / 10000:.4f}."
    assert [round(r.printed_rate or -1, 4) for r in read(s + "\n").records] == [a / 10000]


@settings(max_examples=examples(20), deadline=None)
@given(n2=st.integers(10, 90), a=st.integers(3000, 9000), b=st.integers(30, 90))
def test_negative_control_other_decimals_after_against_give_one(
    read: Read, n2: int, a: int, b: int
) -> None:
    s = f"The drafted run did 40 rounds at acceptance {a / 10000:.4f} against {n2} at {b / 100:.2f}."
    assert [round(r.printed_rate or -1, 4) for r in read(s + "\n").records] == [a / 10000]
