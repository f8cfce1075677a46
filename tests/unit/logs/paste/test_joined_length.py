"""A bare mean length joined to an acceptance rate in its clause (interpret._JOINED_LENGTH):
`the short run's acceptance was 58% with mean length 3.2` is that run's acceptance length
(convention unknown); a length named alone, in another sentence, or of a percentage: none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEAD = "Draft head sweep on the small box, two batch sizes.\n\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    pct=st.integers(300, 900),
    length=st.integers(110, 790),
    joint=st.sampled_from(["with mean length", "and an average length of", "with avg length"]),
    mark=st.sampled_from(["", "`"]),
)
def test_a_mean_length_joined_to_a_rate_is_the_runs_length(
    pct: int, length: int, joint: str, mark: str
) -> None:
    text = (
        f"{_LEAD}The wide run's acceptance was {mark}{pct / 10:.1f}%{mark} {joint} "
        f"{mark}{length / 100:.2f}{mark}; the rest held.\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].printed_rate == pytest.approx(pct / 1000)
    assert got[0].printed_length == pytest.approx(length / 100)
    assert got[0].accept_length is None


@pytest.mark.parametrize(
    "line",
    [
        "The wide run's acceptance was 61.5%. Prompts had a mean length 2.41 on chat.",
        "The wide run's acceptance was 61.5% with mean length 41% of the window.",
        "The wide run's throughput was 61.5 with mean length 2.41.",
    ],
)
def test_no_length_for_a_length_named_alone(line: str) -> None:
    assert all(r.printed_length is None for r in read_paste(f"{_LEAD}{line}\n").records)
