"""A llama.cpp request line (`draft acceptance rate = R ( A accepted / G generated)`) and, in the
same block, a `statistics <impl>:` line printing the same tokens (`#acc tokens = A`, `#gen tokens
= G`): the server's counters hold this request alone, so their `#gen drafts = D` are its drafts
and the request's length is 1 + A / D (scanned.py). Near misses: counters of other values (other
requests counted with it), the statistics line in another block, two matching lines of different
drafts: the request line stays undecided (the statistics line is still its own record)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples


def _rate(acc: int, gen: int, prefix: str) -> str:
    return (
        f"{prefix}draft acceptance rate = {acc / gen:.5f} ({acc:5d} accepted / {gen:5d} generated)"
    )


def _stats(impl: str, drafts: int, acc: int, gen: int, prefix: str) -> str:
    return (
        f"{prefix}1.02.345.678 I statistics {impl}: #calls(b,g,a) = 1 {drafts} {drafts // 2}, "
        f"#gen drafts = {drafts}, #acc drafts = {drafts // 2}, #gen tokens = {gen}, "
        f"#acc tokens = {acc}, dur(b,g,a) = 0.002, 123.456, 0.300 ms"
    )


def _paste(lines: list[str]) -> str:
    return "The server run, after one request:\n\n```\n" + "\n".join(lines) + "\n```\n"


def _request_length(text: str) -> list[float | None]:
    return [r.accept_length for r in read_held(text.encode(), None).scanned]


_IMPL = st.sampled_from(["draft-simple", "draft-mtp", "draft-eagle3", "ngram-mod"])
_PREFIX = st.sampled_from(["", "[7731] ", "srv  "])


@st.composite
def _counts(draw: st.DrawFn) -> tuple[int, int, int]:
    drafts = draw(st.integers(2, 3000))
    gen = draft_tokens = drafts * draw(st.integers(1, 8))
    acc = draw(st.integers(1, draft_tokens))
    return drafts, acc, gen


@settings(max_examples=examples(30), deadline=None)
@given(counts=_counts(), impl=_IMPL, prefix=_PREFIX, after=st.booleans())
def test_same_counts_give_the_drafts(
    counts: tuple[int, int, int], impl: str, prefix: str, after: bool
) -> None:
    drafts, acc, gen = counts
    rate, stats = _rate(acc, gen, prefix), _stats(impl, drafts, acc, gen, prefix)
    got = _request_length(_paste([rate, stats] if after else [stats, rate]))
    assert got == [round(1 + acc / drafts, 6)]


@settings(max_examples=examples(30), deadline=None)
@given(counts=_counts(), impl=_IMPL, prefix=_PREFIX, more=st.integers(1, 500))
def test_other_counters_stay_undecided(
    counts: tuple[int, int, int], impl: str, prefix: str, more: int
) -> None:
    drafts, acc, gen = counts
    text = _paste(
        [_rate(acc, gen, prefix), _stats(impl, drafts + more, acc + more, gen + more, prefix)]
    )
    assert _request_length(text) == []


@settings(max_examples=examples(20), deadline=None)
@given(counts=_counts(), impl=_IMPL, prefix=_PREFIX)
def test_another_block_stays_undecided(
    counts: tuple[int, int, int], impl: str, prefix: str
) -> None:
    drafts, acc, gen = counts
    text = _paste([_rate(acc, gen, prefix), "", _stats(impl, drafts, acc, gen, prefix)])
    assert _request_length(text) == []


@settings(max_examples=examples(20), deadline=None)
@given(counts=_counts(), prefix=_PREFIX)
def test_two_lines_of_other_drafts_stay_undecided(
    counts: tuple[int, int, int], prefix: str
) -> None:
    drafts, acc, gen = counts
    lines = [
        _rate(acc, gen, prefix),
        _stats("draft-simple", drafts, acc, gen, prefix),
        _stats("draft-mtp", drafts - 1, acc, gen, prefix),
    ]
    assert _request_length(_paste(lines)) == []
