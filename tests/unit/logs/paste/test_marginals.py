"""A length beside the marginal per-position rates of its run (each the share of verify steps
accepting that position): 1 + their sum is the length when it counts the target's token."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _block(cond: list[float], marg: list[float], length: str, key: str = "marginal") -> str:
    c = ", ".join(f"{x:.3f}" for x in cond)
    m = ", ".join(f"{x:.3f}" for x in marg)
    return (
        "Measured the new draft on 80 chat prompts (9,120 decode steps):\n\n"
        "```\n"
        f"conditional : [{c}]\n"
        f"{key:<12}: [{m}]\n"
        f"AL          : {length}\n"
        "```\n"
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    cond=st.lists(st.integers(300, 990), min_size=2, max_size=6),
    key=st.sampled_from(["marginal", "marginal_accept_rates", "p_marginal"]),
)
def test_one_plus_the_marginal_sum_decides_the_bonus(cond: list[int], key: str) -> None:
    conds = [c / 1000 for c in cond]
    marg, p = [], 1.0
    for c in conds:
        p *= c
        marg.append(round(p, 3))
    total = sum(marg)
    length = f"{1 + total:.3f}"
    got = read_paste(_block(conds, marg, length, key))
    assert [r.printed_length for r in got.records] == [float(length)]
    assert [r.accept_length for r in got.records] == [float(length)]
    assert got.records[0].bonus.value == "included"
    assert got.records[0].per_position == tuple(marg)


def test_the_sum_alone_or_no_identity_decides_nothing() -> None:
    cond, marg = [0.8, 0.75, 0.7], [0.8, 0.6, 0.42]
    for length in ("1.820", "2.500"):  # the sum alone (accepted drafts) / neither
        text = _block(cond, marg, length).replace("conditional : [0.800, 0.750, 0.700]\n", "")
        got = read_paste(text)
        assert [r.accept_length for r in got.records] == [None], length
    # neither beside the conditional chain too
    got = read_paste(_block(cond, marg, "2.500"))
    assert [r.accept_length for r in got.records] == [None]


def test_the_sum_alone_beside_the_conditional_chain_counts_drafts_alone() -> None:
    # the chain's running products sum to the length: accepted drafts a step (marginals.chained)
    got = read_paste(_block([0.8, 0.75, 0.7], [0.8, 0.6, 0.42], "1.820"))
    assert [r.accept_length for r in got.records] == [2.82]


def test_the_conditional_list_or_rising_rates_prove_nothing() -> None:
    # 1 + the sum of the conditional rates (3.25) is the length: a chain's conditional rates
    # are no shares of the steps, nothing decided
    text = "conditional : [0.800, 0.750, 0.700]\nAL          : 3.250\n"
    assert [r.accept_length for r in read_paste(text).records] == [None]
    # rising 'marginal' rates are no marginal rates of a chain
    got = read_paste(_block([0.5, 0.9], [0.4, 0.6], "2.000"))
    assert [r.accept_length for r in got.records] == [None]
    # two marginal lists in the block: which run is unsaid
    text = "marginal : [0.800, 0.600]\nmarginal : [0.700, 0.500]\nAL : 2.400\n"
    assert all(r.accept_length is None for r in read_paste(text).records)
