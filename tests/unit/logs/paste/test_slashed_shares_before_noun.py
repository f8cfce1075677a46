"""Shares joined by '/' before a share's noun, one '%' after the last (interpret.
_PCT_SLASHED_BEFORE): '71.4/75.0/78.2% draft acceptance' is each run's rate, the sign written
once; every value with the same decimals as the last, none past 100. Whole numbers ('3/4%',
'80/84%': a fraction as often), values of other decimals, or a space around the '/' read the
last share alone, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NOUNS = st.sampled_from(["draft acceptance", "acceptance", "MTP acceptance", "acceptance rate"])
_AFTER = st.sampled_from(["", " across the samples", " over three runs", " (greedy)"])
_BEFORE = st.sampled_from(["EAGLE decoding works: ", "- speculative decoding gives ", "We saw "])


@settings(max_examples=examples(60), deadline=None)
@given(
    vals=st.lists(st.integers(100, 999), min_size=2, max_size=5),
    decimals=st.sampled_from([1, 2]),
    noun=_NOUNS,
    before=_BEFORE,
    after=_AFTER,
)
def test_each_share_of_a_slashed_run_is_a_record(
    vals: list[int], decimals: int, noun: str, before: str, after: str
) -> None:
    shares = [v / 10 for v in vals]
    printed = "/".join(f"{p:.{decimals}f}" for p in shares)
    text = f"{before}{printed}% {noun}{after}.\n"
    got = [r.printed_rate for r in read_paste(text).records]
    want = [float(f"{p:.{decimals}f}") / 100 for p in shares]
    assert len(got) == len(want)
    assert all(g is not None and abs(g - w) < 1e-9 for g, w in zip(got, want, strict=True))


def test_negative_control_whole_numbers_read_the_last_share_alone() -> None:
    text = "Speculative decoding gives 80/84% draft acceptance.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.84]


def test_negative_control_other_decimals_read_the_last_share_alone() -> None:
    text = "Speculative decoding gives 80.25/84.5% draft acceptance.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.845]


def test_negative_control_a_spaced_slash_is_not_joined() -> None:
    text = "Speculative decoding gives 12.5 / 84.5% draft acceptance.\n"
    assert 0.125 not in [r.printed_rate for r in read_paste(text).records]
