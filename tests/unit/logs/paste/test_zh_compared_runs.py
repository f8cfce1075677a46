"""Other runs' figures in a Chinese sentence stating one run's figure (zhcompared.py): after
`较` / `相比` / `相较` / `对比` a run's name and its value alone in brackets, and after a comma a
subset's name, a verb of reaching (`高达`, `达到`, `达`) and its value ending the clause: a run
each, the figure's name read before its value, in the order written. A change or a multiple
after them is no record; another kind of value, a unit, a measure's name or no figure stated
before leave the line as it was."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import text as T
from specdiag.core.logs.paste import zhcompared as ZCMP
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["Qx-draft", "HeadA", "MTP", "Tree v2", "SpecB + TTT", "Lk3"])
_SUBSETS = st.sampled_from(["GSM8K", "CodeSet", "MT-Bench", "Alpaca"])
_OPEN = st.sampled_from([("（", "）"), ("(", ")")])


@settings(max_examples=examples(40), deadline=None)
@given(
    figure=st.sampled_from(["平均接受长度", "接受长度"]),
    verb=st.sampled_from(["达", "为", "达到"]),
    cmp=st.sampled_from(["较", "相比", "相较于", "对比"]),
    mark=st.sampled_from(["", "**"]),
    brackets=_OPEN,
    first=st.integers(150, 690),
    others=st.lists(st.tuples(_NAMES, st.integers(110, 690)), min_size=1, max_size=3),
    subset=st.one_of(st.none(), st.tuples(_SUBSETS, st.integers(110, 790))),
    after=st.sampled_from(["", " **+12%**", " 约 **1.4×**", " 提升 9%"]),
)
def test_compared_runs_and_a_subset_are_runs_of_their_own(
    read: Read,
    figure: str,
    verb: str,
    cmp: str,
    mark: str,
    brackets: tuple[str, str],
    first: int,
    others: list[tuple[str, int]],
    subset: tuple[str, int] | None,
    after: str,
) -> None:
    # (a compared run printing the very figure of the first, or of another, is the same figure
    # told again to the readers of restated runs: one record; the values are kept apart)
    values = [first, *(v for _, v in others), *([subset[1]] if subset is not None else [])]
    assume(len(set(values)) == len(values))
    o, c = brackets
    parts = [f"{cmp} {n}{o}{v / 100:.2f}{c}{after}" for n, v in others]
    line = f"- 投机解码：ModelZ {figure}{verb} {mark}{first / 100:.2f}{mark}，" + "、".join(parts)
    if subset is not None:
        line += f"，{subset[0]} 高达 {mark}{subset[1] / 100:.2f}{mark}"
    got = [r.printed_length for r in read(line + "。\n").records]
    want = [first / 100, *(v / 100 for _, v in others)]
    if subset is not None:
        want.append(subset[1] / 100)
    assert got == pytest.approx(want)


@settings(max_examples=examples(30), deadline=None)
@given(
    first=st.integers(30, 90),
    other=st.integers(20, 90),
    name=_NAMES,
)
def test_a_compared_rate_is_read_as_the_rate(read: Read, first: int, other: int, name: str) -> None:
    line = f"投机解码实验：新草稿模型接受率为 {first}%，较 {name}（{other}%）有明显提升。\n"
    got = [r.printed_rate for r in read(line).records]
    assert got == pytest.approx([first / 100, other / 100])


_FIGURES = T._ZH_FIGURE_NAMES


@pytest.mark.parametrize(
    "line",
    [
        # another kind of value in the bracket: a percentage, a unit, a sign, words
        "ModelZ 平均接受长度为 3.20，较 HeadA（12%）提升明显",
        "ModelZ 平均接受长度为 3.20，较 HeadA（2.60 ms）更快",
        "ModelZ 平均接受长度为 3.20，较 HeadA（+0.60）",
        "ModelZ 平均接受长度为 3.20，较 HeadA（旧版 2.60）",
        # a whole number, a length below 1
        "ModelZ 平均接受长度为 3.20，较 HeadA（2）",
        "ModelZ 平均接受长度为 3.20，较 HeadA（0.60）",
        # a measure's name, a unit after the subset's value, a percentage for a length
        "ModelZ 平均接受长度为 3.20，TPOT 高达 5.52",
        "ModelZ 平均接受长度为 3.20，GSM8K 高达 2.10×",
        "ModelZ 平均接受长度为 3.20，GSM8K 高达 52%",
        # no figure stated before, or stated in another sentence
        "ModelZ 较 HeadA（2.60）更好，GSM8K 高达 3.10",
        "ModelZ 平均接受长度为 3.20。较 HeadA（2.60）更好；GSM8K 高达 3.10",
        # the subset's name in Chinese, or not after a comma
        "ModelZ 平均接受长度为 3.20，代码集高达 3.90",
        "ModelZ 平均接受长度为 3.20 GSM8K 高达 3.90",
    ],
)
def test_near_misses_stay_as_written(line: str) -> None:
    assert ZCMP.rewrite(line, _FIGURES) == line


def test_the_rewrite_names_each_run() -> None:
    line = "A1 平均接受长度达 3.20，较 HeadA（2.60）+23%，GSM8K 高达 3.90。"
    assert ZCMP.rewrite(line, _FIGURES) == (
        "A1 平均接受长度达 3.20，较 HeadA（HeadA 平均接受长度为 2.60）+23%，"
        "GSM8K 平均接受长度高达 3.90。"
    )
