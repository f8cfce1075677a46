"""A Japanese per-step total said to be its accepted drafts with the bonus token added
(ja_decomposed.py): `平均受理長は X で、Y 個の受理トークンに 1 個のボーナストークンを加えた値`,
X = Y + 1, is a length with the bonus, the sentence perhaps wrapped anywhere (between the name and
its particle, the particle after a bracket glossing the name with a count, `(生成数)は`; inside
the decomposition). A sum that fails, drafts not named, a token added that is no bonus, a verb
not in the past or a denial decide nothing: the total read as printed, convention unknown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.ja_decomposed import rewritten
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ("平均受理長", "受理長", "サイクルあたりの平均受理長")
_GLOSSES = ("", "(生成数)", "（確定トークン数）")
_JOINS = ("で、", "であり、", " (")
_DRAFTS = ("個の受理されたドラフトトークン", "個の受理トークン", "の受理済みドラフト")
_ONES = (
    "にボーナスを足し合わせた数",
    "に 1 個のボーナストークンを加えたもの",
    "とボーナストークンの合計",
    "にターゲットのトークンを足した値",
)
_LEADS = ("", "- **accept** — 差分から算出。", "1. 計測結果: ")


def _sentence(name: str, gloss: str, total: str, join: str, drafts: str, one: str, y: str) -> str:
    close = ")" if join == " (" else ""
    return f"{name}{gloss}は {total} {join}{y} {drafts}{one}{close}です。"


def _cut(text: str, at: int) -> str:
    """``text`` wrapped at character ``at`` onto an indented line (CJK prose wraps anywhere)."""
    return text[:at] + "\n  " + text[at:].lstrip()


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    gloss=st.sampled_from(_GLOSSES),
    join=st.sampled_from(_JOINS),
    drafts=st.sampled_from(_DRAFTS),
    one=st.sampled_from(_ONES),
    lead=st.sampled_from(_LEADS),
    thousandths=st.integers(1050, 4990),
    decimals=st.sampled_from((2, 3)),
    wrap=st.sampled_from(("none", "after name", "in parts")),
)
def test_a_total_said_to_be_drafts_plus_the_bonus_counts_it(
    read: Read,
    name: str,
    gloss: str,
    join: str,
    drafts: str,
    one: str,
    lead: str,
    thousandths: int,
    decimals: int,
    wrap: str,
) -> None:
    x = round(thousandths / 1000, decimals)
    total, y = f"{x:.{decimals}f}", f"{x - 1:.{decimals}f}"
    body = lead + _sentence(name, gloss, total, join, drafts, one, y)
    if wrap == "after name":
        # (the particle, perhaps after its gloss, opens the next line: '平均受理長' / '(生成数)は')
        body = _cut(body, body.index(name) + len(name))
    elif wrap == "in parts":
        at = body.index(one) + 2  # (inside the bonus token's words)
        body = _cut(body, at)
    records = read(body + "\n").records
    assert [r.printed_length for r in records] == pytest.approx([x])
    assert [r.accept_length for r in records] == pytest.approx([x])


_NEAR = {
    "sum fails": ("個の受理トークン", "に 1 個のボーナストークンを加えた値", 0.5),
    "drafts unnamed": ("", "に 1 個のボーナストークンを加えた値", 0.0),
    "no bonus": ("個の受理トークン", "にウォームアップ分を加えた値", 0.0),
    "not past": ("個の受理トークン", "に 1 個のボーナストークンを加えると", 0.0),
    "denied": ("個の受理トークン", "に 1 個のボーナストークンを加えた値ではない", 0.0),
}


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    near=st.sampled_from(sorted(_NEAR)),
    thousandths=st.integers(1500, 4990),
    wrapped=st.booleans(),
)
def test_near_misses_decide_nothing(
    read: Read, name: str, near: str, thousandths: int, wrapped: bool
) -> None:
    drafts, one, off = _NEAR[near]
    x = thousandths / 1000
    total, y = f"{x:.3f}", f"{x - 1 + off:.3f}"
    body = f"{name}は {total} で、{y} {drafts}{one}。"
    if wrapped:
        body = _cut(body, body.index(name) + len(name))
    records = read(body + "\n").records
    assert [r.printed_length for r in records] == pytest.approx([x])
    assert [r.accept_length for r in records] == [None]


def test_a_count_gloss_reads_but_a_qualifier_does_not(read: Read) -> None:
    assert [r.printed_length for r in read("平均受理長(生成数)は 2.61 です。\n").records] == [2.61]
    # (a bracket of CJK words naming no count: a qualifier, not read as the name's gloss)
    assert read("平均受理長(第二回)は 2.61 です。\n").records == ()


def test_the_span_moves_up_over_a_wrap() -> None:
    assert rewritten(
        ["値は 2.5 で、1.5 個の受理トークンに 1 個のボーナス", "  トークンを加えた値。"]
    ) == [
        "値は 2.5 (1.5 accepted draft tokens + 1 bonus token)",
        "  。",
    ]
    # (a sum that fails: left as written)
    lines = ["値は 2.5 で、1.2 個の受理トークンに 1 個のボーナストークンを加えた値。"]
    assert rewritten(lines) == lines
