"""Bullets of a sweep, each led by a setting's name and value before its colon, then a throughput
and a share named after it, a statistic word between ('- n-max 3: 52.9 tok/s, 71.8% aggregate
acceptance'): one record per bullet, on its own line, the setting kept as its label. A share
named after its number closes the line (no wrapped key: the next bullet is its own run). A rate
alone gives no normalised length where the drafts per step are not fixed (llama.cpp's n-max is a
most, not a k)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_STAT = st.sampled_from(["", "aggregate ", "overall ", "pooled "])
_SETTING = st.sampled_from(["n-max", "draft-max", "draft", "MTP n-max"])


@settings(max_examples=examples(25), deadline=None)
@given(
    setting=_SETTING,
    stat=_STAT,
    runs=st.lists(
        st.tuples(st.integers(2, 8), st.integers(200, 1500), st.integers(3000, 9500)),
        min_size=2,
        max_size=4,
        unique_by=lambda r: r[0],
    ),
)
def test_one_record_per_setting_bullet(
    setting: str, stat: str, runs: list[tuple[int, int, int]]
) -> None:
    lines = [
        f"- {setting} {n}: {tps / 10:.1f} tok/s, {r / 100:.2f}% {stat}acceptance"
        for n, tps, r in runs
    ]
    text = "Sweep on one 24 GB card, same prompts.\n\n- spec off: 30.1 tok/s\n" + "\n".join(lines)
    got = read_paste(text + "\n").records
    assert [r.first_line for r in got] == [4 + i for i in range(len(runs))]
    assert [r.printed_rate for r in got] == [pytest.approx(r / 10000) for *_, r in runs]
    assert all(r.accept_length is None and r.printed_length is None for r in got)
    name = setting.split()[-1].replace("-", " ")
    assert [dict(r.labels).get(name) for r in got] == [str(n) for n, *_ in runs]


def test_statistic_word_between_share_and_name() -> None:
    got = read_paste("- run a: 61% mean acceptance rate\n- run b: 55% median acceptance\n").records
    assert [(r.first_line, r.printed_rate, r.statistic) for r in got] == [
        (1, pytest.approx(0.61), "mean"),
        (2, pytest.approx(0.55), "median"),
    ]


def test_share_first_lines_stay_apart() -> None:
    text = "- n-max 2: 79.1% acceptance\n- n-max 3: 70.4% acceptance\n"
    got = read_paste(text).records
    assert [r.first_line for r in got] == [1, 2]


@pytest.mark.parametrize(
    "text",
    [
        # a statistic word before another figure's name: no acceptance figure
        "- n-max 2: 49.4 tok/s, 12% aggregate speedup\n",
        # the setting's lead alone, no acceptance figure
        "- n-max 2: 49.4 tok/s\n- n-max 3: 52.9 tok/s\n",
        # a goal, not a measurement
        "Our goal: 80% aggregate acceptance\n",
    ],
)
def test_no_record(text: str) -> None:
    assert read_paste(text).records == ()


def test_a_word_before_the_number_that_names_no_setting() -> None:
    got = read_paste("- Figure 2: 71.5% aggregate acceptance\n").records
    assert all(("figure", "2") not in r.labels for r in got)
