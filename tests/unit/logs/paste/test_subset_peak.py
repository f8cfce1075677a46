"""A figure's value, then its value on a subset after 'up to' and its kin (subset_peak.py):
two records, the first value's unit carried to the second; a bound with no subset, another
measure or values of two kinds are not."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAMES = st.sampled_from(["Mean acceptance length", "The average accept length", "Accept len"])
_JOINS = st.sampled_from(["up to", "reaching", "as high as"])
_SUBSETS = st.sampled_from(["on code_tasks", "for the proof split", "in long-context"])


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    join=_JOINS,
    subset=_SUBSETS,
    first=st.integers(150, 300),
    more=st.integers(10, 250),
)
def test_a_subsets_value_after_up_to_is_a_second_record(
    read, name: str, join: str, subset: str, first: int, more: int
) -> None:
    a, b = first / 100, (first + more) / 100
    text = (
        "A draft head for speculative decoding.\n\n"
        f"{name} is {a:.2f} committed tokens per step, {join} {b:.2f} {subset}. "
        "The speedup follows.\n"
    )
    got = sorted((r.printed_length, r.accept_length) for r in read(text).records)
    assert got == sorted([(a, a), (b, b)])


@settings(max_examples=examples(20), deadline=None)
@given(first=st.integers(30, 60), less=st.integers(5, 25), subset=_SUBSETS)
def test_a_rate_falling_to_a_subsets_value(read, first: int, less: int, subset: str) -> None:
    text = (
        "A draft head for speculative decoding.\n\n"
        f"Accept rate was {first}%, as low as {first - less}% {subset}.\n"
    )
    got = sorted(r.printed_rate for r in read(text).records)
    assert got == sorted([first / 100, (first - less) / 100])


@settings(max_examples=examples(20), deadline=None)
@given(first=st.integers(150, 300), more=st.integers(10, 250), subset=_SUBSETS)
def test_an_approximate_value_in_a_bracket_then_a_subsets_value(
    read, first: int, more: int, subset: str
) -> None:
    a, b = first / 100, (first + more) / 100
    text = (
        "A draft head for speculative decoding.\n\n"
        f"The head doubles decode speed (acceptance length ≈ {a:.2f} on average, "
        f"up to {b:.2f} {subset}).\n"
    )
    assert sorted(r.printed_length for r in read(text).records) == sorted([a, b])


@settings(max_examples=examples(20), deadline=None)
@given(
    line=st.sampled_from(
        [
            "Mean acceptance length is {a}, up to {b}.",
            "The head is faster (acceptance length ≈ {a} on average, up to {b}).",
            "Speedup is {a}, up to {b} on code_tasks.",
            "Accept length was {a}, up to {b}x on code_tasks.",
        ]
    ),
    first=st.integers(150, 300),
)
def test_negative_control_a_bound_or_another_measure_is_no_second_record(
    read, line: str, first: int
) -> None:
    a, b = f"{first / 100:.2f}", f"{(first + 90) / 100:.2f}"
    text = "A draft head for speculative decoding.\n\n" + line.format(a=a, b=b) + "\n"
    got = [r.printed_length for r in read(text).records]
    assert float(b) not in got
