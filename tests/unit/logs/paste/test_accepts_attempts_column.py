"""A table column headed by accepts and attempts joined by '/' ('accepts/attempts', 'MTP accepts
/ attempts'), over cells of the two counts, perhaps with their share in brackets ('88/240 (37%)')
and placeholders ('–') on rows run without drafting: accepted and drafted counts, one record a
row with counts, its rate their quotient. A bracketed share that is not the quotient, or a
header pairing other words, reads no counts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADER = st.sampled_from(
    ["accepts/attempts", "MTP accepts/attempts", "draft accepts / attempts", "attempts/accepts"]
)


def _table(header: str, cells: list[str]) -> str:
    lines = [f"| setup | temperature | decode tok/s | {header} |", "|---|---|---|---|"]
    for i, c in enumerate(cells):
        lines.append(f"| rig-{i + 1} | 0.{i + 2} | {90 + i} / {95 + i} | {c} |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    header=_HEADER,
    runs=st.lists(
        st.tuples(st.integers(60, 900), st.integers(5, 95), st.booleans(), st.booleans()),
        min_size=2,
        max_size=5,
    ),
)
def test_counts_read_with_or_without_their_share(
    read: Read, header: str, runs: list[tuple[int, int, bool, bool]]
) -> None:
    cells, want = [], []
    for drafted, pct, with_share, dash_after in runs:
        accepted = drafted * pct // 100
        pair = f"{drafted}/{accepted}" if header.startswith("attempts") else f"{accepted}/{drafted}"
        cells.append(f"{pair} ({100 * accepted / drafted:.0f}%)" if with_share else pair)
        want.append((accepted, drafted))
        if dash_after:
            cells.append("–")
    got = read(_table(header, cells)).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == want
    assert [r.accept_rate for r in got] == [pytest.approx(a / d, abs=1e-3) for a, d in want]
    assert all(r.accept_length is None for r in got)


def test_negative_control_share_that_is_not_the_quotient() -> None:
    # 50/200 is 25%, not 40%: the bracket means something else, no counts are read
    got = read_paste(_table("accepts/attempts", ["50/200 (40%)", "60/200 (45%)"])).records
    assert all(r.accepted_tokens is None for r in got)


def test_negative_control_other_words_paired() -> None:
    # retries over attempts are no drafts
    got = read_paste(_table("retries/attempts", ["3/20", "5/20"])).records
    assert got == ()
