"""A JSON object of accepted and rejected draft-token counts and no drafted total: drafted is
their sum and the rate accepted / drafted. A rejected share, a non-whole count, two rejected
counts or a printed drafted total leave the object as it was read."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.json_rejected import drafted
from tests.support.examples import examples


def _body(counts: dict[str, object]) -> str:
    return json.dumps({"run": "eagle draft, k=4", "spec_stats": counts}, indent=2) + "\n"


def test_counts_give_drafted_and_rate() -> None:
    (r,) = read_paste(_body({"accepted": 300, "rejected": 100})).records
    assert r.accepted_tokens == 300
    assert r.drafted_tokens == 400
    assert r.accept_rate == 0.75
    assert r.accept_length is None


def test_printed_drafted_kept() -> None:
    (r,) = read_paste(_body({"accepted": 300, "rejected": 100, "drafted": 500})).records
    assert r.drafted_tokens == 500


def test_near_misses() -> None:
    assert drafted({"accepted": 30, "reject_rate": 0.25}, 30) is None  # a share
    assert drafted({"accepted": 30, "rejected": 10.5}, 30) is None  # no whole count
    assert drafted({"accepted": 30, "rejected": True}, 30) is None
    assert drafted({"accepted": 30, "rejected": 10, "num_rejected": 12}, 30) is None  # two
    assert drafted({"accepted": 30, "rejected_requests": 10}, 30) is None  # other things
    assert drafted({"rejected": 10}, None) is None
    assert drafted({"accepted": 0, "rejected": 0}, 0) is None  # nothing drafted


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(1, 100_000),
    st.integers(0, 100_000),
    st.sampled_from(["accepted", "accepted_tokens", "num_accepted_tokens"]),
    st.sampled_from(["rejected", "rejected_tokens", "num_rejected", "total_rejected"]),
    st.booleans(),
)
def test_any_spelling_and_order(acc: int, rej: int, an: str, rn: str, flip: bool) -> None:
    counts = {rn: rej, an: acc} if flip else {an: acc, rn: rej}
    recs = read_paste(_body(counts)).records
    assert len(recs) == 1
    assert recs[0].drafted_tokens == acc + rej
    assert recs[0].accept_rate is not None
    assert abs(recs[0].accept_rate - acc / (acc + rej)) < 1e-5
    assert recs[0].accept_length is None
