"""The engine: real speculative decoding with the configured acceptance, losslessness, batching."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.accept import profile
from specdiag.refserver.model import TinyLM, Tokenizer
from tests.support.examples import examples
from tests.support.refserver import fast_config, run_engine

Z_MAX = 4.5  # agreement band in standard errors (the runs are seeded, so this is deterministic)


def _prompts(tok: Tokenizer, n: int) -> list[list[int]]:
    return [
        [tok.bos_id, *tok.encode(f"request number {i} asks about the sea and the moon")]
        for i in range(n)
    ]


def test_tokenizer_round_trip_and_fallback() -> None:
    tok = Tokenizer()
    for text in ("the quick brown fox", "Hello, wörld!\n", "<|im_start|>user\nhi<|im_end|>", ""):
        assert tok.decode(tok.encode(text)) == text
    assert all(tok.piece_base <= t < tok.vocab_size for t in tok.generable)


def test_model_is_deterministic_and_not_degenerate() -> None:
    import numpy as np

    tok = Tokenizer()
    outs = []
    for _ in range(2):
        m = TinyLM(tok)
        h = m.prefill(tok.encode("once upon a time"))[None, :]
        out = []
        for _ in range(200):
            g = m.greedy(h)
            out.append(int(g[0]))
            h = m.advance(h, g)
        outs.append(out)
    assert outs[0] == outs[1]
    assert len(set(outs[0])) > 50  # a varied word stream, not a short loop
    best, second = m.top2(np.zeros((1, m.STATE), dtype=np.float32))
    assert best[0] != second[0]


def test_lossless_greedy_output_with_and_without_speculation() -> None:
    tok = Tokenizer()
    prompts = _prompts(tok, 6)
    outputs = []
    for steps, acc in ((0, None), (3, "0.9,0.5,0.2"), (5, "0.3"), (4, "1.0")):
        _, reqs = run_engine(fast_config(steps=steps, acceptance=acc), prompts, 50)
        outputs.append([r.out_ids for r in reqs])
        assert all(len(r.out_ids) == 50 and r.finish_reason == "length" for r in reqs)
    assert all(o == outputs[0] for o in outputs[1:])


def _check_agreement(acc: tuple[float, ...], seed: int, n_prompts: int, tokens: int) -> None:
    tok = Tokenizer()
    cfg = fast_config(steps=len(acc), acceptance=list(acc), seed=seed)
    engine, reqs = run_engine(cfg, _prompts(tok, n_prompts), tokens)
    t = engine.totals
    prof = profile(acc)
    n = t.verify_steps
    assert n == sum(r.verify_ct for r in reqs)
    assert sum(t.accept_histogram) == n
    assert t.accepted_drafts == sum(j * c for j, c in enumerate(t.accept_histogram))
    # accepted drafts per step: mean of a variable with the profile's distribution
    mean = prof.expected_accepted_drafts
    var = sum(p * (j - mean) ** 2 for j, p in enumerate(prof.distribution))
    se = math.sqrt(var / n)
    observed = t.accepted_drafts / n
    if se == 0:
        assert observed == pytest.approx(mean)
    else:
        assert abs(observed - mean) / se <= Z_MAX, (observed, mean, se)
    # per position, unconditional: binomial
    for i, u in enumerate(prof.unconditional):
        share = t.accepted_per_position[i] / n
        se_i = math.sqrt(u * (1 - u) / n)
        if se_i == 0:
            assert share == pytest.approx(u)
        else:
            assert abs(share - u) / se_i <= Z_MAX, (i, share, u)
    # the engine's own truth says the same
    truth = engine.truth()
    assert truth["measured"]["accept_length"] == pytest.approx(1 + observed)
    assert truth["speculative"]["expected_accept_length"] == pytest.approx(
        prof.expected_accept_length
    )


def test_served_accept_length_matches_the_expected_accept_core() -> None:
    _check_agreement((0.75,) * 5, seed=0, n_prompts=16, tokens=300)


@settings(deadline=None, max_examples=examples(12))
@given(
    acc=st.lists(
        st.one_of(st.just(0.0), st.just(1.0), st.floats(0.05, 0.95)), min_size=1, max_size=6
    ),
    seed=st.integers(0, 2**31),
)
def test_agreement_for_arbitrary_profiles(acc: list[float], seed: int) -> None:
    _check_agreement(tuple(acc), seed=seed, n_prompts=8, tokens=120)


def test_same_seed_same_acceptance_and_other_seed_differs() -> None:
    tok = Tokenizer()
    prompts = _prompts(tok, 4)
    runs = [
        run_engine(fast_config(steps=4, acceptance="0.6", seed=s), prompts, 80)[0].totals
        for s in (7, 7, 8)
    ]
    assert runs[0].accept_histogram == runs[1].accept_histogram
    assert runs[0].accept_histogram != runs[2].accept_histogram


def test_requests_are_batched_per_step() -> None:
    tok = Tokenizer()
    engine, reqs = run_engine(fast_config(steps=2, acceptance="0.5"), _prompts(tok, 20), 40)
    t = engine.totals
    assert t.prefill_steps == 1  # all 20 admitted together
    assert t.peak_running == 20
    assert t.decode_steps < t.verify_steps / 10  # each decode step served many requests
    assert t.requests_finished == 20
    assert t.completion_tokens == 20 * 40
    assert t.prompt_tokens == sum(len(r.prompt_ids) for r in reqs)


def test_batch_capacity_queues_the_rest() -> None:
    tok = Tokenizer()
    cfg = fast_config(steps=2, acceptance="0.5", max_running_requests=3)
    engine, reqs = run_engine(cfg, _prompts(tok, 7), 10)
    assert engine.totals.peak_running == 3
    assert engine.totals.prefill_steps >= 3  # slots refill as requests finish
    assert all(r.finish_reason == "length" for r in reqs)


def test_counts_are_taken_before_cutting_at_max_tokens() -> None:
    tok = Tokenizer()
    engine, reqs = run_engine(fast_config(steps=4, acceptance="1.0"), _prompts(tok, 1), 7)
    (req,) = reqs
    # 1 token from prefill, then steps of 5 tokens: 5 then 5 (cut to 1)
    assert req.verify_ct == 2
    assert req.accepted == 8
    assert len(req.out_ids) == 7
    assert engine.totals.verified_tokens == 10


@settings(deadline=None, max_examples=examples(60))
@given(text=st.text(max_size=80))
def test_tokenizer_round_trips_any_text(text: str) -> None:
    tok = Tokenizer()
    ids = tok.encode(text)
    assert all(0 <= t < tok.vocab_size for t in ids)
    assert tok.decode(ids) == text
