"""A value before a figure's code name in prose (codenames.py): `~1.2
mean_acceptance_length`, `3.1 accept_len`, `0.71 acceptance_rate`: one record; a whole number,
a value out of the figure's range, a bound or a range before it, or a noun after the name
(`3 accept_len values`) is none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(["mean_acceptance_length", "accept_len", "avg_accept_length", "acc_len"]),
    hundredths=st.integers(100, 900),
    hedge=st.sampled_from(["", "~", "≈"]),
    mark=st.sampled_from(["{}", "`{}`"]),
    tail=st.sampled_from([" on the eval set.", " after the first epoch.", ".", ", which is low."]),
)
def test_a_length_before_its_code_name(
    read: Read, name: str, hundredths: int, hedge: str, mark: str, tail: str
) -> None:
    text = (
        "Fine-tuned the draft head for one epoch and served it with speculative decoding; "
        f"I saw {hedge}{hundredths / 100:.2f} {mark.format(name)}{tail}\n"
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(hundredths / 100)
    assert r.accept_length is None  # no engine named


def test_a_rate_before_its_code_name() -> None:
    text = "The EAGLE draft reached 0.71 acceptance_rate and 63% draft_acceptance_rate later.\n"
    recs = read_paste(text).records
    assert [r.printed_rate for r in recs] == pytest.approx([0.71, 0.63])


def test_the_engine_named_after_it_decides() -> None:
    # vLLM's mean acceptance length counts the bonus token
    text = "After the first epoch I saw ~1.4 mean_acceptance_length in the vllm server.\n"
    (r,) = read_paste(text).records
    assert (r.tool, r.accept_length) == ("vllm", pytest.approx(1.4))


@pytest.mark.parametrize(
    "text",
    [
        "The speculative run logged 3 accept_len values per request.\n",  # a count of values
        "The draft printed 2.5 accept_len values per step in the log.\n",  # a noun after it
        "Expect between 2.1 and 2.9 mean_acceptance_length with EAGLE drafts.\n",  # a range
        "With speculative decoding we need >= 2.5 mean_acceptance_length to break even.\n",
        "The draft reached 1.5 acceptance_rate in the speculative run.\n",  # no rate can be 1.5
        "The speculative run set 0.5 draft_temperature and 3 num_speculative_tokens.\n",
        "A 2.5 accept_len would mean the draft is useful for speculative decoding.\n",
    ],
)
def test_no_figure(text: str) -> None:
    assert read_paste(text).records == ()
