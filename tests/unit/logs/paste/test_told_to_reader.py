"""A tutorial's levels told to the reader are no run: a contracted `you'd` outcome (`at 90%
acceptance with 5 drafts you'd get 4.5x`), and a level put first as the sentence's condition
with its outcome in the second person (`At 10% acceptance, you lose time`). A level measured
by the writer (`we`, `I`, told in the past) is still read.

A line marked so drops the records whose figures are written on it alone; a figure is on a
line only as a number of its own (`7` is not on a line for its `72%`)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    pct=st.integers(0, 100),
    k=st.integers(2, 9),
    verb=st.sampled_from(["get", "see", "gain"]),
    quote=st.sampled_from(["'", "\u2019"]),
    lead=st.sampled_from(["", "Why it matters: ", "Put simply, "]),
)
def test_contracted_outcome_told_to_the_reader_is_no_record(
    read: Read, pct: int, k: int, verb: str, quote: str, lead: str
) -> None:
    text = (
        f"{lead}at {pct}% acceptance with {k} draft tokens, you{quote}d {verb} "
        f"about {k}x fewer target passes.\n"
    )
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    pct=st.integers(0, 100),
    noun=st.sampled_from(["acceptance", "draft acceptance", "acceptance rate"]),
    rest=st.sampled_from(
        [
            "every guess is thrown away and you pay for the verify step",
            "you barely break even",
            "the draft costs you more than it saves",
        ]
    ),
)
def test_level_first_then_second_person_is_no_record(
    read: Read, pct: int, noun: str, rest: str
) -> None:
    assert read(f"At {pct}% {noun}, {rest}.\n").records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    pct=st.integers(1, 99),
    tail=st.sampled_from(
        [
            "we measured 1.6x on the small card",
            "my run gave 1.6x",
            "you got 1.6x on the bench box",
            "the draft still pays off",
        ]
    ),
)
def test_level_first_measured_or_third_person_is_read(read: Read, pct: int, tail: str) -> None:
    (r,) = read(f"At {pct}% acceptance, {tail}.\n").records
    assert r.printed_rate is not None and abs(r.printed_rate - pct / 100) < 1e-9


@settings(max_examples=examples(20), deadline=None)
@given(pct=st.integers(10, 95))
def test_would_of_the_writer_is_not_the_readers(read: Read, pct: int) -> None:
    # 'you'd' alone marks the outcome; the writer's measured rate in another sentence stays
    (r,) = read(f"Our draft measured {pct}% acceptance on the chat set.\n").records
    assert r.printed_rate is not None and abs(r.printed_rate - pct / 100) < 1e-9


@settings(max_examples=examples(20), deadline=None)
@given(a=st.integers(2, 9), b=st.integers(1, 9))
def test_a_value_inside_a_longer_number_is_not_on_a_line(read: Read, a: int, b: int) -> None:
    # a record wrapped from a key on the first line, its figures on a supposition's line: the
    # later line holding them only inside other numbers ('{a}{b}%', '1{a}.5') does not keep it
    text = (
        "Drafts that pass the check are accepted for free; the first miss ends the step.\n"
        f"If the draft proposes 9 tokens and {a} are accepted, you made {a} tokens for the "
        "price of one pass.\n"
        f"A matched draft reaches {a}{b}% acceptance on a model of size 1{a}.5B.\n"
    )
    got = read(text).records
    assert all(
        r.printed_rate is None or abs(r.printed_rate - (10 * a + b) / 100) < 1e-9 for r in got
    )
