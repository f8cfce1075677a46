"""A figure's value, then its earlier values in a bracket opening on 'was' ('draft_accept_rate = 31.5%
(was 12.0% before the cache fix, 6.2% at first)'): each earlier value is a run of its own,
measured on an earlier build, one record each after the current one. A bracket of a goal's
former value, a range, values of another kind or a long phrase are left as they were."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import was_earlier as WAS
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RATE_KEYS = ("draft_accept_rate", "acceptance rate", "accept_rate", "Draft acceptance")
_LENGTH_KEYS = ("accept length", "mean_accept_len", "Acceptance length")
_WORDS = ("", " before the cache fix", " at first", " on the old kernel", " originally")


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(_RATE_KEYS),
    now=st.integers(min_value=100, max_value=950),
    before=st.lists(st.integers(min_value=5, max_value=950), min_size=1, max_size=3),
    words=st.lists(st.sampled_from(_WORDS), min_size=3, max_size=3),
    sep=st.sampled_from((" = ", ": ", "=")),
)
def test_earlier_rates_are_runs_of_their_own(
    read: Read, key: str, now: int, before: list[int], words: list[str], sep: str
) -> None:
    inside = ", ".join(f"{b / 10:.1f}%{w}" for b, w in zip(before, words, strict=False))
    text = (
        "Speculative decoding of a draft head against its target, greedy.\n\n"
        f"{key}{sep}{now / 10:.1f}% (was {inside})\n"
    )
    got = [r.printed_rate for r in read(text).records]
    want = [now / 1000] + [b / 1000 for b in before]
    assert len(got) == len(want), text
    for g, w in zip(got, want, strict=True):
        assert g is not None and abs(g - w) < 1e-9, text


@settings(max_examples=examples(30), deadline=None)
@given(
    key=st.sampled_from(_LENGTH_KEYS),
    now=st.integers(min_value=120, max_value=480),
    before=st.integers(min_value=101, max_value=480),
)
def test_an_earlier_length_is_a_run_of_its_own(read: Read, key: str, now: int, before: int) -> None:
    text = (
        "Speculative decoding of a draft head against its target, greedy.\n\n"
        f"{key}: {now / 100:.2f} (was {before / 100:.2f} last week)\n"
    )
    got = [r.printed_length for r in read(text).records]
    assert got == [round(now / 100, 2), round(before / 100, 2)], text


def test_near_misses_are_left_as_they_were() -> None:
    kept = (
        "acceptance threshold = 0.50 (was 0.40)",  # a goal's former value: no figure's key
        "acceptance rate = 41% (was 0.38)",  # another kind of value
        "acceptance rate = 41% (was 30-35%)",  # a range
        "acceptance rate = 41% (was 38% before we swapped the tokenizer for the new one)",
        "acceptance rate = 41% (see 38% was before)",  # no 'was' opening the bracket
        "throughput = 41.0 (was 38.0)",  # another measure
        "acceptance rate = 41% (measured 38%)",
    )
    for line in kept:
        assert WAS.rewrite(line) == line, line
    assert WAS.rewrite("accept_rate = 41% (was 38% before, 20% originally)") == (
        "accept_rate = 41%; accept_rate = 38% (before); accept_rate = 20% (originally)"
    )
