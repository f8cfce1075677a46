"""vLLM's draft count named on a line with no value, then written short there (``num=1/2/3``):
``num`` is that setting, read as ``k=`` (``k_short.py``), so a vLLM rate labelled by it gives
the length 1 + k x rate. A ``num=`` on a line naming no such setting stays as written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import k_short as KSH
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAME = st.sampled_from(
    ["MTP `num_speculative_tokens`", "`--num-speculative-tokens`", "num_speculative_tokens"]
)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAME,
    rates=st.lists(st.integers(41, 92), min_size=2, max_size=3, unique=True),
    about=st.sampled_from(["", "about ", "~"]),
)
def test_a_short_num_after_the_named_setting_is_k(name: str, rates: list[int], about: str) -> None:
    ks = list(range(1, len(rates) + 1))
    slashed = "/".join(str(r) for r in rates)
    text = (
        "| finding (one card, vLLM 0.11) | number |\n|---|---|\n"
        f"| {name} | num={ks[-1]} is fastest; acceptance {about}{slashed}% for "
        f"num={'/'.join(map(str, ks))} |\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 100 for r in rates])
    assert [r.accept_length for r in got] == pytest.approx(
        [1 + k * r / 100 for k, r in zip(ks, rates, strict=True)]
    )


def test_num_on_a_line_naming_no_setting_stays() -> None:
    line = "| MTP | acceptance 81% over num=8 prompts |"
    assert KSH.rewrite(line) == line


def test_a_setting_given_its_value_is_no_short_name() -> None:
    # ('num_speculative_tokens=2' states the value itself: 'num=' elsewhere is something else)
    line = "`num_speculative_tokens=2`, num=8 prompts"
    assert KSH.rewrite(line) == line


def test_the_rewrite() -> None:
    assert KSH.rewrite("MTP `num_speculative_tokens` | 83/72% for num=1/2") == (
        "MTP `num_speculative_tokens` | 83/72% for k=1/2"
    )
