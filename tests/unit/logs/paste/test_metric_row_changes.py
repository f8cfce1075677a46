"""A change in a metric's row of a transposed table ('| mean accept τ | 1.48 → 1.55 |' under
'| check | |'): the column's run before and after, a record each side, as a row's cell of a
change is; the rows of counts changed beside it go with their side. The change's row is a body
row, never a second header row under a header with an empty cell. A bracket of the change's
size after it ('(+4%)', '(105% of main)', '(1.05x)') is no figure, in either layout; an
unsigned share alone in the bracket ('(61%)') may be a rate and leaves the cell as before. A
change in a row of another measure (speed) gives nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_ARROWS = st.sampled_from(["→", " → ", " -> ", "->", " => ", "⟶"])
_NAMES = st.sampled_from(["accept length", "mean accept τ", "avg acceptance length", "AL"])
_HEADS = st.sampled_from([["check", ""], ["gate", "value"], ["metric", "result"]])
_SIZE = st.sampled_from(["", " (+{p}%)", " ({q}% of main)", " ({q}% of baseline, it rises)"])


def _change(a: str, b: str, arrow: str, bold: bool, size: str, pct: int) -> str:
    after = f"**{b}**" if bold else b
    return f"{a}{arrow}{after}" + size.format(p=pct, q=100 + pct)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=_NAMES,
    head=_HEADS,
    arrow=_ARROWS,
    bold=st.booleans(),
    size=_SIZE,
    before=st.integers(1100, 4900),
    gain=st.integers(1, 30),
    other_first=st.booleans(),
)
def test_each_side_a_record(
    read: Read,
    name: str,
    head: list[str],
    arrow: str,
    bold: bool,
    size: str,
    before: int,
    gain: int,
    other_first: bool,
) -> None:
    a = before / 1000
    b = round(a * (1 + gain / 100), 3)
    rows = [[name, _change(f"{a:.3f}", f"{b:.3f}", arrow, bold, size, gain)]]
    other = ["deterministic", "same output on every run"]
    rows = [other, *rows] if other_first else [*rows, other]
    got = read("Perf gate of the drafter change\n\n" + pipe_table(head, rows)).records
    assert [r.printed_length for r in got] == [a, b]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(
    before=st.integers(300, 800),
    after=st.integers(300, 800),
    drafted=st.integers(1000, 2000),
    arrow=_ARROWS,
)
def test_counts_changed_beside_go_with_their_side(
    read: Read, before: int, after: int, drafted: int, arrow: str
) -> None:
    ra, rb = before / drafted, after / drafted
    rows = [
        ["draft acceptance rate", f"{100 * ra:.1f}%{arrow}{100 * rb:.1f}%"],
        ["accepted tokens", f"{before}{arrow}{after}"],
        ["draft tokens", f"{drafted}{arrow}{drafted}"],
    ]
    got = read(pipe_table(["check", ""], rows)).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [
        (before, drafted),
        (after, drafted),
    ]
    assert [r.accept_rate for r in got] == [
        pytest.approx(ra, abs=1e-3),
        pytest.approx(rb, abs=1e-3),
    ]


@settings(max_examples=examples(25), deadline=None)
@given(
    size=st.sampled_from([" (+{p}%)", " ({q}% of main)", " (-{p}%)", " (1.{p:02d}x)"]),
    pct=st.integers(1, 40),
    before=st.integers(1100, 4900),
)
def test_a_row_cell_of_a_change_with_its_size(read: Read, size: str, pct: int, before: int) -> None:
    a = before / 1000
    b = round(a + pct / 100, 2)
    cell = f"{a:.2f} → {b:.2f}" + size.format(p=pct, q=100 + pct)
    got = read(pipe_table(["draft", "accept length"], [["tuned head", cell]])).records
    assert [r.printed_length for r in got] == [round(a, 2), b]


def test_negative_control_a_share_alone_in_the_bracket() -> None:
    # '(61%)' after a change of lengths may be the after run's rate: not read as the change
    text = pipe_table(["draft", "accept length"], [["tuned head", "2.41 → 2.80 (61%)"]])
    got = read_paste(text).records
    assert [r.printed_length for r in got] != [2.41, 2.8]


def test_negative_control_a_speed_row_changed() -> None:
    text = pipe_table(["check", ""], [["decode tok/s", "114.2 → 120.4 (+5%)"], ["lossless", "yes"]])
    assert read_paste(text).records == ()


def test_negative_control_a_spanning_title_over_names_stays_a_header() -> None:
    # the names under a title row with an empty cell are a header row (no change in them)
    text = (
        "| | Drafter A | |\n|---|---|---|\n| prompt set | accept length | tok/s |\n"
        "| essays | 2.31 | 55.0 |\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.31]
