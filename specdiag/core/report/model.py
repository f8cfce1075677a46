"""The report model: what a page or a summary shows, built from command documents.

Frozen and renderer-neutral: the HTML page (charts) and the markdown summary (tables) both draw
from it. Every number here was read from a document or computed from read numbers; a chart
carries its series as data so a renderer draws them and a test can check what was drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class ChartKind(str, Enum):
    PER_POSITION = "per-position"
    TIMELINE = "accept-timeline"
    HISTOGRAM = "accepted-count"
    CATEGORY = "by-category"
    RANKS = "by-rank"
    REPLICAS = "by-replica"
    SPEEDUP = "speedup"
    LATENCY = "latency"
    IDENTIFICATION = "identification"


class Role(str, Enum):
    """What a series is, which fixes its colour and line style in every renderer."""

    OBSERVED = "observed"
    EXPECTED = "expected"  # the training profile (prediction)
    GEOMETRIC = "geometric"  # i.i.d. model at the implied acceptance
    BASELINE = "baseline"
    OTHER = "other"


@dataclass(frozen=True)
class Series:
    name: str
    role: Role
    x: tuple[float, ...]
    y: tuple[float, ...]
    style: str = "line"  # line, bar, points, step
    lo: tuple[float, ...] | None = None  # interval, same length as y
    hi: tuple[float, ...] | None = None
    panel: int = 0  # which panel of the chart (per-position: 0 conditional, 1 unconditional)


@dataclass(frozen=True)
class Band:
    """A stretch of the x axis to shade (a collapse) or a point to mark (a counter reset)."""

    start: float
    end: float
    label: str
    kind: str  # collapse, reset


@dataclass(frozen=True)
class Heatmap:
    rows: tuple[str, ...]
    cols: tuple[str, ...]
    values: tuple[tuple[float | None, ...], ...]
    marked: tuple[tuple[int, int], ...]  # (row, col) cells to outline (the chosen layer)
    value_label: str


@dataclass(frozen=True)
class Chart:
    id: str
    kind: ChartKind
    title: str
    description: str  # alt text: what the chart shows, in words, with its key numbers
    x_label: str
    y_label: str
    source: str  # the document it came from
    series: tuple[Series, ...] = ()
    panels: tuple[str, ...] = ("",)  # panel titles
    x_ticks: tuple[str, ...] | None = None  # categorical x axis labels (x = 0..n-1)
    bands: tuple[Band, ...] = ()
    heatmap: Heatmap | None = None
    hline: float | None = None  # a reference level (speedup 1, collapse threshold)
    hline_label: str = "expected (training)"


@dataclass(frozen=True)
class Finding:
    title: str
    status: str  # fail, warn, pass, info
    message: str
    fix: str | None
    confirm: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class VerdictCard:
    verdict: str | None
    source: str
    steps: int | None = None
    expected_accept_length: float | None = None  # bonus included
    expected_drafts: float | None = None  # bonus excluded
    observed_accept_length: float | None = None
    observed_drafts: float | None = None
    ratio: float | None = None  # observed / expected accepted drafts
    naive_ratio: float | None = None
    explanation: str | None = None
    findings: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class Fact:
    label: str
    value: str
    source: str


@dataclass(frozen=True)
class Table:
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    source: str


@dataclass(frozen=True)
class EmbeddedDocument:
    name: str  # file name (or demo step)
    kind: str  # command
    text: str  # the JSON, secrets redacted


@dataclass(frozen=True)
class Skipped:
    name: str
    reason: str


@dataclass(frozen=True)
class Report:
    title: str
    generated_at: str
    specdiag_version: str
    verdict: VerdictCard | None
    charts: tuple[Chart, ...]
    tables: tuple[Table, ...]
    provenance: tuple[Fact, ...]
    definitions: tuple[tuple[str, str], ...]
    documents: tuple[EmbeddedDocument, ...]
    skipped: tuple[Skipped, ...]
    notes: tuple[str, ...]
