"""A length named in the bracket of a key-value table's acceptance cell ('| Draft acceptance |
91.4 % (53/58, mean length: 3.62) |') is that acceptance's length: one record of the rate, its
counts and the length. Another item in the bracket, or a key naming no acceptance, leaves the
row as written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import bracket_length as BL
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(50), deadline=None)
@given(
    st.integers(min_value=20, max_value=99),
    st.integers(min_value=30, max_value=200),
    st.sampled_from(["mean length", "length", "avg length"]),
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=1, max_value=99),
    st.sampled_from(["Draft acceptance", "acceptance rate", "Draft-Akzeptanz"]),
)
# (a German key with the German name of the length: 'Ø Länge')
def test_the_bracketed_length_joins_the_rate(
    read: Read, acc: int, extra: int, name: str, n_max: int, frac: int, key: str
) -> None:
    drafted = acc + extra
    pct = f"{100 * acc / drafted:.2f}"
    length = f"{n_max}.{frac:02d}"
    if "Akzeptanz" in key:
        name = "Ø Länge"
        pct, length = pct.replace(".", ","), length.replace(".", ",")
    text = (
        f"| Parameter | Value |\n|---|---|\n| Speculative decoding | draft-mtp (n_max={n_max}) |\n\n"
        f"| Metric | Value |\n|---|---|\n| Eval | 1704 ms / 100 tokens |\n"
        f"| {key} | {pct} % ({acc}/{drafted}, {name}: {length}) |\n"
    )
    recs = read(text).records
    assert len(recs) == 1
    r = recs[0]
    assert r.printed_length is not None and abs(r.printed_length - n_max - frac / 100) < 1e-9
    assert r.accepted_tokens == acc and r.drafted_tokens == drafted


def test_other_brackets_stay() -> None:
    assert BL.split("| Draft acceptance | 95.83 % (69/72, draft length: 4) |") is None
    assert BL.split("| Draft acceptance | 95.83 % (69/72, tok/s: 41) |") is None
    assert BL.split("| Prompt eval | 3509 ms (3593 tokens, length: 4.29) |") is None
    assert BL.split("| Draft acceptance | 95.83 % (69/72, length: 4.29) |") == [
        "| Draft acceptance | 95.83 % (69/72) |",
        "| acceptance length | 4.29 |",
    ]
