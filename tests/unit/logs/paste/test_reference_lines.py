"""A reference value on the line under a measured figure (reference.py): a line naming only its
source (model card, official, paper, 官方模型卡) with one value of the figure the line above
named is a reported run of its own, printed as given; a second value, another measure, a goal,
or no figure named right above leaves it unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEAD = "GSM8K, 128 prompts, concurrency=1, block size 8, temperature 1.\n\n"
_SOURCES = ["官方模型卡", "model card", "Official", "paper", "published figure", "论文"]
_RESTS = ["", "；差异 -1.73%", " (diff -0.09)", ", Δ -1.6%", "。"]


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(["DFlash acceptance length", "平均接受长度", "mean accept length"]),
    measured=st.integers(150, 790),
    reported=st.integers(150, 790),
    source=st.sampled_from(_SOURCES),
    sep=st.sampled_from([":", "：", " ="]),
    rest=st.sampled_from(_RESTS),
    bold=st.sampled_from(["", "**"]),
)
def test_a_reference_value_under_a_length_is_a_record_of_its_own(
    read: Read,
    name: str,
    measured: int,
    reported: int,
    source: str,
    sep: str,
    rest: str,
    bold: str,
) -> None:
    text = (
        f"{_HEAD}- {name}: {bold}{measured / 100:.3f}{bold}.\n"
        f"- {source}{sep} {reported / 100:.2f}{rest}\n"
        "- 95% CI: `[1.2, 7.9]`\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [
        pytest.approx(measured / 100),
        pytest.approx(reported / 100),
    ]
    assert all(r.accept_length is None for r in got)


def test_a_reference_rate_under_a_rate() -> None:
    text = f"{_HEAD}- draft acceptance rate: 71.2%\n- official: 73.0% (gap -1.8%)\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.712), pytest.approx(0.73)]


@pytest.mark.parametrize(
    "second",
    [
        "- model card: 5.46 / 5.12",  # two values
        "- official: 120 tok/s",  # another measure
        "- official speedup: 2.1",  # another measure
        "- official target: 3.0",  # a goal
        "- ours: 5.46",  # no source named
        "- model card: 75%",  # a rate under a length
    ],
)
def test_no_reference_record(second: str) -> None:
    text = f"{_HEAD}- DFlash acceptance length: **5.37**.\n{second}\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [5.37]


def test_no_reference_record_without_the_figure_right_above() -> None:
    text = f"{_HEAD}- DFlash acceptance length: **5.37**.\n- batch size: 8\n- model card: 5.46\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [5.37]
