"""A rate cell with the run's length named in brackets after it, both ways (our own text):

- `61.5% (mean accept len 2.84)`, `48% (AL 2.31)`, `~30-36% (mean acceptance length ~1.9/4)`,
  `57.0% (mean acceptance 3.12)` in an acceptance row of a table of metrics as rows, or under an
  acceptance column: the rate and the length of one run, one record; a range of rates gives
  the length alone (a range is no figure), the maximum after the length not read;
- a bracket holding no length's name (`(n=12)`), a value below 1 after `mean acceptance` (a
  share), or a length past the most tokens a step leave the cell unread as before.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cell_phrases as CPH
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["mean accept len", "AL", "mean acceptance length", "accept length", "mean acceptance"]


def _cell(rate: int, length: int, name: str, ranged: bool, bold: bool, top: str) -> str:
    r = f"~{rate - 3}-{rate}%" if ranged else f"{rate / 10:.1f}%"
    b = "**" if bold else ""
    return f"{b}{r}{b} ({name} {'~' if ranged else ''}{length / 100:.2f}{top})"


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=st.lists(st.integers(150, 900), min_size=2, max_size=3),
    lengths=st.lists(st.integers(110, 480), min_size=3, max_size=3),
    name=st.sampled_from(_NAMES),
    ranged=st.lists(st.booleans(), min_size=3, max_size=3),
    bold=st.booleans(),
    top=st.sampled_from(["", "/6", " / 8"]),
)
def test_metrics_as_rows(
    read: Read,
    rates: list[int],
    lengths: list[int],
    name: str,
    ranged: list[bool],
    bold: bool,
    top: str,
) -> None:
    n = len(rates)
    cells = [
        _cell(rates[i] if not ranged[i] else rates[i] // 10, lengths[i], name, ranged[i], bold, top)
        for i in range(n)
    ]
    text = pipe_table(
        ["Metric", *[f"stack {chr(65 + i)}" for i in range(n)]],
        [
            ["Quality score", *[f"{60 + i}.5" for i in range(n)]],
            ["Draft acceptance", *cells],
        ],
    )
    got = read(text).records
    assert [r.printed_length for r in got] == pytest.approx([lengths[i] / 100 for i in range(n)])
    want_rates = [None if ranged[i] else rates[i] / 1000 for i in range(n)]
    assert [r.printed_rate for r in got] == [
        pytest.approx(w) if w is not None else None for w in want_rates
    ]


def test_under_an_acceptance_column(read: Read) -> None:
    text = pipe_table(
        ["Setup", "Acceptance"],
        [["head-a", "54.5% (mean acceptance length 3.18)"], ["head-b", "41.0% (AL 2.64)"]],
    )
    got = read(text).records
    assert [(r.printed_rate, r.printed_length) for r in got] == [(0.545, 3.18), (0.41, 2.64)]


@pytest.mark.parametrize(
    "cell",
    ["61% (n=12)", "61% (mean acceptance 0.61)", "61% (AL 80.5)", "61% (speed 2.84)", "(AL 2.84)"],
)
def test_no_named_length_in_the_bracket(cell: str) -> None:
    assert CPH.rate_then_length(cell) is None


def test_a_bracket_without_a_length_reads_nothing_new() -> None:
    text = pipe_table(
        ["Metric", "stack A", "stack B"],
        [["Quality score", "60.5", "61.5"], ["Draft acceptance", "61% (n=12)", "48% (n=9)"]],
    )
    # (the rates read as before, with their sample sizes; no length)
    assert all(r.printed_length is None for r in read_paste(text).records)
