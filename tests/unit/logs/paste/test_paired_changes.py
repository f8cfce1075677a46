"""A rate's change and a length's change in nearby sentences, moving the same way, the paste's
only records: the same two runs, each end's rate joining its length (paired_changes.py). Changes
moving opposite ways, far apart, of one figure, or beside another record stay as they were."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RATE = [
    "Draft acceptance for the 30B head falls from {a} to {b} after the runtime upgrade.",
    "After the runtime upgrade, draft acceptance drops from {a} to {b} on the 30B head.",
    "With the upgraded runtime the draft acceptance went from {a} to {b}.",
]
_LENGTH = [
    "The verifier now rejects drafts it used to keep, so tokens-per-step falls from {a} to {b}.",
    "In effect tokens per step go from {a} to {b}.",
]


def _paste(rate: str, length: str, gap: int) -> str:
    return (
        "# Acceptance regression after the upgrade\n\n"
        + rate
        + "\n\n"
        + "The per-step backbone cost is unchanged (18.1 ms vs 18.4 ms).\n\n" * gap
        + length
        + "\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    rate=st.sampled_from(_RATE),
    length=st.sampled_from(_LENGTH),
    r=st.tuples(st.integers(30, 90), st.integers(30, 90)),
    n=st.tuples(st.integers(120, 390), st.integers(120, 390)),
    approx=st.sampled_from(["~", ""]),
    gap=st.integers(0, 1),
)
def test_the_rates_join_their_lengths(
    read: Read,
    rate: str,
    length: str,
    r: tuple[int, int],
    n: tuple[int, int],
    approx: str,
    gap: int,
) -> None:
    assume(r[0] != r[1] and n[0] != n[1] and (r[0] > r[1]) == (n[0] > n[1]))
    text = _paste(
        rate.format(a=f"{approx}{r[0]}%", b=f"{approx}{r[1]}%"),
        length.format(a=f"{n[0] / 100:.2f}", b=f"{n[1] / 100:.2f}"),
        gap,
    )
    recs = read(text).records
    assert [x.printed_length for x in recs] == pytest.approx([n[0] / 100, n[1] / 100])
    assert [x.printed_rate for x in recs] == pytest.approx([r[0] / 100, r[1] / 100])


@pytest.mark.parametrize(
    ("text", "n"),
    [
        # opposite ways: not one change between the same two runs
        (_paste(_RATE[0].format(a="70%", b="40%"), _LENGTH[0].format(a="1.60", b="2.40"), 0), 4),
        # far apart: the second change may compare other runs
        (_paste(_RATE[0].format(a="70%", b="40%"), _LENGTH[0].format(a="2.40", b="1.60"), 3), 4),
        # another record beside them
        (
            _paste(_RATE[0].format(a="70%", b="40%"), _LENGTH[0].format(a="2.40", b="1.60"), 0)
            + "\nOn the 8B head tokens per step stay at 2.90.\n",
            5,
        ),
    ],
)
def test_near_misses_stay(read: Read, text: str, n: int) -> None:
    assert len(read(text).records) == n
