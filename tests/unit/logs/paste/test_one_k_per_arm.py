"""Runs of a few arms (labels `fast_a`, `fast_b`, `fast_c`, `slim_a`, ...), each a length beside a
per-draft rate, no k stated: where no one k fits every run but each arm of three runs or more
fits exactly one k, every arm on the same side (1 + k x rate, or k x rate), two k's at most, the
identity decides the bonus for every run. An arm of fewer runs, an arm fitting no k, or arms on
different sides leave the convention unknown."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEAD = "| arm | ms/tok | acceptance | accept len |\n| --- | --- | --- | --- |\n"


def _rows(arm: str, k: int, rates: list[int], bonus: int) -> list[str]:
    return [
        f"| {arm}_{'abcdef'[i]} | {50 + i}.0 | {r / 10:.1f} % | {bonus + k * r / 1000:.2f} |"
        for i, r in enumerate(rates)
    ]


_RATES = st.lists(st.integers(120, 700), min_size=3, max_size=4, unique=True)


@settings(max_examples=examples(30), deadline=None)
@given(ka=st.integers(3, 6), kb=st.integers(3, 6), ra=_RATES, rb=_RATES)
def test_each_arms_k_decides_the_bonus(ka: int, kb: int, ra: list[int], rb: list[int]) -> None:
    assume(ka != kb)
    text = "Arms of the same draft head.\n\n" + _HEAD
    text += "\n".join(_rows("wide", ka, ra, 1) + _rows("slim", kb, rb, 1)) + "\n"
    recs = read_paste(text).records
    assert len(recs) == len(ra) + len(rb)
    # (a sample whose every run fits another k by chance is decided too, as one k fits all)
    assert all(r.accept_length == r.printed_length for r in recs)


def test_arms_on_different_sides_stay_unknown() -> None:
    text = "Arms of the same draft head.\n\n" + _HEAD
    text += "\n".join(_rows("wide", 5, [175, 198, 244], 1) + _rows("slim", 4, [360, 512, 611], 0))
    assert all(r.accept_length is None for r in read_paste(text + "\n").records)


def test_an_arm_of_two_runs_stays_unknown() -> None:
    text = "Arms of the same draft head.\n\n" + _HEAD
    text += "\n".join(_rows("wide", 5, [175, 198, 244], 1) + _rows("slim", 4, [159, 199], 1))
    assert all(r.accept_length is None for r in read_paste(text + "\n").records)
