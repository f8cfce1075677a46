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


def _spaced_row(task: str, draft: int, acc: int) -> str:
    rate = f"{acc / draft:.3f}" if draft else "n/a"
    return f"{task} pred= 128 draft= {draft} acc= {acc} rate={rate} tok/s=33.1"


def test_labels_of_several_words_and_two_runs_with_their_summaries() -> None:
    # a page that printed '_' as a space: labels of words, a summary and the next run's
    # command between the two runs' rows, the last summary cut off
    base = " ".join(_spaced_row(t, 0, 0) for t in ("sql query", "poem", "rust code"))
    spec = " ".join(
        _spaced_row(t, d, a)
        for t, d, a in (("sql query", 90, 60), ("poem", 80, 44), ("rust code", 70, 63))
    )
    flat = (
        f'$ ./serve --plain {base} Totals: {{ "total draft": 0, "total draft accepted": 0 }} '
        f'$ ./serve --spec 3 {spec} Totals: {{ "n runs": 3, "total draft": 240, '
        '"total draft accepted": 167, "t'
    )
    got = [t for _, t in prepare(flat)]
    assert "  sql query    pred= 128 draft= 0 acc= 0 rate=n/a tok/s=33.1" in got
    assert "  rust code    pred= 128 draft= 70 acc= 63 rate=0.900 tok/s=33.1" in got
    assert 'Totals: { "total draft": 0, "total draft accepted": 0 } $ ./serve --spec 3' in got
    recs = read_paste(flat).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in recs] == [
        (60, 90),
        (44, 80),
        (63, 70),
        (167, 240),
    ]
    assert [dict(r.labels).get("item") for r in recs[:3]] == ["sql query", "poem", "rust code"]
    assert all(r.accept_length is None for r in recs)


def test_the_first_label_is_no_longer_than_the_others() -> None:
    flat = f"the script printed {_row('chat', 120, 96)} {_row('math_word', 100, 90)}"
    got = [t for _, t in prepare(flat)]
    assert got[0] == "the script printed" and got[2].startswith("  chat    pred=")


def test_members_counting_drafts_alone_are_no_record() -> None:
    # no accepted count beside the drafted one: nothing to read
    assert not read_paste('Totals: { "n runs": 3, "total draft": 240, "t\n').records
