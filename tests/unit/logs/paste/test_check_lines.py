"""A check's line (a pass or fail mark opening it, then a figure compared with its threshold:
`✓ accept length 2.41 >= 2.0 (SGLang)`) is a test harness's output: the tool it names is the
system under test, not the printer, so the tool's printing conventions decide nothing (the
figure is printed only). A line without the mark, or a mark without a comparison, reads as
before (reader `_checks_figures`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_MARK = st.sampled_from(["✓", "✔", "✅", "✗", "[PASS]", "PASS:", "FAIL", "[ OK ]"])
_OP = st.sampled_from([">=", ">", "≥", "<="])
_NAME = st.sampled_from(["acceptance length", "accept length", "mean accept len"])
_TOOL = st.sampled_from(["SGLang", "sglang"])


def _paste(line: str, tool: str) -> str:
    return (
        f"The smoke suite now runs against {tool}:\n\n```\n[4/6] drafter check ...\n{line}\n```\n"
    )


@given(mark=_MARK, op=_OP, name=_NAME, tool=_TOOL, v=st.integers(110, 590), t=st.integers(10, 30))
def test_a_checked_figure_is_printed_only(
    read: Read, mark: str, op: str, name: str, tool: str, v: int, t: int
) -> None:
    line = f"  {mark} {name} {v / 100:.3f} {op} {t / 10:.1f} ({tool})"
    got = read(_paste(line, tool)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(round(v / 100, 3), None)]


@given(name=_NAME, tool=_TOOL, v=st.integers(110, 590))
def test_without_a_mark_the_named_tool_decides(read: Read, name: str, tool: str, v: int) -> None:
    line = f"  {name} {v / 100:.2f} ({tool})"
    got = read(_paste(line, tool)).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", round(v / 100, 2))]


@given(mark=_MARK, name=_NAME, tool=_TOOL, v=st.integers(110, 590))
def test_a_mark_without_a_comparison_reads_as_before(
    read: Read, mark: str, name: str, tool: str, v: int
) -> None:
    line = f"  {mark} {name} {v / 100:.2f} ({tool})"
    got = read(_paste(line, tool)).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", round(v / 100, 2))]
