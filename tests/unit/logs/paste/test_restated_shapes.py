"""One run restated on the next line in another SHAPE: a line of its length alone, and a line
of its counts that yields that length (1 + accepted / steps, or accepted / steps, at the
length's printed decimals), neither with a label of its own, in either order: one record, the
identity deciding its bonus ('accept length 2.85' then 'accepted 1850 / 1000 steps (1.85 per
step)'). Two lines of ONE shape are never merged: two runs printing the same counts (or the same
length) are two records, whatever their values."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_COUNT_SHAPES = [
    "accepted {a} / {s} steps ({x} per step)",
    "statistics draft: #gen drafts = {s}, #acc tokens = {a}, #gen tokens = {g}",
    "SpecDecoding metrics: Draft acceptance rate: {p}%, Accepted: {a} tokens, Drafted: {d} tokens",
    "Accepted: {a}, steps: {s}",
]
_LENGTH_SHAPES = ["accept length {v}", "Mean acceptance length: {v}", "AL = {v}"]


def _counts(shape: str, a: int, s: int) -> str:
    return shape.format(
        a=a, s=s, x=f"{a / s:.2f}", g=2 * a + s, p=f"{100 * a / (a + s):.1f}", d=a + s
    )


# --- negative controls first: one shape twice is two runs, even with the same figures


@settings(max_examples=examples(60), deadline=None)
@given(
    shape=st.sampled_from(_COUNT_SHAPES),
    a=st.integers(100, 5000),
    s=st.integers(100, 3000),
    n=st.integers(2, 4),
    heading=st.sampled_from(["", "server log\n", "Two runs, same seed:\n"]),
)
def test_negative_control_same_shape_same_counts_are_separate_runs(
    shape: str, a: int, s: int, n: int, heading: str
) -> None:
    line = _counts(shape, a, s)
    got = read_paste(heading + "\n".join([line] * n) + "\n").records
    assert len(got) == n, line
    assert [r.first_line for r in got] == sorted({r.first_line for r in got})


@settings(max_examples=examples(40), deadline=None)
@given(shape=st.sampled_from(_LENGTH_SHAPES), v10=st.integers(11, 60), n=st.integers(2, 4))
def test_negative_control_same_length_line_twice_is_two_records(
    shape: str, v10: int, n: int
) -> None:
    line = shape.format(v=f"{v10 / 10:.2f}")
    got = read_paste("\n".join([line] * n) + "\n").records
    assert len(got) == n and all(r.accept_length is None for r in got)


def test_negative_control_counts_that_yield_another_length_are_another_record() -> None:
    got = read_paste("accept length 2.40\naccepted 1850 / 1000 steps (1.85 per step)\n").records
    assert [(r.first_line, r.printed_length) for r in got] == [(1, 2.4), (2, 1.85)]
    assert got[0].accept_length is None and got[1].accept_length == 2.85


def test_negative_control_a_labelled_counts_line_is_its_own_run() -> None:
    got = read_paste("accept length 2.85\nbs=8: accepted 1850 / 1000 steps (1.85 per step)\n")
    assert len(got.records) == 2


# --- two shapes, one run


@settings(max_examples=examples(60), deadline=None)
@given(
    shape=st.sampled_from(_COUNT_SHAPES[:2]),
    lshape=st.sampled_from(_LENGTH_SHAPES),
    a=st.integers(100, 5000),
    s=st.integers(100, 3000),
    bonus=st.booleans(),
    reverse=st.booleans(),
    runs=st.integers(1, 3),
)
def test_a_length_and_the_counts_that_yield_it_are_one_record(
    shape: str, lshape: str, a: int, s: int, bonus: bool, reverse: bool, runs: int
) -> None:
    lines = []
    for i in range(runs):
        ai = a + 7 * i
        length = f"{(1 if bonus else 0) + ai / s:.2f}"
        pair = [lshape.format(v=length), _counts(shape, ai, s)]
        lines += pair[::-1] if reverse else pair
    got = read_paste("\n".join(lines) + "\n").records
    assert len(got) == runs, lines
    for i, r in enumerate(got):
        ai = a + 7 * i
        assert (r.first_line, r.last_line) == (2 * i + 1, 2 * i + 2)
        assert (r.accepted_tokens, r.steps) == (ai, s)
        assert r.bonus.rule.startswith("identity"), r.bonus.rule
        assert r.bonus.value == ("included" if bonus else "excluded")
        printed = float(f"{(1 if bonus else 0) + ai / s:.2f}")
        assert r.printed_length == printed
        assert r.accept_length is not None
        assert abs(r.accept_length - (printed if bonus else printed + 1)) < 1e-9


def test_the_examples_of_the_docs() -> None:
    (d,) = read_paste(
        "mean accept length: 3.13\naccepted 4480 / 2100 steps (2.13 per step)\n"
    ).records
    assert (d.printed_length, d.accept_length, d.first_line, d.last_line) == (3.13, 3.13, 1, 2)
    (r,) = read_paste("accept length 2.85\naccepted 1850 / 1000 steps (1.85 per step)\n").records
    assert (r.printed_length, r.accept_length, r.accepted_tokens, r.steps) == (
        2.85,
        2.85,
        1850,
        1000,
    )
    assert (r.first_line, r.last_line) == (1, 2)
