"""`Draft hit rate` (the share of drafts that hit) names the drafts' acceptance as a ratio whose
denominator the name leaves unsaid (drafted tokens or draft steps), as `draft rate` does: a
record of that share, never normalised, no length. A bare `hit rate` or another thing's hit rate
(`prefix cache hit rate`, `cache hit %`) names no acceptance."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["Draft hit rate", "draft hit rate", "Draft hit %"]),
    a=st.integers(40, 97),
    b=st.integers(40, 97),
    split=st.booleans(),
)
def test_draft_hit_rate_is_a_share_of_the_drafts(
    read: Read, name: str, a: int, b: int, split: bool
) -> None:
    if split:
        text = pipe_table(
            ["Set", "Decode TPS A / B", f"{name} A / B"],
            [["chat", "71.2 / 80.4", f"{a}.5% / {b}.5%"]],
        )
        want = [a + 0.5, b + 0.5]
    else:
        text = pipe_table(["Set", "Decode TPS", name], [["chat", "71.2", f"{a}.5%"]])
        want = [a + 0.5]
    recs = read(text).records
    assert [r.printed_rate for r in recs] == pytest.approx([w / 100 for w in want])
    assert all(r.accept_length is None and r.accept_rate is None for r in recs)


@pytest.mark.parametrize(
    "name", ["hit rate", "Prefix cache hit rate", "cache hit %", "KV hit rate"]
)
def test_other_hit_rates_name_no_acceptance(read: Read, name: str) -> None:
    text = pipe_table(["Set", "Decode TPS", name], [["chat", "71.2", "64.5%"]])
    assert not read(text).records
