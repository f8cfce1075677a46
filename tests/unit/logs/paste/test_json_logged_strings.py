"""A pretty-printed JSON document whose string values hold server log lines (a results file
keeping each run's metrics line beside its timings) is read line by line where those strings
stand: each log line its own record, never one record mixing the fields of all of them (the
document compacted to one line, the first line's length beside the last line's counts). A
document with no such string is read as one JSON value, as before."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.records import LogRecord
from tests.support.examples import examples


def _records(text: str) -> list[LogRecord]:
    out: list[LogRecord] = []
    analyzer = LogAnalyzer(on_record=lambda r: out.append(r) if r.kind != "per_position" else None)
    analyzer.scan("-", io.BytesIO(text.encode()))
    analyzer.report()
    return out


def _metrics_line(minute: int, drafts: int, accepted: int, k: int) -> str:
    length = 1 + accepted / drafts
    rate = 100 * accepted / (drafts * k)
    return (
        f"(APIServer pid=7) INFO 03-02 10:{minute:02d}:00 [metrics.py:96] SpecDecoding "
        f"metrics: Mean acceptance length: {length:.2f}, Accepted throughput: 9.00 tokens/s, "
        f"Drafted throughput: 12.00 tokens/s, Accepted: {accepted} tokens, Drafted: "
        f"{drafts * k} tokens, Avg Draft acceptance rate: {rate:.1f}%"
    )


_RUN = st.tuples(st.integers(50, 400), st.integers(0, 100))


@settings(max_examples=examples(25), deadline=None)
@given(
    runs=st.lists(_RUN, min_size=1, max_size=4),
    k=st.integers(1, 4),
    key=st.sampled_from(["server_log", "metrics_line", "spec_stats", "log"]),
    nest=st.booleans(),
)
def test_each_logged_string_is_its_own_record(
    runs: list[tuple[int, int]], k: int, key: str, nest: bool
) -> None:
    items = []
    for i, (drafts, share) in enumerate(runs):
        accepted = drafts * k * share // 100
        item = {
            "mode": f"set-{i}",
            "decode_tok_s": 40.5 + i,
            key: _metrics_line(i, drafts, accepted, k),
        }
        items.append({"run": item} if nest else item)
    doc = json.dumps({"label": "sweep", "results": items}, indent=2)
    got = _records(doc)
    want = []
    for drafts, share in runs:
        accepted = drafts * k * share // 100
        want.append((round(1 + accepted / drafts, 2), accepted, drafts * k))
    assert [(r.accept_length, r.accepted_tokens, r.drafted_tokens) for r in got] == want
    lines = doc.split("\n")
    assert [lines[r.line_no - 1].count("SpecDecoding") for r in got] == [1] * len(runs)


@settings(max_examples=examples(20), deadline=None)
@given(
    verify=st.integers(10, 60),
    correct=st.integers(0, 60),
    note=st.sampled_from(
        ["the reply was accepted by the grader", "Accept: application/json", "no acceptance check"]
    ),
)
def test_a_body_with_prose_strings_is_still_one_value(verify: int, correct: int, note: str) -> None:
    correct = min(correct, 3 * verify)
    tokens = verify + correct
    doc = json.dumps(
        {
            "note": note,
            "meta_info": {
                "completion_tokens": tokens,
                "spec_verify_ct": verify,
                "spec_accept_length": round(tokens / verify, 4),
            },
        },
        indent=2,
    )
    got = _records(doc)
    assert [r.kind for r in got] == ["response"]
    assert got[0].line_no == 1
