"""A JSON field named with underscores that says what it counts ('mean_acceptance_length_
including_target', 'accept_len_excluding_bonus') is read as the spaced name is (cells.key), and
a per-position list of whole counts above 1 ('accepted_per_position': [4120, 2950, 1800]) is
counts, never rates: over the object's verify steps where it gives them, else no rates, the
object's other figures read as ever (interpret.json_records). Before, the counts taken for
rates left the whole object unread."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INCLUDED = [
    "mean_acceptance_length_including_target",
    "accept_len_incl_bonus",
    "acceptance_length_with_bonus",
]
_EXCLUDED = ["accept_len_excluding_bonus", "mean_acceptance_length_without_bonus"]


@settings(max_examples=examples(50), deadline=None)
@given(
    included=st.booleans(),
    data=st.data(),
    steps=st.integers(200, 6000),
    shares=st.lists(st.integers(10, 90), min_size=2, max_size=5),
    with_steps=st.booleans(),
)
def test_named_convention_and_position_counts(
    included: bool, data: st.DataObject, steps: int, shares: list[int], with_steps: bool
) -> None:
    name = data.draw(st.sampled_from(_INCLUDED if included else _EXCLUDED))
    counts = sorted((steps * s // 100 for s in shares), reverse=True)
    accepted = sum(counts)
    per = accepted / steps
    obj: dict[str, object] = {"accepted_tokens": float(accepted)}
    if with_steps:
        obj["num_drafts"] = float(steps)
    obj[name] = 1 + per if included else per
    obj["accepted_per_position"] = [float(c) for c in counts]
    doc = {"run_a": {"acceptance": obj}}
    got = read_paste(json.dumps(doc, indent=2)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (pytest.approx(obj[name]), pytest.approx(1 + per))
    ]
    want = tuple(c / steps for c in counts) if with_steps else ()
    assert got[0].per_position == pytest.approx(want)


@pytest.mark.parametrize(
    "doc",
    [
        # rates by position stay rates
        {"accept_length": 2.2, "accepted_per_position": [0.7, 0.5]},
        # counts that do not add up to the accepted count: no rates from them
        {
            "accept_length": 2.2,
            "num_drafts": 100,
            "accepted": 120,
            "accepted_per_position": [70, 40],
        },
    ],
)
def test_negative_control(read: Read, doc: dict[str, object]) -> None:
    got = read(json.dumps(doc)).records
    assert [r.printed_length for r in got] == [pytest.approx(2.2)]
    if "accepted" in doc:
        assert got[0].per_position == ()
    else:
        assert got[0].per_position == pytest.approx((0.7, 0.5))
