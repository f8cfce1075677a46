"""A table column naming a quoted source alone ('paper', 'published', 'model card',
'reported') beside the paste's own runs is that source's figures, no record (cited.py); a table
of that column alone keeps them, and a column naming the writer's run of a reference
implementation ('reference impl') is the paste's own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SOURCE = st.sampled_from(["paper", "Paper", "published", "model card", "**reported**"])


def _table(cols: list[str], rows: list[list[int]]) -> str:
    body = "\n".join(
        f"| d{i} | " + " | ".join(f"{v / 100:.2f}" for v in row) + " |"
        for i, row in enumerate(rows)
    )
    return "| draft | " + " | ".join(cols) + " |\n|" + "---|" * (len(cols) + 1) + "\n" + body + "\n"


_ROWS = st.lists(st.lists(st.integers(150, 790), min_size=3, max_size=3), min_size=1, max_size=3)


@settings(max_examples=examples(40), deadline=None)
@given(src=_SOURCE, rows=_ROWS, at=st.integers(0, 2))
def test_a_sources_column_beside_own_runs_is_no_record(
    read: Read, src: str, rows: list[list[int]], at: int
) -> None:
    cols = ["mean accept length (mine)", "mean accept length (tuned)"]
    cols.insert(at, src)
    got = [r.printed_length for r in read(_table(cols, rows)).records]
    assert got == [v / 100 for row in rows for j, v in enumerate(row) if j != at]


@settings(max_examples=examples(20), deadline=None)
@given(src=_SOURCE, rows=_ROWS)
def test_negative_control_the_sources_column_alone_stays(
    read: Read, src: str, rows: list[list[int]]
) -> None:
    text = "Mean accept length:\n\n" + _table([src], [row[:1] for row in rows])
    assert [r.printed_length for r in read(text).records] == [row[0] / 100 for row in rows]


def test_negative_control_the_writers_reference_run_stays(read: Read) -> None:
    text = "Mean accept length:\n\n" + _table(["reference impl", "after"], [[612, 633]])
    assert [r.printed_length for r in read(text).records] == [6.12, 6.33]


def test_negative_control_an_official_checkpoint_column_stays(read: Read) -> None:
    text = "Mean accept length:\n\n" + _table(["official", "finetuned"], [[281, 305]])
    assert [r.printed_length for r in read(text).records] == [2.81, 3.05]
