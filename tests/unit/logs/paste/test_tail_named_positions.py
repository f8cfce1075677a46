"""A table flattened to single spaces whose header ends in the length's and the rate's names
and then a per-position rate's ('... Mean Accept Length Draft Accept Rate Per-pos Accept
Rate'), its rows ending in the length, the rate and the rates at each draft position listed
with commas ('2.41 47.0% 0.70, 0.45, 0.26'): one record a row with its per-position rates, the
identity 1 + their sum = the length deciding the bonus. A list of one value, or the list's name
not last, is no such table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADS = [
    ("Suite Split n", "Mean Accept Length", "Draft Accept Rate", "Per-pos Accept Rate"),
    ("Domain Set Prompts", "Acceptance Length", "Acceptance Rate", "Per-position Acceptance Rate"),
    ("Group Name Size", "Mean Accept Length", "Accept Rate", "Per-pos Acceptance"),
]
_LABELS = ["Prose EssaySet", "Logic QuizB", "Code Snippets (4k, dense)", "Chat TurnsX"]


def _positions(draw_vals: list[int]) -> list[float]:
    vals = sorted(draw_vals, reverse=True)
    return [v / 1000 for v in vals]


_ROW = st.lists(st.integers(50, 990), min_size=3, max_size=3)


def _text(head: tuple[str, str, str, str], rows: list[list[float]], bonus: bool) -> str:
    lines = [" ".join(head)]
    for i, pos in enumerate(rows):
        length = (1 if bonus else 0) + sum(pos)
        rate = 100 * sum(pos) / len(pos)
        lst = ", ".join(f"{p:.3f}" for p in pos)
        lines.append(f"{_LABELS[i]} {40 + 7 * i} {length:.3f} {rate:.2f}% {lst}")
    return "Measured with three draft tokens a step.\n\n" + "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    rows=st.lists(_ROW.map(_positions), min_size=2, max_size=4),
)
def test_each_row_with_its_positions(
    read: Read, head: tuple[str, str, str, str], rows: list[list[float]]
) -> None:
    got = read(_text(head, rows, True)).records
    want = [round(1 + sum(p), 3) for p in rows]
    assert [r.printed_length for r in got] == want
    assert [r.accept_length for r in got] == want
    assert [list(r.per_position) for r in got] == rows


@settings(max_examples=examples(20), deadline=None)
@given(head=st.sampled_from(_HEADS), rows=st.lists(_ROW.map(_positions), min_size=2, max_size=4))
def test_a_single_value_is_no_list(
    read: Read, head: tuple[str, str, str, str], rows: list[list[float]]
) -> None:
    text = _text(head, rows, True)
    # each row's list cut to its first value: no per-position list, no such row
    cut = "\n".join(ln.split(",")[0] if "%" in ln else ln for ln in text.split("\n"))
    assert all(not r.per_position for r in read(cut).records)


@settings(max_examples=examples(20), deadline=None)
@given(rows=st.lists(_ROW.map(_positions), min_size=2, max_size=4))
def test_the_list_name_not_last_is_no_such_table(read: Read, rows: list[list[float]]) -> None:
    head = ("Suite Split n", "Per-pos Accept Rate", "Draft Accept Rate", "Mean Accept Length")
    assert all(not r.per_position for r in read(_text(head, rows, True)).records)
