"""A change told in more than two legs ('falls from 2.40 to 1.95 to 1.30', 'from 71% to 60%, then
to 48%', arrows after 'from'): each further leg is one more run of the same figure, printed as
the second value (a share after a share, a decimal after a decimal). A leg of another measure
(a speed, a time, a multiple), a range, or a whole number ends the chain."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_JOIN = [" to ", ", then to ", " to ", " -> "]


@settings(max_examples=examples(40), deadline=None)
@given(
    vals=st.lists(st.integers(min_value=105, max_value=480), min_size=3, max_size=5, unique=True),
    join=st.sampled_from(_JOIN),
    code=st.booleans(),
    verb=st.sampled_from(["falls", "drops", "went", "moves"]),
)
def test_each_leg_of_a_length_chain_is_a_run(
    read: Read, vals: list[int], join: str, code: bool, verb: str
) -> None:
    shown = [f"`{v / 100:.2f}`" if code else f"{v / 100:.2f}" for v in vals]
    first = join if join != ", then to " else " to "
    chain = shown[0] + first + shown[1] + "".join(join + s for s in shown[2:])
    text = f"- Prompt sweep at c1: accept length {verb} from {chain} as the prompt grows.\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [v / 100 for v in vals]


@settings(max_examples=examples(30), deadline=None)
@given(
    vals=st.lists(st.integers(min_value=200, max_value=900), min_size=3, max_size=4, unique=True),
)
def test_each_leg_of_a_rate_chain_is_a_run(read: Read, vals: list[int]) -> None:
    shown = [f"{v / 10:.1f}%" for v in vals]
    text = "Draft acceptance rate fell from " + " to ".join(shown) + " over the day.\n"
    got = [r.printed_rate for r in read(text).records]
    assert len(got) == len(vals)
    assert all(g is not None and abs(g - v / 1000) < 1e-9 for g, v in zip(got, vals, strict=True))


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(min_value=200, max_value=480),
    b=st.integers(min_value=105, max_value=199),
    tail=st.sampled_from(
        [" to 41.5 tok/s", " to 12.0 ms", " to 1.4x", " to 1.10-1.20", " to 3", " to 7.2 tok/s"]
    ),
)
def test_a_leg_of_another_measure_ends_the_chain(read: Read, a: int, b: int, tail: str) -> None:
    text = f"Accept length falls from {a / 100:.2f} to {b / 100:.2f}{tail} at long prompts.\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [a / 100, b / 100]
