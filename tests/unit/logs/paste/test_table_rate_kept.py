"""A table row whose length cell holds more tokens than any step can (a count or an id under
the length's column) keeps its own rate column's figure as a record, length unknown and nothing
computed from the rate; outside a table, or a row with no rate of its own, nothing is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.table_rate_kept import keeps_rate
from tests.support.examples import examples


def _table(rows: list[tuple[str, str, str]], k_col: bool = False) -> str:
    head = (
        "| run | draft k | mean accept rate | mean accept len |"
        if k_col
        else ("| run | mean accept rate | mean accept len |")
    )
    sep = "|---|---|---|---|" if k_col else "|---|---|---|"
    body = [f"| {a} | 4 | {b} | {c} |" if k_col else f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(["## eagle runs", "", head, sep, *body]) + "\n"


def test_rate_kept_length_dropped() -> None:
    (r,) = read_paste(_table([("tree-a", "0.712", "940.0")])).records
    assert r.printed_rate == 0.712
    assert r.printed_length is None
    assert r.accept_length is None


def test_nothing_computed_from_k() -> None:
    # 1 + 4 x 0.712 would be 3.848: the row's own length column says otherwise
    (r,) = read_paste(_table([("tree-a", "0.712", "940.0")], k_col=True)).records
    assert r.accept_length is None
    assert r.bonus.value == "unknown"


def test_plausible_length_unchanged() -> None:
    (r,) = read_paste(_table([("tree-a", "0.712", "3.10")])).records
    assert r.printed_length == 3.1


def test_prose_stays_unread() -> None:
    text = "eagle run: mean accept rate 0.712, mean accept len 940.0\n"
    assert all(r.printed_length is None or r.printed_length <= 64 for r in read_paste(text).records)
    assert not [r for r in read_paste(text).records if r.printed_rate == 0.712]


def _v(text: str) -> C.Value:
    v = C.value(text)
    assert v is not None
    return v


def test_near_misses() -> None:
    big, rate = _v("940.0"), _v("0.712")
    assert keeps_rate("markdown table", big, rate, (None, None, None), 64.0)
    assert not keeps_rate("key-value", big, rate, (None, None, None), 64.0)  # no table
    assert not keeps_rate("markdown table", big, None, (None, None, None), 64.0)  # no rate
    assert not keeps_rate("markdown table", _v("3.1"), rate, (None, None, None), 64.0)
    assert not keeps_rate("markdown table", big, _v("1.7"), (None, None, None), 64.0)  # no share
    assert not keeps_rate("markdown table", big, rate, (_v("3.2"), None, None), 64.0)  # two
    assert not keeps_rate("markdown table", _v("940 / 12"), rate, (None, None, None), 64.0)


@settings(max_examples=examples(25), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1, 1000), st.integers(65, 100_000), st.booleans()),
        min_size=1,
        max_size=4,
    ),
)
def test_any_rows(rows: list[tuple[int, int, bool]]) -> None:
    cells = [
        (f"run-{i}", f"{r / 10:.1f}%" if pct else f"{r / 1000:.3f}", f"{big}.0")
        for i, (r, big, pct) in enumerate(rows)
    ]
    recs = read_paste(_table(cells)).records
    assert len(recs) == len(rows)
    for rec, (r, _, _) in zip(recs, rows, strict=True):
        assert rec.printed_length is None and rec.accept_length is None
        assert rec.printed_rate is not None and abs(rec.printed_rate - r / 1000) < 1e-9
