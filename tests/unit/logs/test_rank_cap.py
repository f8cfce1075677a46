"""A log with more rank tags than anyone runs (a counter in the tag, a hostile file): at most
MAX_RANK_SERIES rank series, the rest pooled as one "overflow" series with a counted warning, the
engine's pooled figures exactly those of the same records without tags, memory bounded."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from specdiag.core.logs.analyze import MAX_RANK_SERIES, OVERFLOW_RANK
from specdiag.core.logs.run import LogsOptions, run_logs
from tests.support.doctor import sglang_line

N = 4_000  # 62x the cap; the bound below fails without the cap (~42 MB peak at 4,000 tags)


def _write(path: Path, *, tagged: bool) -> None:
    with path.open("w") as f:
        for i in range(N):
            rank = f"TP{i}" if tagged else ""
            f.write(
                sglang_line(2.0 + (i % 7) * 0.1, minute=(i // 60) % 60, second=i % 60, rank=rank)
            )
            f.write("\n")


def test_rank_tags_past_the_cap_are_one_overflow_series(tmp_path: Path) -> None:
    tagged, plain = tmp_path / "tagged.log", tmp_path / "plain.log"
    _write(tagged, tagged=True)
    _write(plain, tagged=False)
    run_logs([str(plain)], LogsOptions())  # one-time costs (imports, caches) outside the peaks
    tracemalloc.start()
    try:
        ref = run_logs([str(plain)], LogsOptions()).report.summary["sglang"]
        base = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        got = run_logs([str(tagged)], LogsOptions()).report.summary["sglang"]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(got.ranks) == MAX_RANK_SERIES + 1 and OVERFLOW_RANK in got.ranks
    assert got.ranks[OVERFLOW_RANK].records == N - MAX_RANK_SERIES
    assert sum(r.records for r in got.ranks.values()) == N
    # the pooled figures count every record, exactly
    assert got.stats.records == ref.stats.records == N
    assert got.stats.accept_length is not None and ref.stats.accept_length is not None
    assert got.stats.accept_length.mean == ref.stats.accept_length.mean
    warning = next(w for w in got.stats.warnings if OVERFLOW_RANK in w)
    assert f"{N:,} rank tags" in warning and f"other {N - MAX_RANK_SERIES:,} " in warning
    assert peak < 200 << 20, peak  # (tens of MB; 10^5 tags held 2.5 GB before the cap)
    # the tags past the cap cost little more than the same records untagged: ~6 MB here, where
    # a series per tag costs ~30 MB more (4,000 tags, measured with the cap lifted)
    assert peak - base < 16 << 20, (peak, base)
