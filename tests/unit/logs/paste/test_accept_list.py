"""A bare `accept` key (a qualifier perhaps after it) over labelled values joined by spaced
slashes, perhaps wrapped onto the next line: each value a rate (fractions or percentages, as a
bare accept is told by its value), one record a label. Lengths, integers, values of two kinds,
one item, an unspaced slash or a label naming a measure are left as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.accept_list import listed
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = ["chat", "code", "math", "docs", "retrieval"]


def _value(v: int, form: str) -> str:
    return {"dot": f".{v:03d}", "zero": f"0.{v:03d}", "pct": f"{v / 10:.1f}%"}[form]


@settings(max_examples=examples(40), deadline=None)
@given(
    values=st.lists(st.integers(100, 990), min_size=2, max_size=5, unique=True),
    form=st.sampled_from(["dot", "zero", "pct"]),
    key=st.sampled_from(["head accept", "Spec accept", "draft-b acceptance"]),
    qual=st.sampled_from(["", " @ctx=4k", " (runner b, no sync)", " @T=0(greedy)"]),
    bold=st.booleans(),
    wrap=st.booleans(),
    bullet=st.sampled_from(["", "- ", "* "]),
)
def test_each_labelled_value_is_a_rate(
    read: Read,
    values: list[int],
    form: str,
    key: str,
    qual: str,
    bold: bool,
    wrap: bool,
    bullet: str,
) -> None:
    items = [f"{_LABELS[i]} {_value(v, form)}" for i, v in enumerate(values)]
    if wrap and len(items) > 2:
        body = " / ".join(items[:2]) + " /\n  " + " / ".join(items[2:])
    else:
        body = " / ".join(items)
    mark = "**" if bold else ""
    text = (
        "Notes on the speculative runs.\n\n"
        f"{bullet}{key}{qual}: {mark}{body}{mark}. Measured on one node.\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(v / 1000, 6) for v in values]
    assert [dict(r.labels).get("config") for r in got] == _LABELS[: len(values)]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    line=st.sampled_from(
        [
            "head accept: chat 2.41 / code 2.90",  # lengths
            "head accept: chat 41 / code 52",  # integers
            "head accept: chat 0.41 / code 52%",  # two kinds
            "head accept: chat 0.41",  # one item
            "head accept: chat .41/.52",  # an unspaced slash, per position
            "head accept: tok/s 0.41 / code 0.52",  # a label naming a measure
            "head accept rate: chat 0.41 / code 0.52",  # a figure already named
            "head accept: chat 0.41 /",  # a list never closed
        ]
    )
)
def test_negative_control_other_shapes_are_left(line: str) -> None:
    lines = [(1, line)]
    assert listed(lines) == lines


def test_the_example_of_the_docs() -> None:
    text = "Speculative runs.\n\n- head accept @ctx=4k: **chat .612 / code .744 /\n  math .701**.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.612, 0.744, 0.701]
