"""The first term of arithmetic over numbers (`tokens per step is about 1 + 0.72 × 3 ≈ 3.2`):
a sum whose second number is worked on further (`×`, `*`, `x`, `/`, `+`) or given its result
(`=`, `≈`) is a calculation, so its first number is never the figure's value (before, the `1`
was read as a length of 1, bonus included; the result after `=` may be read, as a figure
worked out after its name is). A sum that stops there (`2.41 + 0.3 over the base
head`) keeps its first number."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    rate=st.integers(410, 960),
    k=st.integers(2, 6),
    name=st.sampled_from(
        ["tokens per step", "expected tokens-per-decode-step", "accept length", "mean AL"]
    ),
    sep=st.sampled_from([" is", " is roughly", " =", ":", " was about"]),
    op=st.sampled_from(["×", "*", "x", "·"]),
    res=st.sampled_from(["≈", "="]),
    lead=st.booleans(),
)
def test_a_sum_worked_on_is_no_value(
    read: Read, rate: int, k: int, name: str, sep: str, op: str, res: str, lead: bool
) -> None:
    r = rate / 1000
    shown = f"{r * 100:.1f}%"
    said = f"Speculative decoding on the 8B target gave {shown} draft acceptance. "
    sum_ = f"1 + {r:.3f} {op} {k} {res} {1 + r * k:.1f}"
    text = (said if lead else "") + f"With that, the {name}{sep} {sum_} on this box.\n"
    if not lead:
        text = f"Speculative decoding, {shown} draft acceptance.\n\n" + text
    recs = read(text).records
    # (the result after '=' or '≈' may be read as the figure worked out, a rule of its own;
    # the sum's first term never is)
    result = round(1 + r * k, 1)
    assert all(x.printed_length in (None, result) for x in recs), [x.printed_length for x in recs]
    assert all(x.accept_length in (None, result) for x in recs)
    assert [x.printed_rate for x in recs][:1] == [pytest.approx(r)]


def test_a_sum_that_stops_keeps_its_first_term(read: Read) -> None:
    text = "With speculative decoding the accept length is 2.41 + 0.3 over the base head.\n"
    assert [x.printed_length for x in read(text).records] == [2.41]
