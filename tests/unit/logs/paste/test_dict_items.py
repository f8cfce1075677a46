"""A Python dict printed with repr, whole or as its items alone, '...' tolerated (dict_items.py):
`'acceptance_at_token_0': 0.58, 'acceptance_at_token_1': 0.31, ...` is one run's per-position
rates, positions from the keys' own index, no length (conditional or cumulative: not told). A
dict of configuration values alone, a brace that is code, is no record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.dict_items import load
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _items(rates: list[float], start: int, name: str) -> str:
    return ", ".join(f"'{name}_{i + start}': {r!r}" for i, r in enumerate(rates))


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=st.lists(st.integers(1, 999), min_size=2, max_size=5).map(
        lambda xs: [x / 1000 for x in sorted(xs, reverse=True)]
    ),
    start=st.sampled_from([0, 1]),
    name=st.sampled_from(["acceptance_at_token", "acceptance_rate_pos", "accept_rate_position"]),
    shape=st.sampled_from(["bare", "braced", "elided", "titled"]),
)
def test_position_items_are_one_run_of_per_position_rates(
    read: Read, rates: list[float], start: int, name: str, shape: str
) -> None:
    items = _items(rates, start, name)
    text = {
        "bare": f"E2E eval of the trained drafter:\n\n```\n{items}\n```\n",
        "braced": f"E2E eval of the trained drafter:\n\n{{{items}}}\n",
        "elided": f"E2E eval of the trained drafter:\n\n{{{items}, ...}}\n",
        "titled": f"Eval results: {items}, ...\n",
    }[shape]
    (r,) = read(text).records
    assert r.per_position == tuple(rates)
    assert r.accept_length is None and r.printed_length is None


def test_the_dict_text_of_a_drafter_eval() -> None:
    text = (
        "Swapped the eval prompts; the draft now gets a fair chance.\n\n"
        "New numbers:\n```\n'acceptance_at_token_0': 0.5824175824175825, "
        "'acceptance_at_token_1': 0.2857142857142857, 'acceptance_at_token_2': 0.10989010989010989\n"
        "```\n"
    )
    (r,) = read_paste(text).records
    assert r.per_position == pytest.approx((0.5824, 0.2857, 0.1099), abs=1e-4)
    assert r.accept_length is None


def test_named_figures_in_bare_items() -> None:
    (r,) = read_paste("'mean_acceptance_length': 2.42, 'num_drafts': 100, ...\n").records
    assert r.printed_length == 2.42


@pytest.mark.parametrize(
    "text",
    [
        "'num_speculative_tokens': 3, 'temperature': 0.0, 'max_model_len': 4096\n",
        "{'num_speculative_tokens': 3, 'method': 'eagle3', ...}\n",
        "Config was 'k': 3 and the run went fine.\n",
        "fmt = {'acceptance_at_token_0': f(x)}\n",
    ],
)
def test_no_record_without_an_acceptance_figure(text: str) -> None:
    assert not read_paste(text).records


def test_load_reads_literals_only() -> None:
    assert load("'a': 1, 'b': 2.5") == {"a": 1, "b": 2.5}
    assert load("{'a': 1, ...}") == {"a": 1}
    assert (load("{'a': ..., 'b': 2}") or {}).get("b") == 2  # a value left out
    assert load("'a': __import__('os')") is None  # never evaluated
    assert load("{'a': 1} + {'b'}") is None
