"""A row label assigning `n_draft_tokens` (`**n_draft_tokens=4**`) sets the row's k: a rate
beside it gives 1 + k x rate. SGLang's `num_draft_tokens` (a tree's nodes, its root among them)
and a list of counts (`n_draft_tokens=4/8`) set none."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SPELL = st.sampled_from(["n_draft_tokens", "n-draft-tokens", "N_DRAFT_TOKENS"])
_WRAP = st.sampled_from(["{}", "**{}**", "`{}`"])


@st.composite
def _sweep(draw: st.DrawFn) -> list[tuple[int, int]]:
    """(k, rate in tenths of a percent) of two or three rows, k rising, rates falling."""
    ks = sorted(draw(st.lists(st.integers(2, 8), min_size=2, max_size=3, unique=True)))
    rates = sorted(
        draw(st.lists(st.integers(100, 990), min_size=len(ks), max_size=len(ks), unique=True)),
        reverse=True,
    )
    return list(zip(ks, rates, strict=True))


def _table(rows: list[tuple[str, int]]) -> str:
    body = "\n".join(
        f"| {label} | {rate / 10:.1f}% | {i} |" for i, (label, rate) in enumerate(rows)
    )
    return (
        "Draft runs on the small pair, same prompts.\n\n"
        "| Configuration | Acceptance Rate | Run |\n|---|---|---|\n" + body + "\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(sweep=_sweep(), spell=_SPELL, wrap=_WRAP, sp=st.sampled_from(["=", " = "]))
def test_the_label_sets_k(sweep: list[tuple[int, int]], spell: str, wrap: str, sp: str) -> None:
    rows = [(wrap.format(f"{spell}{sp}{k}"), rate) for k, rate in sweep]
    recs = read_paste(_table(rows)).records
    assert len(recs) == len(sweep)
    for r, (k, rate) in zip(recs, sweep, strict=True):
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + k * rate / 1000)) < 1e-6


@settings(max_examples=examples(30), deadline=None)
@given(sweep=_sweep(), wrap=_WRAP, miss=st.sampled_from(["num", "list", "bare"]))
def test_near_misses_set_no_k(sweep: list[tuple[int, int]], wrap: str, miss: str) -> None:
    assume(all(k > 1 for k, _ in sweep))
    labels = {
        "num": "num_draft_tokens={}",
        "list": "n_draft_tokens={}/16",
        "bare": "draft tokens {}",
    }[miss]
    rows = [(wrap.format(labels.format(k)), rate) for k, rate in sweep]
    recs = read_paste(_table(rows)).records
    assert len(recs) == len(sweep)
    assert all(r.accept_length is None for r in recs)
