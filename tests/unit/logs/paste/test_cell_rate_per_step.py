"""A rate cell with its run's tokens a step in brackets (`48.5% (mean 3.12 tok/step)`) is one
run's rate and length, the length's convention untold. A bracket of a throughput (`tok/s`), of a
time a step (`ms/step`) or a length outside a step's tokens is no such cell."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cell_phrases as CPH
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _table(cell: str) -> str:
    return (
        "### Final numbers\n\n"
        "| Metric | Value |\n|---|---:|\n"
        "| decode | **88.1 tok/s** |\n"
        f"| draft acceptance | {cell} |\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    rate=st.integers(100, 990),
    length=st.integers(110, 900),
    stat=st.sampled_from(["mean ", "avg ", "average ", ""]),
    unit=st.sampled_from(["tok/step", "tokens/step", "tokens per step", "tok/round"]),
    bold=st.booleans(),
)
def test_a_rate_with_its_tokens_a_step_is_one_run(
    rate: int, length: int, stat: str, unit: str, bold: bool
) -> None:
    shown = f"{rate / 10:.1f}%"
    cell = f"{'**' + shown + '**' if bold else shown} ({stat}{length / 100:.2f} {unit})"
    got = read_paste(_table(cell)).records
    assert len(got) == 1
    assert got[0].printed_rate == pytest.approx(rate / 1000)
    assert got[0].printed_length == pytest.approx(length / 100)
    assert got[0].accept_length is None  # (the convention untold)


@pytest.mark.parametrize(
    "cell",
    [
        "52.0% (mean 3.64 tok/s)",
        "52.0% (mean 3.64 ms/step)",
        "52.0% (mean 30.64 tok/step)",
        "52.0% (mean 0.64 tok/step)",
        "52.0% (3 tok/step)",
    ],
)
def test_negative_control_other_brackets_are_no_length(cell: str) -> None:
    assert CPH.rate_then_per_step(cell) is None
    assert all(r.printed_length is None for r in read_paste(_table(cell)).records)
