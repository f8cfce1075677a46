"""A Chinese name saying whether it counts the target's own token ('平均接受长度（含目标补充token）',
'接受长度，含 bonus', '不含bonus token') decides the bonus as the English 'incl. bonus' / 'w/o
bonus' does; a token of the draft's ('含草稿token') or the target named with no token decides
nothing. '加权' (weighted), '提出草稿' / '接受草稿' tokens and '验证步数' (verify steps) are the
pooled figure and the counts a table's identities check."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INCLUDED = [
    "含目标补充token",
    "含 bonus",
    "包含目标模型的额外token",
    "含bonus token",
    "计入目标token",
]
_EXCLUDED = ["不含bonus", "不含目标补充token", "未计入目标模型token"]
_NEITHER = ["含草稿token", "含目标模型", "不含预填充"]


def _table(phrase: str, bracket: bool, values: list[int], transposed: bool) -> str:
    name = f"平均接受长度（{phrase}）" if bracket else f"平均接受长度，{phrase}"
    cells = [f"{v / 100:.2f}" for v in values]
    if transposed:
        head = "| 指标 | " + " | ".join(f"配置{i + 1}" for i in range(len(values))) + " |"
        rule = "| --- |" + " ---: |" * len(values)
        return (
            f"{head}\n{rule}\n| 吞吐 tok/s | "
            + " | ".join(f"{300 + 7 * i}.5" for i in range(len(values)))
            + f" |\n| {name} | "
            + " | ".join(cells)
            + " |\n"
        )
    rows = "\n".join(f"| 配置{i + 1} | {300 + 7 * i}.5 | {c} |" for i, c in enumerate(cells))
    return f"| 配置 | 吞吐 tok/s | {name} |\n| --- | ---: | ---: |\n{rows}\n"


_VALUES = st.lists(st.integers(130, 480), min_size=1, max_size=4)


@settings(max_examples=examples(30), deadline=None)
@given(
    phrase=st.sampled_from(_INCLUDED + _EXCLUDED),
    bracket=st.booleans(),
    values=_VALUES,
    transposed=st.booleans(),
)
def test_a_chinese_name_saying_the_bonus_decides_it(
    read: Read, phrase: str, bracket: bool, values: list[int], transposed: bool
) -> None:
    text = "## 投机解码测试\n\n" + _table(phrase, bracket, values, transposed)
    records = read(text).records
    plus = 1.0 if phrase in _EXCLUDED else 0.0
    assert [r.accept_length for r in records] == [round(v / 100 + plus, 6) for v in values]


@settings(max_examples=examples(20), deadline=None)
@given(
    phrase=st.sampled_from(_NEITHER),
    bracket=st.booleans(),
    values=_VALUES,
    transposed=st.booleans(),
)
def test_a_chinese_name_not_saying_the_bonus_decides_nothing(
    read: Read, phrase: str, bracket: bool, values: list[int], transposed: bool
) -> None:
    text = "## 投机解码测试\n\n" + _table(phrase, bracket, values, transposed)
    records = read(text).records
    assert len(records) == len(values)
    assert all(r.accept_length is None for r in records)


@settings(max_examples=examples(20), deadline=None)
@given(
    rows=st.lists(
        st.tuples(st.integers(1000, 90000), st.integers(1, 4), st.integers(20, 90)),
        min_size=1,
        max_size=4,
    )
)
def test_chinese_count_columns_are_read_by_their_identities(
    read: Read, rows: list[tuple[int, int, int]]
) -> None:
    lines = [
        "| 配置 | 提出草稿 tokens | 接受草稿 tokens | 验证步数 | 加权接受率 % | 加权接受长度 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    want = []
    for i, (steps, k, pct) in enumerate(rows):
        drafted = steps * k
        accepted = drafted * pct // 100
        length = 1 + accepted / steps
        lines.append(
            f"| K{k}-{i} | {drafted} | {accepted} | {steps} | "
            f"{100 * accepted / drafted:.4f} | {length:.6f} |"
        )
        want.append(round(length, 6))
    got = [r.accept_length for r in read("\n".join(lines) + "\n").records]
    assert got == want
