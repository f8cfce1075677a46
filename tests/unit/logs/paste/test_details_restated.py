"""A `<details>` block's result line restating the one figure its section's opening paragraph
told is that run again: one record, the summary's (details_restated.py). Two summary records of
the figure, another figure, a heading between, or a figure outside any `<details>` keep both."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_SUMMARY = st.sampled_from(
    [
        "We tried a shallow head. It reached **{v} acceptance rate** and was dropped.",
        "In practice the skipped layers gave {v} acceptance rate, too low to help.",
    ]
)
_RESULT = st.sampled_from(["**Result**: {v} acceptance rate", "Result: {v} acceptance rate"])


def _paste(summary: str, result: str, v: str, closed: bool, heading_between: bool) -> str:
    return (
        "## Track 2: shallow head\n\n"
        + summary.format(v=v)
        + "\n\n"
        + ("## Another track\n\n" if heading_between else "")
        + "<details>\n<summary>Details</summary>\n\n### What happened\n\n"
        + result.format(v=v)
        + "\n\n**Cause**: the head was trained on another model.\n"
        + ("\n</details>\n" if closed else "")
    )


@given(
    summary=_SUMMARY,
    result=_RESULT,
    v=st.integers(1, 95).map(lambda x: f"{x}%"),
    closed=st.booleans(),
)
def test_the_details_restating_the_summary_are_one_run(
    read: Read, summary: str, result: str, v: str, closed: bool
) -> None:
    got = read(_paste(summary, result, v, closed, False)).records
    assert [r.first_line for r in got] == [3]
    assert [r.printed_rate for r in got] == [int(v[:-1]) / 100]


@given(summary=_SUMMARY, result=_RESULT, v=st.integers(1, 95))
def test_another_figure_or_a_heading_between_keeps_both(
    read: Read, summary: str, result: str, v: int
) -> None:
    other = f"{v}.5%"
    text = _paste(summary, result, f"{v}%", True, False).replace(
        result.format(v=f"{v}%"), result.format(v=other)
    )
    assert len(read(text).records) == 2
    assert len(read(_paste(summary, result, f"{v}%", True, True)).records) == 2


def test_no_details_keeps_both(read: Read) -> None:
    text = (
        "## Track 2\n\nIt reached 41% acceptance rate.\n\n### What happened\n\n"
        "**Result**: 41% acceptance rate\n"
    )
    assert len(read(text).records) == 2
