"""Counts accepted at each draft position out of the run's verify steps in one cell of a table
of metrics as rows (`| per-position accepted | 141/114/90 of 166 |`, position_counts.py): their
sum the accepted drafts, the number after `of` the steps, so the printed length meets
1 + accepted / steps (the bonus counted) or accepted / steps (left out). Counts that rise, a
count past the steps, counts the run's accepted count disagrees with, or a length neither
identity gives decide nothing (as before: the cell unread, no length claimed)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


@st.composite
def _run(draw: st.DrawFn, k: int) -> tuple[list[int], int]:
    """A chain's counts accepted at k positions (never rising) out of its steps."""
    steps = draw(st.integers(40, 5000))
    counts: list[int] = []
    top = steps
    for _ in range(k):
        c = draw(st.integers(max(1, top // 3), top))
        counts.append(c)
        top = c
    return counts, steps


def _shown(x: Fraction, decimals: int) -> str:
    """x at its printed decimals, never a value on a half-way point of that rounding."""
    scaled = x * 10**decimals
    assume(abs(scaled - round(scaled) - Fraction(1, 2)) > Fraction(1, 1000))
    assume(abs(scaled - round(scaled) + Fraction(1, 2)) > Fraction(1, 1000))
    return f"{float(x):.{decimals}f}"


_NAMES = ["per-position accepted", "accepted per position", "Per-position accepted"]


@settings(max_examples=examples(40), deadline=None)
@given(
    data=st.data(),
    k=st.integers(2, 5),
    width=st.integers(1, 3),
    decimals=st.integers(2, 4),
    bonus=st.booleans(),
    name=st.sampled_from(_NAMES),
    with_rate=st.booleans(),
)
def test_the_counts_decide_the_length(
    read,
    data: st.DataObject,
    k: int,
    width: int,
    decimals: int,
    bonus: bool,
    name: str,
    with_rate: bool,
) -> None:
    runs = [data.draw(_run(k)) for _ in range(width)]
    lengths = [Fraction(1 if bonus else 0) + Fraction(sum(c), s) for c, s in runs]
    # (a length printed without the bonus is the accepted drafts a step: above 1 here, as a
    # length's name over a value below 1 reads another way)
    assume(all(x > 1 for x in lengths))
    rows = [["acceptance length", *[_shown(x, decimals) for x in lengths]]]
    if with_rate:
        rows.append(
            [
                "draft acceptance",
                *[f"{100 * sum(c) / (k * s):.2f}% ({sum(c)}/{k * s})" for c, s in runs],
            ]
        )
    rows.append([name, *["/".join(str(n) for n in c) + f" of {s}" for c, s in runs]])
    text = "Replicates of the control arm:\n\n" + _pipe(
        ["metric", *[f"node {i + 1}" for i in range(width)]], rows
    )
    got = read(text).records
    assert len(got) == width
    for rec, (c, s) in zip(got, runs, strict=True):
        assert rec.accept_length is not None
        assert abs(rec.accept_length - (1 + sum(c) / s)) <= 10**-decimals
        assert rec.steps == s and rec.accepted_tokens == sum(c)
        assert [round(p, 9) for p in rec.per_position] == [round(n / s, 9) for n in c]


@settings(max_examples=examples(40), deadline=None)
@given(
    data=st.data(),
    k=st.integers(2, 4),
    flaw=st.sampled_from(["rise", "past", "accepted", "identity"]),
    name=st.sampled_from(_NAMES),
    counts_first=st.booleans(),
)
def test_counts_that_cannot_be_a_chains_decide_nothing(
    read, data: st.DataObject, k: int, flaw: str, name: str, counts_first: bool
) -> None:
    counts, steps = data.draw(_run(k))
    accepted = sum(counts)
    length = Fraction(1) + Fraction(accepted, steps)
    if flaw == "rise":
        assume(counts[-1] < counts[0])
        counts = counts[::-1]
    elif flaw == "past":
        counts[0] = steps + data.draw(st.integers(1, 50))
        counts = sorted(counts, reverse=True)
    elif flaw == "accepted":
        accepted += data.draw(st.integers(1, 40))
    else:
        # a length neither 1 + accepted / steps nor accepted / steps gives
        length += Fraction(data.draw(st.integers(3, 40)), 100)
    by_position = [name, "/".join(str(n) for n in counts) + f" of {steps}"]
    rows = [["acceptance length", _shown(length, 3)], ["accepted drafts", str(accepted)]]
    # (the run's accepted count before or after the counts by position: either way checked)
    rows.insert(1 if counts_first else 2, by_position)
    text = "The control arm:\n\n" + _pipe(["metric", "node 1"], rows)
    got = read(text).records
    assert len(got) == 1
    assert got[0].accept_length is None
    if flaw != "identity":
        assert got[0].per_position == ()
