"""RecordBatch: a batch of records and the records it holds are the same thing (both ways)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.batch import RecordBatch
from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.records import KINDS, LogRecord
from specdiag.core.logs.scan import Scanner

DATA = Path(__file__).resolve().parents[2] / "data" / "logs"


def _read(path: Path) -> list[RecordBatch]:
    batches: list[RecordBatch] = []
    sc = Scanner(LineParser(source=path.name), batches.append)
    data = path.read_bytes()
    for i in range(0, len(data), 4096):  # several blocks: several batches
        sc.feed(data[i : i + 4096])
    sc.close()
    return batches


def test_fixture_records_round_trip() -> None:
    seen = 0
    for path in sorted(DATA.glob("*.*")):
        for batch in _read(path):
            recs = batch.records()
            assert recs and all(r.source == path.name for r in recs)
            again = RecordBatch.of(batch.source, recs)
            assert again.records() == recs
            assert list(batch.line_no) == sorted(batch.line_no)  # line order
            seen += len(recs)
    assert seen > 100


_opt_f = st.none() | st.floats(0, 1e6, allow_nan=False)
_opt_i = st.none() | st.integers(0, 10**15)
_text = st.text(max_size=8)
_rates = st.lists(st.floats(0, 1), max_size=5).map(tuple)


@st.composite
def records(draw: st.DrawFn) -> LogRecord:
    length = draw(st.none() | st.floats(1, 1025))
    pp = draw(_rates)
    return LogRecord(
        engine=draw(st.sampled_from(("sglang", "vllm", "llamacpp", "trtllm"))),
        kind=draw(st.sampled_from(KINDS)),
        line_no=draw(st.integers(0, 10**9)),
        source="f",
        rank=draw(_text),
        timestamp=draw(_opt_f),
        clock=draw(st.none() | st.sampled_from(("absolute", "no-year", "relative"))),
        time_text=draw(st.none() | _text),
        version_guess=draw(st.none() | _text),
        accept_length=length,
        accepted_drafts=None if length is None else length - 1.0,
        accept_rate=draw(st.none() | st.floats(0, 1)),
        accepted_tokens=draw(_opt_i),
        drafted_tokens=draw(_opt_i),
        per_position=pp,
        per_position_conditional=tuple(reversed(pp)),
        cuda_graph=draw(st.none() | st.booleans()),
        throughput=draw(_opt_f),
        raw=tuple(draw(st.lists(st.tuples(_text, _text), max_size=3))),
        notes=tuple(draw(st.lists(_text, max_size=2))),
    )


@settings(deadline=None)
@given(st.lists(records(), max_size=20))
def test_any_records_round_trip(recs: list[LogRecord]) -> None:
    batch = RecordBatch.of("f", recs)
    assert len(batch) == len(recs)
    assert batch.records() == recs
