"""A draft setting of one in the very clause of a rate (`..., at k=1 the rate is 0.93`) decides
its length (1 + rate) even where the sentence around states a range or other settings in other
clauses (`every gamma (1-10) beats plain decoding, ...`). A rate in a clause of another setting,
or of none, is left undecided."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEAD = "Speculative decoding with a small draft model, sweep over gamma.\n\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    rate=st.integers(50, 99),
    top=st.integers(6, 16),
    name=st.sampled_from(["γ", "k", "gamma"]),
    verb=st.sampled_from(["is", "reaches", "peaks at"]),
    other=st.booleans(),
)
def test_a_clause_of_one_draft_decides_its_rate(
    rate: int, top: int, name: str, verb: str, other: bool
) -> None:
    extra = f" (fastest at {top // 2})" if other else ""
    text = (
        _HEAD + f"Every {name} setting (1-{top}) beats plain decoding{extra}, "
        f"at {name}=1 the acceptance rate {verb} 0.{rate}.\n"
    )
    got = [r for r in read_paste(text).records if r.printed_rate is not None]
    assert len(got) == 1
    assert got[0].accept_length is not None
    assert abs(got[0].accept_length - (1 + rate / 100)) < 1e-9


def test_negative_control_a_clause_of_another_setting_stays_undecided() -> None:
    text = (
        _HEAD
        + "Every gamma setting (1-12) beats plain decoding, at gamma=4 the acceptance rate is 0.61.\n"
    )
    got = [r for r in read_paste(text).records if r.printed_rate is not None]
    # (gamma=4 may give 1 + 4 x rate by its own rule; never the one draft's 1 + rate)
    assert len(got) == 1 and got[0].accept_length != 1.61


def test_negative_control_the_setting_in_another_clause_decides_nothing() -> None:
    # 'with k=1 as the floor' sets no run of the rate in the next clause
    text = _HEAD + "Sweeping k (1-8), with k=1 as the floor, the acceptance rate at k=5 is 0.58.\n"
    got = [r for r in read_paste(text).records if r.printed_rate is not None]
    assert all(r.accept_length is None for r in got)


def test_negative_control_a_ranged_rate_in_the_clause_stays_undecided() -> None:
    text = (
        _HEAD
        + "Every gamma setting (1-12) beats plain decoding, at gamma=1 the acceptance rate is 0.90-0.95.\n"
    )
    got = read_paste(text).records
    assert all(r.accept_length is None for r in got)
