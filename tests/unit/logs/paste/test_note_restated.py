"""A metrics-as-rows table row whose last cell restates the row's figure as the tokens each
verification emits: the figure is tokens per verify step, the target's own token counted (bonus
included). A note of another number, of accepted drafts, or of tokens per second decides
nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_EN_NOTES = [
    "each target verification emits {v} tokens on average",
    "every verify step produces {v} tokens",
    "per verification yields an average of {v} tokens",
]
_ZH_NOTES = [
    "每次验证平均产出{v} Token",
    "每轮目标模型验证生成 {v} 个token",
    "每次Draft验证平均输出{v}词元",
]


def _table(label: str, v: str, note: str, zh: bool) -> str:
    if zh:
        head = "| 指标 | 基线 | 推测 | 备注 |"
        speed = "| 输出吞吐 | 61.0 tok/s | 70.4 tok/s | +15% |"
    else:
        head = "| Metric | Plain | Drafted | Remark |"
        speed = "| Output speed | 61.0 tok/s | 70.4 tok/s | +15% |"
    return f"{head}\n|---|---:|---:|---:|\n{speed}\n| {label} | — | {v} | {note} |\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    zh=st.booleans(),
    which=st.integers(min_value=0, max_value=2),
    length=st.integers(min_value=1100, max_value=4800),
)
def test_the_note_decides_the_bonus(read: Read, zh: bool, which: int, length: int) -> None:
    v = f"{length / 1000:.3f}"
    note = (_ZH_NOTES if zh else _EN_NOTES)[which].format(v=v)
    label = "平均接受长度" if zh else "Mean accept length"
    (r,) = read(_table(label, v, note, zh)).records
    assert r.printed_length == float(v)
    assert r.accept_length == float(v)
    assert r.bonus.value == "included"


@settings(max_examples=examples(40), deadline=None)
@given(
    note=st.sampled_from(
        [
            "each verification emits {o} tokens on average",  # another number
            "each verification accepts {v} drafts",  # accepted, no emitting
            "emits {v} tokens per second",  # a throughput
            "每次验证平均接受{v}个token",  # accepted
            "each verification emits {v} tokens".replace("verification", "request"),
        ]
    ),
    length=st.integers(min_value=1100, max_value=4800),
)
def test_other_notes_decide_nothing(read: Read, note: str, length: int) -> None:
    v = f"{length / 1000:.3f}"
    o = f"{(length + 7) / 1000:.3f}"
    (r,) = read(_table("Mean accept length", v, note.format(v=v, o=o), False)).records
    assert r.printed_length == float(v)
    assert r.accept_length is None
