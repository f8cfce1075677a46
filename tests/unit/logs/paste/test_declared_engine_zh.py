"""The paste's engine field written in Chinese (``服务框架为 SGLang 0.5.16``, ``推理引擎：vLLM``,
``后端是 SGLang``), opening its line or a clause, names the tool whose conventions the paste's
figures follow, as ``- Backend: ...`` does (``tools._DECLARED_ZH``): a table's accept length
under it is that tool's. A training framework (``训练框架为 ...``), a field naming two tools, or a
tool named in passing decides nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table

_FIELD = st.sampled_from(["服务框架为", "推理框架：", "推理引擎: ", "后端是", "部署框架为 "])
_SGLANG = st.sampled_from(["SGLang 0.5.16", "sglang", "`SGLang` v0.5.9"])


def _paste(setup: str, lengths: list[str]) -> str:
    rows = [[f"{1024 * (i + 1)}", f"{40 + i}.5", v] for i, v in enumerate(lengths)]
    return (
        "# 某卡上的 MTP 测试\n\n"
        f"本页记录本机的测试结果。测试模型为 some-27B-int8，\n{setup}。数据集为 sharegpt。\n\n"
        "## 单请求\n\n"
        + render_table("markdown", ["输入 tokens", "MTP 开启吞吐 (tok/s)", "MTP 接受长度"], rows)
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    field=_FIELD,
    tool=_SGLANG,
    lengths=st.lists(st.integers(180, 390), min_size=1, max_size=4),
    clause=st.booleans(),
)
def test_a_chinese_engine_field_decides_the_tables_lengths(
    field: str, tool: str, lengths: list[int], clause: bool
) -> None:
    setup = ("环境为单卡，" if clause else "") + f"{field}{tool}"
    got = read_paste(_paste(setup, [f"{v / 100:.2f}" for v in lengths])).records
    assert [r.accept_length for r in got] == [round(v / 100, 2) for v in lengths]
    assert all(r.tool == "sglang" for r in got)


def test_a_training_framework_decides_nothing() -> None:
    # (SGLang named only in passing elsewhere: no convention)
    text = _paste("训练框架为 SGLang 0.5.16", ["2.96", "3.18"])
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


def test_a_field_naming_two_tools_decides_nothing() -> None:
    text = _paste("服务框架为 SGLang 或 vLLM", ["2.96", "3.18"])
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


def test_a_tool_named_in_passing_decides_nothing() -> None:
    text = _paste("我们以后可能会试 SGLang", ["2.96", "3.18"])
    assert [r.accept_length for r in read_paste(text).records] == [None, None]
