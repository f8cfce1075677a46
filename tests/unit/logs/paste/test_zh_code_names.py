"""A figure's English or code name ('mean_accept_len', 'mean accept len', 'accept_rate') before a
Chinese verb and its value ('达到约 `2.77`', '降到约 1.09', '约为 61%'): read as 'is', the value
approximate ('约', about) but still what the run printed; a condition or a goal before the verb
is no run, and a length that is no acceptance ('max_len', 'seq_len') is no record."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste

SETUP = "在 8 卡机器上用 `num_speculative_tokens=3`、`method=mtp` 验证：\n\n"


def _read(line: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.printed_rate) for r in read_paste(SETUP + line).records]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("- 修复后 `mean_accept_len` 达到约 `2.41`", [(2.41, None)]),
        ("修复后 mean_accept_len 达到 2.41", [(2.41, None)]),
        ("- 换成 bf16 权重：mean accept len 降到约 `1.32`", [(1.32, None)]),
        ("mean accept len 约为 2.05", [(2.05, None)]),
        ("**mean_accept_len** 为 2.05", [(2.05, None)]),
        ("accept_rate 约为 61%", [(None, 0.61)]),
        ("`acceptance_rate` 降到约 `42%`", [(None, 0.42)]),
    ],
)
def test_code_name_before_a_chinese_verb(line: str, want: list[tuple[float, float]]) -> None:
    assert _read(line) == want


@pytest.mark.parametrize(
    "line",
    [
        "如果 mean_accept_len 达到 3.0，就可以合入",  # a condition
        "我们希望 mean accept len 达到 3.0",  # a goal
        "max_len 为 4096",
        "seq_len 为 2048",
        "draft_len 为 3",
        "maxlen 为 2.5",
    ],
)
def test_no_record(line: str) -> None:
    assert _read(line) == []


def test_identity_then_the_same_name_in_one_paste() -> None:
    text = (
        SETUP + "- 修复后 `mean_accept_len` 达到约 `2.62`\n"
        "- 位置接受率约为：\n"
        "  - pos0: `0.91`\n"
        "  - pos1: `0.52`\n"
        "  - pos2: `0.19`\n\n"
        "已尝试但变差的方向：\n\n"
        "- 关闭 graph 模式：mean accept len 降到约 `1.47`\n"
    )
    first, second = read_paste(text).records
    assert first.accept_length == 2.62 and first.per_position == (0.91, 0.52, 0.19)
    assert first.bonus.rule.startswith("identity: 1 + the sum of the per-position rates")
    # 1.47 is below the 3 drafts a step: its bonus follows the identity of its name
    assert second.printed_length == 1.47 and second.accept_length == 1.47
    assert second.bonus.rule == "the paste's other records of this name decide it by identity"
