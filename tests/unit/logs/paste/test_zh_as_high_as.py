"""`高达` (as high as) and `低至` (as low as) between a figure's name and its value in Chinese
prose: the value the run reached, read as `达到` is (zharrival.py); under a condition or a goal
(`如果`, `希望`) no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=st.sampled_from(["高达", "低至"]),
    name=st.sampled_from(["接受率", "平均接受率", "acceptance rate"]),
    hundredths=st.integers(12, 98),
    k=st.integers(1, 6),
)
def test_a_rate_as_high_as_is_the_runs(
    read: Read, verb: str, name: str, hundredths: int, k: int
) -> None:
    text = f"小模型投机解码实验。\n\n草稿长度 γ={k} 时{name}{verb} {hundredths / 100:.2f}。\n"
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(hundredths / 100)
    if k == 1:  # one draft a step: the length is 1 + the rate
        assert r.accept_length == pytest.approx(1 + hundredths / 100)


@pytest.mark.parametrize(
    "line",
    [
        "如果接受率高达 0.93，加速比还会更高。",
        "我们希望接受率高达 0.85。",
        "目标是接受长度高达 3.5。",
    ],
)
def test_as_high_as_under_a_condition_or_goal(read: Read, line: str) -> None:
    text = f"小模型投机解码实验。\n\n{line}\n"
    assert read(text).records == (), text
