"""A Japanese table's columns 'per round' ('受理 / 回', '確定トークン / 回', 'draft / 回'): a
figure over the verify rounds, read as the English '/ round'. The tokens a round committed
(the target's own counted) are the accept length, bonus included (by the identity with the
accepted drafts a round beside them, or by the name alone); the accepted drafts a round alone
stay a length of unknown convention. A count of rounds ('回数') is no figure per round."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SLASH = st.sampled_from(["/", " / ", "／", " ／ ", "/ "])
_COMMITTED = st.sampled_from(["確定トークン", "確定トークン数", "確定 tokens", "確定済みトークン"])


def _table(slash: str, committed: str, rows: list[tuple[int, float]], with_accepted: bool) -> str:
    head = ["条件", "verify の回数", f"draft{slash}回"]
    if with_accepted:
        head.append(f"受理{slash}回")
    head.append(f"{committed}{slash}回")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i, (rounds, acc) in enumerate(rows):
        cells = [f"設定{i + 1}", str(rounds), "6.0"]
        if with_accepted:
            cells.append(f"{acc:.2f}")
        cells.append(f"{acc + 1:.2f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    slash=_SLASH,
    committed=_COMMITTED,
    rows=st.lists(
        st.tuples(st.integers(20, 400), st.integers(50, 450).map(lambda n: n / 100)),
        min_size=2,
        max_size=5,
    ),
    with_accepted=st.booleans(),
)
def test_committed_tokens_per_round_is_the_length(
    read: Read,
    slash: str,
    committed: str,
    rows: list[tuple[int, float]],
    with_accepted: bool,
) -> None:
    got = read(_table(slash, committed, rows, with_accepted)).records
    assert [r.accept_length for r in got] == [pytest.approx(round(a + 1, 2)) for _, a in rows]


def test_accepted_per_round_alone_stays_unknown() -> None:
    text = "| 条件 | verify の回数 | 受理 / 回 |\n|---|---|---|\n| 甲 | 40 | 1.70 |\n| 乙 | 52 | 2.40 |\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(1.7, None), (2.4, None)]


def test_negative_control_counts_of_rounds_are_no_figure() -> None:
    # '回数' (how many rounds) and a count of committed tokens: no figure per round
    text = "| 条件 | 確定トークン回数 | 受理回数 |\n|---|---|---|\n| 甲 | 40 | 18 |\n| 乙 | 52 | 25 |\n"
    assert read_paste(text).records == ()


def test_negative_control_round_opening_a_word_is_left() -> None:
    # '/ 回答' (per answer) is no round
    text = "| 条件 | 確定トークン / 回答 |\n|---|---|\n| 甲 | 130.5 |\n| 乙 | 141.0 |\n"
    assert all(r.accept_length is None for r in read_paste(text).records)
