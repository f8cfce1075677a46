"""A threshold stated in prose is no run (thresholds.py): where speculation starts to pay
(`The threshold appears to be ~50% acceptance`, `a 40% acceptance threshold`, `the draft needs
~60% acceptance to pay off`, `接受率阈值约为 50%`) gives no record; a measured figure beside it
still does."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.thresholds import blank
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Speculative decoding with a small draft model on one GPU.\n\n"

_THRESHOLDS = [
    "The threshold appears to be {v} acceptance.",
    "The break-even point is around {v} acceptance for this draft.",
    "A {v} acceptance threshold decides whether the draft is enabled.",
    "The draft needs {v} acceptance to pay off.",
    "Speculation requires roughly {v} acceptance before it helps.",
    "The minimum acceptance rate for a gain is {v}.",
    "{v} acceptance is the break-even here.",
    "Below the cut-off of {v} acceptance, decoding gets slower.",
    "The tipping point sits near {v} acceptance.",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    form=st.sampled_from(_THRESHOLDS),
    pct=st.integers(20, 90),
    approx=st.sampled_from(["", "~", "about "]),
    bold=st.sampled_from(["", "**"]),
    tail=st.sampled_from(["", " Below that, the overhead outweighs the gains."]),
)
def test_a_threshold_is_no_record(
    read: Read, form: str, pct: int, approx: str, bold: str, tail: str
) -> None:
    value = f"{bold}{approx}{pct}%{bold}" if approx != "about " else f"about {bold}{pct}%{bold}"
    text = _LEAD + form.format(v=value) + tail + "\n"
    assert read(text).records == (), text


@pytest.mark.parametrize(
    "line",
    [
        "接受率阈值约为 50%，低于该值时投机解码没有收益。",
        "接受率至少要 60% 才有收益。",
        "投机解码的门槛是 55% 的接受率。",
    ],
)
def test_a_threshold_in_chinese_is_no_record(line: str) -> None:
    assert read_paste("投机解码开启。\n\n" + line + "\n").records == ()


@pytest.mark.parametrize(
    ("text", "rates"),
    [
        ("We measured ~50% acceptance on chat.", [0.5]),
        ("The acceptance rate was 62%, well above the 40% threshold.", [0.62]),
        ("Above the threshold we measured 62% acceptance.", [0.62]),
        ("62% acceptance is well above the threshold.", [0.62]),
        ("We got 47% acceptance. The threshold appears to be ~50% acceptance.", [0.47]),
        ("The draft needs k=3 and its acceptance rate was 71%.", [0.71]),
    ],
)
def test_a_measured_figure_beside_a_threshold_is_still_read(text: str, rates: list[float]) -> None:
    got = read_paste(_LEAD + text + "\n").records
    assert [r.printed_rate for r in got] == rates


def test_blank_keeps_the_line_length_and_other_figures() -> None:
    line = "We got 47% acceptance; the threshold appears to be ~50% acceptance."
    out = blank(line)
    assert len(out) == len(line)
    assert "47%" in out and "50%" not in out
    assert blank("no such word here: 0.62") == "no such word here: 0.62"


def test_breaks_even_is_a_threshold() -> None:
    assert read_paste(_LEAD + "The draft breaks even at ~50% acceptance.\n").records == ()
