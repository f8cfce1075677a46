"""A list item wrapped by hand whose line ends a clause with ';' ('  and the older build;'),
its next items under it: no row of semicolon-separated values (tables.find). The item's
key-value lines below are read as ever. A real semicolon table (two fields or more with a
separator between them) stays a table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_WRAPPED = ["  against the plain decoder;", "    on the smaller node;", "  for the last run;"]
_LENGTH_KEYS = ["mean acceptance length", "accept length", "mean accepted length"]
_RATE_KEYS = ["draft acceptance", "draft-token acceptance", "acceptance rate"]


@settings(max_examples=examples(40), deadline=None)
@given(
    wrapped=st.sampled_from(_WRAPPED),
    length_key=st.sampled_from(_LENGTH_KEYS),
    rate_key=st.sampled_from(_RATE_KEYS),
    length=st.integers(150, 390),
    rate=st.integers(300, 900),
    unit=st.sampled_from([" tokens/step", " tokens per step", " tok/step"]),
    end=st.sampled_from([";", ""]),
)
def test_a_wrapped_item_before_key_value_items_is_no_table(
    wrapped: str,
    length_key: str,
    rate_key: str,
    length: int,
    rate: int,
    unit: str,
    end: str,
) -> None:
    text = (
        "The night run gave:\n\n"
        "- median decode: 41.2 tok/s, or 12.0% slower\n"
        f"{wrapped}\n"
        f"- {length_key}: {length / 100:.2f}{unit}{end}\n"
        f"- {rate_key}: {rate / 10:.1f}%{end}\n"
    )
    got = [(r.printed_length, r.printed_rate) for r in read_paste(text).records]
    assert got == [(pytest.approx(length / 100), pytest.approx(rate / 1000))]


def test_a_semicolon_table_stays_a_table(read: Read) -> None:
    text = "split;accept length;rate\nchat;2.41;0.52\ncode;2.87;0.61\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [pytest.approx(2.41), pytest.approx(2.87)]
