"""A share of a run's items (`~40% of requests have acceptance below 20%`) counts items past a
bound, no acceptance rate (partitive.py): not read. A share of drafted tokens is the rate
itself and stays read. A figure's name scaled to a percentage in code (`s.accept_rate * 100`)
has no value (interpret.py `_formula_terms`)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ITEMS = st.sampled_from(["blocks", "requests", "prompts", "samples", "sequences", "queries"])
_HAVE = st.sampled_from(
    ["have acceptance below", "reach an acceptance above", "show acceptance under"]
)


@settings(max_examples=examples(30), deadline=None)
@given(
    items=_ITEMS,
    have=_HAVE,
    a=st.integers(5, 60),
    b=st.integers(5, 60),
    bound=st.integers(5, 90),
    tilde=st.sampled_from(["", "~"]),
)
def test_shares_of_items_are_no_record(
    read: Read, items: str, have: str, a: int, b: int, bound: int, tilde: str
) -> None:
    assume(a != b)
    text = (
        f"{tilde}{a}% of {items} reach near-perfect\n"
        f"acceptance (>{bound}%), while {tilde}{b}% of {items} {have} {bound}%.\n"
    )
    found = [r.printed_rate for r in read(text).records]
    assert a / 100 not in found and b / 100 not in found, (text, found)


@settings(max_examples=examples(30), deadline=None)
@given(v=st.integers(20, 95), noun=st.sampled_from(["drafted tokens", "draft tokens", "drafts"]))
def test_a_share_of_drafts_is_read(read: Read, v: int, noun: str) -> None:
    text = f"acceptance rate: {v}% of {noun}\n"
    assert [r.printed_rate for r in read(text).records] == [v / 100], text


@settings(max_examples=examples(30), deadline=None)
@given(
    obj=st.sampled_from(["stats", "m", "result.metrics"]),
    name=st.sampled_from(["acceptance_rate", "accept_rate", "draft_acceptance"]),
    space=st.sampled_from(["", " "]),
)
def test_a_rate_scaled_in_code_is_no_record(read: Read, obj: str, name: str, space: str) -> None:
    text = f'print(f"acceptance: {{{obj}.{name}{space}*{space}100:.1f}}%")\n'
    assert read(text).records == (), text
