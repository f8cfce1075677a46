"""A drafter's name set to a count per step whose unit names the figure ('MTP=3.10 tok/round
(70.0%)', 'spec=2.45 tokens/step') is that count per step, as where a space stands for the '=';
another key set to a rate of tokens ('decode=118.3 tok/s') is none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["MTP", "spec", "EAGLE3", "dflash", "draft"]),
    unit=st.sampled_from(["tok/round", "tokens/step", "tok/step", "tokens per round"]),
    value=st.integers(120, 480),
)
def test_a_drafters_name_set_to_a_count_per_step_is_read(name: str, unit: str, value: int) -> None:
    text = f"prompt=211\ngenerated=64\ndecode=98.2 tok/s\n{name}={value / 100:.2f} {unit}\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [value / 100]


def test_another_keys_rate_of_tokens_is_no_record() -> None:
    assert read_paste("prompt=211\ndecode=98.20 tok/s\nprefill=685.80 tok/s\n").records == ()
