"""A table row whose own settings make zero drafts a step ('| 0 |' under 'num_draft_tokens',
'draft-max 0') printing exactly 1 in the length column is the run without speculation: one
token a step, so the column counts the target's own token and its other rows are lengths with
the bonus (the row itself is no record, as a row named 'baseline' is). A zero row printing
another value, or no zero row, decides nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADS = [
    ("bs", "steps", "k", "accept_length"),
    ("batch", "steps", "num_draft_tokens", "accept_length"),
    ("batch", "topk", "draft-max", "avg acceptance length"),
]


def _table(head: tuple[str, ...], rows: list[tuple[int, int, int, str]], bars: bool) -> str:
    def line(cells: list[str]) -> str:
        return ("| " + " | ".join(cells) + " |") if bars else " | ".join(cells)

    out = [line(list(head)), line(["--"] * len(head))]
    for b, s, d, v in rows:
        out.append(line([str(b), str(s), str(d), v]))
    return "Sweep on four GPUs:\n\n" + "\n".join(out) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    head=st.sampled_from(_HEADS),
    batches=st.lists(st.sampled_from([1, 2, 4, 8, 16]), min_size=1, max_size=3, unique=True),
    runs=st.lists(st.integers(1500, 3400), min_size=2, max_size=4),
    one=st.sampled_from(["1.0", "1.00", "1"]),
    bars=st.booleans(),
)
def test_a_zero_draft_row_at_one_decides_the_column(
    read: Read,
    head: tuple[str, ...],
    batches: list[int],
    runs: list[int],
    one: str,
    bars: bool,
) -> None:
    rows = [(b, 0, 0, one) for b in batches]
    rows += [(1, 3, 4, f"{v / 1000:.3f}") for v in runs]
    got = read(_table(head, rows, bars)).records
    assert [r.printed_length for r in got] == pytest.approx([v / 1000 for v in runs])
    assert all(r.bonus.value == INCLUDED for r in got)
    assert [r.accept_length for r in got] == pytest.approx([v / 1000 for v in runs])


@pytest.mark.parametrize("zero", ["1.05", "1.5", "1.2"])
def test_negative_control_a_zero_row_of_another_value_decides_nothing(zero: str) -> None:
    rows = [(1, 0, 0, zero), (1, 3, 4, "2.410"), (1, 4, 8, "2.730")]
    for head in _HEADS:
        got = read_paste(_table(head, rows, True)).records
        assert [r.accept_length for r in got if (r.printed_length or 0) > 2] == [None, None]


def test_negative_control_no_zero_row_decides_nothing() -> None:
    # (a run of two drafts a step printing 1.000 accepted none: no baseline, no decision here)
    rows = [(1, 3, 4, "2.410"), (1, 4, 8, "2.730")]
    for head in _HEADS:
        got = read_paste(_table(head, rows, True)).records
        assert [r.accept_length for r in got if (r.printed_length or 0) > 2] == [None, None]
