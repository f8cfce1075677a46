"""A row whose label lists one setting's values ('ngram n=1 draft=1/2/4') over a cell of as many
rates ('23% / 12% / 6%'): one record per value, each labelled by its own value, so the run
whose own setting is one draft a step gets 1 + rate and the others no length
(``listed_settings.py``, then ``one_draft.py``). A list beside one rate, or a count that differs,
is left as it is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_NAMES = st.sampled_from(["draft", "draft-max", "n_max", "draft_max"])


def _paste(label: str, cell: str) -> str:
    return "llama.cpp ngram drafting, local bench:\n\n" + pipe_table(
        ["Model", "Strategy/config", "Acceptance", "Result"],
        [
            ["tiny.gguf", "baseline", "n/a", "baseline"],
            ["tiny.gguf", label, cell, "larger drafts slower"],
        ],
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    name=_NAMES,
    # (three values or more: a cell of two, `a / b`, may be a value out of a maximum)
    others=st.lists(st.integers(2, 16), min_size=2, max_size=3, unique=True),
    first=st.booleans(),
    pcts=st.lists(st.integers(1, 99), min_size=4, max_size=4),
)
def test_each_value_its_own_setting(
    name: str, others: list[int], first: bool, pcts: list[int]
) -> None:
    values = [1, *others] if first else [*others, 1]
    rates = pcts[: len(values)]
    label = f"ngramSimple n=1 {name}={'/'.join(map(str, values))}"
    got = read_paste(_paste(label, " / ".join(f"{p}%" for p in rates))).records
    assert [r.printed_rate for r in got] == [pytest.approx(p / 100) for p in rates]
    want = [round(1 + p / 100, 6) if v == 1 else None for v, p in zip(values, rates, strict=True)]
    assert [r.accept_length for r in got] == want
    assert [dict(r.labels)["strategy/config"] for r in got] == [
        f"ngramSimple n=1 {name}={v}" for v in values
    ]


def test_negative_control_a_list_beside_one_rate() -> None:
    got = read_paste(_paste("ngramSimple n=1 draft=1/4", "100%")).records
    assert [(r.printed_rate, r.accept_length) for r in got] == [(1.0, None)]


def test_negative_control_a_count_that_differs() -> None:
    got = read_paste(_paste("ngramSimple n=1 draft=1/2", "23% / 12% / 6%")).records
    assert [r.printed_rate for r in got] == pytest.approx([0.23, 0.12, 0.06])
    assert all(r.accept_length is None for r in got)
