"""`accepts A of K drafted tokens` with A a decimal and K whole, no step named: a decimal is no
count but a mean of what a step accepts of the K tokens it drafts, a length whose bonus is
unsaid (printed, no normalised length). A later `B/K` in the same sentence, over the very same
K, is another run's mean. A whole A is a count (as before), a decimal of plain `tokens` no such
mean, and `B/K` over another K or after the sentence's end no run."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(50), deadline=None)
@given(
    k=st.integers(4, 32),
    first=st.integers(105, 400),
    second=st.integers(105, 400),
    noun=st.sampled_from(["drafted tokens", "draft tokens", "proposed tokens"]),
    task=st.sampled_from(["code", "the math set", "GSM-style prompts"]),
    tail=st.sampled_from(["", " at every batch size"]),
)
def test_a_mean_of_k_and_the_same_k_after(
    read: Read, k: int, first: int, second: int, noun: str, task: str, tail: str
) -> None:
    a = round(first / 400 * k, 2)
    b = round(second / 400 * k, 2)
    text = (
        f"The block drafter holds up on {task}, which accepts {a:.2f} of {k} {noun}{tail}, "
        f"and less so on chat ({b:.2f}/{k}).\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [a, b], text
    assert all(r.accept_length is None and r.bonus.value == "unknown" for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    case=st.sampled_from(
        [
            # plain tokens: a mean of something unsaid
            ("The drafter accepts 3.40 of 8 tokens on code.", []),
            # another K after: not the same figure
            ("The drafter accepts 3.40 of 8 drafted tokens on code, and 1.50/4 on chat.", [3.4]),
            # after the sentence's end: not this sentence's run
            ("The drafter accepts 3.40 of 8 drafted tokens on code. Chat: 1.50/8 ms.", [3.4]),
        ]
    )
)
def test_near_misses(read: Read, case: tuple[str, list[float]]) -> None:
    text, lengths = case
    got = read(text + "\n").records
    assert [r.printed_length for r in got] == lengths, text
    assert all(r.accept_length is None for r in got)
