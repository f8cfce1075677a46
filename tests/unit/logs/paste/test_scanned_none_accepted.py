"""A llama.cpp line of the line scanner whose counts accept no drafted token (`0 accepted / N
generated`, N > 0): every verify step emitted the target's own token alone, so the tokens per
step are 1 whatever the draft maximum (scanned.py). Near misses: some token accepted, with no
setting or timing proving the steps (left undecided), and no token generated at all (no
record to decide)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples


def _paste(command: str, acc: int, gen: int) -> str:
    return (
        "Both heads load; the second one never lands a draft.\n\n"
        f"```\n{command}\n```\n\n"
        "After a few requests the server log shows:\n\n"
        f"```\ndraft acceptance = {acc / gen if gen else 0:.5f} ({acc:5d} accepted / {gen:5d} "
        "generated)\n```\n"
    )


def _lengths(text: str) -> list[float | None]:
    return [r.accept_length for r in read_held(text.encode(), None).scanned]


_COMMANDS = st.sampled_from(
    [
        "llama-server -m tiny-q4.gguf --spec-draft-n-max 4",
        "llama-server -m big-q3.gguf -md small.gguf --draft-max 8",
        "llama-speculative -m a.gguf -md b.gguf",
    ]
)


@settings(max_examples=examples(30), deadline=None)
@given(command=_COMMANDS, gen=st.integers(1, 90000))
def test_no_token_accepted_is_one_token_a_step(command: str, gen: int) -> None:
    assert _lengths(_paste(command, 0, gen)) == [1.0]


@settings(max_examples=examples(30), deadline=None)
@given(command=_COMMANDS, gen=st.integers(20, 90000), share=st.integers(1, 99))
def test_some_token_accepted_stays_undecided(command: str, gen: int, share: int) -> None:
    acc = max(1, gen * share // 100)
    assert _lengths(_paste(command, acc, gen)) == []


def test_nothing_generated_decides_nothing() -> None:
    assert _lengths(_paste("llama-server -m x.gguf --draft-max 4", 0, 0)) == []
