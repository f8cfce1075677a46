"""Accept length against the prefix-cache hit share, read from an engine's log.

The evidence the prefix-cache check needs: does acceptance drop when more of the prompt came from
the prefix cache? Two logs carry both figures:

* SGLang (checked on the real 0.5.23): every prefill batch logs
  ``Prefill batch, #new-seq: 1, #new-token: 2, #cached-token: 107, ...``; the ``Decode batch``
  lines that follow carry the accept length of the requests admitted. Each decode line is paired
  with the cached share of the prefill batches logged since the previous decode line (or, when
  none, the share it was paired with before): exact for one request at a time, an approximation
  when requests overlap (a decode line then mixes requests admitted at different times).
* vLLM: the periodic stats line ends ``Prefix cache hit rate: 45.2%`` (vLLM's own figure over
  its recent requests) and is followed by that interval's ``SpecDecoding metrics`` line; each
  spec-decode record is paired with the last hit rate logged.

Memory is bounded: the pairs are pooled into ten bins of cache-hit share.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

SGLANG_PREFILL = re.compile(r"Prefill batch\b.*?#new-token: (\d+), #cached-token: (\d+)")
VLLM_HIT_RATE = re.compile(r"Prefix cache hit rate: ([0-9.]+)%")
KEYWORDS = (b"#cached-token", b"Prefix cache hit rate")
BINS = 10
HIGH = 0.5  # intervals with at least this share of prompt tokens from the cache
LOW = 0.1  # ... compared with intervals below this share
MIN_RECORDS = 3  # per side
DROP_RATIO = 0.75  # a finding when high-hit intervals accept <= 75% of the low-hit drafts
DROP_MIN = 0.1  # ... and at least 0.1 fewer accepted drafts per step


@dataclass(frozen=True)
class CacheBin:
    lo: float  # share of prompt tokens from the cache, bin [lo, lo + 0.1)
    records: int  # spec-decode records paired with it
    weight: float  # their weight (drafted tokens, else 1 per record)
    accept_length: float  # weighted mean, bonus included


@dataclass(frozen=True)
class CacheEvidence:
    """One log file's accept length per cache-hit bin, and where the hit figures came from."""

    path: str
    source: str  # "sglang #cached-token" or "vllm prefix cache hit rate"
    bins: tuple[CacheBin, ...]
    example_line: int  # a line with cache hits (or the first hit-figure line)
    example: str

    def side(self, lo: float, hi: float) -> tuple[int, float | None]:
        """(records, weighted accept length) over the bins with share in [lo, hi)."""
        chosen = [b for b in self.bins if lo <= b.lo + 1e-9 and b.lo + 1e-9 < hi]
        w = math.fsum(b.weight for b in chosen)
        n = sum(b.records for b in chosen)
        if w <= 0:
            return n, None
        return n, math.fsum(b.accept_length * b.weight for b in chosen) / w


@dataclass(frozen=True)
class CacheJudgement:
    high_records: int
    high_accept_length: float | None
    low_records: int
    low_accept_length: float | None
    drops: bool | None  # None: too few records on one side to judge


def judge(e: CacheEvidence) -> CacheJudgement:
    hn, hal = e.side(HIGH, 2.0)
    ln, lal = e.side(0.0, LOW)
    if hal is None or lal is None or hn < MIN_RECORDS or ln < MIN_RECORDS:
        return CacheJudgement(hn, hal, ln, lal, None)
    high_d, low_d = hal - 1.0, lal - 1.0
    drops = low_d - high_d >= DROP_MIN and high_d <= DROP_RATIO * low_d
    return CacheJudgement(hn, hal, ln, lal, drops)


class CacheHitScanner:
    """Fed a log's lines and spec-decode records in order, by the doctor's one pass."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.source: str | None = None
        self.share: float | None = None  # the share current records are paired with
        self._new = 0  # SGLang prefill tokens since the last decode record
        self._cached = 0
        self._n = [0] * BINS
        self._w = [0.0] * BINS
        self._s = [0.0] * BINS
        self._example: tuple[int, str] | None = None
        self._example_share = -1.0

    def line(self, text: str, line_no: int) -> None:
        m = SGLANG_PREFILL.search(text)
        if m:
            new, cached = int(m.group(1)), int(m.group(2))
            self._new += new
            self._cached += cached
            self.source = "sglang #cached-token"
            self._keep(line_no, text, cached / max(1, new + cached))
            return
        m = VLLM_HIT_RATE.search(text)
        if m:
            pct = float(m.group(1))
            if math.isfinite(pct) and 0.0 <= pct <= 100.0:
                self.share = pct / 100.0
                self.source = "vllm prefix cache hit rate"
                self._keep(line_no, text, pct / 100.0)

    def _keep(self, line_no: int, text: str, share: float) -> None:
        """The line with the highest cache-hit share as the example (the first of equals)."""
        if self._example is None or share > self._example_share:
            self._example = (line_no, text.strip()[:200])
            self._example_share = share

    def record(self, accept_length: float, weight: float) -> None:
        if self._new + self._cached > 0:
            self.share = self._cached / (self._new + self._cached)
            self._new = self._cached = 0
        if self.share is None or not 1.0 <= accept_length <= 1e4 or not 0 < weight < 1e12:
            return  # no hit figure yet, or a value no engine logs
        i = min(BINS - 1, int(self.share * BINS))
        self._n[i] += 1
        self._w[i] += weight
        self._s[i] += accept_length * weight

    def evidence(self) -> CacheEvidence | None:
        if self.source is None or not any(self._n):
            return None
        bins = tuple(
            CacheBin(i / BINS, self._n[i], self._w[i], self._s[i] / self._w[i])
            for i in range(BINS)
            if self._n[i]
        )
        line_no, text = self._example or (0, "")
        return CacheEvidence(self.path, self.source, bins, line_no, text)
