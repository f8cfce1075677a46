"""A bench's rows drafting nothing beside its speculative rows (``pred= 256 draft=   0 acc=   0
rate=n/a``, the run without speculation, rows of the same keys as the rows read): their
``draft=   0`` is each row's drafted count, no draft setting of the paste, so a draft maximum
of one the paste sets above its runs still decides the speculative rows' lengths (1 + rate).
A zero set elsewhere (a line of other keys), another depth, or no setting of one decide
nothing."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ONE = [
    "llama-server -m target-q4.gguf --spec-type draft-mtp --draft-max 1 --port 8080",
    "Ran with `spec-draft-n-max = 1`.",
    "draft size 1",
]


def _rows(counts: list[tuple[int, int]]) -> str:
    return "\n".join(
        f"  prompt_{i:<10} pred= 192 draft= {d:3d} acc= {a:3d} rate={a / d:.3f} tok/s=5{i}.3"
        for i, (a, d) in enumerate(counts)
    )


def _plain(n: int) -> str:
    return "\n".join(
        f"  prompt_{i:<10} pred= 192 draft=   0 acc=   0 rate=n/a tok/s=40.{i}" for i in range(n)
    )


def _halfway(a: int, d: int) -> bool:
    return (a * 2000) % d == 0 and (a * 2000 // d) % 2 == 1


_COUNTS = st.lists(
    st.integers(40, 150).flatmap(lambda d: st.tuples(st.integers(d // 3, d), st.just(d))),
    min_size=2,
    max_size=6,
    unique_by=lambda ad: ad[0] / ad[1],  # (every row its own rate)
)


@settings(max_examples=examples(40), deadline=None)
@given(counts=_COUNTS, setting=st.sampled_from(_ONE), plain=st.integers(1, 9))
def test_rows_drafting_nothing_set_no_depth(
    read: Read, counts: list[tuple[int, int]], setting: str, plain: int
) -> None:
    assume(not any(_halfway(a, d) for a, d in counts))
    text = (
        f"{setting}\n\n**Baseline**\n```\n{_plain(plain)}\n```\n"
        f"**Speculative**\n```\n{_rows(counts)}\n```\n"
    )
    recs = read(text).records
    assert [r.accept_length for r in recs] == pytest.approx(
        [1 + round(a / d, 3) for a, d in counts], abs=1e-6
    )


@pytest.mark.parametrize(
    "head",
    [
        # no setting of one
        "llama-server -m target-q4.gguf --spec-type draft-mtp --port 8080",
        # another depth
        "llama-server -m target-q4.gguf --draft-max 1\nthen again with --draft-max 4",
        # a zero set on a line of other keys: a setting of its own
        "--draft-max 1\nbaseline run: draft=0",
    ],
)
def test_no_length_without_the_one_setting(read: Read, head: str) -> None:
    counts = [(84, 89), (77, 83), (69, 80)]
    text = (
        f"{head}\n\n**Baseline**\n```\n{_plain(3)}\n```\n"
        f"**Speculative**\n```\n{_rows(counts)}\n```\n"
    )
    recs = read(text).records
    assert len(recs) == 3 and all(r.accept_length is None for r in recs)
