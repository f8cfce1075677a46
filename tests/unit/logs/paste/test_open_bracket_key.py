"""A figure named inside a bracket still open before its value ('faster decoding (acceptance
length ≈ 3.1 on average)'): the words inside the bracket name it (interpret.key_of), where the
whole run of words names none. A bracket naming another measure, or a closed bracket, reads as
before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = [
    "The new head gives much faster decoding",
    "Throughput doubles on one card",
    "It speeds up decode 2x",
]
_NAMES = ["acceptance length", "mean accept length", "accept length"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    name=st.sampled_from(_NAMES),
    sep=st.sampled_from(["≈ ", "~", ": ", "≈"]),
    tenths=st.integers(12, 69),
    tail=st.sampled_from(["", " on average", " on average, up to **8** on code"]),
)
def test_a_name_in_an_open_bracket(
    read: Read, lead: str, name: str, sep: str, tenths: int, tail: str
) -> None:
    text = f"{lead} ({name} {sep}{tenths / 10}{tail}).\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([tenths / 10])


def test_the_key_of_the_bracket() -> None:
    assert I.key_of("much faster decoding (acceptance length").metric == C.LENGTH
    # another measure inside the bracket, or no bracket open: as before
    assert I.key_of("much faster decoding (tok/s").metric != C.LENGTH
    assert I.key_of("decoding (see below) and more").metric is None


@pytest.mark.parametrize(
    "text",
    [
        "Throughput doubles on one card (decode speed ≈ 4.6 on average).\n",
        "Throughput doubles on one card (batch ≈ 4 on average).\n",
    ],
)
def test_another_measure_in_the_bracket_reads_nothing(read: Read, text: str) -> None:
    assert not read(text).records
