"""A task-list item's first sentence stating a requirement (the figures stay unchanged, within
the noise, should, must, at least): its figures are what a check compares with, no record; what
the item reports after that sentence is read as before, and so is an item whose first sentence
states no requirement."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.criterion import blank

_REQUIRE = (
    "Small-model rows are unchanged within run-to-run noise (acceptance {a}%, tok/s 50)",
    "The chat rows should keep acceptance {a}% or better",
    "Draft acceptance must stay at least {a}% on code",
    "Rows stay within tolerance of the earlier run (acceptance {a}%)",
)


@settings(max_examples=40, deadline=None)
@given(
    req=st.sampled_from(_REQUIRE),
    box=st.sampled_from(("- [x] ", "- [ ] ", "* [X] ", "1. [x] ")),
    target=st.integers(30, 90),
    got=st.integers(10, 29),
    report=st.booleans(),
)
def test_requirement_is_no_record(req: str, box: str, target: int, got: int, report: bool) -> None:
    line = box + req.format(a=target) + "."
    if report:
        line += f" (This run measured acceptance {got}.5% on the same rows.)"
    rates = [r.printed_rate for r in read_paste(line + "\n").records]
    assert float(target) / 100 not in rates
    if report and "[ ]" not in box:
        assert rates == [(got + 0.5) / 100]


def test_an_item_reporting_a_measurement_is_read() -> None:
    (r,) = read_paste("- [x] Measured acceptance 71.5% on the chat rows.\n").records
    assert r.printed_rate == 0.715


def test_lines_not_items_are_unchanged() -> None:
    for t in (
        "Rows are unchanged within noise (acceptance 35.0%).",
        "- Rows are unchanged within noise (acceptance 35.0%).",
        "- [x] Measured acceptance 71.5% on the chat rows.",
    ):
        assert blank(t) == t
    assert "35.0" not in blank("- [x] Rows are unchanged within noise (acceptance 35.0%).")
