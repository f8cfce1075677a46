"""A settings item stating the draft tokens a step in words ('4 speculative tokens' between a
settings line's separators) with records printing their accepted and drafted token counts, every
drafted count a whole multiple of that k: each step drafted k, the length 1 + k x accepted /
drafted (bonus included), whatever the tool. A drafted count no multiple of k, a bound before
the count ('up to 4 speculative tokens'), a count a run made in a sentence, or a second k leave
the records' lengths unknown (fixed_k.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SEP = st.sampled_from([" · ", " | ", ", ", "; "])
_HEAD = st.sampled_from(["Base: org/big-a{sep}Drafter: org/small-b{sep}", "Run settings{sep}"])


def _rows(counts: list[tuple[int, int]]) -> str:
    return "\n".join(
        f"[{i}] accept_rate={100 * a / d:.1f}% ({a}/{d} draft tokens accepted)"
        for i, (a, d) in enumerate(counts)
    )


@st.composite
def _counts(draw: st.DrawFn, k: int) -> list[tuple[int, int]]:
    out = []
    for _ in range(draw(st.integers(1, 3))):
        steps = draw(st.integers(3, 40))
        out.append((draw(st.integers(1, steps * k)), steps * k))
    return out


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data(), k=st.integers(2, 8), sep=_SEP, head=_HEAD)
def test_counts_by_the_k_in_words(
    read: Read, data: st.DataObject, k: int, sep: str, head: str
) -> None:
    counts = data.draw(_counts(k))
    text = (
        head.format(sep=sep)
        + f"{k} speculative tokens\n=== Accept stats ===\n"
        + _rows(counts)
        + "\n"
    )
    got = [r.accept_length for r in read(text).records]
    assert got == [round(1 + k * a / d, 6) for a, d in counts]


_NEAR = st.sampled_from(
    [
        "Run settings{sep}up to {k} speculative tokens",
        "The last request accepted {k} speculative tokens in a row.",
        "Run settings{sep}{k} speculative tokens{sep}k=9",
    ]
)


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data(), k=st.integers(2, 8), sep=_SEP, near=_NEAR)
def test_negative_control_no_fixed_k_stays_unknown(
    read: Read, data: st.DataObject, k: int, sep: str, near: str
) -> None:
    counts = data.draw(_counts(k))
    text = near.format(sep=sep, k=k) + "\n=== Accept stats ===\n" + _rows(counts) + "\n"
    got = read(text).records
    assert len(got) >= len(counts)
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(data=st.data(), k=st.integers(3, 8), sep=_SEP)
def test_negative_control_a_count_no_multiple_of_k(
    read: Read, data: st.DataObject, k: int, sep: str
) -> None:
    counts = data.draw(_counts(k))
    # (a drafted count no multiple of k: some step drafted another number)
    counts[0] = (counts[0][0], counts[0][1] + 1)
    text = f"Run settings{sep}{k} speculative tokens\n=== Accept stats ===\n" + _rows(counts) + "\n"
    assert [r.accept_length for r in read(text).records] == [None] * len(counts)
