"""The line scanner's llama.cpp records in a paste (scanned.py): the line prints a rate and its
counts but no length; the paste proves the tokens per step by a draft maximum of one set on the
run (one_draft.py's decision, over the paste's lines) or by llama.cpp's own timings in the same
block (eval tokens = accepted + generated + 1). Negatives: a maximum above one, a maximum of one
in a command naming another model than the run's, an identity that fails."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples


def _log(acc: int, gen: int, tokens: int) -> str:
    ms = tokens * 12.5
    return (
        f"prompt eval time =     812.40 ms /   211 tokens (    3.85 ms per token,   259.73 tokens "
        "per second)\n"
        f"       eval time = {ms:10.2f} ms / {tokens:5d} tokens (   12.50 ms per token,    80.00 "
        "tokens per second)\n"
        f"draft acceptance = {acc / gen:.5f} ({acc:5d} accepted / {gen:5d} generated)\n"
    )


def _paste(command: str, log: str) -> str:
    return (
        "Tried the MTP head again with a smaller draft budget.\n\n"
        f"```\n{command}\n```\n\n"
        "Coding prompt, 1.6k tokens out:\n\n"
        f"```\n{log}```\n"
    )


def _lengths(text: str) -> dict[int, float | None]:
    return {r.first_line: r.accept_length for r in read_held(text.encode(), None).scanned}


_ONE = ["--spec-draft-n-max 1", "--draft-max 1", "--draft-max=1"]


@settings(max_examples=examples(30), deadline=None)
@given(one=st.sampled_from(_ONE), gen=st.integers(50, 4000), share=st.integers(5, 99))
def test_a_draft_maximum_of_one_on_the_run(one: str, gen: int, share: int) -> None:
    acc = gen * share // 100
    # the timings do not prove it here (their count is off by ten): the setting does
    text = _paste(
        f"llama-server -m qwen3-27b-q4_k_m.gguf -ngl 99 {one}", _log(acc, gen, acc + gen + 11)
    )
    (length,) = _lengths(text).values()
    assert length == pytest.approx(1 + round(acc / gen, 5), abs=1e-5)


@settings(max_examples=examples(30), deadline=None)
@given(gen=st.integers(50, 4000), share=st.integers(5, 99))
def test_the_count_identity(gen: int, share: int) -> None:
    acc = gen * share // 100
    text = _paste(
        "llama-server -m qwen3-27b-q4_k_m.gguf -ngl 99 --draft-max 4", _log(acc, gen, acc + gen + 1)
    )
    (length,) = _lengths(text).values()
    assert length == pytest.approx(1 + acc / gen, abs=1e-6)
    (r,) = read_held(text.encode(), None).scanned
    assert r.bonus.rule.startswith("identity: eval tokens = accepted + generated + 1")


@pytest.mark.parametrize(
    "command",
    [
        # a maximum above one proves nothing
        "llama-server -m qwen3-27b-q4_k_m.gguf -ngl 99 --spec-draft-n-max 4",
        "llama-server -m qwen3-27b-q4_k_m.gguf -ngl 99 --draft-max 1/2/4",
        # a maximum of one in another run's command: a second model named
        "llama-server -m qwen3-27b-q4_k_m.gguf --draft-max 1\n```\n\nand on the big box:\n\n"
        "```\nllama-server -m glm-4.6-iq2_xxs.gguf -md glm-draft.gguf",
    ],
)
def test_no_length_without_proof(command: str) -> None:
    # the identity fails (tokens off by ten)
    text = _paste(command, _log(700, 900, 700 + 900 + 11))
    assert _lengths(text) == {}


def test_the_scanners_record_keeps_its_figures() -> None:
    text = _paste("-ncmoe 10 -t 12 --spec-draft-n-max 1", _log(764, 833, 1598))
    (r,) = read_held(text.encode(), None).scanned
    assert r.tool == "llamacpp"
    assert (r.accepted_tokens, r.drafted_tokens) == (764, 833)
    assert r.printed_rate == pytest.approx(0.91717, abs=1e-5)
    assert r.accept_length == pytest.approx(1.917167, abs=1e-6)
    assert read_held(text.encode(), None).records == ()  # no second record of the line
