"""A table cell summing its name (`Σdrafts`, `∑ accepted tokens`, `ΣΔ提出草稿 tokens`, after the
rounds it sums over: `三轮 Σdrafts`) is that name's total (text._SUM_CELL), so a row's counts
check its length by their identities (accepted / steps: the bonus left out). A length the counts
do not give stays undecided; the sign alone in a cell or in prose is left as written."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.text import prepare
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SIGN = st.sampled_from(["Σ", "∑", "ΣΔ", "Σ "])
_STEPS = st.sampled_from(["drafts", "steps", "verify steps", "num drafts"])
_PROPOSED = st.sampled_from(["proposed draft tokens", "提出草稿 tokens", "draft tokens"])
_ACCEPTED = st.sampled_from(["accepted draft tokens", "接受草稿 tokens", "accepted tokens"])
_LENGTH = st.sampled_from(["accept length", "加权接受长度", "平均接受长度", "mean accept length"])
_SCOPE = st.sampled_from(["", "三轮 ", "5轮", "三个正式轮 "])
_ROWS = st.lists(
    st.tuples(st.integers(3, 6), st.integers(10_000, 90_000), st.integers(35, 85)),
    min_size=1,
    max_size=4,
)


def _table(head: list[str], rows: list[tuple[int, int, int]], shift: float) -> tuple[str, list]:
    lines = ["| run | " + " | ".join(head) + " |", "| --- |" + " ---: |" * len(head)]
    printed = []
    for i, (k, steps, pct) in enumerate(rows):
        accepted = steps * k * pct // 100
        length = round(accepted / steps + shift, 4)
        printed.append(length)
        lines.append(f"| K{k}/{i} | {steps} | {steps * k} | {accepted} | {length} |")
    # a figure of a length (above one, with decimals), as a run prints it
    assume(all(p > 1.05 and p != int(p) for p in printed))
    return "\n".join(lines) + "\n", printed


@settings(max_examples=examples(30), deadline=None)
@given(
    sign=_SIGN,
    scope=_SCOPE,
    steps=_STEPS,
    proposed=_PROPOSED,
    accepted=_ACCEPTED,
    length=_LENGTH,
    rows=_ROWS,
)
def test_summed_counts_decide_by_identity(
    read: Read,
    sign: str,
    scope: str,
    steps: str,
    proposed: str,
    accepted: str,
    length: str,
    rows: list[tuple[int, int, int]],
) -> None:
    head = [f"{scope}{sign}{steps}", f"{sign}{proposed}", f"{sign}{accepted}", length]
    text, printed = _table(head, rows, 0.0)
    got = read(text).records
    assert [r.printed_length for r in got] == pytest.approx(printed)
    assert [r.accept_length for r in got] == pytest.approx([p + 1 for p in printed])


@settings(max_examples=examples(30), deadline=None)
@given(
    sign=_SIGN,
    steps=_STEPS,
    accepted=_ACCEPTED,
    length=_LENGTH,
    rows=_ROWS,
    shift=st.sampled_from([0.37, -0.29, 0.61]),
)
def test_length_the_counts_do_not_give_stays_undecided(
    read: Read,
    sign: str,
    steps: str,
    accepted: str,
    length: str,
    rows: list[tuple[int, int, int]],
    shift: float,
) -> None:
    head = [f"{sign}{steps}", f"{sign}draft tokens", f"{sign}{accepted}", length]
    text, _ = _table(head, rows, shift)
    assert all(r.accept_length is None for r in read(text).records)


@pytest.mark.parametrize(
    "line",
    [
        "| Σ | 120 | 480 | 301 |",  # the sign alone: a totals row's label
        "平均接受长度为 ΣΔaccepted_tokens／ΣΔdrafts。",  # a definition in prose
        "the length is Σaccepted / Σdrafts over the window",
    ],
)
def test_sign_elsewhere_left_as_written(line: str) -> None:
    assert "total" not in " ".join(t for _, t in prepare(line))
