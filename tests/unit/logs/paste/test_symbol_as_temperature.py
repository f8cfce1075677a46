"""A one-letter symbol the prose defines as an acceptance figure ('Average Accepted Draft Length
(T)') and later set to a value reads as that figure ('SQL: T = 2.85'), never where the words just
before name a setting of the decoding ('greedy decoding (T=0)', 'at temperature T = 0.7'): there
the letter is the temperature (a Chinese summary of a paper had its `T=0` read as a length)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I

_DEFINED = [(1, "T", "Average Accepted Draft Length")]


@settings(max_examples=40, deadline=None)
@given(
    lead=st.sampled_from(
        [
            "In greedy decoding (T={v}) the head gains most",
            "at temperature T = {v}, the gain is largest",
            "sampling with T={v} costs little",
            "with top-p 0.9 and T={v}",
        ]
    ),
    v=st.sampled_from(["0", "0.0", "0.7", "1"]),
)
def test_a_decoding_setting_keeps_its_letter(lead: str, v: str) -> None:
    line = "- " + lead.format(v=v)
    ((_, got),) = I.with_symbols([(5, line)], _DEFINED)
    assert got == line


@settings(max_examples=40, deadline=None)
@given(
    label=st.sampled_from(["SQL", "Writing", "QA"]),
    v=st.integers(110, 390).map(lambda n: f"{n / 100:.2f}"),
)
def test_the_symbol_set_elsewhere_is_the_figure(label: str, v: str) -> None:
    ((_, got),) = I.with_symbols([(5, f"- {label}: T = {v}")], _DEFINED)
    assert got == f"- {label}: Average Accepted Draft Length = {v}"
