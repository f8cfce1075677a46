"""A record whose configuration states two different draft counts a step (a
`num_speculative_tokens=N` setting, then `k=M` on the same run's line): at which one its rate
was measured is unsaid, so no length is computed from a k (evidence._label_ks). The same k
twice keeps 1 + k x rate."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _text(k: int, other: int, rate: int, verdict: str) -> str:
    return (
        "Serve the head with vLLM.\n\n"
        f"num_speculative_tokens={k} suits this head: larger values waste compute on late "
        f"positions (acceptance is {rate / 10:.1f}%, k={other} is {verdict}).\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 6),
    other=st.integers(2, 12),
    rate=st.integers(50, 900),
    verdict=st.sampled_from(["worse", "slower", "no better"]),
)
def test_two_draft_counts_leave_the_length_unknown(
    read: Read, k: int, other: int, rate: int, verdict: str
) -> None:
    assume(other != k)
    text = _text(k, other, rate, verdict)
    got = read(text).records
    assert len(got) == 1, text
    assert abs((got[0].printed_rate or 0.0) - rate / 1000) < 1e-9, text
    assert got[0].accept_length is None, text


@settings(max_examples=examples(20), deadline=None)
@given(k=st.integers(2, 6), rate=st.integers(50, 900))
def test_the_same_draft_count_twice_keeps_one_plus_k_times_rate(
    read: Read, k: int, rate: int
) -> None:
    text = _text(k, k, rate, "the best")
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].accept_length is not None, text
    assert abs(got[0].accept_length - (1 + k * rate / 1000)) < 1e-9, text
