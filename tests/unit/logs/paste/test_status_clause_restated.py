"""A findings line restating one table row names that row by a clause of its status cell (the
reason after a spaced dash or colon, `FAIL - cache thrash` giving `cache thrash`, two words or
more) and prints the row's figure at its own precision: the row told again, no record of its own
(restated_row._row_named). The line may be a nested list item the reader joined to the item
above. A clause of one word, another value, or a clause no row's cell holds leaves a record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_REASONS = ["cache thrash", "empty replies", "vocab clash here", "token id drift"]
_SEP = st.sampled_from([" - ", " — ", ": "])


def _table(rates: list[int], reasons: list[str], sep: str) -> str:
    rows = [
        f"| big-{i} | tiny-{i} | {r}% | FAIL{sep}{why} |"
        for i, (r, why) in enumerate(zip(rates, reasons, strict=True))
    ]
    return (
        "| Target | Draft | Accept Rate | Status |\n|---|---|---|---|\n" + "\n".join(rows) + "\n\n"
    )


def _finding(rate: int, why: str, nested: bool) -> str:
    if nested:
        return f"### Findings\n\n1. **Mismatched drafts** - they break\n   - that pair: {rate}% acceptance, {why}\n"
    return f"### Findings\n\n- that pair: {rate}% acceptance, {why}\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=st.lists(st.integers(0, 99), min_size=2, max_size=4, unique=True),
    pick=st.integers(0, 3),
    sep=_SEP,
    nested=st.booleans(),
)
def test_a_line_naming_a_rows_status_clause_restates_it(
    rates: list[int], pick: int, sep: str, nested: bool
) -> None:
    reasons = _REASONS[: len(rates)]
    i = pick % len(rates)
    got = read_paste(_table(rates, reasons, sep) + _finding(rates[i], reasons[i], nested)).records
    assert [r.printed_rate for r in got] == [r / 100 for r in rates]


def test_the_status_clause_through_the_logs(read: Read) -> None:
    text = _table([0, 40], _REASONS[:2], " - ") + _finding(0, _REASONS[0], True)
    assert [r.printed_rate for r in read(text).records] == [0.0, 0.4]


@settings(max_examples=examples(30), deadline=None)
@given(rates=st.lists(st.integers(1, 90), min_size=2, max_size=4, unique=True), sep=_SEP)
def test_negative_control_another_value_stays_a_record(rates: list[int], sep: str) -> None:
    reasons = _REASONS[: len(rates)]
    other = max(rates) + 5
    got = read_paste(_table(rates, reasons, sep) + _finding(other, reasons[0], False)).records
    assert [r.printed_rate for r in got] == [*(r / 100 for r in rates), other / 100]


def test_negative_control_a_one_word_clause_names_no_row() -> None:
    table = (
        "| Target | Draft | Accept Rate | Status |\n|---|---|---|---|\n"
        "| big-0 | tiny-0 | 12% | FAIL - thrash |\n| big-1 | tiny-1 | 40% | OK - fine |\n\n"
    )
    got = read_paste(table + "### Findings\n\n- that pair: 12% acceptance, thrash\n").records
    assert [r.printed_rate for r in got] == [0.12, 0.4, 0.12]
