"""A markdown heading's section number ('## 3. tau', '### 2.1. Accept length', '## 4) tau') is no
part of its name: the heading names its figure as it would without the number, whether right
above the table or further up, over a subheading naming a subset ('#### wiki-set'). A heading
numbered over another measure ('## 3. Throughput') still names no acceptance figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from tests.unit.logs.paste.pipeline import Read

_NUMBERS = st.sampled_from(["3. ", "2.1. ", "4) ", "12. "])
_NAMES = st.sampled_from(["tau", "Accept length", "Acceptance length"])


def _paste(heading: str, sub: str | None, rows: list[tuple[int, int]]) -> str:
    lines = [heading, ""]
    if sub is not None:
        lines += [sub, ""]
    lines += ["| ctx | card-a base | card-a tuned |", "|---|---|---|"]
    lines += [
        f"| {1024 * (i + 1)} | {a / 1000:.3f} | {b / 1000:.3f} |" for i, (a, b) in enumerate(rows)
    ]
    return "\n".join(lines) + "\n"


_ROWS = st.lists(
    st.tuples(st.integers(1100, 3900), st.integers(1100, 3900)), min_size=2, max_size=4
)


@settings(max_examples=40, deadline=None)
@given(
    num=_NUMBERS,
    name=_NAMES,
    sub=st.sampled_from([None, "### wiki-set", "### set B"]),
    rows=_ROWS,
)
def test_a_numbered_heading_names_its_figure(
    read: Read, num: str, name: str, sub: str | None, rows: list[tuple[int, int]]
) -> None:
    got = [
        r.printed_length
        for r in read(_paste(f"## {num}{name} — both cards agree", sub, rows)).records
    ]
    assert got == [v / 1000 for row in rows for v in row]


@settings(max_examples=20, deadline=None)
@given(num=_NUMBERS, rows=_ROWS)
def test_a_numbered_heading_of_another_measure_names_none(
    read: Read, num: str, rows: list[tuple[int, int]]
) -> None:
    assert read(_paste(f"## {num}Throughput", "### wiki-set", rows)).records == ()


def test_the_number_is_dropped_only_before_a_word() -> None:
    assert I.heading_figure("## 3. tau") is not None
    assert I.SECTION_NO.sub("", "2.5 tau") == "2.5 tau"  # (no stop after it: a value, kept)
