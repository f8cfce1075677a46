"""A list of labelled values closed by an acceptance name (`1B→3B: 86.5%, 1B→8B: 73.4%
acceptance`), opening a line, a bullet or a table cell: one record an item, each with its
value (closing_name.py). A label naming another measure or a statistic, values of two kinds,
or a name followed by more words read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = ("1B→3B", "1B→8B", "chat", "code", "draft v2", "EAGLE head", "Llama 70B", "math")
_NAMES = ("acceptance", "acceptance rate", "accept rate", "draft acceptance")
_SEPS = (", ", "; ", " and ", ", and ")


def _wrap(where: str, items: str) -> str:
    if where == "cell":
        return (
            "| Achievement | Status | Performance |\n|---|---|---|\n"
            "| Core | done | 5-step speculative decoding loop |\n"
            f"| Model pairs | good | {items} |\n"
            "| Speed | good | 3.9x average speedup |\n"
        )
    if where == "bullet":
        return f"Results of the speculative decoding port:\n\n- {items}\n- 3.9x average speedup\n"
    return f"Speculative decoding summary.\n\n{items}.\n"


@st.composite
def _list(draw: st.DrawFn) -> tuple[list[str], list[float]]:
    labels = draw(st.lists(st.sampled_from(_LABELS), min_size=2, max_size=3, unique=True))
    rates = draw(
        st.lists(st.integers(50, 990), min_size=len(labels), max_size=len(labels), unique=True)
    )
    return labels, [r / 10 for r in rates]


def _items(labels: list[str], rates: list[float], sep: str, name: str) -> str:
    return sep.join(f"{lab}: {r:.1f}%" for lab, r in zip(labels, rates, strict=True)) + " " + name


@settings(max_examples=examples(40), deadline=None)
@given(
    _list(),
    st.sampled_from(_SEPS),
    st.sampled_from(_NAMES),
    st.sampled_from(("cell", "bullet", "line")),
)
def test_each_labelled_item_is_a_run(
    read: Read, runs: tuple[list[str], list[float]], sep: str, name: str, where: str
) -> None:
    labels, rates = runs
    text = _wrap(where, _items(labels, rates, sep, name))
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(r / 100) for r in rates], text
    assert all(r.accept_length is None for r in got), text


@settings(max_examples=examples(30), deadline=None)
@given(
    _list(),
    st.sampled_from(_SEPS),
    st.sampled_from(_NAMES),
    st.sampled_from(("cell", "bullet", "line")),
    st.sampled_from(("measure", "statistic", "kinds", "more words")),
)
def test_near_misses_read_as_before(
    read: Read, runs: tuple[list[str], list[float]], sep: str, name: str, where: str, miss: str
) -> None:
    labels, rates = runs
    if miss == "measure":
        labels = ["throughput", *labels[1:]]
    elif miss == "statistic":
        labels = ["p50", *labels[1:]]
    items = _items(labels, rates, sep, name)
    if miss == "kinds":
        items = items.replace(f"{rates[0]:.1f}%", f"{rates[0] / 100:.3f}", 1)
    if miss == "more words":
        items += " on the chat prompts"
    got = read(_wrap(where, items)).records
    # (the last value alone is read, under the name, as before: never one a label)
    assert len(got) <= 1, items
