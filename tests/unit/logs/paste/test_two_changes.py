"""Two figures that changed together in one sentence, each from its value before to its value
after (two_changes.py): the values before are one run's, the values after another's. A run
restating both figures of a run printed above with its counts is that run again (reader.py).
Near misses: a condition, two changes of one figure, a change of another measure."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_VERB = st.sampled_from(["rose", "went", "jumped", "climbed", "improved", "moved"])
_SECOND = st.sampled_from(
    [
        ("the accept length from {b1} to {b2}", None),
        ("speculation from {b1} to {b2} tok/step", 1),
        ("the drafter went from {b1} to {b2} tokens per step", 1),
    ]
)


@given(
    verb=_VERB,
    second=_SECOND,
    a1=st.integers(5, 45),
    a2=st.integers(50, 95),
    b1=st.integers(101, 190),
    b2=st.integers(200, 390),
    joint=st.sampled_from([" and", ", while", " while"]),
)
def test_the_values_before_and_after_are_two_runs(
    read: Read,
    verb: str,
    second: tuple[str, int | None],
    a1: int,
    a2: int,
    b1: int,
    b2: int,
    joint: str,
) -> None:
    tail, by_unit = second
    text = (
        f"With the wider head, draft acceptance {verb} from {a1}% to {a2}%{joint} "
        + tail.format(b1=f"{b1 / 100:.2f}", b2=f"{b2 / 100:.2f}")
        + ".\n"
    )
    got = read(text).records
    assert [(r.printed_rate, r.printed_length) for r in got] == [
        (pytest.approx(a1 / 100), round(b1 / 100, 2)),
        (pytest.approx(a2 / 100), round(b2 / 100, 2)),
    ]
    # (tokens per step count the target's own token by their name; a bare length is undecided)
    want = [round(b1 / 100, 2), round(b2 / 100, 2)] if by_unit else [None, None]
    assert [r.accept_length for r in got] == want


def test_a_run_restated_whole_below_its_counts_is_that_run(read: Read) -> None:
    text = (
        "Draft acceptance 61% (50/82) | speculation 2.22 tokens/forward\n"
        "\n"
        "Acceptance went from 7% to 61% and speculation from 1.07 to 2.22 tokens/forward.\n"
    )
    got = read(text).records
    assert [(r.first_line, r.printed_length) for r in got] == [(1, 2.22), (3, 1.07)]


def test_a_name_before_a_value_is_that_values_not_the_next(read: Read) -> None:
    text = "Draft acceptance 38%, speculation 1.74 tok/step on the chat set.\n"
    got = read(text).records
    assert [(r.printed_rate, r.printed_length, r.accept_length) for r in got] == [
        (pytest.approx(0.38), 1.74, 1.74)
    ]


def test_a_condition_is_no_run(read: Read) -> None:
    text = (
        "If acceptance goes from 40% to 60% and the accept length from 1.4 to 2.1, the "
        "speedup doubles.\n"
    )
    assert read(text).records == ()


@given(a=st.integers(20, 60), b=st.integers(20, 60))
def test_changes_of_another_measure_are_not_joined(read: Read, a: int, b: int) -> None:
    text = (
        f"Acceptance climbed from {a}% to {a + 20}% and throughput from {b}.5 to {b + 9}.5 tok/s.\n"
    )
    got = read(text).records
    assert all(r.printed_length is None for r in got)
