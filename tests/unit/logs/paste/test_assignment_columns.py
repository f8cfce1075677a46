"""A spaced header whose columns are one setting's assignments ('Setup Temp = 0 Temp = 1' over
'Base + A 2.46 2.17'): each assignment a column, the leading words the labels' column
(assignment_columns.py, through flat_table.respaced). Assignments of several names, of another
count than the rows' figures, or with a word for a value leave the lines as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import assignment_columns as AC
from tests.unit.logs.paste.pipeline import Read

_TITLE = "Mean accepted length (tau) over three sets with K = 5:\n\n"


def test_each_assignment_is_a_column(read: Read) -> None:
    text = _TITLE + "Setup Temp = 0 Temp = 1\nBase + A 2.46 2.17\nBase + B (new) 2.49 2.29\n"
    got = read(text).records
    assert [r.printed_length for r in got] == pytest.approx([2.46, 2.17, 2.49, 2.29])
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "head",
    [
        "Setup k = 4 T = 0",  # (two settings: a key-value line, no columns)
        "Setup Temp = 0 Temp = 1 Temp = 2",  # (three assignments over two figures)
        "Setup Temp = low Temp = high",  # (a word for a value)
        "Setup: Temp = 0 Temp = 1",  # (a key's colon)
    ],
)
def test_other_headers_give_no_columns(head: str) -> None:
    assert AC.columns(head, 2) is None


def test_other_headers_read_no_table(read: Read) -> None:
    text = _TITLE + "Setup k = 4 T = 0\nBase + A 2.46 2.17\nBase + B (new) 2.49 2.29\n"
    assert read(text).records == ()


@settings(max_examples=30, deadline=None)
@given(
    lead=st.sampled_from(["Config", "Run setup", "Drafter and loss"]),
    name=st.sampled_from(["Temperature", "temp", "T", "k"]),
    spaced=st.booleans(),
    values=st.lists(st.integers(min_value=0, max_value=9), min_size=2, max_size=4, unique=True),
    labels=st.lists(
        st.sampled_from(["Alpha", "Beta + X", "Gamma + Y (ours)", "Delta-2"]),
        min_size=2,
        max_size=3,
        unique=True,
    ),
    seed=st.integers(min_value=11, max_value=49),
)
def test_generated_assignment_headers(
    lead: str, name: str, spaced: bool, values: list[int], labels: list[str], seed: int
) -> None:
    eq = " = " if spaced else "="
    head = lead + " " + " ".join(f"{name}{eq}{v}" for v in values)
    assert AC.columns(head, len(values)) == [lead, *(f"{name}{eq}{v}" for v in values)]
    assert AC.columns(head, len(values) + 1) is None
    other = lead + " " + " ".join(f"{name}{i}{eq}{v}" for i, v in enumerate(values))
    assert AC.columns(other, len(values)) is None
    from specdiag.core.logs.paste import read_paste

    rows = [
        (lab, [f"{(seed + 7 * i + j) / 10 + 1:.2f}" for j in range(len(values))])
        for i, lab in enumerate(labels)
    ]
    body = "".join(f"{lab} {' '.join(f)}\n" for lab, f in rows)
    got = read_paste(_TITLE + head + "\n" + body).records
    assert [r.printed_length for r in got] == pytest.approx([float(x) for _, f in rows for x in f])
