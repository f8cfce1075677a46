"""'accepted/draft' (a statistic word before it or not: 'Median accepted/draft') is 'accepted per
draft', vLLM's drafts being its draft-verify steps: accepted drafts a step, the target's token
left out (the length is 1 + it), but only for a value above 1, which no accepted / drafted
quotient can take; at 1 or below it may be that quotient (a rate), so nothing is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _table(name: str, vals: list[float]) -> str:
    rows = "\n".join(f"| head{i} | {100 + i}.5 | {v:.3f} |" for i, v in enumerate(vals))
    return f"MTP depth 3, five requests.\n\n| Head | steps/s | {name} |\n|---|---:|---:|\n{rows}\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["accepted/draft", "Median accepted/draft", "mean accepted/draft"]),
    vals=st.lists(st.integers(1001, 3999), min_size=1, max_size=4),
)
def test_above_one_it_is_accepted_drafts_a_step(name: str, vals: list[int]) -> None:
    got = read_paste(_table(name, [v / 1000 for v in vals])).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (v / 1000, round(1 + v / 1000, 6)) for v in vals
    ]


@settings(max_examples=examples(20), deadline=None)
@given(vals=st.lists(st.integers(100, 1000), min_size=1, max_size=4))
def test_at_one_or_below_it_may_be_a_rate_and_is_not_read(vals: list[int]) -> None:
    assert read_paste(_table("accepted/draft", [v / 1000 for v in vals])).records == ()
