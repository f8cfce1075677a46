"""A draft count's setting inside a figure's header (cells._INNER_SETTING, one_draft.
told_in_header): '| MTP n=1 acceptance |' names the acceptance rate, and its one draft a step
makes each cell's length 1 + rate; a setting above one names the figure but decides no length,
and a setting of another name is no part of the figure's name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEADS = st.sampled_from(
    ["MTP n=1 acceptance", "k=1 acceptance rate", "MTP n = 1 acceptance", "gamma=1 accept rate"]
)


def _table(head: str, rates: list[float], extra: bool) -> str:
    cols = "| Build | Day " if extra else "| Build "
    rule = "|---|---" if extra else "|---"
    rows = "".join(
        f"| b{i} | Mon {i + 1} | {r:.2f}% |\n" if extra else f"| b{i} | {r:.2f}% |\n"
        for i, r in enumerate(rates)
    )
    return f"{cols}| {head} |\n{rule}|---|\n{rows}"


@settings(max_examples=examples(30), deadline=None)
@given(
    head=_HEADS,
    cents=st.lists(st.integers(100, 9500), min_size=1, max_size=4),
    extra=st.booleans(),
)
def test_a_header_of_one_draft_gives_each_length(head: str, cents: list[int], extra: bool) -> None:
    got = read_paste(_table(head, [c / 100 for c in cents], extra)).records
    want = [c / 10000 for c in cents]
    assert [round(r.printed_rate or 0, 6) for r in got] == want
    assert [r.accept_length for r in got] == [round(1 + w, 6) for w in want]


def test_negative_control_a_header_of_three_drafts_decides_no_length() -> None:
    got = read_paste(_table("MTP n=3 acceptance", [61.0, 58.5], False)).records
    assert [r.printed_rate for r in got] == [0.61, 0.585]
    assert [r.accept_length for r in got] == [None, None]


def test_negative_control_another_name_is_no_setting() -> None:
    assert C.key("batch=1 acceptance").metric is None
    assert C.key("MTP n=1 acceptance").metric == C.key("acceptance").metric
    assert C.key("n=12.5 acceptance").metric is None
