"""Result lines of a tool, one a run, each its fields apart by spaced bars and each field its
name then its figure (`chat  base 31.0 tok/s | spec 40.5 tok/s | accept 58% | tok/step 2.74`),
are lines of fields, no table: the first line holds figures in every field, so it is no header.
Each line is read on its own, one record a line. A header of names over rows of bare cells, or
rows with outer bars, stay a table's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.reader import _result_lines
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = ["chat", "sql", "poems", "recipes", "trivia", "summaries"]


def _line(label: str, rate: int, length: int, pad: int, accept: str, step: str, flag: bool) -> str:
    speed = 20 + length / 10
    parts = [
        f"{label}{' ' * pad}base  19.5 tok/s",
        f"spec  {speed:.1f} tok/s ({speed / 19.5:.2f}x)",
        f"{accept} {rate}%",
        f"{step} {length / 100:.2f}",
    ]
    if flag:
        parts.append("same_output=True")
    return " | ".join(parts)


@settings(max_examples=examples(40), deadline=None)
@given(
    rows=st.lists(st.tuples(st.integers(20, 90), st.integers(130, 480)), min_size=2, max_size=5),
    pad=st.integers(1, 8),
    accept=st.sampled_from(["accept", "acceptance", "accept rate"]),
    step=st.sampled_from(["tok/step", "tokens/step"]),
    flag=st.booleans(),
)
def test_each_line_is_a_run(
    read: Read, rows: list[tuple[int, int]], pad: int, accept: str, step: str, flag: bool
) -> None:
    lines = [_line(_LABELS[i], r, n, pad, accept, step, flag) for i, (r, n) in enumerate(rows)]
    text = "Speculative decoding runs, one per set:\n\n" + "\n".join(lines) + "\n"
    got = read(text).records
    assert [(r.printed_rate, r.printed_length) for r in got] == [
        (r / 100, n / 100) for r, n in rows
    ]
    # tokens a step count the target's own token: the bonus included by the name
    assert [r.accept_length for r in got] == [n / 100 for _, n in rows]


def test_negative_control_a_header_of_names_stays_a_table() -> None:
    text = "Speculative decoding.\n\nset | accept | tok/step\nchat | 58% | 2.74\nsql | 61% | 2.90\n"
    got = read_paste(text).records
    assert [r.structure for r in got] == ["markdown table", "markdown table"]
    assert [dict(r.labels).get("set") for r in got] == ["chat", "sql"]
    assert not _result_lines(list(enumerate(text.splitlines(), 1)), 3, 5)


def test_negative_control_outer_bars_or_one_line_are_no_result_lines() -> None:
    barred = ["| chat | accept 58% | tok/step 2.74 |", "| sql | accept 61% | tok/step 2.90 |"]
    assert not _result_lines(list(enumerate(barred, 1)), 1, 2)
    one = ["chat  base 19.5 tok/s | accept 58% | tok/step 2.74"]
    assert not _result_lines(list(enumerate(one, 1)), 1, 1)
    # a field of bare figure (no name first) makes a table's row
    bare = ["chat | 58% | tok/step 2.74", "sql | 61% | tok/step 2.90"]
    assert not _result_lines(list(enumerate(bare, 1)), 1, 2)


def test_the_example_of_the_docs() -> None:
    text = (
        "chat  base 31.0 tok/s | spec 40.5 tok/s | accept 58% | tok/step 2.74\n"
        "sql   base 30.2 tok/s | spec 45.9 tok/s | accept 66% | tok/step 3.12\n"
    )
    got = read_paste(text).records
    assert [(r.printed_rate, r.accept_length) for r in got] == [(0.58, 2.74), (0.66, 3.12)]
