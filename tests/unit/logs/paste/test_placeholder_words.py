"""Words in brackets alone in a bare `accept` column's cell (`(claimed)`, `(not measured)`,
`(none)`; `interpret._PLACEHOLDER`) hold no figure of that run, as a dash does: the column's
percentages are still its acceptance rates, the bracketed row no record. A bracket holding a
figure (`(61%)`) is no placeholder, and a bare word (`claimed`) still leaves the column unread."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _table(cell: str) -> str:
    return pipe_table(
        ["Build", "Decode tok/s", "Accept"],
        [["plain", "30.10", "—"], ["first try", "31.40", cell], ["second try", "35.90", "71.5%"]],
    )


@pytest.mark.parametrize("cell", ["(claimed)", "(not measured)", "(none)", "**(pending)**"])
def test_words_in_brackets_hold_no_figure(read: Read, cell: str) -> None:
    got = [(dict(r.labels)["build"], r.printed_rate) for r in read(_table(cell)).records]
    assert got == [("second try", pytest.approx(0.715))]


@pytest.mark.parametrize("cell", ["(61%)", "claimed"])
def test_other_cells_leave_the_column_as_before(cell: str) -> None:
    assert read_paste(_table(cell)).records == ()
