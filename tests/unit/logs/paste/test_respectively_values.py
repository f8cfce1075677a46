"""A figure's name, then several values and 'respectively' ('Accept length was 2.41, 2.17 and
1.98 respectively'): the values map in order onto as many runs named before, so each is a run's
record (before: the first alone). A list holding a value the figure cannot take (a length of
40, a rate of 3.1 without '%'), or without 'respectively', is left as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _listed(shown: list[str], oxford: bool, last_and: bool) -> str:
    if not last_and:
        return ", ".join(shown)
    return ", ".join(shown[:-1]) + ("," if oxford else "") + " and " + shown[-1]


@settings(max_examples=examples(40), deadline=None)
@given(
    vals=st.lists(st.integers(min_value=105, max_value=480), min_size=2, max_size=5),
    code=st.booleans(),
    oxford=st.booleans(),
    last_and=st.booleans(),
    verb=st.sampled_from(["was", "were", "is", ":"]),
    comma=st.booleans(),
)
def test_each_length_listed_respectively_is_a_run(
    read: Read,
    vals: list[int],
    code: bool,
    oxford: bool,
    last_and: bool,
    verb: str,
    comma: bool,
) -> None:
    shown = [f"`{v / 100:.2f}`" if code else f"{v / 100:.2f}" for v in vals]
    sep = ":" if verb == ":" else f" {verb}"
    text = (
        "- Concurrency sweep, c1 / c4 / c8 / c16 / c32: 0.61x, 0.70x, 0.93x, 0.95x, 0.97x. "
        f"Accept length{sep} {_listed(shown, oxford, last_and)}{',' if comma else ''} "
        "respectively.\n"
    )
    got = [r.printed_length for r in read(text).records]
    assert got == [v / 100 for v in vals]


@settings(max_examples=examples(30), deadline=None)
@given(vals=st.lists(st.integers(min_value=200, max_value=950), min_size=2, max_size=4))
def test_each_rate_listed_respectively_is_a_run(read: Read, vals: list[int]) -> None:
    shown = [f"{v / 10:.1f}%" for v in vals]
    text = f"Acceptance rates were {', '.join(shown)} respectively on the three sets.\n"
    got = [r.printed_rate for r in read(text).records]
    assert len(got) == len(vals)
    assert all(g is not None and abs(g - v / 1000) < 1e-9 for g, v in zip(got, vals, strict=True))


@settings(max_examples=examples(30), deadline=None)
@given(
    first=st.integers(min_value=105, max_value=480),
    bad=st.sampled_from(["40.5", "128", "35%"]),
)
def test_a_value_the_figure_cannot_take_leaves_the_list(read: Read, first: int, bad: str) -> None:
    """('Accept length was 2.10, 40.5 respectively'): the list is no such mapping; as before."""
    v = f"{first / 100:.2f}"
    with_word = read(f"Accept length was {v}, {bad} respectively.\n").records
    without = read(f"Accept length was {v}, {bad}.\n").records
    assert [r.printed_length for r in with_word] == [r.printed_length for r in without]
