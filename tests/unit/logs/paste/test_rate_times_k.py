"""A per-step figure beside a per-draft rate, with the draft tokens per step the block's
heading (or the paste) states: k x rate is the accepted drafts per step, 1 + k x rate the
tokens per step; the arithmetic decides before the figure's name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(50), deadline=None)
@given(
    k=st.integers(2, 8),
    tenths=st.integers(500, 990),
    with_bonus=st.booleans(),
    name=st.sampled_from(["tokens per round", "每轮 tokens", "tokens/step", "accept length"]),
)
def test_k_times_rate_decides_the_per_step_figure(
    k: int, tenths: int, with_bonus: bool, name: str
) -> None:
    rate = tenths / 1000
    printed = round(k * rate + (1 if with_bonus else 0), 2)
    text = (
        f"### chain K={k}\n\n"
        f"run: 88.4 t/s\n"
        f"acceptance rate: {tenths / 10:.1f}%, {name}: {printed:.2f}\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    r = got[0]
    assert r.printed_length == printed
    want = printed if with_bonus else round(printed + 1, 6)
    assert r.accept_length is not None and abs(r.accept_length - want) < 1e-6
    assert r.bonus.rule.startswith("identity:") or (with_bonus and r.bonus.rule.startswith("name:"))


def test_negative_control_without_a_stated_k_the_name_alone_stands() -> None:
    got = read_paste("chain drafts\nacceptance rate: 70.0%, tokens per round: 3.50\n").records
    assert [r.accept_length for r in got] == [3.5]  # the name: tokens per round, bonus included


def test_negative_control_a_ratio_per_output_token_is_not_used() -> None:
    # accept ratio 0.5 of output tokens at 2 tokens a step: 4 x 0.5 = 2 by chance
    text = "#### MTP K=4\n\naccept ratio: 0.500, tokens per step: 2.00\n"
    got = read_paste(text).records
    assert all(r.accept_length in (None, 2.0) for r in got)


def test_negative_control_a_figure_that_fits_neither_decides_nothing() -> None:
    # 5 x 0.7 = 3.50: 4.00 is neither 3.50 nor 4.50
    text = "### chain K=5\n\nacceptance rate: 70.0%, accept length: 4.00\n"
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [None]
