"""An acceptance key whose value prints the counts it divides and their share in brackets
(`accept=9/12 (75.0%)` in a tool's log line beside `steps=` and `tok/step=`): the accepted of
the drafted and the rate, so that the counts decide the length where the printed tokens per
step counts a token or two no verify step emitted. Near misses: a share the counts do not give,
counts with no share, a key that counts something else."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _line(key: str, sep: str, acc: int, drafted: int, share: str, steps: int, tps: str) -> str:
    return (
        f"2031-01-02 03:04:05,678 - demo.spec.worker - INFO - run[7] done output={steps * 2} "
        f"rounds={steps} tok/round={tps} {key}{sep}{acc}/{drafted} {share} extra[warm=1]\n"
    )


@given(
    key=st.sampled_from(["accept", "acceptance", "accepted", "Accept"]),
    sep=st.sampled_from(["=", ": ", " = "]),
    steps=st.integers(10, 400),
    per=st.integers(0, 300),
    extra=st.sampled_from([1, 2]),
    bracket=st.sampled_from(["({}%)", "[{}%]", "( {} % )"]),
)
def test_counts_with_their_share_decide_the_length(
    read: Read, key: str, sep: str, steps: int, per: int, extra: int, bracket: str
) -> None:
    acc = steps * per // 100
    drafted = acc + steps // 3 + 1
    share = bracket.format(f"{100 * acc / drafted:.1f}")
    printed = round((steps + acc + extra) / steps, 2)
    # the printed figure must differ from the counts' identity for the counts to decide it
    # (clear of the rounding's half-way point, where 3.175 may print as 3.18)
    assume(abs(printed - (1 + acc / steps)) > 0.0051)
    got = read(_line(key, sep, acc, drafted, share, steps, f"{printed:.2f}")).records
    assert len(got) == 1
    r = got[0]
    assert (r.accepted_tokens, r.drafted_tokens, r.steps) == (acc, drafted, steps)
    assert r.accept_length == pytest.approx(1 + acc / steps, abs=1e-5)
    assert r.printed_length == pytest.approx(printed)


@given(steps=st.integers(10, 400), acc=st.integers(1, 300), off=st.integers(5, 30))
def test_share_the_counts_do_not_give_leaves_them_unread(
    read: Read, steps: int, acc: int, off: int
) -> None:
    drafted = acc + 20
    pct = 100 * acc / drafted + off
    assume(pct < 100)
    got = read(_line("accept", "=", acc, drafted, f"({pct:.1f}%)", steps, "2.50")).records
    assert all(r.accepted_tokens is None and r.drafted_tokens is None for r in got)
    assert all(r.accept_length == pytest.approx(2.5) for r in got)


@pytest.mark.parametrize(
    "tail",
    [
        "accept=9/12",  # no share: the pair alone says nothing of what it counts
        "accepted_requests=9/12 (75.0%)",  # a key that counts requests
        "preaccept=9/12 (75.0%)",  # a longer word holding the key
    ],
)
def test_near_misses_give_no_counts(read: Read, tail: str) -> None:
    text = f"INFO run[7] done rounds=40 tok/round=2.50 {tail}\n"
    got = read(text).records
    assert all(r.accepted_tokens is None for r in got)
