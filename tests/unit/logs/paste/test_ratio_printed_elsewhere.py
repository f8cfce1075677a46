"""Counts alone (accepted tokens, verify steps, no length printed) where another block of the
paste prints accepted / steps as its length: the paste's accepted count holds the target's own
token, so 1 + accepted / steps is claimed of nothing; the counts are that block's run."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(acc: int, steps: int, drafted: int, length: float) -> str:
    return (
        "=== Summary ===\n"
        f"Verify steps:        {steps}\n"
        f"Drafted tokens:      {drafted}\n"
        f"Accepted tokens:     {acc}\n"
        "\n=== Metrics ===\n"
        f"Mean accept length:  {length:.3f} tokens/step\n"
        f"Acceptance:          {100 * acc / drafted:.3f}%\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=100, max_value=400),
    st.integers(min_value=150, max_value=1500),
    st.integers(min_value=4, max_value=16),
)
def test_a_length_printed_as_accepted_over_steps_claims_no_bonus(
    read: Read, steps: int, acc: int, k: int
) -> None:
    # (a ratio below 1 is a length that cannot count the bonus: 1 + it, from the value alone)
    assume(steps < acc < steps * k)
    got = read(_paste(acc, steps, steps * k, acc / steps)).records
    assert len(got) == 1
    assert got[0].printed_length == round(acc / steps, 3)
    assert all(r.accept_length != round(1 + acc / steps, 6) for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=100, max_value=400),
    st.integers(min_value=150, max_value=1500),
    st.integers(min_value=4, max_value=16),
)
def test_a_length_printed_as_one_plus_the_ratio_leaves_the_counts(
    read: Read, steps: int, acc: int, k: int
) -> None:
    """1 + accepted / steps printed: the counts' own length agrees; nothing is dropped here."""
    assume(acc < steps * k)
    got = read(_paste(acc, steps, steps * k, 1 + acc / steps)).records
    assert len(got) == 2
    assert {r.accept_length for r in got if r.accepted_tokens is not None} == {
        round(1 + acc / steps, 6)
    }
