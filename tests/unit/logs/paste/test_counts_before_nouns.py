"""A run's counts written before their nouns on one line ('120 draft steps, 840 proposed,
310 accepted', '95 steps / 380 proposed / 150 accepted'): the steps count the run's verify
steps where the one drafted count is 1 to a step's most tokens per step and the accepted at
most the drafted; a bare 'length' beside them is the run's figure only where the counts give
it (1 + accepted / steps within its rounding: bonus included). Steps more than the drafted
tokens (a training run's), or a length the counts do not give, read no steps or no length."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_STEPS = st.sampled_from(["steps", "draft steps", "verify steps", "rounds"])
_SEPS = st.sampled_from([" / ", ", "])


def _line(n: int, d: int, a: int, noun: str, sep: str, length: str, bold: bool) -> str:
    b = "**" if bold else ""
    counts = sep.join([f"{n} {noun}", f"{d} proposed", f"{a} accepted"])
    return (
        f"- Chat arm: {b}{counts}{b}; mean length {b}{length}{b}, acceptance {100 * a / d:.2f}%.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.integers(20, 900),
    k=st.integers(2, 8),
    share=st.integers(5, 95),
    noun=_STEPS,
    sep=_SEPS,
    bold=st.booleans(),
)
def test_the_counts_give_the_length(
    read: Read, n: int, k: int, share: int, noun: str, sep: str, bold: bool
) -> None:
    d = n * k
    a = d * share // 100
    length = f"{1 + a / n:.4f}"
    got = read("Drafting with a fixed block.\n\n" + _line(n, d, a, noun, sep, length, bold)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(float(length), float(length))]
    assert got[0].steps == n


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(20, 900), k=st.integers(2, 8), share=st.integers(5, 95), noun=_STEPS)
def test_a_length_the_counts_do_not_give_is_not_read(
    read: Read, n: int, k: int, share: int, noun: str
) -> None:
    d = n * k
    a = d * share // 100
    off = 1 + a / n + 0.37
    got = read("Drafting with a fixed block.\n\n" + _line(n, d, a, noun, ", ", f"{off:.4f}", False))
    assert all(r.printed_length is None for r in got.records)


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(1000, 9000), d=st.integers(100, 900), share=st.integers(5, 95))
def test_steps_above_the_drafted_are_no_verify_steps(
    read: Read, n: int, d: int, share: int
) -> None:
    a = d * share // 100
    assume(a > 0)
    length = f"{1 + a / n:.4f}"
    got = read("Drafting with a fixed block.\n\n" + _line(n, d, a, "steps", ", ", length, False))
    assert all(r.steps is None and r.printed_length is None for r in got.records)


@settings(max_examples=examples(20), deadline=None)
@given(n=st.integers(20, 900), k=st.integers(2, 8), share=st.integers(5, 95), noun=_STEPS)
def test_a_figure_on_the_item_s_next_line(
    read: Read, n: int, k: int, share: int, noun: str
) -> None:
    d = n * k
    a = d * share // 100
    x = f"{1 + a / n:.4f}"
    text = (
        "Drafting with a fixed block.\n\n"
        f"- Deltas: **{n} {noun}, {d} proposed tokens, {a} accepted**;\n"
        f"  `1 + accepted / steps = {x}` tokens per step.\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length, r.steps) for r in got] == [(float(x), float(x), n)]


@settings(max_examples=examples(20), deadline=None)
@given(
    n=st.integers(20, 900),
    k=st.integers(2, 8),
    share=st.integers(5, 95),
    noun=st.sampled_from(["steps", "draft steps", "decode steps"]),
)
def test_counts_alone_give_no_steps(read: Read, n: int, k: int, share: int, noun: str) -> None:
    # (no figure of the run on the line: its counts are left as the other readers take them;
    # "rounds" they read as verify steps already)
    d = n * k
    a = d * share // 100
    text = f"Drafting with a fixed block.\n\n- Chat arm: {n} {noun}, {d} proposed, {a} accepted.\n"
    assert all(r.steps is None and r.printed_length is None for r in read(text).records)
