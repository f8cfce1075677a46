"""'draft size N' (``draft size 1``, ``draft_size=1``, ``Draft size: 1``, ``draft size of 1``):
the tokens drafted a step, a draft setting as ``draft=1`` is. Set to one above a bench's rows of
accepted and drafted counts, each rate is the accepted drafts of a step that drafted, length
1 + rate. Set to more, listed, a decimal or a model's size (``draft size 1B``, ``1 GB``), it
decides nothing: the rates stay rates alone."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ONE = [
    "draft size 1",
    "draft size 1 (larger sizes were slower)",
    "draft_size=1",
    "Draft size: 1",
    "We used a draft size of 1.",
    "spec settings: draft-size = 1, p_min 0.75",
]


def _rows(counts: list[tuple[int, int]]) -> str:
    return "\n".join(
        f"  prompt_{i:<10} pred= 256 draft= {d:3d} acc= {a:3d} rate={a / d:.3f} tok/s=3{i}.4"
        for i, (a, d) in enumerate(counts)
    )


def _counts() -> st.SearchStrategy[list[tuple[int, int]]]:
    return st.lists(
        st.integers(40, 150).flatmap(lambda d: st.tuples(st.integers(d // 3, d), st.just(d))),
        min_size=2,
        max_size=6,
        unique_by=lambda ad: ad[0] / ad[1],  # (every row its own rate)
    )


def _halfway(a: int, d: int) -> bool:
    return (a * 2000) % d == 0 and (a * 2000 // d) % 2 == 1


@settings(max_examples=examples(40), deadline=None)
@given(counts=_counts(), setting=st.sampled_from(_ONE), fence=st.booleans())
def test_rates_under_a_draft_size_of_one(
    read: Read, counts: list[tuple[int, int]], setting: str, fence: bool
) -> None:
    assume(not any(_halfway(a, d) for a, d in counts))
    body = _rows(counts)
    if fence:
        body = f"```\n{body}\n```"
    text = f"Target: big-model-Q4_K_M.gguf\n{setting}\n\n**Speculative**\n{body}\n"
    recs = read(text).records
    assert [r.accept_length for r in recs] == pytest.approx(
        [1 + round(a / d, 3) for a, d in counts], abs=1e-6
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    counts=_counts(),
    setting=st.sampled_from(
        [
            "draft size 2",
            "draft size 4 (smaller sizes were slower)",
            "draft_size=3",
            "draft size 1B",
            "Draft size: 1 GB",
            "draft size 1/2",
            "draft size 1.5",
            "draft sizes 1 and 2",
            "draft size 1 or 3",
        ]
    ),
)
def test_no_length_from_another_draft_size(
    read: Read, counts: list[tuple[int, int]], setting: str
) -> None:
    text = f"Target: big-model-Q4_K_M.gguf\n{setting}\n\n**Speculative**\n{_rows(counts)}\n"
    recs = read(text).records
    assert len(recs) == len(counts)
    assert all(r.accept_length is None and r.printed_length is None for r in recs)
    assert [r.printed_rate for r in recs] == pytest.approx(
        [round(a / d, 3) for a, d in counts], abs=1e-6
    )
