"""A rate cell followed by a length named with an acceptance word before `len` (`accept-len`,
`acc. len`, `acceptance length`, `mean len`): the rate and the length of the row's run, as
`P%, len L` is read (cell_phrases.rate_then_length). Another word before `len` (a sequence's,
a context's, a prompt's) is no accept length."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.cell_phrases import rate_then_length
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    p=st.integers(30, 90),
    approx=st.sampled_from(["", "~", "≈"]),
    name=st.sampled_from(
        ["accept-len", "accept len", "acceptance length", "acc. len", "acc_len", "mean len"]
    ),
    sep=st.sampled_from([", ", "; "]),
    eq=st.sampled_from([" ", ": ", "="]),
    hundredths=st.integers(5, 90),
)
def test_a_rate_then_a_length_named_after_acceptance(
    read: Read, p: int, approx: str, name: str, sep: str, eq: str, hundredths: int
) -> None:
    length = f"1.{hundredths:02d}" if hundredths < 100 else "2.00"
    cell = f"{approx}{p}%{sep}{name}{eq}{length}"
    text = "Single card, greedy decoding.\n\n" + pipe_table(
        ["Run", "decode tok/s", "acceptance"],
        [["draft off", "30.5", "—"], ["draft on", "41.2", cell]],
    )
    got = read(text).records
    assert len(got) == 1
    assert got[0].printed_length == pytest.approx(float(length))
    assert got[0].printed_rate == pytest.approx(p / 100)


@pytest.mark.parametrize(
    "cell",
    ["61%, seq len 2.21", "61%, ctx-len 2.21", "61%, prompt length 2.21", "61%, accept-len 40.5"],
)
def test_negative_control_another_length_name(cell: str) -> None:
    assert rate_then_length(cell) is None
