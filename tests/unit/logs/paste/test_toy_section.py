"""A table in a section titled a toy or hypothetical example ('### Toy example', '### 玩具例子')
holds the example's made-up figures, no run: no record, the table set aside. The same table
under a heading that only says 'Example', or names a run, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOY = [
    "Toy example",
    "A toy example",
    "Toy walk-through",
    "玩具例子",
    "假设的例子",
    "虚构示例",
]
_NOT_TOY = ["Example", "Results", "Run on the toy-box server", "Benchmark example output"]
_PROSE = [
    "Suppose the draft guesses four tokens and two survive.",
    "The verifier keeps the first tokens and rolls back the rest.",
    "假设草稿一次猜 4 个 token。",
]


def _table(length: int, rejected: int) -> str:
    return "\n".join(
        [
            "| item | value |",
            "| --- | --- |",
            f"| accept length | {length} |",
            f"| rejected | {rejected} |",
        ]
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(_TOY),
    level=st.integers(2, 4),
    prose=st.sampled_from(_PROSE),
    length=st.integers(1, 7),
    rejected=st.integers(0, 6),
)
def test_a_table_in_a_toy_section_is_set_aside(
    read: Read, heading: str, level: int, prose: str, length: int, rejected: int
) -> None:
    text = f"{'#' * level} {heading}\n\n{prose}\n\n{_table(length, rejected)}\n"
    reading = read(text)
    assert reading.records == ()
    assert any("toy or hypothetical example" in b.reason for b in reading.ignored)


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(_NOT_TOY),
    level=st.integers(2, 4),
    length=st.integers(2, 7),
    rejected=st.integers(0, 6),
)
def test_a_table_under_another_heading_is_not_set_aside(
    read: Read, heading: str, level: int, length: int, rejected: int
) -> None:
    text = f"{'#' * level} {heading}\n\nMeasured with vllm serve.\n\n{_table(length, rejected)}\n"
    reading = read(text)
    assert not any("toy or hypothetical example" in b.reason for b in reading.ignored)
    assert [r.printed_length for r in reading.records] == [float(length)]
