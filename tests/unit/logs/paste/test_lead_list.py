"""A bullet list of values inside a paragraph, no blank line around it, its figure named by the
sentence right above it (lead_list.py): each 'label: value' leaf (a closing period allowed) is one
record of that figure. Near misses: a lead line naming no figure or two, a list of one item,
items whose labels name a metric themselves."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import lead_list as LL
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LABELS = st.lists(
    st.sampled_from(["chat", "coding", "math", "summaries", "Alpaca", "QA-long", "news"]),
    min_size=2,
    max_size=4,
    unique=True,
)
_VALUES = st.lists(st.floats(1.2, 6.5).map(lambda x: round(x, 2)), min_size=4, max_size=4)
_LEADS = st.sampled_from(
    [
        "Using the EAGLE head with 4 drafts a step, we measured the following acceptance length{end}",
        "With speculative decoding enabled we obtained these accept lengths{end}",
        "Below is the acceptance length per dataset for our draft model{end}",
    ]
)
_AFTER = st.sampled_from(["", "The script we ran is in the repo.\n", "See the appendix.\n"])


def _text(
    lead: str, end: str, labels: list[str], values: list[float], dot: bool, after: str
) -> str:
    items = "".join(
        f"- {lab}: {v:.2f}{'.' if dot else ''}\n" for lab, v in zip(labels, values, strict=False)
    )
    return "Results\n" + lead.format(end=end) + "\n" + items + after


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    end=st.sampled_from([".", ":", ""]),
    labels=_LABELS,
    values=_VALUES,
    dot=st.booleans(),
    after=_AFTER,
)
def test_a_list_under_its_lead_sentence_is_read(
    lead: str, end: str, labels: list[str], values: list[float], dot: bool, after: str
) -> None:
    recs = read_paste(_text(lead, end, labels, values, dot, after)).records
    assert [r.printed_length for r in recs] == [pytest.approx(v) for v in values[: len(labels)]]


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "Using the EAGLE head with 4 drafts a step, we measured the following{end}",
            "With speculative decoding we got these acceptance rates and accept lengths{end}",
        ]
    ),
    end=st.sampled_from([".", ":", ""]),
    labels=_LABELS,
    values=_VALUES,
    after=_AFTER,
)
def test_a_list_under_a_line_naming_no_figure_or_two_is_left(
    lead: str, end: str, labels: list[str], values: list[float], after: str
) -> None:
    recs = read_paste(_text(lead, end, labels, values, False, after)).records
    assert all(r.printed_length is None and r.printed_rate is None for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(lead=_LEADS, value=st.floats(1.2, 6.5).map(lambda x: round(x, 2)), after=_AFTER)
def test_one_item_is_no_list(lead: str, value: float, after: str) -> None:
    text = "Results\n" + lead.format(end=".") + f"\n- chat: {value:.2f}\n" + after
    blk = [(i + 1, t) for i, t in enumerate(text.splitlines())]
    assert LL.split(blk) == [blk]


@settings(max_examples=examples(30), deadline=None)
@given(lead=_LEADS, labels=_LABELS, values=_VALUES, after=_AFTER)
def test_items_naming_a_metric_are_no_leaves_of_the_lead(
    lead: str, labels: list[str], values: list[float], after: str
) -> None:
    # (each item names its own figure: the acceptance rate beside the lead's length)
    items = "".join(f"- acceptance rate: {v * 10:.1f}%\n" for v in values[: len(labels)])
    assume(all(v * 10 <= 100 for v in values))
    text = "Results\n" + lead.format(end=".") + "\n" + items + after
    assert all(r.printed_length is None for r in read_paste(text).records)


@settings(max_examples=examples(30), deadline=None)
@given(
    label=st.sampled_from(["{i}", "pos {i}", "position {i}", "token {i}", "T+{i}"]),
    start=st.sampled_from([0, 1]),
    rates=st.lists(st.integers(50, 990), min_size=2, max_size=5),
)
def test_a_list_of_positions_under_its_key_is_no_list_of_runs(
    label: str, start: int, rates: list[int]
) -> None:
    """Items labelled by draft position under 'Acceptance rate per position:' are one run's
    rates by position, left in their block (the per-position readers read them): no split."""
    falling = sorted(rates, reverse=True)
    items = [f"  - {label.format(i=start + i)}: {r / 1000:.3f}" for i, r in enumerate(falling)]
    lines = ["Acceptance rate per position:", *items, "Acceptance length:    2.00"]
    blk = list(enumerate(lines, 1))
    assert LL.split(blk) == [blk]
