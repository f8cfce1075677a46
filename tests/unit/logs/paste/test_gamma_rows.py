"""A table whose first column is γ, the draft tokens a step ('| γ | ... | 接受率 α | 平均接受长度 |'),
gives each row its own k (a table's column only, never 'γ=2' in prose): a row printing a rate
and a length with length = 1 + γ x rate counts the target's own token. A name with its symbol
alone after it ('接受率 α', 'acceptance rate α') reads as the name. Rows printing dashes give
no record; a length that fits no identity stays unknown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_RATE_NAMES = st.sampled_from(["接受率 α", "acceptance rate α", "Accept rate α", "接受率"])
_LENGTH_NAMES = st.sampled_from(["平均接受长度", "mean accept length", "Avg acceptance length"])


@pytest.mark.parametrize(
    ("name", "metric"),
    [
        ("acceptance rate α", C.RATE),
        ("accept length τ", C.LENGTH),
        ("γ", None),
        ("throughput α", None),
        ("α", None),
    ],
)
def test_a_trailing_symbol(name: str, metric: str | None) -> None:
    assert C.key(name).metric == metric


def _paste(rate_name: str, length_name: str, rows: list[list[str]]) -> str:
    return "自研 speculative decoding 引擎，单卡测速：\n\n" + pipe_table(
        ["γ", "decode", rate_name, length_name], rows
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    rate_name=_RATE_NAMES,
    length_name=_LENGTH_NAMES,
    gamma=st.integers(2, 8),
    per_mille=st.integers(400, 950),
)
def test_the_rows_own_gamma_decides(
    rate_name: str, length_name: str, gamma: int, per_mille: int
) -> None:
    rate = per_mille / 1000
    length = round(1 + gamma * rate, 2)
    rows = [
        ["0（基线）", "31.5 tok/s", "—", "—"],
        [str(gamma), "98.0 tok/s", f"{rate:.3f}", f"{length:.2f}"],
        [f"{gamma}（动态）", "99.1 tok/s", "—", "—"],
    ]
    got = read_paste(_paste(rate_name, length_name, rows)).records
    assert [r.printed_length for r in got] == [pytest.approx(length)]
    assert [r.accept_length for r in got] == [pytest.approx(length)]


def test_negative_control_a_length_fitting_no_identity() -> None:
    rows = [["5", "98.0 tok/s", "0.700", "3.10"]]
    got = read_paste(_paste("接受率 α", "平均接受长度", rows)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(3.1, None)]


def test_two_rows_each_their_own_gamma() -> None:
    rows = [
        ["3", "70.2 tok/s", "0.800", "3.40"],
        ["6", "88.0 tok/s", "0.650", "4.90"],
    ]
    got = read_paste(_paste("acceptance rate α", "mean accept length", rows)).records
    assert [r.accept_length for r in got] == [pytest.approx(3.4), pytest.approx(4.9)]


def test_negative_control_gamma_in_prose_is_no_k() -> None:
    # 'γ=2' beside a tree run's rate: the label of a run compared, not that run's k
    text = "eagle3 tree run:\n  acceptance_rate = 21.5% (vs 17.0% non-tree γ=2)\n"
    got = read_paste(text).records
    assert all(r.accept_length is None for r in got)
