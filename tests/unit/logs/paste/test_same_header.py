"""A table printed again under the same header as an earlier block of the paste whose tool is
named beside it ('with `python -m sglang.test.send_one`' above the first, 'After the fix:'
above the second): the same printer's output, so the same tool's convention decides both
(same_header.py). A different header, another tool named, or a first block whose tool is not
named beside it leave the second table as before. Also: a launch command whose environment
variables hold digits ('SGLANG_ENABLE_SPEC_V2=1 python3 -m sglang.launch_server') is a launch."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import same_header as SH
from specdiag.core.logs.paste import tools as T
from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN

_BORDER = "+---------+--------+------------+---------+"
_HEAD = "| Latency | Tokens | Acc Length | Speed   |"


def _ascii(latency: str, tokens: str, length: str, speed: str, head: str = _HEAD) -> str:
    row = f"| {latency:<7} | {tokens:<6} | {length:<10} | {speed:<7} |"
    return "\n".join([_BORDER, head, _BORDER, row, _BORDER])


def _paste(first_intro: str, second_head: str = _HEAD, launch: str = "") -> str:
    pre = f"```\n{launch}\n```\n\n" if launch else ""
    return (
        f"{pre}{first_intro}\n\n```\n{_ascii('6.412', '512', '3.120', '79.85')}\n```\n\n"
        "With the patch applied the run slowed down to:\n\n"
        f"```\n{_ascii('7.207', '512', '2.480', '71.04', second_head)}\n```\n"
    )


_NAMED = "In the baseline we had (with `python3 -m sglang.test.send_one --stream`):"


def test_second_table_under_same_header_takes_the_first_tools_convention() -> None:
    recs = read_paste(_paste(_NAMED)).records
    assert [r.printed_length for r in recs] == [3.12, 2.48]
    assert [r.bonus.value for r in recs] == [INCLUDED, INCLUDED]
    assert [r.accept_length for r in recs] == [3.12, 2.48]
    assert recs[1].tool_rule == SH.SAME_HEADER_RULE


def test_launch_command_does_not_stop_the_same_header_rule() -> None:
    launch = "SGLANG_ENABLE_SPEC_V2=1 python3 -m sglang.launch_server --model-path m --tp 8"
    recs = read_paste(_paste(_NAMED, launch=launch)).records
    assert [r.accept_length for r in recs] == [3.12, 2.48]


@pytest.mark.parametrize(
    "second_head",
    [
        "| Latency | Tokens | Acc Rate   | Speed   |",  # another column
        "| Wall    | Tokens | Acc Length | Speed   |",  # another printer's header
    ],
)
def test_another_header_is_not_carried(second_head: str) -> None:
    recs = read_paste(_paste(_NAMED, second_head=second_head)).records
    assert recs[0].bonus.value == INCLUDED
    assert all(r.tool_rule != SH.SAME_HEADER_RULE for r in recs)


def test_first_block_not_named_carries_nothing() -> None:
    recs = read_paste(_paste("Our numbers:")).records
    assert [r.bonus.value for r in recs] == [UNKNOWN, UNKNOWN]
    assert all(r.tool_rule != SH.SAME_HEADER_RULE for r in recs)


def test_another_tool_named_in_the_paste_carries_nothing() -> None:
    text = _paste(_NAMED) + "\nvLLM gives 2.9 on the same prompt.\n"
    recs = [r for r in read_paste(text).records if r.printed_length == 2.48]
    assert all(r.tool_rule != SH.SAME_HEADER_RULE for r in recs)


def test_header_needs_two_named_columns() -> None:
    assert SH.header([_BORDER, _HEAD]) == "latency | tokens | acc length | speed"
    assert SH.header(["  avg_accept_toks  avg_spec_toks  accept_rate"]) is not None
    assert SH.header(["| 6.412 | 512 | 3.120 |"]) is None  # a data row
    assert SH.header(["Acc Length"]) is None


@pytest.mark.parametrize(
    ("line", "tools"),
    [
        ("SGLANG_ENABLE_SPEC_V2=1 python3 -m sglang.launch_server --model-path m", {"sglang"}),
        ("CUDA_VISIBLE_DEVICES=0,1 vllm serve Qwen/Qwen3-8B --tp 2", {"vllm"}),
        ("SGLANG_V2=1 python3 -m sglang.bench_serving --num-prompts 8", set()),
    ],
)
def test_launch_with_digits_in_env_names(line: str, tools: set[str]) -> None:
    assert T.launched(line) == tools
