"""SpecForge's benchmark run by a command continued over lines with trailing backslashes (its
own flags, `--config-list` or `--benchmark-list`, on a continuation line), anywhere in a paste
naming no other tool: the paste's tables are that benchmark's output, its convention (bonus
included) decides them, however far below the command they stand and whatever sits between
(another table, prose). Not where the continuation is broken (a blank line, a line without the
trailing backslash before the flag), nor another project's script of that name with its own
flags, nor where another tool's program is run too."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.model import INCLUDED, UNKNOWN
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ROWS = [["1", "3", "1", "4", "161.20", "1.93"], ["2", "5", "2", "8", "301.75", "2.47"]]


def _table(sep: str) -> str:
    head = ["bs", "steps", "topk", "num_draft", "throughput", "acc len"]
    lines = [sep.join(head), sep.join(["--"] * len(head))]
    lines += [sep.join(r) for r in _ROWS]
    return "\n".join(lines) + "\n"


def _command(flags_before: list[str], own: str, flags_after: list[str]) -> str:
    parts = ["python bench_eagle3.py", *flags_before, own, *flags_after]
    return " \\\n    ".join(parts)


_OTHER_FLAGS = [
    "--model Org/Base-7B",
    "--speculative-algorithm EAGLE3",
    "--port 30000",
    "--tp-size 2",
    "--dtype bfloat16",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    before=st.lists(st.sampled_from(_OTHER_FLAGS), min_size=1, max_size=4),
    after=st.lists(st.sampled_from(_OTHER_FLAGS), max_size=3),
    own=st.sampled_from(["--config-list 1,3,1,4", "--benchmark-list mtbench:20"]),
    between=st.booleans(),
    sep=st.sampled_from([" | ", "|"]),
)
def test_a_continued_command_decides_the_tables_below(
    read: Read, before: list[str], after: list[str], own: str, between: bool, sep: str
) -> None:
    text = "How I benchmark:\n```\n" + _command(before, own, after) + "\n```\n\n"
    if between:
        text += "The base model alone:\n\nbs | throughput\n-- | --\n1 | 210.4\n4 | 540.9\n\n"
    text += "And the speculative runs:\n\n" + _table(sep)
    got = [r for r in read(text).records if r.printed_length is not None]
    assert [r.printed_length for r in got] == [1.93, 2.47]
    assert all(r.tool == "specforge" and r.bonus.value == INCLUDED for r in got)
    assert [r.accept_length for r in got] == [1.93, 2.47]


def test_near_miss_a_broken_continuation_decides_nothing(read: Read) -> None:
    # (the flag on a line of its own after a line without the trailing backslash)
    text = (
        "How I benchmark:\n```\npython bench_eagle3.py \\\n    --model Org/Base-7B\n"
        "    --config-list 1,3,1,4\n```\n\nAnd the speculative runs:\n\n" + _table(" | ")
    )
    got = read(text).records
    assert all(r.bonus.value == UNKNOWN and r.accept_length is None for r in got)


def test_near_miss_another_projects_flags_decide_nothing(read: Read) -> None:
    text = (
        "How I benchmark:\n```\npython bench_eagle3.py \\\n    --model ./Base-7B \\\n"
        "    --spec-method eagle3 --num-prompts 16\n```\n\nAnd the speculative runs:\n\n"
        + _table(" | ")
    )
    got = read(text).records
    assert all(r.bonus.value == UNKNOWN and r.accept_length is None for r in got)


def test_near_miss_another_tools_program_too(read: Read) -> None:
    text = (
        "How I benchmark:\n```\nvllm serve Org/Base-7B --port 8000\npython bench_eagle3.py \\\n"
        "    --model Org/Base-7B \\\n    --config-list 1,3,1,4\n```\n\nOn one H100.\n\n"
        "Nothing else changed.\n\nAnd the speculative runs:\n\n" + _table(" | ")
    )
    got = read(text).records
    assert all(r.bonus.value == UNKNOWN and r.accept_length is None for r in got)
