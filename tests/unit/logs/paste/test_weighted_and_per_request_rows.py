"""A table of metrics as rows printing one figure twice for one run: once over the run's totals
('Global weighted accept length', 'Weighted acceptance rate', 'Global accept length') and once as
the mean over its requests ('Per-request mean accept length', 'Per-sample mean acceptance
rate'): two records of the column, the totals' one pooled. A column printing only one of them is
one record as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOTALS = ["Global weighted", "Weighted", "Global", "Token-weighted"]
_PER = ["Per-request mean", "Per-sample mean", "Per-prompt mean", "Per-request average"]
_LENGTH = ["accept length", "acceptance length", "mean accepted length"]


def _table(rows: list[tuple[str, str]], two_columns: bool) -> str:
    head = (
        "| Metric | Run A | Run B |\n|---|---:|---:|\n"
        if two_columns
        else "| Metric | Value |\n|---|---:|\n"
    )
    body = "".join(
        f"| {name} | {cell} | {cell} |\n" if two_columns else f"| {name} | {cell} |\n"
        for name, cell in rows
    )
    return "Draft head check on the chat set, 64 prompts:\n\n" + head + body


@settings(max_examples=examples(30), deadline=None)
@given(
    totals=st.sampled_from(_TOTALS),
    per=st.sampled_from(_PER),
    length=st.sampled_from(_LENGTH[:2]),
    pooled_h=st.integers(150, 450),
    diff=st.integers(1, 20),
    rate_first=st.booleans(),
    unit=st.sampled_from(["", " tokens/step", " tok"]),
    per_first=st.booleans(),
)
def test_totals_and_per_request_rows_are_two_records(
    read: Read,
    totals: str,
    per: str,
    length: str,
    pooled_h: int,
    diff: int,
    rate_first: bool,
    unit: str,
    per_first: bool,
) -> None:
    mean_h = pooled_h + diff
    rows = [
        ("Output tokens", "8,192"),
        (f"{totals} {length}", f"{pooled_h / 100:.2f}{unit}"),
        (f"{totals} acceptance rate", "41.20%"),
        (f"{per} {length}", f"{mean_h / 100:.2f}{unit}"),
        (f"{per} acceptance rate", "42.50%"),
    ]
    if rate_first:
        rows = [rows[0], rows[2], rows[1], rows[4], rows[3]]
    if per_first:
        rows = [rows[0], rows[3], rows[4], rows[1], rows[2]]
    got = read(_table(rows, False)).records
    # in the order of their rows
    order = [mean_h / 100, pooled_h / 100] if per_first else [pooled_h / 100, mean_h / 100]
    assert [r.printed_length for r in got] == order
    pooled = next(r for r in got if r.printed_length == pooled_h / 100)
    assert pooled.pooling.value == "pooled" and abs((pooled.printed_rate or 0) - 0.412) < 1e-9
    other = next(r for r in got if r.printed_length == mean_h / 100)
    assert abs((other.printed_rate or 0) - 0.425) < 1e-9


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from([f"{a} {b}" for a in _TOTALS + _PER for b in _LENGTH[:2]]),
    h=st.integers(150, 450),
)
def test_negative_control_one_aggregation_alone_is_one_record(
    read: Read, name: str, h: int
) -> None:
    got = read(_table([("Output tokens", "8,192"), (name, f"{h / 100:.2f}")], True)).records
    assert [r.printed_length for r in got] == [h / 100, h / 100]


def test_the_names_read() -> None:
    assert C.key("Per-request mean accept length").metric == C.LENGTH
    assert C.key("Global weighted accept length").pooled
    assert C.key("Global draft-token acceptance rate").pooled
    assert not C.key("Per-request mean accept length").pooled
    # a per-request name of another measure stays none of acceptance
    assert C.key("Per-request mean latency").metric is None


@settings(max_examples=examples(30), deadline=None)
@given(
    totals=st.sampled_from(_TOTALS),
    per=st.sampled_from(_PER),
    acc_h=st.integers(40, 350),
    diff=st.integers(3, 30),
    k=st.integers(4, 8),
    at=st.integers(0, 3),
)
def test_accepted_drafts_row_goes_with_the_length_one_above_it(
    read: Read, totals: str, per: str, acc_h: int, diff: int, k: int, at: int
) -> None:
    pooled_h = acc_h + 100
    rows = [
        (f"{totals} accept length", f"{pooled_h / 100:.2f} tokens/step"),
        (f"{per} accept length", f"{(pooled_h + diff) / 100:.2f} tokens/step"),
        ("Output tokens", "4,096"),
    ]
    rows.insert(at, ("Accepted draft length", f"{acc_h / 100:.2f} / {k} tokens"))
    got = read(_table(rows, False)).records
    pooled = next(r for r in got if r.printed_length == pooled_h / 100)
    assert pooled.accept_length == pooled_h / 100 and pooled.bonus.value == "included"


def test_negative_control_accepted_drafts_fitting_neither_length_decide_nothing(read: Read) -> None:
    rows = [
        ("Weighted accept length", "2.40"),
        ("Per-request mean accept length", "2.52"),
        ("Accepted draft length", "1.10 / 4 tokens"),
    ]
    got = read(_table(rows, False)).records
    assert sorted(r.printed_length for r in got) == [2.40, 2.52]
    assert all(r.accept_length is None for r in got)


def test_accepted_draft_length_alone_is_drafts_a_step(read: Read) -> None:
    # named as the accepted part of the draft (as 'mean accepted draft tokens'): length 1 + it
    got = read("Bench of the draft head:\n\n- Accepted draft length: 1.62 / 3 tokens\n").records
    assert [(r.accept_length, r.bonus.value) for r in got] == [(2.62, "excluded")]
