"""A draft maximum in a label ('d=N' as llama.cpp's docs once wrote --draft-max, TensorRT-LLM's
'max_draft_len=N', 'draft-max=N', 'n_max=N'): an upper bound on the drafts of a step (a length
above it counts the bonus token), never the k of 1 + k x rate (but a maximum of one is one draft a
step at most: 1 + rate); 'k=N' is that k."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_MAXIMA = ["d", "max_draft_len", "draft-max", "n_max"]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_MAXIMA),
    most=st.integers(1, 6),
    rate=st.integers(20, 95),
)
def test_a_maximum_never_gives_a_length_from_a_rate(name: str, most: int, rate: int) -> None:
    text = "Our speculative decoding runs\n\n" + pipe_table(
        ["config", "acceptance rate"], [[f"{name}={most}", f"{rate}.0%"]]
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([rate / 100])
    if most == 1:
        # at most one draft a step: the rate is the accepted drafts of a step that drafted
        assert [r.accept_length for r in got] == pytest.approx([1 + rate / 100])
    else:
        assert [r.accept_length for r in got] == [None]


@settings(max_examples=examples(25), deadline=None)
@given(k=st.integers(1, 6), rate=st.integers(20, 95))
def test_a_k_gives_one_plus_k_times_the_rate(k: int, rate: int) -> None:
    text = "Our speculative decoding runs\n\n" + pipe_table(
        ["config", "acceptance rate"], [[f"k={k}", f"{rate}.0%"]]
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == pytest.approx([1 + k * rate / 100])


@pytest.mark.parametrize("name", _MAXIMA)
def test_a_length_above_the_maximum_counts_the_bonus(name: str) -> None:
    text = "Our speculative decoding runs\n\n" + pipe_table(
        ["config", "accept length"], [[f"{name}=2", "2.64"]]
    )
    (r,) = read_paste(text).records
    assert (r.printed_length, r.accept_length, r.bonus.value) == (2.64, 2.64, "included")


@pytest.mark.parametrize("name", _MAXIMA)
def test_a_length_below_the_maximum_is_not_decided_by_it(name: str) -> None:
    text = "Our speculative decoding runs\n\n" + pipe_table(
        ["config", "accept length"], [[f"{name}=4", "2.64"]]
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 2.64
    assert "draft tokens per step" not in r.bonus.rule
