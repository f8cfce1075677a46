"""Shapes of held-out pastes read in general: a range before a change's arrow, the drafted
token's acceptance spelled out, an accepted-drafts column of counts with their share, MTP's
'n=1' said in the run's sentence, a bare 'n' column under a caption naming the draft depth."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    low=st.integers(21, 29),
    after=st.integers(120, 199),
    rate=st.integers(5, 40),
    hedge=st.sampled_from(["", "roughly ", "about "]),
)
def test_a_range_then_an_arrow_keeps_the_figure_after_it(
    low: int, after: int, rate: int, hedge: str
) -> None:
    text = (
        "Against the old cache view:\n\n"
        "- cache bytes: 4,000 -> 3,500 (-12.5%)\n"
        f"- sampled accept length: {hedge}{low / 10:.1f}-{(low + 2) / 10:.1f} -> "
        f"{after / 100:.2f} (`accept_rate={rate / 100:.2f}`)\n"
        "- latency: 20.0 -> 22.0 ms\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [after / 100]
    assert got[0].accept_length is None


def test_a_range_then_an_arrow_to_a_multiplier_is_no_record() -> None:
    text = "- accept length: 2.5-2.7 -> 1.30x faster decode\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(
        ["draft-token acceptance", "Draft token acceptance rate", "token acceptance"]
    ),
    rates=st.lists(st.integers(40, 90), min_size=2, max_size=4),
)
def test_the_drafted_tokens_acceptance_spelled_out_is_a_rate(name: str, rates: list[int]) -> None:
    rows = "".join(f"| {1000 * (i + 1)} | {50 - i}.0 | 0.{r} |\n" for i, r in enumerate(rates))
    text = f"| prompt tokens | decode tok/s | {name} |\n|---|---|---|\n" + rows
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [r / 100 for r in rates]
    assert all(r.accept_length is None for r in got)  # no k: no length


@settings(max_examples=examples(30), deadline=None)
@given(
    counts=st.lists(st.tuples(st.integers(20, 150), st.integers(0, 80)), min_size=1, max_size=3),
)
def test_an_accepted_drafts_column_of_counts_and_their_share_is_a_rate(
    counts: list[tuple[int, int]],
) -> None:
    rows = "".join(
        f"| mode {i} | {40 + i}.0 tok/s | {a}/{a + r} ({100 * a / (a + r):.1f}%) |\n"
        for i, (a, r) in enumerate(counts)
    )
    text = "| Mode | Speed | Accepted drafts |\n|---|---:|---:|\n" + rows
    got = read_paste(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(a, a + r) for a, r in counts]
    assert [r.accept_rate for r in got] == [
        pytest.approx(round(100 * a / (a + r), 1) / 100) for a, r in counts
    ]


def test_an_accepted_drafts_column_whose_share_misfits_its_counts_is_no_rate() -> None:
    text = (
        "| Mode | Speed | Accepted drafts |\n|---|---:|---:|\n"
        "| greedy | 40.0 tok/s | 90/120 (80.0%) |\n| sampled | 38.0 tok/s | 70/130 (60.0%) |\n"
    )
    assert all(r.printed_rate is None for r in read_paste(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(a=st.integers(6000, 9800), b=st.integers(6000, 9800))
def test_mtp_n_one_in_the_runs_sentence_gives_one_plus_the_rate(a: int, b: int) -> None:
    text = (
        "Same rig, MTP n=1 with graphs on: the new checkpoint keeps the draft acceptance "
        f"at parity ({a / 100:.2f}% vs {b / 100:.2f}%) and matches quality.\n"
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [round(1 + a / 10000, 6), round(1 + b / 10000, 6)]


def test_mtp_n_of_several_depths_or_above_one_gives_no_length() -> None:
    for said in ("MTP n=1 and MTP n=3", "MTP n=2", "MTP n=12"):
        text = f"Runs with {said}: draft acceptance 81.20% vs 60.40%.\n"
        assert all(r.accept_length is None for r in read_paste(text).records), said


_SWEEP = "| n | chat tok/s | accept len |\n|--:|--:|--:|\n| 0 | 50.1 | — |\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    first=st.integers(150, 199),
    more=st.lists(st.integers(0, 60), min_size=2, max_size=2),
    caption=st.sampled_from(["Depth swept 0 to 6:", "By draft depth:", "MTP depth sweep"]),
)
def test_a_bare_n_column_under_a_depth_caption_is_the_draft_depth(
    first: int, more: list[int], caption: str
) -> None:
    lens = [first / 100, 2 + more[0] / 100, 2.6 + more[1] / 100]
    rows = "".join(
        f"| {n} | {60 + n}.0 | {x:.2f} |\n" for n, x in zip((1, 3, 5), lens, strict=False)
    )
    got = read_paste(f"{caption}\n\n" + _SWEEP + rows).records
    assert [r.printed_length for r in got] == pytest.approx(lens)
    assert [r.accept_length for r in got] == pytest.approx(lens)  # n=1 row passes 1: bonus


def test_a_bare_n_column_under_another_caption_decides_nothing() -> None:
    rows = "| 1 | 61.0 | 1.80 |\n| 3 | 63.0 | 2.40 |\n| 5 | 65.0 | 2.90 |\n"
    got = read_paste("Concurrency swept 1 to 5:\n\n" + _SWEEP + rows).records
    assert [r.printed_length for r in got] == [1.8, 2.4, 2.9]
    assert all(r.accept_length is None for r in got)
