"""A whole number of tokens per step said to be measured (interpret._WHOLE_PER_STEP): `avg commit 6
tokens/step` beside a speculation word is tokens per step, the target's own token included (the
length 6.0); a bare whole number per step stays unread where it may be a setting or a drafted
count, and in a text naming no speculative decoding."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SAID = [
    "avg commit {n} tokens/step",
    "mean {n} tokens per step",
    "average of {n} tok/step",
    "we measured {n} tokens per cycle on average",
    "averaging {n} tokens/round",
]
_METHODS = ["DFlash", "EAGLE-3", "MTP", "the draft model"]


@settings(max_examples=examples(25), deadline=None)
@given(
    said=st.sampled_from(_SAID),
    method=st.sampled_from(_METHODS),
    n=st.integers(2, 12),
    lo=st.integers(20, 40),
)
def test_measured_whole_tokens_per_step(
    read: Read, said: str, method: str, n: int, lo: int
) -> None:
    line = (
        f"**1.4x vs plain decode** with {method} · acceptance {lo}-{lo + 25}% · "
        + said.format(n=n)
        + "."
    )
    got = read(line + "\n").records
    lengths = [r.accept_length for r in got if r.printed_length is not None]
    assert lengths == [pytest.approx(float(n))]
    # the range of rates is no record
    assert all(r.printed_rate is None for r in got)


@pytest.mark.parametrize(
    "line",
    [
        "the DFlash head drafts 7 tokens/step at any acceptance",  # the drafted count
        "EAGLE-3 run with --draft-max 7 tokens/step",  # a setting
        "EAGLE-3: 7 tokens/step",  # no statistic word or measuring verb
        "plain greedy decoder: avg 7 tokens/step",  # no speculation named
        "MTP: avg 5-7 tokens/step",  # a range
        "MTP: avg 5 tokens/step drafted",  # drafted, said after
        "MTP: an average of 3 tokens per step were accepted",  # accepted, said after
        "MTP: avg 40 tokens/step",  # no per-step figure of a verify step
    ],
)
def test_whole_numbers_that_are_no_length(read: Read, line: str) -> None:
    assert all(r.accept_length is None for r in read(line + "\n").records)


def test_decimals_read_as_before(read: Read) -> None:
    (r,) = read("DFlash: avg commit 6.4 tokens/step.\n").records
    assert r.accept_length == pytest.approx(6.4)
