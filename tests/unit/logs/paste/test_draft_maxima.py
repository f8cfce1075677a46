"""A draft maximum in a label ('d=N' as llama.cpp's docs once wrote --draft-max, TensorRT-LLM's
'max_draft_len=N', 'draft-max=N', 'n_max=N'): an upper bound on the drafts of a step (a length
above it counts the bonus token), never the k of 1 + k x rate (but a maximum of one is one draft a
step at most: 1 + rate); 'k=N' is that k."""

from __future__ import annotations

from collections.abc import Callable

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


# one vocabulary of draft maxima (vocab.DRAFT_MAX) for a label, a whole paste and one_draft.py:
# llama.cpp's flag under each of its names (--spec-draft-n-max, --draft-max, --draft-n, --draft),
# its n-gram drafter's --spec-ngram-mod-n-max, TensorRT-LLM's max_draft_len
_FLAGS = [
    "--draft-max 3",
    "`--spec-draft-n-max 3`",
    "--draft-n=3",
    "--draft 3",
    "--spec-ngram-mod-n-max 3",
    "max_draft_len: 3",
]
# no maximum: a minimum, the draft model's file, a range or a list of several runs' settings
_NOT_ONE_MAXIMUM = [
    "--draft-min 3",
    "n_min=3",
    "-md draft-3.gguf",
    "--draft-max 2-4",
    "--draft-max 2 to 4",
    "n_max=2/3",
]


def _label_row(label: str, length: str) -> str:
    return "Our speculative decoding runs\n\n" + pipe_table(
        ["config", "accept length"], [[label, length]]
    )


def _command_over_table(flag: str, length: str) -> str:
    return (
        f"$ ./bin/spec-bench -m target.gguf {flag}\n\n"
        f"| task | accept length |\n| --- | --- |\n| code | {length} |\n"
    )


@pytest.mark.parametrize("flag", _FLAGS)
@pytest.mark.parametrize("shape", [_label_row, _command_over_table])
def test_every_name_of_the_maximum_bounds_a_length(
    flag: str, shape: Callable[[str, str], str]
) -> None:
    (r,) = read_paste(shape(flag, "3.42")).records
    assert (r.accept_length, r.bonus.value) == (3.42, "included")


@pytest.mark.parametrize("flag", _NOT_ONE_MAXIMUM)
@pytest.mark.parametrize("shape", [_label_row, _command_over_table])
def test_no_maximum_bounds_nothing(flag: str, shape: Callable[[str, str], str]) -> None:
    (r,) = read_paste(shape(flag, "3.42")).records
    assert r.printed_length == 3.42
    assert r.accept_length is None


# a k past the most a fixed chain drafts (evidence.FIXED_K_MOST): llama.cpp's draft maximum's
# scale (16 by default), so the table's k's are maxima, its small ones too
@settings(max_examples=examples(30), deadline=None)
@given(
    small=st.lists(st.integers(1, 8), min_size=1, max_size=3),
    large=st.integers(9, 32),
    rates=st.data(),
    kname=st.sampled_from(["K", "k", "gamma"]),
)
def test_a_k_column_reaching_past_a_fixed_chain_is_a_column_of_maxima(
    small: list[int], large: int, rates: st.DataObject, kname: str
) -> None:
    ks = [*small, large]
    body, want = [], []
    for i, k in enumerate(ks):
        rate = rates.draw(st.integers(20, 95))
        body.append([f"target-{i} + tiny draft", f"{10 + i}.5 t/s", f"{rate}.0%", f"{kname}={k}"])
        # (a maximum of one is one draft a step that drafted: 1 + rate, one_draft.py)
        want.append(1 + rate / 100 if k == 1 else None)
    text = "Draft model runs\n\n" + pipe_table(["Pair", "Speed", "Accept", kname], body)
    got = read_paste(text).records
    assert len(got) == len(ks)
    assert all(r.printed_rate is not None for r in got)
    assert [r.accept_length for r in got] == pytest.approx(want)


@settings(max_examples=examples(20), deadline=None)
@given(
    ks=st.lists(st.integers(1, 8), min_size=2, max_size=3, unique=True), rate=st.integers(20, 95)
)
def test_a_k_column_within_a_fixed_chain_gives_one_plus_k_times_the_rate(
    ks: list[int], rate: int
) -> None:
    body = [[f"run {i}", f"{rate}.0%", f"K={k}"] for i, k in enumerate(ks)]
    text = "Draft model runs\n\n" + pipe_table(["Pair", "Accept", "K"], body)
    got = read_paste(text).records
    assert [r.accept_length for r in got] == pytest.approx([1 + k * rate / 100 for k in ks])


@pytest.mark.parametrize("k", [12, 16])
def test_one_k_past_a_fixed_chain_gives_no_length(k: int) -> None:
    for text in (
        "Our speculative decoding runs\n\n"
        + pipe_table(["config", "acceptance rate"], [[f"k={k}", "55.0%"]]),
        "I see an acceptance uplift with MTP.\n\n"
        + pipe_table(["Task", "No MTP", f"run k={k}"], [["code", "2.71 t/s", "3.90 t/s @ 55%"]]),
    ):
        (r,) = read_paste(text).records
        assert (r.printed_rate, r.accept_length) == (0.55, None)
