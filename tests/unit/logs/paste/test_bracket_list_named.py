"""A bracketed list of labelled values naming the acceptance once, after its last value
(`(chat 0.81, code 0.66, math 0.52 acceptance)`): each item is the same figure, one record an
item. Values of mixed kinds, a label naming another measure, a unit after an earlier value or
words after the name leave the bracket as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.bracket_list_named import rewrite
from tests.support.examples import examples

_LABELS = ["chat", "code", "math", "long docs", "tool calls", "sql", "summaries", "qa"]


@settings(max_examples=examples(30), deadline=None)
@given(
    labels=st.lists(st.sampled_from(_LABELS), min_size=2, max_size=5, unique=True),
    kind=st.sampled_from(["share", "pct"]),
    data=st.data(),
    name=st.sampled_from(["acceptance", "acceptance rate", "draft acceptance"]),
    last_sep=st.sampled_from([", ", " and ", ", and "]),
)
def test_each_item_of_the_list_is_a_run(
    labels: list[str], kind: str, data: st.DataObject, name: str, last_sep: str
) -> None:
    shares = data.draw(st.lists(st.integers(5, 95), min_size=len(labels), max_size=len(labels)))
    vals = [f"0.{s:02d}" if kind == "share" else f"{s}%" for s in shares]
    items = [f"{lab} {v}" for lab, v in zip(labels, vals, strict=True)]
    body = ", ".join(items[:-1]) + last_sep + items[-1] + " " + name
    text = f"The per-workload spread of the run is wide ({body}).\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([s / 100 for s in shares])


@pytest.mark.parametrize(
    "line",
    [
        "spread (chat 0.81, code 66% acceptance)",  # kinds differ
        "spread (chat 80 tok/s, code 0.66 acceptance)",  # a unit after an earlier value
        "spread (chat 0.81, code 0.66 acceptance on the old build)",  # words after the name
        "spread (speedup 1.4, code 1.66 acceptance length)",  # another measure's label
        "spread (chat 0.81 acceptance)",  # one item: nothing to carry
        "spread (run2 0.81, run3 0.66 acceptance)",  # a label holding a number
    ],
)
def test_negative_control_the_bracket_is_left_as_it_was(line: str) -> None:
    assert rewrite(line) == line


def test_negative_control_a_list_without_a_name_reads_nothing() -> None:
    assert read_paste("The spread is wide (chat 0.81, code 0.66, math 0.52).\n").records == ()
