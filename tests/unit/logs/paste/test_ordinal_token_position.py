"""A draft position written before a rate's name as an ordinal past the first with its noun
(`second token acceptance rate`, `3rd draft token acceptance rate`, `third position acceptance
rate`), as a
position's number closing the words before it (`normal pos2 acceptance rate`), or in Chinese
numerals (`第二个token的接受率`): that position's rate, never the run's overall rate (before:
`the second token acceptance rate is 0.35` gave a rate of 0.35). A dataset or configuration before
the name (`gsm8k acceptance rate`), `token acceptance rate` alone, `first token acceptance rate`
(a first draft's share is said of the run as a whole too) or an ordinal of something else
(`second run acceptance rate`) is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_EN = ["first", "second", "third", "fourth", "fifth"]
_ZH = "一二三四五"


@pytest.mark.parametrize(
    ("name", "pos"),
    [
        ("second token acceptance rate", 2),
        ("the third draft token acceptance rate", 3),
        ("third position acceptance rate", 3),
        ("normal pos2 acceptance rate", 2),
        ("4th token acceptance rate", 4),
        ("token 3 acceptance rate", 3),
    ],
)
def test_an_ordinal_before_the_name_is_the_position(name: str, pos: int) -> None:
    k = C.key(name)
    assert (k.metric, k.position) == (C.POSITION, pos)


@pytest.mark.parametrize(
    "name",
    ["gsm8k acceptance rate", "token acceptance rate", "draft token acceptance rate"],
)
def test_other_words_before_the_name_keep_the_rate(name: str) -> None:
    assert C.key(name).metric == C.RATE


def test_an_ordinal_of_another_noun_is_no_position() -> None:
    assert C.key("second run acceptance rate").metric != C.POSITION
    assert C.key("first token acceptance rate").metric == C.RATE
    assert C.key("second token accept length").metric is None


@settings(max_examples=examples(30), deadline=None)
@given(
    depth=st.integers(2, 5),
    top=st.integers(60, 95),
    step=st.integers(5, 15),
    style=st.sampled_from(["en", "zh"]),
)
def test_each_ordinal_is_its_position_in_one_list(
    read: Read, depth: int, top: int, step: int, style: str
) -> None:
    rates = [max(top - step * i, 1) for i in range(depth)]
    if style == "zh":
        parts = [f"第{_ZH[i]}个token的接受率为{v / 100:.2f}" for i, v in enumerate(rates)]
        text = f"MTP={depth}时，" + "，".join(parts) + "\n"
    else:
        # (the first position by its number: 'first token acceptance' is read as before)
        names = ["pos1 acceptance rate", *(f"{w} token acceptance rate" for w in _EN[1:])]
        text = "".join(f"{names[i]}: {v / 100:.2f}\n" for i, v in enumerate(rates))
    (r,) = read(text).records
    assert r.per_position == pytest.approx([v / 100 for v in rates])
    assert r.printed_rate is None and r.accept_length is None


@settings(max_examples=examples(20), deadline=None)
@given(pos=st.integers(2, 5), v=st.integers(10, 90), zh=st.booleans())
def test_a_later_position_alone_is_no_overall_rate(read: Read, pos: int, v: int, zh: bool) -> None:
    if zh:
        text = f"MTP={pos}时，第{_ZH[pos - 1]}个token的接受率为{v / 100:.2f}\n"
    else:
        text = f"With MTP={pos}, the {_EN[pos - 1]} token acceptance rate is {v / 100:.2f}.\n"
    assert all(r.printed_rate is None and r.accept_rate is None for r in read(text).records)
