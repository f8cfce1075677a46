"""Rows of a tool that a web page flattened into one line ('chat pred= 200 draft= 120 acc= 96
rate=0.800 tok/s=41.2 math pred= 200 ...'): the same sequence of 'key= value' pairs repeated,
each time after the row's label, split into the rows they were (text.py) and read as rows
(one record each, rate = acc / draft, no length); a trailing summary stays the line scanner's.
One record whose keys do not repeat, or settings repeating a key without a label before each
run of pairs, are left as they are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.text import prepare
from tests.support.examples import examples

_TASKS = ["chat", "math_word", "rust_code", "summary", "trivia", "poem", "sql_query"]


def _row(task: str, draft: int, acc: int) -> str:
    return f"{task} pred= 256 draft= {draft} acc= {acc} rate={acc / draft:.3f} tok/s=52.4"


@settings(max_examples=examples(25), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(60, 200), st.integers(50, 100)), min_size=2, max_size=len(_TASKS)
    )
)
def test_flattened_rows_read_one_record_each(rows: list[tuple[int, int]]) -> None:
    flat = " ".join(_row(_TASKS[i], d, d * p // 100) for i, (d, p) in enumerate(rows))
    text = f"Results of the MTP bench script on my box: $ ./bench-mtp.py {flat}\n"
    got = read_paste(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [
        (d * p // 100, d) for d, p in rows
    ]
    assert all(r.accept_length is None or r.accepted_tokens == 0 for r in got)


def test_split_rows_keep_their_labels_and_the_tail() -> None:
    flat = f'bench: {_row("chat", 120, 96)} {_row("math_word", 100, 90)} Totals: {{ "n": 2 }}'
    got = [t for _, t in prepare(flat)]
    assert got == [
        "bench:",
        "",
        "  chat    pred= 256 draft= 120 acc= 96 rate=0.800 tok/s=52.4",
        "  math_word    pred= 256 draft= 100 acc= 90 rate=0.900 tok/s=52.4",
        "",
        'Totals: { "n": 2 }',
    ]


def test_one_record_not_split() -> None:
    line = "run: " + _row("chat", 120, 96)
    assert [t for _, t in prepare(line)] == [line]


def test_settings_repeating_keys_not_split() -> None:
    line = "sweep over temp=0.7 top_p=0.9 k=3 temp=0.0 top_p=1.0 k=5 (two configs)"
    assert [t for _, t in prepare(line)] == [line]
    line2 = "env: A=1 B=2 C=3 A=4 D=5 C=6"
    assert [t for _, t in prepare(line2)] == [line2]
