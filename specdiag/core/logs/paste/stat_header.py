"""A table whose header names statistics alone (``| bs | mean | p50 | p90 | min | max | out tok/s
|``) under prose naming the one figure they summarise: ``Metric = per-request
`meta_info.spec_accept_length```, or ``Accept length per request:`` right above the table.

The statistics are of that figure over the requests of one run a row: the row's ``mean`` is the
run's figure (one record a row); its percentiles, minimum and maximum are the same run's spread,
no run of their own. The record is read as a table titled by the figure would be (its tool's
convention decides its bonus: SGLang's ``spec_accept_length``, a field its server fills in
each response, counts the target's token, whatever client script gathered the values).

Only where:

- the figure is named by ``Metric = X`` / ``Metric: X`` (the nearest such statement above the
  table, in its own ``#`` / ``##`` section) or by ``X per request:`` within the three lines
  above, and X is an acceptance length or rate (interpret.key_of);
- the header has one ``mean`` / ``avg`` / ``average`` column and at least one other statistic
  (``p50``, ``median``, ``p90``, ``min``, ``max``, ``std``, ...), the columns before the first
  statistic are the row's labels, and no column names an acceptance figure of its own (other
  figures, ``out tok/s``, ``med ITL ms``, are left unread);
- the lines right above the table name no other measure (latency, throughput, time): then the
  statistics are of that measure, whatever a ``Metric =`` further up said.

Pure: text in, records out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import varied as VR
from specdiag.core.logs.paste.model import PasteRecord
from specdiag.core.logs.paste.tables import Grid

_MEAN = frozenset({"mean", "avg", "average", "mean value"})
_OTHER_STATS = frozenset(
    {
        "p50",
        "p90",
        "p95",
        "p99",
        "p10",
        "p25",
        "p75",
        "median",
        "min",
        "max",
        "std",
        "stdev",
        "std dev",
        "minimum",
        "maximum",
        "p 50",
        "p 90",
        "p 99",
        # the range of the values (maximum less minimum)
        "spread",
        "range",
    }
)
# 'Metric = per-request `meta_info.spec_accept_length`;' (group 'x': up to ';', '(' or the end)
_METRIC_IS = re.compile(r"\bmetric\s*(?:=|:|\bis\b)\s*(?P<x>[^;(\n]{2,80})", re.I)
# 'Accept length per request:' alone on a line
_PER_REQUEST = re.compile(r"^\W*(?P<x>[^:\n]{2,60}?)\s+per[- ]request\W*:\W*$", re.I)
# SGLang's per-request response field of the accept length
_SGLANG_FIELD = re.compile(r"\bspec_accept_length\b")
_HEADING_TOP = re.compile(r"^\s{0,3}#{1,2}\s")
# another measure named right above the table: its statistics are of that measure
_OTHER_MEASURE = re.compile(
    r"latenc|\bttft\b|\btpot\b|\bitl\b|\be2el?\b|throughput|tok(?:en)?s?/s|\btime\b|\bms\b|"
    r"memory|\bspeed",
    re.I,
)


def _norm(cell: str) -> str:
    return re.sub(r"[`*_]+", " ", cell).strip().lower().replace("  ", " ")


_VARIES = VR.VARIES


def _opened(raw: list[str], first: int) -> str | None:
    """The acceptance figure the paragraph right above the table (at most one blank line
    between) opens on as the subject of its variation (``_VARIES``), else None."""
    end = first - 1
    if end >= 0 and not raw[end].strip():
        end -= 1
    start = end
    while start > 0 and start > end - 8 and raw[start - 1].strip():
        start -= 1
    if end < 0 or not raw[start].strip():
        return None
    m = _VARIES.match(raw[start])
    if m is None or I.key_of(m.group("x")).metric not in (C.LENGTH, C.RATE):
        return None
    return m.group("x")


def _figure(raw: list[str], first: int, metric_named: bool = True) -> str | None:
    """The acceptance figure the prose above the table (0-based line ``first``) names;
    ``metric_named``: whether the paste holds 'metric' at all (else no 'Metric = X' is looked
    for above: the paste's lines are not walked back per table)."""
    near = [t for t in raw[max(0, first - 3) : first] if t.strip()]
    for t in reversed(near):
        m = _PER_REQUEST.match(t)
        if m is not None:
            x = m.group("x").strip("`*_ ")
            return x if I.key_of(x).metric in (C.LENGTH, C.RATE) else None
    if any(_OTHER_MEASURE.search(t) for t in near):
        return None
    if (x := _opened(raw, first)) is not None:
        return x
    if not metric_named:
        return None
    for i in range(first - 1, -1, -1):
        t = raw[i]
        m = _METRIC_IS.search(t)
        if m is not None:
            x = m.group("x").replace("`", "").strip(" *_.,")
            x = re.sub(r"^(?:the\s+)?per[- ]request\s+", "", x, flags=re.I)
            return x if I.key_of(x).metric in (C.LENGTH, C.RATE) else None
        if _HEADING_TOP.match(t):
            return None
    return None


def hinted(body: str, text: str, title: str = "") -> bool:
    """Cheap test: a pipe table with a mean column in a paste with such a statement, or under
    a title naming an acceptance figure."""
    low = body.lower()
    return (
        "|" in body
        and ("mean" in low or "avg" in low or "average" in low)
        and (
            "metric" in text.lower()
            or "accept" in text.lower()
            or "per request" in text.lower()
            or "per-request" in text.lower()
            or "accept" in title.lower()
        )
    )


# a title naming acceptance alone ('Acceptance by task', 'Acceptance per domain')
_ACCEPTANCE_TITLE = re.compile(
    r"^\W*(?:draft\s+)?acceptance(?:\s+(?:by|per|across)\s+[\w -]+)?\W*$", re.I
)


def _titled(title: str, raw: list[str], first: int) -> str | None:
    """The table's own title (a markdown heading or a line ending ':' right above it, as the
    reader found it) where it names an acceptance length or rate alone ('### Acceptance by
    task'), and no line right above the table names another measure."""
    if not title or (I.heading_figure(title) is None and not _ACCEPTANCE_TITLE.search(title)):
        return None
    near = [t for t in raw[max(0, first - 3) : first] if t.strip()]
    return None if any(_OTHER_MEASURE.search(t) for t in near) else title


# statistics that are values of the figure (not a spread of them)
_VALUE_STATS = _MEAN | (_OTHER_STATS - {"std", "stdev", "std dev", "spread", "range"})


def _lengths(g: Grid, head: list[str], stat_cols: set[int]) -> bool:
    """Whether the table's values of the figure (its mean, percentiles, minimum and maximum, and
    a column of the samples joined by '/') are lengths: two at least, every one from 1 to 16,
    none with '%', one at least with decimals (a rate never passes 1 without '%')."""
    vals = []
    for _, cells in g.rows:
        for j, cell in enumerate(cells):
            if j >= len(head) or (head[j] not in _VALUE_STATS and j in stat_cols):
                continue
            parts = cell.split("/") if j not in stat_cols else [cell]
            if j not in stat_cols and len(parts) < 2:
                continue
            for part in parts:
                v = C.value(C._MARKUP.sub("", part).strip())
                if v is None:
                    if j not in stat_cols:
                        break  # not a column of samples
                    continue
                vals.append(v)
    return (
        len(vals) >= 2
        and all(not v.percent and 1.0 <= v.number <= C.MAX_STEP_TOKENS for v in vals)
        and any(v.decimals for v in vals)
    )


def reduced(g: Grid, text: str, title: str = "") -> tuple[Grid, str] | None:
    """The table cut to its label columns and its mean column, and the figure's name (a title
    for interpret.grid), where the rule applies; else None."""
    if len(g.header) != 1:
        return None
    head = [_norm(c) for c in g.header[0]]
    means = [j for j, h in enumerate(head) if h in _MEAN]
    stats = [j for j, h in enumerate(head) if h in _OTHER_STATS]
    if len(means) != 1 or not stats:
        return None
    first_stat = min(means + stats)
    if first_stat == 0:
        return None
    if any(C.key(h).metric in C.ACCEPTANCE or I.key_of(h).metric in C.ACCEPTANCE for h in head):
        return None
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    fig = _figure(raw, g.first_line - 1, "metric" in text.lower()) or _titled(
        title, raw, g.first_line - 1
    )
    if fig is None:
        return None
    key = I.key_of(fig)
    if (
        key.metric == C.RATE
        and not key.percent
        and "rate" not in fig.lower()
        and _lengths(g, head, {*means, *stats, *range(first_stat)})
    ):
        # a bare acceptance over values a rate never takes (3.76 without '%', its samples
        # from 1 to 16): the length, as a rate's title over such cells is
        fig = "acceptance length"
    keep = [*range(first_stat), means[0]]
    header = [[g.header[0][j] if j != means[0] else "mean" for j in keep]]
    rows = [(ln, [cells[j] if j < len(cells) else "" for j in keep]) for ln, cells in g.rows]
    return Grid(g.structure, header, rows, g.first_line, g.last_line), fig


def read(g: Grid, ctx: I.Ctx, text: str, title: str = "") -> list[PasteRecord]:
    """Records of a statistic-only table under prose or a title naming its acceptance figure."""
    got = reduced(g, text, title)
    if got is None:
        return []
    small, fig = got
    if ctx[0] in ("sglang", "unknown") and _SGLANG_FIELD.search(fig):
        # SGLang's own response field ('meta_info.spec_accept_length'): the server computed
        # each value, whatever client script gathered them
        ctx = ("sglang", "the metric's name", ctx[2])
    recs, _ = I.grid(small, ctx, fig)
    return recs
