"""One column, one way, reaching every row its own figures do not contradict: where a row of a
length column decides the convention (its per-position rates give the length by an identity),
a row whose own per-position rates fit no reading of either convention (their sum, 1 + their
sum, nor the running products of rates each given the position before) follows the column: a
disagreeing list proves no other way. A row whose rates fit the other way's reading stays out
of the column's way.

The run without drafts named by a label wholly in brackets (`(no spec)`, `[baseline]`), a dash
for its draft setting, printing a length of exactly 1: one token a step, evidence that the
column counts the target's own token, no record. A bracketed label naming no such run
(`(ours)`, `[draft]`) stays a record."""

from __future__ import annotations

import itertools
import operator

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTHS = ("mean tau", "τ (per run)", "avg accept length", "AL (per seq)")
_SLASH = (" / ", "/", " /", "/ ")


@st.composite
def _rates(draw: st.DrawFn, n: int) -> list[float]:
    """``n`` rates in tenths of a percent, strictly falling."""
    vals = draw(
        st.lists(st.integers(min_value=300, max_value=990), min_size=n, max_size=n, unique=True)
    )
    return [v / 1000 for v in sorted(vals, reverse=True)]


def _products(rates: list[float]) -> float:
    return sum(itertools.accumulate(rates, operator.mul))


def _fits(length: float, rates: list[float], included: bool) -> bool:
    """The test's own reading: the length from the rates by sum or running products, the
    bonus added or not, with a generous margin (0.01 a rate, 0.002 on the length)."""
    rest = length - (1.0 if included else 0.0)
    margin = 0.01 * len(rates) + 0.002
    lo = _products([max(p - 0.01, 0.0) for p in rates])
    hi = _products([min(p + 0.01, 1.0) for p in rates])
    return abs(rest - sum(rates)) <= margin or lo - margin <= rest <= hi + margin


def _table(head: str, slash: str, label: str, rows: list[tuple[float, list[float]]]) -> str:
    n = len(rows[0][1])
    parts = "/".join(f"p{i + 1}" for i in range(n))
    lines = [
        f"| {label} | tok/s | {head} | accept {parts} |",
        "|---|---|---|---|",
    ]
    for i, (length, rates) in enumerate(rows):
        cells = slash.join(f"{100 * p:.1f}" for p in rates)
        lines.append(f"| {2**i} | {300 - 7 * i}.5 | {length:.3f} | {cells} |")
    return "\n".join(lines) + "\n"


def _printed(value: float) -> float:
    return float(f"{value:.3f}")


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(_LENGTHS),
    st.sampled_from(_SLASH),
    st.sampled_from(("width", "batch", "n", "streams")),
    st.integers(min_value=2, max_value=4),
    st.data(),
    st.booleans(),
)
def test_rows_whose_rates_fit_no_way_follow_the_column(
    read: Read, head: str, slash: str, label: str, n: int, data: st.DataObject, included: bool
) -> None:
    fits = data.draw(_rates(n))
    first = _printed((1.0 if included else 0.0) + sum(fits))
    assume(first >= 0.3)
    rows = [(first, fits)]
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        # (a length 0.08 or more off every reading: above 1 + the sum where the bonus is
        # counted, below the running products where it is not)
        off = data.draw(_rates(n))
        gap = data.draw(st.integers(min_value=80, max_value=400)) / 1000
        length = _printed(1 + sum(off) + gap if included else _products(off) - gap)
        assume(0.2 <= length != 1.0)
        assume(not _fits(length, off, True) and not _fits(length, off, False))
        rows.append((length, off))
    text = _table(head, slash, label, rows)
    got = read(text).records
    assert len(got) == len(rows), text
    for r, (length, _) in zip(got, rows, strict=True):
        assert r.printed_length == length, text
        assert r.bonus.value == ("included" if included else "excluded"), text
        assert r.accept_length is not None, text
        assert abs(r.accept_length - (length + (0.0 if included else 1.0))) < 1e-6, text


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(_LENGTHS),
    st.sampled_from(_SLASH),
    st.integers(min_value=2, max_value=4),
    st.data(),
    st.booleans(),
)
def test_a_row_whose_rates_fit_the_other_way_stays_out(
    read: Read, head: str, slash: str, n: int, data: st.DataObject, included: bool
) -> None:
    """The second row's length is the running products of its rates under the other way: its
    own figures prove the other convention, so the column's way is not said of it."""
    fits = data.draw(_rates(n))
    first = _printed((1.0 if included else 0.0) + sum(fits))
    other = data.draw(_rates(n))
    second = _printed((0.0 if included else 1.0) + _products(other))
    assume(first >= 0.3 and second >= 0.3)
    assume(not _fits(second, other, included))
    text = _table(head, slash, "width", [(first, fits), (second, other)])
    got = read(text).records
    assert len(got) == 2, text
    assert got[0].bonus.value == ("included" if included else "excluded"), text
    assert got[1].printed_length == second, text
    assert got[1].bonus.value != ("included" if included else "excluded"), text


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(("(no spec)", "[baseline]", "( w/o EAGLE )", "[no draft]", "(vanilla)")),
    st.sampled_from(("–", "-", "—")),
    st.sampled_from(("mean acceptance length", "avg accept len", "AL")),
    st.lists(st.integers(min_value=50, max_value=900), min_size=2, max_size=2, unique=True),
)
def test_a_bracketed_run_without_drafts_is_no_record(
    read: Read, plain: str, dash: str, head: str, hundredths: list[int]
) -> None:
    rates = [v / 1000 for v in sorted(hundredths, reverse=True)]
    length = f"{1 + sum(rates):.3f}"
    text = (
        f"| Recipe | K | {head} | acc@0 | acc@1 |\n"
        "| --- | --- | --- | --- | --- |\n"
        f"| {plain} | {dash} | 1.00 | {dash} | {dash} |\n"
        f"| **mine** | 2 | {length} | {rates[0]:.3f} | {rates[1]:.3f} |\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [float(length)], text
    assert got[0].accept_length == float(length), text


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(("(ours)", "[draft]", "(spec)", "[eagle]", "(bs=1)")),
    st.sampled_from(("–", "-")),
    st.lists(st.integers(min_value=50, max_value=900), min_size=2, max_size=2, unique=True),
)
def test_a_bracketed_label_of_another_run_stays(
    read: Read, label: str, dash: str, hundredths: list[int]
) -> None:
    rates = [v / 1000 for v in sorted(hundredths, reverse=True)]
    length = f"{1 + sum(rates):.3f}"
    text = (
        "| Recipe | K | mean acceptance length | acc@0 | acc@1 |\n"
        "| --- | --- | --- | --- | --- |\n"
        f"| {label} | {dash} | 1.00 | {dash} | {dash} |\n"
        f"| mine | 2 | {length} | {rates[0]:.3f} | {rates[1]:.3f} |\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [1.0, float(length)], text


def test_bracketed_labels() -> None:
    for label in ("(no spec)", "[baseline]", "( no_spec )", "[w/o MTP]", "(**no spec**)"):
        assert I.baseline_label(label), label
    for label in ("(ours)", "[draft]", "(no spec", "no spec)", "(spec)", "[]", "()"):
        assert not I.baseline_label(label), label
