"""A JSON body one of whose objects says its own figure is no measurement (`"note": "the ratio
is 1.0 by construction"`): that object's figures are no record, another object's counters of
the same body stay read. Near misses: the mark in the object of the counters themselves, or on
a line of no object of its own, drops them as before."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_MARKS = (
    "accepted tokens are counted again after the cut: the ratio is 1.0 by construction",
    "acceptance here counts re-checked tokens, 1.0 by design",
)


def _body(order: bool, mark: str, drafted: int, acc: int, pct: str) -> str:
    server = {"ratio": 1.0, "accepted": acc, "generated": acc, "note": f"the {mark}"}
    own = {"draft_tokens_total": drafted, "draft_token_acceptance_pct": float(pct)}
    inner = {"server_view": server, "drafter_view": own} if order else {"drafter_view": own}
    if not order:
        inner["server_view"] = server
    return json.dumps([{"run": "r1", **inner}], indent=2) + "\n"


@given(
    order=st.booleans(),
    mark=st.sampled_from(_MARKS),
    drafted=st.integers(50, 900),
    share=st.integers(5, 95),
)
def test_the_marked_object_alone_is_left_out(
    read: Read, order: bool, mark: str, drafted: int, share: int
) -> None:
    acc = max(1, drafted * share // 100)
    pct = f"{100 * acc / drafted:.1f}"
    got = read(_body(order, mark, drafted, acc, pct)).records
    assert [r.printed_rate for r in got] == [pytest.approx(float(pct) / 100)]
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize("mark", _MARKS)
def test_a_mark_in_the_counters_own_object_drops_them(read: Read, mark: str) -> None:
    body = json.dumps(
        {"drafter": {"draft_token_acceptance_pct": 100.0, "note": f"the {mark}"}}, indent=2
    )
    assert read(body + "\n").records == ()


def test_a_mark_on_one_line_with_its_object_drops_the_body(read: Read) -> None:
    # (the marked object's braces on the mark's line: no object told apart, as before)
    body = (
        "{\n"
        '  "server": {"ratio": 1.0, "note": "accepted twice, 1.0 by construction"},\n'
        '  "drafter": {"draft_token_acceptance_pct": 100.0}\n'
        "}\n"
    )
    assert all(r.printed_rate != 1.0 for r in read(body).records)
