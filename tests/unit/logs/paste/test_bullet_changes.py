"""Bullets under a line naming one figure, each item a change 'label: before → after'
('- cold cache: 2.84 → 3.02'): two records an item, the figure before and after, labelled by
the sides the line names ('..., stock → tuned:') or before / after. A label holding a setting
with its value ('greedy, temperature 0') is the run's configuration. Items of another figure's
values, a change of whole numbers, or a line naming no figure give nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ARROWS = st.sampled_from(["→", "->"])
_LABELS = ["cold cache", "warm cache, temperature 0", "long prompts", "tool calls, top_p 0.9"]


def _text(head: str, pairs: list[tuple[int, int]], arrow: str, bold: bool, end: str) -> str:
    m = "**" if bold else ""
    items = "\n".join(
        f"- {_LABELS[i]}: {m}{a / 1000:.4f} {arrow} {b / 1000:.4f}{m}{end}"
        for i, (a, b) in enumerate(pairs)
    )
    return f"{head}\n\n{items}\n"


_PAIRS = st.lists(
    st.tuples(st.integers(1100, 6900), st.integers(1100, 6900)), min_size=2, max_size=4
)


@settings(max_examples=examples(30), deadline=None)
@given(
    pairs=_PAIRS,
    arrow=_ARROWS,
    bold=st.booleans(),
    end=st.sampled_from(["", ".", ";"]),
    sides=st.sampled_from([("stock", "tuned"), ("v1", "v2 head")]),
)
def test_each_item_is_two_runs(
    read: Read,
    pairs: list[tuple[int, int]],
    arrow: str,
    bold: bool,
    end: str,
    sides: tuple[str, str],
) -> None:
    head = f"Mean tokens/step per workload (eight requests each), {sides[0]} {arrow} {sides[1]}:"
    got = read(_text(head, pairs, arrow, bold, end)).records
    assert [r.accept_length for r in got] == [x / 1000 for p in pairs for x in p]
    assert [dict(r.labels).get("side") for r in got] == list(sides) * len(pairs)


@settings(max_examples=examples(20), deadline=None)
@given(pairs=_PAIRS, arrow=_ARROWS)
def test_sides_unnamed_are_before_and_after(
    read: Read, pairs: list[tuple[int, int]], arrow: str
) -> None:
    got = read(_text("Accept length by workload:", pairs, arrow, False, "")).records
    assert [r.printed_length for r in got] == [x / 1000 for p in pairs for x in p]
    assert [dict(r.labels).get("side") for r in got] == ["before", "after"] * len(pairs)


@settings(max_examples=examples(20), deadline=None)
@given(
    pairs=_PAIRS,
    arrow=_ARROWS,
    head=st.sampled_from(["Decode throughput by workload:", "Latency per workload, ms:"]),
)
def test_a_line_naming_no_figure_gives_nothing(
    read: Read, pairs: list[tuple[int, int]], arrow: str, head: str
) -> None:
    assert read(_text(head, pairs, arrow, False, "")).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(a=st.integers(2, 8), b=st.integers(2, 8), arrow=_ARROWS)
def test_whole_numbers_are_no_lengths(read: Read, a: int, b: int, arrow: str) -> None:
    text = f"Accept length by workload:\n\n- chat: {a} {arrow} {b}\n- code: {b} {arrow} {a}\n"
    assert read(text).records == ()
