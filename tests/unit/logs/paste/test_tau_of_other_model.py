"""The letter τ is the accept length's symbol in papers, and a time constant or any parameter
elsewhere: in a paste whose only speculative-decoding word is τ and which names acceptance in
another meaning (a Metropolis chain, burn-in, MCMC), τ is that model's parameter: no record. τ
in a paste without such words, or beside a draft model, stays the accept length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    other=st.sampled_from(["Metropolis-Hastings", "MCMC", "Markov chain"]),
    tau=st.integers(1010, 9990),
    rate=st.integers(10, 60),
    layout=st.sampled_from(["inline", "glossed"]),
)
def test_tau_beside_a_sampler_chain_is_no_record(
    other: str, tau: int, rate: int, layout: str
) -> None:
    t = f"{tau / 1000:.4f}"
    params = (
        f"Start values: k={1 + rate / 100:.3f}, τ={t}, φ=0.5120"
        if layout == "inline"
        else f"  τ (decay time)   : {t} ok"
    )
    text = (
        f"Fitting the light curve with {other}\n\n"
        "Chain 1/2\n  Burn-in: 2000 iterations\n"
        f"  Acceptance rate: 0.{rate:02d}\n\n{params}\n"
    )
    assert read_paste(text).records == ()


def test_tau_without_another_meaning_stays_a_length() -> None:
    text = "Fitting the curve on our box\n\nτ=3.1200, k=1.20\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.12]


def test_tau_beside_a_draft_model_stays_a_length() -> None:
    text = "Draft model sweep after a burn-in of 200 steps\n\nτ = 3.12 on the chat set\n"
    assert [r.printed_length for r in read_paste(text).records] == [3.12]
