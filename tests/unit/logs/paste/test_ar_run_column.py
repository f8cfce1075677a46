"""In a table of metrics as rows (two row labels or more naming acceptance figures or counts,
one an acceptance figure: '| Accepted drafts |', '| Accepted per verify |'), a header cell of
the short rate alone ('AR') is a run's name, autoregressive decoding beside the speculative
runs, never a column of rates: the other columns are read one record each, as without it. A
table of runs as rows ('| model | AR | AL |') keeps 'AR' as its rate column."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=40, deadline=None)
@given(
    drafted=st.integers(20, 400),
    share=st.integers(30, 99),
    run=st.sampled_from(["D1", "spec", "MTP-1"]),
    corner=st.sampled_from(["Statistic", "Counter", ""]),
)
def test_ar_beside_a_run_is_no_rate_column(
    read: Read, drafted: int, share: int, run: str, corner: str
) -> None:
    acc = drafted * share // 100
    text = "\n".join(
        [
            f"| {corner} | AR | {run} |",
            "| --- | ---: | ---: |",
            f"| Drafted tokens | 0 | {drafted} |",
            f"| Accepted drafts | 0 | {acc} |",
            f"| Verify calls | {2 * drafted} | {drafted} |",
            f"| Accepted per verify | 0.0 | {acc / drafted:.6f} |",
        ]
    )
    recs = read(text + "\n").records
    assert [dict(r.labels).get("column") for r in recs] == [run]
    assert recs[0].printed_length == float(f"{acc / drafted:.6f}")


@settings(max_examples=20, deadline=None)
@given(a=st.integers(40, 95), b=st.integers(40, 95))
def test_ar_over_runs_is_the_rate(read: Read, a: int, b: int) -> None:
    text = "| model | AR | AL |\n|---|---|---|\n"
    text += f"| m-1 | 0.{a} | 2.{a} |\n| m-2 | 0.{b} | 2.{b} |\n"
    assert [r.printed_rate for r in read(text).records] == [a / 100, b / 100]
