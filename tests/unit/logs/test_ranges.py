"""Byte ranges read by worker processes and joined (parallel.py): the JSON document equals the
one of a single process reading the file, on every fixture and on ranges cut anywhere; when the
join could differ, nothing is added and the caller reads the file itself."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs import parallel
from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.infer import NEW, OLD, SGLangRateInference, sglang_candidates
from specdiag.core.logs.scan import open_path
from specdiag.core.logs.summary import SPARK_WIDTH, _Spark, spark_per
from tests.support import paths
from tests.support.examples import examples
from tests.support.loggen import lines
from tests.support.logsdoc import logs_document

FIXTURES = sorted(
    p
    for d in ("logs", "logs_golden")
    for p in (paths.TEST_DATA / d).iterdir()
    if p.suffix in (".log", ".txt") and p.is_file()
)


def _doc(analyzer: LogAnalyzer) -> str:
    return json.dumps(logs_document(analyzer.report()), default=str)


def _sequential(path: Path) -> str:
    analyzer = LogAnalyzer(year=2026)
    stream = open_path(str(path))
    try:
        analyzer.scan(str(path), stream)
    finally:
        stream.close()
    return _doc(analyzer)


def _line_starts(data: bytes, at: list[int]) -> list[int]:
    """0, the line start at or after each position (deduplicated, in order), the size."""
    cuts = [0]
    for a in sorted(at):
        nl = data.find(b"\n", max(a - 1, 0))
        if 0 <= nl < len(data) - 1 and nl + 1 > cuts[-1]:
            cuts.append(nl + 1)
    return [*cuts, len(data)]


def _ranged(path: Path, cuts: list[int]) -> str | None:
    analyzer = LogAnalyzer(year=2026)
    if not parallel.read_ranges(analyzer, str(path), str(path), cuts):
        assert not analyzer.sources and not analyzer.leaves  # nothing added
        return None
    return _doc(analyzer)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixtures_joined_equal_one_process(path: Path) -> None:
    data = path.read_bytes()
    want = _sequential(path)
    for k in (2, 3, 5):
        cuts = _line_starts(data, [len(data) * i // k for i in range(1, k)])
        got = _ranged(path, cuts)
        assert got is None or got == want, (path.name, cuts)


@pytest.fixture(scope="module")
def static_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SGLang and vLLM lines that decide themselves (no SGLang line whose formula only its
    rank's other lines decide), with long collapse stretches, so that every cut joins."""
    rng = random.Random(7)
    out: list[str] = []
    t = 8 * 3600
    for block in range(12):
        chunk, t, _ = lines(rng, t, 300, 0.6, 0.0)
        for line in chunk:
            m = re.search(r"accept len: ([0-9.]+), accept rate: ([0-9.]+)", line)
            if m and block % 3 == 1:
                line = line[: m.start()] + "accept len: 1.00, accept rate: 0.00" + line[m.end() :]
            elif m and {f for f, _ in sglang_candidates(m[1], m[2])} != {NEW}:
                continue  # its formula decided by the other lines of its rank
            out.append(line)
    path = tmp_path_factory.mktemp("ranges") / "static.log"
    path.write_text("\n".join(out) + "\n")
    return path


@pytest.fixture(scope="module")
def static_doc(static_log: Path) -> str:
    return _sequential(static_log)


@settings(deadline=None, max_examples=examples(25))
@given(at=st.lists(st.floats(0.0, 1.0), min_size=1, max_size=6))
def test_cut_anywhere_joins_to_one_process(
    static_log: Path, static_doc: str, at: list[float]
) -> None:
    data = static_log.read_bytes()
    cuts = _line_starts(data, [int(a * len(data)) for a in at])
    assert _ranged(static_log, cuts) == static_doc  # always joined here, and equal


@pytest.mark.parametrize("python", [False, True], ids=["compiled", "python"])
def test_generated_dense_log_joins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, python: bool
) -> None:
    """The benchmark's own lines (SGLang lines decided by their rank's inference among them)
    join when the ranges are large enough for the tallies before a cut to decide, from either
    record source."""
    if python:
        monkeypatch.setenv("SPECDIAG_LOGS_PYTHON", "1")
    path = tmp_path / "dense.log"
    rng = random.Random(1)
    chunk, _, _ = lines(rng, 0, 40000, 0.45, 0.0)
    path.write_text("\n".join(chunk) + "\n")
    data = path.read_bytes()
    got = _ranged(path, _line_starts(data, [len(data) // 2]))
    assert got is not None and got == _sequential(path)


def test_spark_per_matches_the_running_sparkline() -> None:
    import numpy as np

    spark = _Spark()
    for n in range(1, 2000):
        spark.add(np.ones(1), np.zeros(1))
        assert spark.per == spark_per(n), n
    assert len(spark.buckets) < 2 * SPARK_WIDTH


@settings(deadline=None, max_examples=examples(100))
@given(st.integers(1, 3000), st.lists(st.integers(0, 3000), max_size=6))
def test_sparklines_of_ranges_join_to_one_series(n: int, at: list[int]) -> None:
    """Each range's records bucketed at their place in the series (told the records before
    them) and appended give the buckets of the series read in one go."""
    import numpy as np

    x = np.arange(n, dtype=np.float64) % 7 + 1.0
    t = np.arange(n, dtype=np.float64)
    whole = _Spark()
    whole.add(x, t)
    cuts = [0, *sorted(min(a, n) for a in at), n]
    joined = _Spark()
    for a, z in zip(cuts, cuts[1:], strict=False):
        part = _Spark(keep=True)
        part.add(x[a:z], t[a:z])
        part.after(a)
        joined.join(part)
    assert joined.per == whole.per
    assert [(b.n, b.sum, b.t) for b in joined.buckets] == [(b.n, b.sum, b.t) for b in whole.buckets]


def _tallies(*sets: tuple[frozenset[tuple[str, int]], int]) -> SGLangRateInference:
    inf = SGLangRateInference()
    for cands, n in sets:
        inf.add(cands, n)
    return inf


NEW4 = frozenset({(NEW, 4)})
BOTH = frozenset({(NEW, 4), (OLD, 5)})
OLD5 = frozenset({(OLD, 5)})


def test_decided_alike_needs_a_lead_beyond_the_range() -> None:
    here = _tallies((NEW4, 100), (BOTH, 1))
    used = {(NEW, None)}
    assert parallel._decided_alike(_tallies((NEW4, 1000)), here, used)
    assert not parallel._decided_alike(_tallies((NEW4, 300)), here, used)  # within REFRESH
    # the range's own lines for the other formula count against the lead
    assert not parallel._decided_alike(_tallies((NEW4, 600)), _tallies((OLD5, 200)), used)
    assert not parallel._decided_alike(None, here, used)
    assert not parallel._decided_alike(_tallies((NEW4, 1000)), here, {(NEW, None), (OLD, 5)})
    assert parallel._decided_alike(None, here, set())  # nothing decided by the inference


def test_not_joined_when_lines_depend_on_the_range_before(tmp_path: Path) -> None:
    """A vLLM V0 line's counts are deltas from the line before it: a cut there is refused."""
    v0 = (
        "INFO 11-29 08:{m:02d}:00 metrics.py:477] Speculative metrics: Draft acceptance rate: "
        "0.651, System efficiency: 0.570, Number of speculative tokens: 3, Number of accepted "
        "tokens: {a}, Number of draft tokens: {d}, Number of emitted tokens: {e}."
    )
    path = tmp_path / "v0.log"
    path.write_text(
        "".join(v0.format(m=i, a=900 * i, d=1400 * i, e=1200 * i) + "\n" for i in range(1, 40))
    )
    data = path.read_bytes()
    assert _ranged(path, _line_starts(data, [len(data) // 2])) is None


def test_scan_ranges_cuts_at_line_starts_and_refuses_what_one_process_reads(
    static_log: Path, static_doc: str, tmp_path: Path
) -> None:
    import gzip

    from specdiag.core.logs.window import window_and_year

    assert parallel.range_count(100 << 20, 0, 32 << 20) >= 1
    assert parallel.range_count(100 << 20, 8, 32 << 20) == 3
    assert parallel.range_count(10, 8, 32 << 20) == 1
    assert parallel.range_count(2 << 30, 2, 32 << 20) == 8  # 256 MiB per range at most
    assert parallel.range_count(2 << 30, 1, 32 << 20) == 1
    analyzer = LogAnalyzer(year=2026)
    assert parallel.scan_ranges(analyzer, str(static_log), str(static_log), 3, min_range=1)
    assert _doc(analyzer) == static_doc
    # a label read before, a time window, a gzip file, one JSON document: one process reads
    assert not parallel.scan_ranges(analyzer, str(static_log), str(static_log), 3, min_range=1)
    since = window_and_year("2026-11-29 08:10:00", None, 2026)[0]
    windowed = LogAnalyzer(year=2026, window=since)
    assert not parallel.scan_ranges(windowed, "x", str(static_log), 3, min_range=1)
    gz = tmp_path / "log.gz"
    gz.write_bytes(gzip.compress(static_log.read_bytes()))
    doc = tmp_path / "doc.json"
    doc.write_text('{\n  "metrics": {\n' + '    "x": 1,\n' * 5000 + '    "y": 2\n  }\n}\n')
    for path in (gz, doc):
        fresh = LogAnalyzer(year=2026)
        assert not parallel.scan_ranges(fresh, str(path), str(path), 3, min_range=1)
        assert not fresh.sources
