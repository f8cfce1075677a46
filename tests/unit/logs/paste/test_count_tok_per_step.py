"""A table of counts whose names cut `tokens` short (`Draft tok`, `Accepted tok`), the accepted
count perhaps followed by its value a step in brackets (`| 250 (1.25/step) |`): the counts are
read as spelled out (1 + accepted / steps, the rate accepted / drafted), the bracket as the
accepted drafts a step, checked by the row's steps. Near misses: `tok/s` stays a speed, another
count's `tok` (`Generated tok`) names no count of drafts, a bracket the steps do not give
decides no length."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_INTRO = "Counters of the speculative decoder, three draft tokens a step.\n\n"


def _table(layout: str, bracket: bool, noun: str, rows: list[tuple[int, int]]) -> str:
    head = ["Run", "Verify steps", f"Draft {noun}", f"Accepted {noun}", "Wall s"]
    body = []
    for i, (steps, acc) in enumerate(rows):
        acc_cell = f"{acc} ({acc / steps:.2f}/step)" if bracket else str(acc)
        body.append([f"run-{i}", str(steps), str(3 * steps), acc_cell, f"{10 + i}.25"])
    if layout == "pipe":
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(c) + " |" for c in body]
    else:
        out = [",".join(head)] + [",".join(c) for c in body]
    return "\n".join(out) + "\n"


_ROWS = st.lists(
    st.tuples(st.integers(50, 400), st.integers(1, 100)).map(lambda t: (t[0], t[0] * t[1] // 50)),
    min_size=2,
    max_size=4,
)


@given(
    layout=st.sampled_from(["pipe", "csv"]),
    bracket=st.booleans(),
    noun=st.sampled_from(["tok", "Tok", "tokens"]),
    rows=_ROWS,
)
def test_counts_with_a_short_noun_give_the_length(
    read: Read, layout: str, bracket: bool, noun: str, rows: list[tuple[int, int]]
) -> None:
    got = read(_INTRO + _table(layout, bracket, noun, rows)).records
    assert [r.accept_length for r in got] == [
        pytest.approx(1 + acc / steps, abs=0.006) for steps, acc in rows
    ]
    assert [r.accept_rate for r in got] == [
        pytest.approx(acc / (3 * steps), abs=1e-5) for steps, acc in rows
    ]
    if bracket:
        assert [r.printed_length for r in got] == [
            pytest.approx(round(acc / steps, 2)) for steps, acc in rows
        ]


@given(steps=st.integers(50, 400), share=st.integers(10, 80), off=st.integers(20, 90))
def test_bracket_the_steps_do_not_give_decides_no_length(
    read: Read, steps: int, share: int, off: int
) -> None:
    acc = steps * share // 50  # (at most two of a step's three drafts)
    wrong = acc / steps + off / 100
    text = (
        _INTRO + "| Run | Verify steps | Draft tok | Accepted tok |\n|---|---|---|---|\n"
        f"| a | {steps} | {3 * steps} | {acc} ({wrong:.2f}/step) |\n"
        f"| b | {steps + 7} | {3 * steps + 21} | {acc} |\n"
    )
    got = read(text).records
    assert got[0].accept_length is None
    assert got[1].accept_length == pytest.approx(1 + acc / (steps + 7))


@pytest.mark.parametrize(
    "table",
    [
        # 'tok/s' is a speed, no count: nothing to divide
        "| Run | Verify steps | Draft tok/s | Accepted tok/s |\n|---|---|---|---|\n"
        "| a | 120 | 41.5 | 30.2 |\n| b | 130 | 44.0 | 31.9 |\n",
        # tokens generated are no drafts: no rate, no length from them
        "| Run | Generated tok | Wall s |\n|---|---|---|\n| a | 600 (2.50/step) | 12.5 |\n"
        "| b | 640 (2.61/step) | 13.0 |\n",
    ],
)
def test_near_misses_read_no_counts(read: Read, table: str) -> None:
    got = read(_INTRO + table).records
    assert all(r.accept_length is None and r.accept_rate is None for r in got)
