"""A table cell under an acceptance column holding values each closed by its run's setting
('0.70 C1, 0.49 C32', '0.46, 0.50 C1; 0.54, 0.61 C32', '61% bs=8'; labelled_cell.py): one record
a value, labelled by the setting (before, the row gave no record). Near misses: a percentile
('0.61 p99'), a multiplier ('0.5 x2'), a unit ('2.1 tokens'), shares mixing '%' and fractions,
or words after the last group: the cell is read as before (never a record a setting)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_LABELS = ["C1", "C8", "C64", "bs4", "bs=16", "k=3", "tp2", "N32"]


def _table(cell: str) -> str:
    return "Draft checks, one build a row:\n\n" + pipe_table(
        ["Build", "Decode tok/s", "Acceptance", "Verdict"],
        [["plain", "71.0", "0.6125", "OK"], ["patched", "70.2", cell, "OK"]],
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    labels=st.lists(st.sampled_from(_LABELS), min_size=1, max_size=3, unique=True),
    data=st.data(),
    pct=st.booleans(),
    ticks=st.booleans(),
    sep=st.sampled_from(["; ", ", "]),
)
def test_each_value_closed_by_its_setting_is_a_record(
    read: Read, labels: list[str], data: st.DataObject, pct: bool, ticks: bool, sep: str
) -> None:
    groups, rates = [], []
    for lab in labels:
        # (several values in a group only where ';' joins the groups: ',' joins their values)
        n = data.draw(st.integers(1, 2)) if sep == "; " else 1
        vals = [data.draw(st.integers(120, 940)) / 1000 for _ in range(n)]
        rates.extend(round(v, 3) if not pct else round(v * 100, 1) / 100 for v in vals)
        shown = [f"{v * 100:.1f}%" if pct else f"{v:.3f}" for v in vals]
        if ticks:
            shown = [f"`{s}`" for s in shown]
        groups.append(", ".join(shown) + f" {lab}")
    got = read(_table(sep.join(groups))).records
    patched = [r for r in got if r.first_line == 6]
    assert sorted(r.printed_rate or 0 for r in patched) == pytest.approx(sorted(rates))
    assert [r.printed_rate for r in got if r.first_line == 5] == [0.6125]


@pytest.mark.parametrize(
    "cell",
    [
        "0.61 p99",
        "0.52 x2",
        "0.52 tokens",
        "61% C1, 0.55 C32",
        "0.61 C1 then dropped",
        "0.61 C1 C2",
    ],
)
def test_cells_of_another_shape_are_not_split_by_setting(read: Read, cell: str) -> None:
    got = [r for r in read(_table(cell)).records if r.first_line == 6]
    # (other readers may still read the cell's first value; never a record a setting)
    assert len(got) <= 1
    assert not any(
        v in ("p99", "x2", "tokens", "C1", "C2", "C32") for r in got for _, v in r.labels
    )
