"""A length another run reaches, said in the very next sentence without the figure's name
(reached.py): the earlier length's name, and so its convention, carries to the bare decimal
after an arrival verb that closes its clause. A measure or a condition before the verb, a
number there (a setting), a unit, `x` or a comparison after the value, a percentage, a rate
before it, or a sentence further on are not read by this rule."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    first=st.integers(11, 39),
    second=st.integers(11, 59),
    verb=st.sampled_from(["reaches", "reached", "hits", "climbs to", "gets to"]),
    mark=st.sampled_from(["", "**", "`"]),
    hedge=st.sampled_from(["", "about ", "~"]),
    tail=st.sampled_from([".", ", which is the point of the retrain.", "; good enough."]),
    subject=st.sampled_from(["The retrained head", "Our new drafter", "The finetune"]),
)
def test_extra_tokens_then_reached(
    read: Read,
    first: int,
    second: int,
    verb: str,
    mark: str,
    hedge: str,
    tail: str,
    subject: str,
) -> None:
    a, b = first / 10, second / 10
    text = (
        f"Against the int8 target the stock drafter accepts {a:.1f} extra tokens/step. "
        f"{subject} {verb} {hedge}{mark}{b:.1f}{mark}{tail}\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([a, b])
    # accepted drafts a step: the bonus left out, for both runs
    assert [r.accept_length for r in recs] == pytest.approx([a + 1, b + 1])


def test_named_length_carries_unnormalised(read: Read) -> None:
    text = "Mean acceptance length came out at 2.4 on the chat set. The coding set reaches 3.3.\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([2.4, 3.3])
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "second",
    [
        "Throughput reaches 3.3.",  # another measure named before the verb
        "The request queue hits 3.0, then drains.",
        "The batch size gets to 4.0.",
        "If it reaches 3.3, we ship it.",  # a condition
        "We hope it reaches 3.3.",  # a wish
        "The new one reaches 3.3x.",  # a unit after the value
        "The new one reaches 3.3 tok/s.",
        "The new one reaches 3.3 vs 2.0 before.",  # a comparison after it
        "The new one reaches 33.",  # a whole number
        "The new one reaches 38%.",  # a percentage
    ],
)
def test_near_misses_add_no_record(read: Read, second: str) -> None:
    text = f"The old head accepts 1.7 extra tokens/step. {second}\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([1.7])


def test_not_after_a_rate_nor_a_sentence_further(read: Read) -> None:
    rate = "Acceptance rate was 61% on the chat set. The new one reaches 0.72.\n"
    assert all(r.printed_length is None for r in read(rate).records)
    far = "The old head accepts 1.7 extra tokens/step. It was trained for a day. It reaches 2.6.\n"
    assert [r.printed_length for r in read(far).records] == pytest.approx([1.7])


@pytest.mark.parametrize("value", ["1.10", "2.61"])
def test_the_same_value_twice_is_two_records(read: Read, value: str) -> None:
    # the second run's value equals the first's: each figure read once, where it stands
    text = f"Results\n\nOur branch reached AL {value}. The old branch reached {value}.\n"
    assert [r.printed_length for r in read(text).records] == [float(value)] * 2
