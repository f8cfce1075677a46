"""A length worked out as a time over the paste's TPOT (`tpot_quotient.py`): `accept len:
88.1/27.4=3.22` beside a benchmark's `TPOT ... 27.4 ms` is output tokens per step, the target's
own token counted (bonus included), the length as printed. A divisor the paste prints as no
TPOT, a quotient not equal to its value, or no TPOT at all leave the length undecided."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TPOTS = st.sampled_from(
    [
        "| TPOT | mean | {t} ms | {lo} ms |",
        "Mean TPOT (ms): {t}",
        "Median time per output token: {t} ms",
    ]
)
_LEADS = st.sampled_from(["with the patch, accept len: ", "Spec run accept length = "])


def _paste(lead: str, a: str, t: str, v: str, tpot: str) -> str:
    return f"{lead}{a}/{t}={v}\n\n" + tpot.format(t=t, lo=f"{float(t) - 3:.1f}") + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=_LEADS,
    tpot=_TPOTS,
    t10=st.integers(150, 400),
    per=st.integers(120, 450),
    cut=st.booleans(),
)
def test_a_length_worked_over_the_paste_tpot_counts_the_bonus(
    read: Read, lead: str, tpot: str, t10: int, per: int, cut: bool
) -> None:
    t = t10 / 10
    a = round(t * per / 100, 1)
    q = a / t
    v = int(q * 100 + 1e-9) / 100 if cut else round(q, 2)
    got = read(_paste(lead, f"{a:.1f}", f"{t:.1f}", f"{v:.2f}", tpot)).records
    assert [r.printed_length for r in got] == [pytest.approx(v)]
    assert got[0].accept_length == pytest.approx(v)
    assert got[0].bonus.value == "included"


@pytest.mark.parametrize(
    "text",
    [
        # the divisor is the paste's TTFT, not its TPOT
        "accept len: 93.1/28.4=3.28\n\n| TTFT | mean | 28.4 ms |\n| TPOT | mean | 30.2 ms |\n",
        # a quotient not equal to its value
        "accept len: 93.1/28.4=2.91\n\n| TPOT | mean | 28.4 ms |\n",
        # no TPOT printed at all
        "accept len: 93.1/28.4=3.28\n",
    ],
)
def test_negative_control_no_quotient_over_the_tpot_stays_undecided(read: Read, text: str) -> None:
    assert [r.accept_length for r in read(text).records] == [None]
