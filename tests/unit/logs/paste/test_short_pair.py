"""A pair of acceptance figures named once in full ('12.5% draft acceptance, mean accept length
1.875'), then written short in brackets further down ('(40.0%, mean 3.8)'): each bracket is
the same pair, read with the full pair's names. A bracket before the full pair, one with a unit
or a name of its own, or a paste whose pair names other figures stays unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import short_pair as SP
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RATE_NAMES = ["draft acceptance", "draft-token acceptance", "acceptance rate", "acceptance"]
_LENGTH_NAMES = ["mean accept length", "mean acceptance length"]


def _length(k: int, pct: int) -> str:
    return f"{1 + k * pct / 1000:.3f}"


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=2, max_value=8),
    st.lists(st.integers(min_value=100, max_value=900), min_size=3, max_size=3, unique=True),
    st.sampled_from(_RATE_NAMES),
    st.sampled_from(_LENGTH_NAMES),
    st.booleans(),
)
def test_short_brackets_take_the_full_pairs_names(
    read: Read, k: int, pcts: list[int], rate: str, length: str, wrapped: bool
) -> None:
    a, b, c = pcts
    gap = "\n  " if wrapped else " "
    text = (
        "- Probe: four prompts x 256 output tokens gave\n"
        f"  {a / 10:.1f}% {rate}, {length} {_length(k, a)}, and 91.2 output tok/s.\n"
        "- Cache smoke: the quantised cache ran cleanly at 1000 prompt tokens\n"
        f"  ({b / 10:.1f}%, mean {_length(k, b)}) and at 8000 prompt tokens ({c / 10:.1f}%, mean"
        f"{gap}{_length(k, c)}).\n"
    )
    got = sorted(r.printed_length for r in read(text).records if r.printed_length is not None)
    want = sorted(float(_length(k, p)) for p in pcts)
    assert got == want


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=100, max_value=900),
    st.integers(min_value=11, max_value=60),
    st.sampled_from(
        [
            "({p}%, mean {x} GB)",  # a unit after the number
            "({p}%, mean latency {x})",  # a mean of its own name
            "({p}%, median {x})",  # not the pair's first word
            "({p}%, mean {x}, p99 9.1)",  # another item
        ]
    ),
)
def test_other_brackets_stay(pct: int, tenths: int, bracket: str) -> None:
    raw = [
        "Probe: 31.2% draft acceptance, mean accept length 2.25 over three prompts.",
        "Smoke: healthy at 2k tokens " + bracket.format(p=pct / 10, x=tenths / 10) + ".",
    ]
    assert SP.expanded(raw, "\n".join(raw)) == raw


def test_no_full_pair_or_a_bracket_before_it_stays() -> None:
    before = [
        "Smoke: healthy at 2k tokens (28.0%, mean 2.4).",
        "Probe: 31.2% draft acceptance, mean accept length 2.25.",
    ]
    assert SP.expanded(before, "\n".join(before)) == before
    other = [
        "Host: 40% GPU busy, mean queue depth 3.1 while serving.",
        "Later (35.0%, mean 2.9) at the second load.",
    ]
    assert SP.expanded(other, "\n".join(other)) == other


def test_a_bracket_is_written_with_the_names() -> None:
    raw = [
        "Probe: 31.2% draft acceptance, mean accept length 2.25.",
        "Smoke at 2k (28.0%, mean",
        "  2.4) and 8k (30.5%, mean 2.5).",
    ]
    assert SP.expanded(raw, "\n".join(raw)) == [
        raw[0],
        "Smoke at 2k (28.0% draft acceptance, mean accept length",
        "  2.4) and 8k (30.5% draft acceptance, mean accept length 2.5).",
    ]


def test_near_misses_read_nothing(read: Read) -> None:
    text = (
        "Host: 40% GPU busy, mean queue depth 3.1 while serving.\n"
        "Later (35.0%, mean 2.9) at the second load.\n"
    )
    assert read(text).records == ()
