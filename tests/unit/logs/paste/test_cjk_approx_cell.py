"""An approximate mark of Chinese, Japanese or Korean before a cell's value (`cells._APPROX`):
`约`, `約`, `大约`, `大約`, `약` or `およそ` right before a number (a space between or none) marks
it approximate, as `~` and `about` do: the value, a point, read as printed (before, the cell,
and at times its whole table, was left unread). A mark before a range stays a range (no
figure), and a mark after the value or one glued to a word before it leaves the cell as
before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.unit.logs.paste.pipeline import Read

_MARKS = st.sampled_from(["约", "約", "大约", "大約", "약", "およそ"])
_GAPS = st.sampled_from(["", " "])
_LABELS = st.lists(
    st.text(alphabet="ABCDEFGHKLMNPRSTUVWXYZ", min_size=1, max_size=3),
    min_size=2,
    max_size=4,
    unique=True,
)
_RATE_NAMES = st.sampled_from(["Peak accept", "Accept rate", "Acceptance", "Draft acceptance"])


def _table(name: str, labels: list[str], cells: list[str]) -> str:
    rows = "".join(
        f"| {lab} | {100 + 7 * i:.1f} tok/s | {c} |\n"
        for i, (lab, c) in enumerate(zip(labels, cells, strict=True))
    )
    return f"| Config | Peak TG | {name} |\n|---|---|---|\n{rows}"


@settings(max_examples=40, deadline=None)
@given(
    labels=_LABELS,
    data=st.data(),
    mark=_MARKS,
    gap=_GAPS,
    name=_RATE_NAMES,
)
def test_a_marked_rate_is_its_value(
    labels: list[str], data: st.DataObject, mark: str, gap: str, name: str
) -> None:
    rates = data.draw(st.lists(st.integers(300, 995), min_size=len(labels), max_size=len(labels)))
    marked = data.draw(st.lists(st.booleans(), min_size=len(labels), max_size=len(labels)))
    cells = [
        f"{mark}{gap}{r / 10:.1f}%" if m else f"{r / 10:.1f}%"
        for r, m in zip(rates, marked, strict=True)
    ]
    recs = read_paste(_table(name, labels, cells)).records
    assert [r.printed_rate for r in recs] == pytest.approx([r / 1000 for r in rates])
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=30, deadline=None)
@given(mark=_MARKS, gap=_GAPS, length=st.integers(120, 480))
def test_a_marked_length_is_its_value(mark: str, gap: str, length: int) -> None:
    text = (
        f"| Run | Accept length |\n|---|---|\n| a | 2.05 |\n| b | {mark}{gap}{length / 100:.2f} |\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == pytest.approx(
        [2.05, length / 100]
    )


@settings(max_examples=30, deadline=None)
@given(mark=_MARKS, gap=_GAPS, low=st.integers(40, 80), width=st.integers(3, 15))
def test_near_misses_stay_as_before(mark: str, gap: str, low: int, width: int) -> None:
    for cell in (
        f"{mark}{gap}{low}-{low + width}%",  # a range: no figure
        f"{low}%{gap}{mark}",  # the mark after the value
        f"{mark}束 {low}%",  # the mark glued to a word
    ):
        text = f"| Run | Accept rate |\n|---|---|\n| a | 61.0% |\n| b | {cell} |\n"
        assert [r.printed_rate for r in read_paste(text).records] == pytest.approx([0.61])


def test_through_the_pipeline(read: Read) -> None:
    text = _table("Peak accept", ["P", "Q"], ["97.0%", "約 88%"])
    assert [r.printed_rate for r in read(text).records] == pytest.approx([0.97, 0.88])
