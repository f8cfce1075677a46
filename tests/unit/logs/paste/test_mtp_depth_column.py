"""A table column headed by the draft depth alone ('Depth', 'MTP depth', 'draft depth') in a
paste of MTP runs is each row's fixed chain depth, the draft tokens a step: a share of drafts
beside it gives the length 1 + depth x share (depth_column.py). Before, only rows of depth 1
were decided (one_draft.py), the others kept their share alone.

Near misses read as before: a paste naming no MTP, a tree (its word, a width, a top-k above
1), a depth said to be a maximum or adaptive, a column naming a maximum or a context's depth,
depths past a fixed chain's (a context's), several depths for one run's words (positions)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_DEPTH_NAMES = ["Depth", "depth", "MTP depth", "Draft depth", "mtp_depth", "Spec depth"]
_SHARE_NAMES = ["MTP accept", "acceptance", "accept rate", "Draft acceptance"]
_TITLES = [
    "# MTP head benchmark\n",
    "## Engine comparison (MTP drafting)\n",
    "Runs with the model's MTP module, sampled, three repetitions:\n",
]


@st.composite
def _rows(draw: st.DrawFn) -> list[tuple[str, int, int]]:
    """Rows (suite, depth 2-6, share in tenths of a percent), each suite once: no two rows
    alike but for the depth, so no rising check applies."""
    n = draw(st.integers(1, 4))
    suites = draw(
        st.lists(
            st.sampled_from(["chat", "code", "math", "summaries", "long_code", "qa"]),
            min_size=n,
            max_size=n,
            unique=True,
        )
    )
    return [(s, draw(st.integers(2, 6)), draw(st.integers(300, 999))) for s in suites]


def _table(title: str, depth_name: str, share_name: str, rows: list[tuple[str, int, int]]) -> str:
    body = [
        ["Model X 8B", s, str(k), f"{40 + i * 3.1:.1f}", f"{r / 10:.1f}%"]
        for i, (s, k, r) in enumerate(rows)
    ]
    return title + "\n" + pipe_table(["Model", "Suite", depth_name, "tok/s", share_name], body)


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    depth_name=st.sampled_from(_DEPTH_NAMES),
    share_name=st.sampled_from(_SHARE_NAMES),
    rows=_rows(),
)
def test_depth_times_share(
    read: Read, title: str, depth_name: str, share_name: str, rows: list[tuple[str, int, int]]
) -> None:
    got = read(_table(title, depth_name, share_name, rows)).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 1000 for _, _, r in rows])
    assert [r.accept_length for r in got] == pytest.approx([1 + k * r / 1000 for _, k, r in rows])
    assert all(r.bonus.value == "included" for r in got)


_NOT_CHAIN = [
    # no MTP named: the drafter's depth may be a tree's
    lambda t: t.replace("MTP", "EAGLE").replace("mtp", "eagle"),
    # a tree, its width or a top-k above 1 stated
    lambda t: t + "\nDrafts form a tree per step.\n",
    lambda t: t + "\nSettings: topk=4, greedy.\n",
    lambda t: t + "\nThe tree width was fixed at 8.\n",
    # a depth said to be a maximum or adaptive
    lambda t: t + "\nDepth is the max depth the drafter may reach.\n",
    lambda t: t + "\nAdaptive depth was on for every run.\n",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    depth_name=st.sampled_from(_DEPTH_NAMES),
    share_name=st.sampled_from(_SHARE_NAMES),
    rows=_rows(),
    change=st.sampled_from(range(len(_NOT_CHAIN))),
)
def test_no_fixed_chain_no_length(
    read: Read,
    title: str,
    depth_name: str,
    share_name: str,
    rows: list[tuple[str, int, int]],
    change: int,
) -> None:
    text = _NOT_CHAIN[change](_table(title, depth_name, share_name, rows))
    assume("mtp" not in share_name.lower() or change != 0)  # (MTP named in the header)
    assume("mtp" not in depth_name.lower() or change != 0)
    got = read(text).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 1000 for _, _, r in rows])
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    depth_name=st.sampled_from(["Max depth", "Context depth", "n_depth", "ctx depth"]),
    share_name=st.sampled_from(_SHARE_NAMES),
    rows=_rows(),
)
def test_other_depth_column_not_read(
    read: Read, title: str, depth_name: str, share_name: str, rows: list[tuple[str, int, int]]
) -> None:
    got = read(_table(title, depth_name, share_name, rows)).records
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    depth_name=st.sampled_from(_DEPTH_NAMES),
    share_name=st.sampled_from(_SHARE_NAMES),
    rows=_rows(),
    big=st.sampled_from([512, 1024, 4096, 8192, 32768]),
)
def test_context_sized_depths_not_read(
    read: Read,
    title: str,
    depth_name: str,
    share_name: str,
    rows: list[tuple[str, int, int]],
    big: int,
) -> None:
    rows = [(s, big if i == 0 else k, r) for i, (s, k, r) in enumerate(rows)]
    got = read(_table(title, depth_name, share_name, rows)).records
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    depth_name=st.sampled_from(_DEPTH_NAMES),
    share_name=st.sampled_from(_SHARE_NAMES),
    shares=st.lists(st.integers(300, 999), min_size=2, max_size=4),
)
def test_several_depths_of_one_run_not_read(
    read: Read, title: str, depth_name: str, share_name: str, shares: list[int]
) -> None:
    # one run's words at depths 1, 2, 3...: the draft positions of its rate, no setting
    rows = [("code", d, r) for d, r in enumerate(sorted(shares, reverse=True), 1)]
    got = read(_table(title, depth_name, share_name, rows)).records
    assert all(
        r.accept_length is None or r.accept_length == pytest.approx(1 + r.printed_rate)
        for r in got
        if r.printed_rate is not None
    )
    assert all(r.accept_length is None for r in got[1:])
