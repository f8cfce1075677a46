"""A table column naming MTP's steps ('MTP steps', 'num_mtp_steps', 'MTP 步数') over whole
numbers is each row's MTP depth, the draft tokens a step of a fixed chain, as a label 'MTP 2'
is: a per-draft rate beside it gives the length 1 + k x rate in every row (mtp_steps.py).
Before, only its row of 1 was decided (one_draft.py), the others kept their rate alone.

Near misses read as before: a generic name of steps ('num steps', '投机步数': a tree's depth as
often), a rate rising with the steps (no per-draft rate of a chain), a tree's width beside the
column, SGLang's or llama.cpp's paste, steps past a fixed chain's (a draft maximum's scale)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_MTP_NAMES = ["MTP steps", "num_mtp_steps", "MTP 步数", "MTP步数", "mtp_num_steps", "Num MTP steps"]
_RATE_NAMES = ["acceptance rate", "accept rate", "接受率", "draft acceptance rate"]


@st.composite
def _falling(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Steps counting up (1 to 8, a fixed chain's) and rates in hundredths of a percent falling
    with them, each step down past the printed rounding (a chain's per-draft rate)."""
    n = draw(st.integers(2, 5))
    start = draw(st.integers(1, 9 - n))
    ks = list(range(start, start + n))
    top = draw(st.integers(7000, 9800))
    drops = draw(st.lists(st.integers(60, 900), min_size=n - 1, max_size=n - 1))
    rates = [top]
    for d in drops:
        rates.append(rates[-1] - d)
    return ks, rates


def _table(name: str, rate_name: str, ks: list[int], rates: list[int], extra: str = "") -> str:
    rows = [
        [str(k), f"{160.0 - 5 * i:.3f}", f"{4.5 - 0.3 * i:.3f}", f"{r / 100:.2f}%"]
        for i, (k, r) in enumerate(zip(ks, rates, strict=True))
    ]
    return f"{extra}Sweep on one card, greedy, fixed prompts:\n\n" + pipe_table(
        [name, "E2E (ms)", "TPOT (ms)", rate_name], rows
    )


@settings(max_examples=examples(40), deadline=None)
@given(name=st.sampled_from(_MTP_NAMES), rate_name=st.sampled_from(_RATE_NAMES), run=_falling())
def test_every_row_is_one_plus_k_rate(
    read: Read, name: str, rate_name: str, run: tuple[list[int], list[int]]
) -> None:
    ks, rates = run
    got = read(_table(name, rate_name, ks, rates)).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 10000 for r in rates])
    assert [r.accept_length for r in got] == pytest.approx(
        [1 + k * r / 10000 for k, r in zip(ks, rates, strict=True)]
    )
    assert all(r.bonus.value == "included" for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(rate_name=st.sampled_from(_RATE_NAMES), run=_falling(), at=st.integers(0, 3))
def test_a_rising_rate_decides_no_k_row(
    read: Read, rate_name: str, run: tuple[list[int], list[int]], at: int
) -> None:
    # one row's rate above the row's before it (past the rounding): no chain's per-draft rate
    ks, rates = run
    i = 1 + at % (len(ks) - 1)
    rates = [*rates[:i], rates[i - 1] + 150, *rates[i + 1 :]]
    got = read(_table("MTP steps", rate_name, ks, rates)).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 10000 for r in rates])
    assert all(r.accept_length is None for k, r in zip(ks, got, strict=True) if k > 1)


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["num steps", "投机步数", "推测步数", "steps"]),
    rate_name=st.sampled_from(_RATE_NAMES),
    run=_falling(),
)
def test_a_generic_steps_name_stays(
    read: Read, name: str, rate_name: str, run: tuple[list[int], list[int]]
) -> None:
    ks, rates = run
    got = read(_table(name, rate_name, ks, rates)).records
    assert all(r.accept_length is None for k, r in zip(ks, got, strict=True) if k > 1)


@pytest.mark.parametrize(
    "extra",
    [
        # SGLang's steps are a tree's depth, its rate another formula
        "SGLang server, --speculative-algorithm NEXTN:\n\n",
        # llama.cpp's MTP drafts up to its maximum a step
        "llama.cpp llama-server with the MTP head:\n\n",
    ],
)
def test_a_tool_of_other_steps_stays(read: Read, extra: str) -> None:
    got = read(_table("MTP steps", "accept rate", [1, 2, 3], [8834, 8325, 7426], extra)).records
    assert len(got) == 3
    assert all(r.accept_length is None for r in got[1:])


def test_a_tree_width_beside_stays(read: Read) -> None:
    text = "Sweep:\n\n" + pipe_table(
        ["MTP steps", "topk", "accept rate"], [["1", "4", "71.0%"], ["2", "4", "64.0%"]]
    )
    assert all(r.accept_length is None for r in read(text).records)


def test_steps_past_a_chain_stay(read: Read) -> None:
    # steps reaching 12: a draft maximum's scale, so no row drafted its k every step
    text = "Sweep:\n\n" + pipe_table(
        ["MTP steps", "accept rate"], [["2", "81.0%"], ["4", "70.0%"], ["12", "41.0%"]]
    )
    got = read(text).records
    assert len(got) == 3
    assert all(r.accept_length is None for r in got)
