"""A 'Draft accept' column of fractions ('~0.74', '0.38') is the drafts' acceptance rate, as
its percentages are (interpret._by_cells); a bare 'Accept' or 'Draft acc' column of fractions,
or a trainer's table, reads no rate; a range cell is a record with no figure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _table(name: str, cells: list[str]) -> str:
    body = "".join(f"| set {i} | {20 + i} | {c} |\n" for i, c in enumerate(cells))
    return f"| Workload | Decode (tok/s) | {name} |\n|---|---|---|\n{body}"


def test_draft_accept_fractions_are_rates(read: Read) -> None:
    got = read(_table("Draft accept (server)", ["~0.74", "0.38", "~0.55–0.60"])).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.74), pytest.approx(0.38), None]
    assert all(r.printed_length is None for r in got)


@pytest.mark.parametrize("name", ["Draft acc", "Accept (server)"])
def test_other_names_read_no_rate(read: Read, name: str) -> None:
    got = read(_table(name, ["0.74", "0.38"])).records
    assert [r.printed_rate for r in got if r.printed_rate is not None] == []


def test_a_trainers_table_reads_no_rate(read: Read) -> None:
    text = (
        "| Epoch | Loss | Draft accept |\n|---|---|---|\n| 1 | 2.10 | 0.31 |\n| 2 | 1.70 | 0.42 |\n"
    )
    assert [r.printed_rate for r in read(text).records if r.printed_rate is not None] == []


@settings(max_examples=20, deadline=None)
@given(
    xs=st.lists(st.integers(min_value=5, max_value=99), min_size=2, max_size=5),
    hedge=st.sampled_from(["", "~"]),
    word=st.sampled_from(["Draft", "draft", "Drafter"]),
)
def test_generated_draft_accept_columns(xs: list[int], hedge: str, word: str) -> None:
    from specdiag.core.logs.paste import read_paste

    got = read_paste(_table(f"{word} accept", [f"{hedge}0.{x:02d}" for x in xs])).records
    assert [r.printed_rate for r in got] == [pytest.approx(x / 100) for x in xs]
