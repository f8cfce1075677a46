"""Monte Carlo words as acceptance in another meaning (reader._OTHER_MEANING): a block with no
speculative-decoding word that names a Monte Carlo simulation (`MC`, `GCMC`, `Monte Carlo`, a
kind of trial move: `translation move`, `swap moves`, `MC move`, moves accepted or rejected, a
molecule, the Ising model, parallel tempering) speaks of the share of moves a sampler accepted:
no record, the block shown as ignored. The same sentence of a draft model's tokens is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import reader as R
from tests.support.examples import examples

_KIND = st.sampled_from(
    ["translation", "rotation", "swap", "insertion", "displacement", "trial", "MC", "pivot"]
)
_SIM = st.sampled_from(
    [
        "the {kind} move",
        "each {kind} move of the GCMC run",
        "the Monte Carlo {kind} moves",
        "the {kind} moves of every molecule",
        "moves accepted in the {kind} step of the mc loop",
    ]
)
_SENTENCE = st.sampled_from(
    [
        "Split {sim} to get a better acceptance, about {a}% each, where before it was only {b}%.",
        "After the change {sim} reached an acceptance rate of {a}% (was {b}%).",
        "- acceptance: {a}% for {sim}, {b}% before",
    ]
)


@settings(max_examples=examples(30), deadline=None)
@given(
    sentence=_SENTENCE,
    sim=_SIM,
    kind=_KIND,
    a=st.integers(11, 89),
    b=st.integers(2, 9),
    title=st.sampled_from(["", "# notes on the sampler change\n\n", "commit message:\n"]),
)
def test_monte_carlo_moves_acceptance_is_no_record(
    sentence: str, sim: str, kind: str, a: int, b: int, title: str
) -> None:
    text = title + sentence.format(sim=sim.format(kind=kind), a=a, b=b) + "\n"
    got = read_paste(text)
    assert got.records == ()
    assert got.ignored


@settings(max_examples=examples(20), deadline=None)
@given(
    sentence=_SENTENCE,
    draft=st.sampled_from(["the draft model's tokens", "the EAGLE draft tokens", "MTP drafts"]),
    a=st.integers(11, 89),
    b=st.integers(2, 9),
)
def test_the_same_sentence_of_drafts_is_read(sentence: str, draft: str, a: int, b: int) -> None:
    text = sentence.format(sim=draft, a=a, b=b) + "\n"
    got = read_paste(text)
    assert got.records
    assert not got.ignored


@settings(max_examples=examples(20), deadline=None)
@given(
    word=st.sampled_from(
        [
            "GCMC",
            "gcmc_run",
            "Monte Carlo",
            "monte-carlo",
            "mc move",
            "MC sweep",
            "swap moves",
            "rotation move",
            "moves were rejected",
            "molecule",
            "molecules",
            "Ising",
            "parallel tempering",
            "replica exchange",
        ]
    ),
    pad=st.sampled_from(["", " ", "  "]),
)
def test_monte_carlo_words_name_another_meaning(word: str, pad: str) -> None:
    assert R._names_other(f"Check{pad} the {word} acceptance.")


@settings(max_examples=examples(20), deadline=None)
@given(
    word=st.sampled_from(
        [
            "move to the new cluster",
            "we moved the server",
            "removed the warm-up",
            "remove",
            "mcp server",
            "emc storage",
            "the moving average",
            "a mock client",
        ]
    ),
)
def test_near_misses_name_no_other_meaning(word: str) -> None:
    assert not R._names_other(f"After the {word}, the acceptance held.")
