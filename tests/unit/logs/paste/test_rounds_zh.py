"""Chinese counts of the rounds a run drafted ('draft 轮次: 2210', '验证轮数: 980') are its steps:
beside its accepted tokens and a printed '平均接受长度', 1 + accepted / rounds equal to the length
proves the target's own token counted. A length fitting neither 1 + accepted / rounds nor
accepted / rounds stays unknown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_ROUNDS = st.sampled_from(["draft 轮次", "验证轮数", "draft 轮数", "轮次"])


def _paste(rounds_name: str, rounds: int, drafted: int, accepted: int, length: str) -> str:
    return (
        "## n-gram 投机解码离线测试\n\n"
        "### ngram k=4\n"
        f"- {rounds_name}: {rounds}\n"
        f"- draft tokens: {drafted} | accepted: {accepted}\n"
        f"- 平均接受长度: {length}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    rounds_name=_ROUNDS,
    rounds=st.integers(500, 4000),
    per_round=st.integers(800, 3200),
)
def test_one_plus_accepted_over_rounds(rounds_name: str, rounds: int, per_round: int) -> None:
    accepted = rounds * per_round // 1000
    drafted = rounds * 4
    length = 1 + accepted / rounds
    got = read_paste(_paste(rounds_name, rounds, drafted, accepted, f"{length:.2f}")).records
    assert len(got) == 1
    assert got[0].steps == rounds
    assert got[0].accept_length == pytest.approx(round(length, 2))


def test_negative_control_a_length_fitting_no_count() -> None:
    # 1 + 3000/1500 = 3.00 and 3000/1500 = 2.00: 2.51 is neither
    got = read_paste(_paste("draft 轮次", 1500, 6000, 3000, "2.51")).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.51, None)]
