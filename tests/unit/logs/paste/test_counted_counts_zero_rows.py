"""A count's name after a participle saying it was counted (`counted_draft_tokens`, `logged
accepted tokens`) is that count; a row whose counts are both zero (nothing drafted, nothing
accepted, no steps) measured nothing and is no record, while a row drafting some and accepting
none keeps its rate of 0. Near misses: the participle before a name of no count, a row whose
drafted count alone is zero."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _table(layout: str, word: str, sep: str, rows: list[tuple[str, int, int]]) -> str:
    head = ["setup", "mean_tok_s", f"{word}{sep}draft{sep}tokens", f"{word}{sep}draft{sep}accepted"]
    body = [[name, f"{120 + i}.4", str(d), str(a)] for i, (name, d, a) in enumerate(rows)]
    if layout == "csv":
        return "\n".join(",".join(r) for r in [head, *body]) + "\n"
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(out + ["| " + " | ".join(r) + " |" for r in body]) + "\n"


@given(
    layout=st.sampled_from(["csv", "pipe"]),
    word=st.sampled_from(["counted", "logged", "recorded"]),
    sep=st.sampled_from(["_", " "]),
    runs=st.lists(
        st.tuples(st.booleans(), st.integers(10, 900), st.integers(10, 100)), min_size=2, max_size=5
    ),
)
def test_counted_counts_read_and_empty_runs_left_out(
    read: Read, layout: str, word: str, sep: str, runs: list[tuple[bool, int, int]]
) -> None:
    rows = []
    want = []
    for i, (empty, drafted, pct) in enumerate(runs):
        if empty:
            rows.append((f"plain-{i}", 0, 0))
        else:
            acc = drafted * pct // 100
            rows.append((f"drafted-{i}", drafted, acc))
            want.append(acc / drafted)
    if not want:
        rows.append(("drafted-x", 50, 20))
        want.append(0.4)
    got = read(_table(layout, word, sep, rows)).records
    assert [r.accept_rate for r in got] == [pytest.approx(w, abs=1e-5) for w in want]
    assert all(r.accept_length is None for r in got)


def test_a_row_drafting_some_and_accepting_none_keeps_its_zero(read: Read) -> None:
    text = _table("csv", "counted", "_", [("a", 0, 0), ("b", 40, 0), ("c", 80, 20)])
    got = read(text).records
    assert [r.accept_rate for r in got] == [0.0, 0.25]


@pytest.mark.parametrize(
    "text",
    [
        # a participle before a name of no count ('counted tokens per second')
        "setup,counted_tok_s,logged_requests\nrun-a,120.5,10\nrun-b,118.0,10\n",
        # the participle alone, no count named after it
        "| setup | counted | logged |\n|---|---|---|\n| a | 4 | 7 |\n| b | 5 | 9 |\n",
    ],
)
def test_near_misses_give_nothing(read: Read, text: str) -> None:
    assert read(text).records == ()
