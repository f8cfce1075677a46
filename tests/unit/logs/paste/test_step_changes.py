"""A per-step figure named on a line, then its value before and after a change further on
('... Example (greedy): 2.10 (k 2) → 2.85 (k 4)'), or on the next line naming no figure
('Example: `SetB` rises from 1.61 (plain) to 2.20 (tree)'): two records, the named figure's.
Never a pair of speed-ups or of another measure, a conditional, nor values no step emits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SAME_LINE = (
    "- Tree drafts: with the small draft and depth 6, the mean tokens per step grow with the "
    "tree width (our table 3). Example (greedy, `SetA`): {a} (width 1) → {b} (width 4). "
    "Sampling gains less (e.g., `SetA`: {c} → {d}).\n"
)
_NEXT_LINE = (
    "- Sampled decoding:\n"
    "  > the new verifier raises the average verified tokens per step on every set.\n"
    "  - Example: `SetB` increases from {a} (plain) to {b} (new).\n"
)


@settings(max_examples=examples(20), deadline=None)
@given(st.lists(st.integers(min_value=101, max_value=900), min_size=4, max_size=4))
def test_values_before_and_after_on_the_naming_line(read: Read, v: list[int]) -> None:
    a, b, c, d = (f"{x / 100:.2f}" for x in v)
    recs = read(_SAME_LINE.format(a=a, b=b, c=c, d=d)).records
    assert [r.printed_length for r in recs] == pytest.approx([x / 100 for x in v])
    # tokens per step: the target's own token counted
    assert [r.accept_length for r in recs] == pytest.approx([x / 100 for x in v])


def test_values_on_the_line_under_the_name_of_verified_tokens(read: Read) -> None:
    recs = read(_NEXT_LINE.format(a="1.61", b="2.20")).records
    assert [r.printed_length for r in recs] == [1.61, 2.20]
    # whether the verified tokens hold the target's own one is not said
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "text",
    [
        # speed-ups and another measure's change on the naming line
        _SAME_LINE.format(a="1.40x", b="1.90x", c="1.20x", d="1.30x"),
        _SAME_LINE.replace("Example", "Throughput").format(a="210.5", b="260.1", c="1", d="2"),
        _SAME_LINE.replace(
            "Example (greedy, `SetA`):", "If the tree were wider, it would go"
        ).format(a="2.1", b="2.9", c="20.5", d="31.0"),
        # the next line names another measure, or the change is a share
        _NEXT_LINE.replace("increases", "latency drops").format(a="1.61", b="2.20"),
        _NEXT_LINE.format(a="1.61%", b="2.20%"),
    ],
)
def test_no_record_for_another_measure_or_a_conditional(read: Read, text: str) -> None:
    assert [r.printed_length for r in read(text).records] == []
