"""The summary of llama.cpp's speculative examples (`n_draft`, `n_predict`, `n_drafted`,
`n_accept`) prints no step count, and `n_draft` is only the most a draft holds: its counts prove
the tokens per step only where they close exactly (scanned.py). `n_drafted` a whole multiple of
`n_draft` and `n_predict = n_accept + n_drafted / n_draft + c` (c = 1 where the paste names
llama-speculative, which samples one token before its first draft; 0 otherwise) leave no room
for a short draft: length 1 + n_accept / (n_drafted / n_draft). Near misses: a short draft
somewhere (the counts then leave a step over), a drafted count that is no multiple of the
maximum, an offset of 1 with no program named (the simple example's short drafts may sum to the
same multiple), and an offset of 0 beside llama-speculative (its counts cannot give it)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples

_SPECULATIVE = (
    "./build/bin/llama-speculative -m target-q4.gguf -md draft-q8.gguf --draft-max {k} -n 256",
    "./speculative -m big.gguf -md small.gguf --draft {k}",
)
_SIMPLE = ("llama-speculative-simple -m target.gguf -md draft.gguf --draft-max {k}",)
_NONE = ("Output of my run, draft of up to {k} tokens:",)


def _paste(command: str, k: int, pred: int, dra: int, acc: int, pad: int) -> str:
    sp = " " * pad
    share = 100.0 * acc / dra if dra else 0.0
    return (
        f"{command.format(k=k)}\n\n"
        f"decoded {pred:4d} tokens in    3.210 seconds, speed:   40.000 t/s\n\n"
        f"n_draft{sp}   = {k}\n"
        f"n_predict{sp} = {pred}\n"
        f"n_drafted{sp} = {dra}\n"
        f"n_accept{sp}  = {acc}\n"
        f"accept{sp}    = {share:.3f}%\n"
    )


def _lengths(text: str) -> list[float | None]:
    return [r.accept_length for r in read_held(text.encode(), None).scanned]


_K = st.integers(1, 16)
_STEPS = st.integers(2, 400)
_PAD = st.integers(0, 3)


@settings(max_examples=examples(40), deadline=None)
@given(
    k=_K,
    steps=_STEPS,
    share=st.integers(0, 100),
    pad=_PAD,
    program=st.sampled_from(
        [(c, 1) for c in _SPECULATIVE] + [(c, 0) for c in _SIMPLE] + [(c, 0) for c in _NONE]
    ),
)
def test_counts_that_close_give_the_length(
    k: int, steps: int, share: int, pad: int, program: tuple[str, int]
) -> None:
    command, first = program
    dra = steps * k
    acc = dra * share // 100
    got = _lengths(_paste(command, k, acc + steps + first, dra, acc, pad))
    assert got == [round(1 + acc / steps, 6)]


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(2, 16),
    steps=_STEPS,
    short=st.integers(1, 15),
    share=st.integers(0, 100),
    pad=_PAD,
    command=st.sampled_from(_SPECULATIVE + _SIMPLE + _NONE),
)
def test_a_short_draft_decides_nothing(
    k: int, steps: int, short: int, share: int, pad: int, command: str
) -> None:
    # one draft `short` tokens short: the counts leave a step over (or no whole multiple)
    assume(short <= k)
    dra = steps * k - short
    acc = dra * share // 100
    first = int(command in _SPECULATIVE)
    assert _lengths(_paste(command, k, acc + steps + first, dra, acc, pad)) == []


@settings(max_examples=examples(30), deadline=None)
@given(k=_K, steps=_STEPS, share=st.integers(0, 100), pad=_PAD)
def test_an_offset_the_program_cannot_give_decides_nothing(
    k: int, steps: int, share: int, pad: int
) -> None:
    dra = steps * k
    acc = dra * share // 100
    # one token over the drafts with no program named, or with the simple example named
    for command in _NONE + _SIMPLE:
        assert _lengths(_paste(command, k, acc + steps + 1, dra, acc, pad)) == []
    # no token over them beside llama-speculative (which always samples one before drafting)
    for command in _SPECULATIVE:
        assert _lengths(_paste(command, k, acc + steps, dra, acc, pad)) == []


def test_no_draft_maximum_decides_nothing() -> None:
    text = _paste(_SPECULATIVE[0], 4, 202, 376, 107, 0).replace("n_draft   = 4\n", "")
    assert _lengths(text) == []
