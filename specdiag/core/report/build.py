"""build_report(): the report model from the JSON documents of any specdiag commands.

Pure: parsed documents in, a frozen :class:`Report` out. A document is recognised by its keys
(:func:`specdiag.core.accprofile.document_kind`); one that is not, or one whose part cannot be
read, is skipped with its reason (the page lists the skips). A demo document is unpacked into
the documents of its steps. Sections appear for the evidence present; nothing is invented: a
fact the documents do not hold is not shown.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from specdiag.core import accept, accprofile
from specdiag.core.datafiles import fill, load
from specdiag.core.report.model import (
    Band,
    Chart,
    ChartKind,
    EmbeddedDocument,
    Fact,
    Finding,
    Heatmap,
    Report,
    Role,
    Series,
    Skipped,
    Table,
    VerdictCard,
)
from specdiag.core.report.redact import redact

MAX_FINDINGS = 6
MAX_TIMELINES = 6
_STATUS_ORDER = {"fail": 0, "warn": 1, "unreadable": 2, "info": 3, "pass": 4, "skipped": 5}

_LAYOUT = load("specdiag.core.report", "layout.json")
_CHARTS: dict[str, dict[str, object]] = _LAYOUT["charts"]
_LIMITS = {"healthy": f"{accept.HEALTHY_MIN_RATIO:.0%}", "collapsed": accept.COLLAPSED_MAX_LENGTH}
DEFINITIONS: tuple[tuple[str, str], ...] = tuple(
    (term, fill(text, **_LIMITS))
    for term, text in load("specdiag.core", "conventions.json")["definitions"]
)


# --------------------------------------------------------------------------- small readers


def _num(x: object) -> float | None:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return None
    v = float(x)
    return v if math.isfinite(v) else None


def _nums(x: object) -> tuple[float, ...] | None:
    if not isinstance(x, list) or not x:
        return None
    out = [_num(v) for v in x]
    if any(v is None for v in out):
        return None
    return tuple(v for v in out if v is not None)


def _str(x: object) -> str | None:
    return x if isinstance(x, str) else None


def _int(x: object) -> int | None:
    return x if isinstance(x, int) else None


def _minus_one(x: float | None) -> float | None:
    return None if x is None else x - 1


def _map(x: object) -> Mapping[str, Any]:
    return x if isinstance(x, Mapping) else {}


def _list(x: object) -> list[Any]:
    return x if isinstance(x, list) else []


def _unix(x: object) -> float | None:
    """Seconds since the epoch from a number or an RFC 3339 time (fleet writes both)."""
    v = _num(x)
    if v is not None or not isinstance(x, str):
        return v
    from datetime import datetime

    try:
        return datetime.fromisoformat(x.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _f(x: float | None, digits: int = 3) -> str:
    return "n/a" if x is None else f"{x:.{digits}f}"


def _said(label: str, m: Mapping[str, Any], *rounded: str) -> str:
    """layout.json's text for ``label`` filled from ``m``, the values of the ``rounded`` keys
    shown with two decimals ("n/a" where missing)."""
    return fill(_LAYOUT["facts"][label], m, **{k: _f(_num(m.get(k)), 2) for k in rounded})


def _positions(n: int) -> tuple[float, ...]:
    return tuple(float(i) for i in range(1, n + 1))


# --------------------------------------------------------------------------- the builder

_Column = tuple[str, str] | tuple[str, str, int | str]  # header, key[, how] (see table_of)


class _Builder:
    def __init__(self) -> None:
        self.charts: list[Chart] = []
        self.tables: list[Table] = []
        self.facts: list[Fact] = []
        self.cards: list[tuple[int, VerdictCard]] = []  # (priority, card)
        self.findings: list[tuple[int, Finding]] = []
        self.skipped: list[Skipped] = []
        self.notes: list[str] = []
        self.kinds: set[str] = set()

    def fact(self, label: str, value: object, source: str) -> None:
        if value is None or value == "" or value == []:
            return
        self.facts.append(Fact(label, redact(str(value)), source))

    def card(
        self,
        priority: int,
        source: str,
        m: Mapping[str, Any],
        expected: float | None,
        observed: float | None,
        **given: Any,
    ) -> None:
        """A verdict card from a comparison block ``m`` (verdict, steps, ratio, naive_ratio,
        explanation) and the two accept lengths; ``given`` sets a field another way."""
        fields: dict[str, Any] = {
            "verdict": _str(m.get("verdict")),
            "source": source,
            "steps": _int(m.get("steps")),
            "expected_accept_length": expected,
            "expected_drafts": _minus_one(expected),
            "observed_accept_length": observed,
            "observed_drafts": _minus_one(observed),
            "ratio": _num(m.get("ratio")),
            "naive_ratio": _num(m.get("naive_ratio")),
            "explanation": m.get("explanation"),
        }
        card = VerdictCard(**(fields | given))
        if card.explanation is not None:
            card = replace(card, explanation=redact(card.explanation))
        self.cards.append((priority, card))

    def finding(
        self,
        rank: int,
        title: str,
        status: str,
        message: str,
        source: str,
        fix: str | None = None,
        confirm: tuple[str, ...] = (),
    ) -> None:
        fix = None if fix is None else redact(fix)
        confirm = tuple(map(redact, confirm))
        self.findings.append(
            (rank, Finding(redact(title), status, redact(message), fix, confirm, source))
        )

    def chart(self, kind: ChartKind, layout: str, src: str, **fields: Any) -> None:
        """Add a chart of ``kind`` from ``src``, with the axes layout.json gives ``layout``,
        numbered after the charts of that kind so far."""
        n = sum(1 for c in self.charts if c.kind is kind)
        axes: dict[str, Any] = {  # (read from layout.json)
            k: tuple(v) if isinstance(v, list) else v for k, v in _CHARTS[layout].items()
        }
        chart_id = f"chart-{kind.value}-{n + 1}"
        self.charts.append(Chart(id=chart_id, kind=kind, source=src, **axes, **fields))

    def table(
        self, title: str, columns: tuple[str, ...], rows: Iterable[tuple[str, ...]], source: str
    ) -> None:
        self.tables.append(
            Table(title, columns, tuple(tuple(map(redact, r)) for r in rows), source)
        )

    def fact_of(self, label: str, m: Mapping[str, Any], source: str, **given: object) -> None:
        """A fact whose text is layout.json's for ``label``, filled from the document part
        ``m`` (a key it lacks reads None) and ``given``."""
        self.fact(label, fill(_LAYOUT["facts"][label], m, **given), source)

    def table_of(self, title: str, src: str, items: Iterable[Mapping[str, Any]], name: str) -> None:
        """A table of ``items`` with the columns layout.json names ``name``, each (header,
        key[, how]): ``how`` an int is the digits of a number, ``""`` shows a missing value
        blank; without it, the value as it is."""
        columns: list[_Column] = [tuple(c) for c in _LAYOUT["tables"][name]]

        def cell(m: Mapping[str, Any], col: _Column) -> str:
            v = m.get(col[1])
            how = col[2] if len(col) > 2 else None
            if isinstance(how, int):
                return _f(_num(v), how)
            return str(v or "") if how == "" else str(v)

        cells = (tuple(cell(m, c) for c in columns) for m in items)
        self.table(title, tuple(c[0] for c in columns), cells, src)

    # ----------------------------------------------------------------- per-position

    def per_position(
        self,
        src: str,
        *,
        observed_cond: Sequence[float] | None = None,
        observed_unc: Sequence[float] | None = None,
        expected_acc: Sequence[float] | None = None,
        implied: float | None = None,
        verify_steps: int | None = None,
        label: str = "observed",
    ) -> None:
        series: list[Series] = []
        k = 0
        cond_o = unc_e = None
        if observed_unc:
            unc = tuple(observed_unc)
            cond = cond_o = tuple(observed_cond) if observed_cond else accept.to_conditional(unc)
            k = len(unc)
            x = _positions(k)
            c_lo = c_hi = u_lo = u_hi = None
            if verify_steps:
                u_ci, c_ci = accprofile._intervals(unc, verify_steps)
                u_lo, u_hi = tuple(a for a, _ in u_ci), tuple(b for _, b in u_ci)
                c_lo, c_hi = tuple(a for a, _ in c_ci), tuple(b for _, b in c_ci)
            for panel, (ys, lo, hi) in enumerate(((cond, c_lo, c_hi), (unc, u_lo, u_hi))):
                series.append(Series(label, Role.OBSERVED, x, ys, "points", lo, hi, panel))
        if expected_acc:
            acc = tuple(expected_acc)
            k = max(k, len(acc))
            x = _positions(len(acc))
            unc_e = accept.to_unconditional(acc)
            for panel, ys in enumerate((acc, unc_e)):
                series.append(
                    Series("expected (training)", Role.EXPECTED, x, ys, "line", panel=panel)
                )
        if implied is not None and k:
            x = _positions(k)
            geo = ((implied,) * k, tuple(implied**i for i in range(1, k + 1)))
            for panel, ys in enumerate(geo):
                name = f"geometric a={implied:.3f}"
                series.append(Series(name, Role.GEOMETRIC, x, ys, "line", panel=panel))
        if not series:
            return
        parts = []
        if observed_unc and cond_o:
            parts.append(
                "observed conditional "
                + ", ".join(f"{v:.2f}" for v in cond_o)
                + "; unconditional "
                + ", ".join(f"{v:.2f}" for v in observed_unc)
            )
        if expected_acc:
            parts.append("training profile " + ", ".join(f"{v:.2f}" for v in expected_acc))
        if implied is not None:
            parts.append(f"geometric model at a = {implied:.3f}")
        self.chart(
            ChartKind.PER_POSITION,
            "per_position",
            src,
            title=f"Per-position acceptance ({src})",
            description=f"Acceptance by draft position, {k} positions: " + "; ".join(parts) + ".",
            series=tuple(series),
        )
        columns = (cond_o, observed_unc, expected_acc, unc_e)
        rows = [
            (str(i + 1), *(_f(c[i]) if c and i < len(c) else "" for c in columns)) for i in range(k)
        ]
        headers = tuple(_LAYOUT["tables"]["per_position"])
        self.table(f"Per-position acceptance ({src})", headers, tuple(rows), src)

    def histogram(
        self, src: str, counts: Sequence[float], expected_acc: Sequence[float] | None
    ) -> None:
        total = sum(counts)
        if total <= 0:
            return
        x = tuple(float(j) for j in range(len(counts)))
        shares = tuple(c / total for c in counts)
        series = [Series("observed", Role.OBSERVED, x, shares, "bar")]
        desc = "Share of verify steps by accepted drafts: " + ", ".join(
            f"{j}: {s:.1%}" for j, s in enumerate(shares)
        )
        if expected_acc and len(expected_acc) == len(counts) - 1:
            dist = accept.profile(expected_acc).distribution
            series.append(Series("expected (training)", Role.EXPECTED, x, dist, "points"))
            desc += "; expected " + ", ".join(f"{j}: {s:.1%}" for j, s in enumerate(dist))
        self.chart(
            ChartKind.HISTOGRAM,
            "histogram",
            src,
            title=f"Accepted drafts per verify step ({src})",
            description=desc + f" ({int(total)} verify steps).",
            series=tuple(series),
        )

    # ----------------------------------------------------------------- documents

    def read_probe(self, src: str, d: Mapping[str, Any]) -> None:
        server, al, exp = (_map(d.get(k)) for k in ("server", "accept_length", "expected"))
        spec = _map(server.get("speculative"))
        pp, wl = _map(d.get("per_position")), _map(d.get("workload"))
        self.fact(
            "engine",
            f"{server.get('engine') or d.get('engine')} {server.get('version') or ''}".strip(),
            src,
        )
        self.fact("server model", server.get("model"), src)
        self.fact("server URL", server.get("url"), src)
        if spec:
            self.fact(
                "speculative config (resolved)",
                ", ".join(f"{k} {v}" for k, v in spec.items() if v is not None and k != "source")
                + (f" (from {spec.get('source')})" if spec.get("source") else ""),
                src,
            )
        if wl:
            self.fact_of("sampling", wl, src)
            categories = ", ".join(map(str, _list(wl.get("categories"))))
            self.fact_of("workload", wl, src, categories=categories)
        pooled = _num(al.get("pooled"))
        if exp or pooled is not None:
            steps = exp.get("steps") if isinstance(exp.get("steps"), int) else spec.get("steps")
            self.card(
                1,
                src,
                exp,
                _num(exp.get("expected_accept_length")),
                pooled,
                verdict=_str(d.get("verdict")),
                steps=_int(steps),
            )
        acc = _nums(exp.get("acc"))
        self.per_position(
            src,
            observed_cond=_nums(pp.get("conditional")),
            observed_unc=_nums(pp.get("unconditional")),
            expected_acc=acc,
            implied=_num(exp.get("implied_acceptance")),
            verify_steps=_int(al.get("verify_steps")),
        )
        hist = _nums(al.get("histogram"))
        if hist:
            self.histogram(src, hist, acc)
        cats = [c for c in _list(d.get("by_category")) if isinstance(c, Mapping)]
        if cats:
            self._bars(
                ChartKind.CATEGORY,
                f"Accept length by prompt category ({src})",
                src,
                "category",
                [(str(c.get("category")), _num(c.get("accept_length"))) for c in cats],
                _num(exp.get("expected_accept_length")),
            )
            self.table_of(f"By category ({src})", src, cats, "by_category")
        self.latency(src, _map(d.get("latency")), _map(_map(d.get("baseline")).get("latency")))
        base = _map(d.get("baseline"))
        sp = _map(base.get("speedup"))
        tput = _num(sp.get("output_tokens_per_s"))
        if tput is not None and pooled is not None:
            series = [Series("observed (vs baseline)", Role.OBSERVED, (pooled,), (tput,), "points")]
            k = _int(spec.get("steps"))
            self.speedup(
                src,
                series,
                title=f"Accept length vs speedup over the baseline ({src})",
                description=f"Observed accept length {pooled:.2f} gives {tput:.2f}x the "
                "baseline's output tokens per second"
                + (f" with {k} draft tokens" if k else "")
                + ".",
                y_label="speedup (output tokens/s vs baseline)",
            )

    def speedup(self, src: str, series: Sequence[Series], **text: str) -> None:
        """A chart of speedup against accept length; ``text``: title, description, y_label."""
        self.chart(ChartKind.SPEEDUP, "speedup", src, series=tuple(series), hline=1.0, **text)

    def latency(self, src: str, lat: Mapping[str, Any], base: Mapping[str, Any]) -> None:
        metrics = [
            m for m in ("ttft_ms", "tpot_ms", "itl_ms", "e2e_ms") if _map(lat.get(m)).get("n")
        ]
        if not metrics:
            return
        stats = ("min", "p50", "p90", "p99", "max")
        x = tuple(float(j) for j in range(len(stats)))
        series: list[Series] = []
        desc = []
        for i, m in enumerate(metrics):
            for label, role, block in (
                ("speculative", Role.OBSERVED, lat),
                ("baseline", Role.BASELINE, base),
            ):
                ys = _nums([_map(block.get(m)).get(s) for s in stats])  # None: one is missing
                if ys:
                    series.append(Series(label, role, x, ys, "line", panel=i))
            st = _map(lat.get(m))
            desc.append(
                f"{m[:-3].upper()} p50 {_f(_num(st.get('p50')), 1)} ms, p99 {_f(_num(st.get('p99')), 1)} ms"
            )
        self.chart(
            ChartKind.LATENCY,
            "latency",
            src,
            title=f"Latency distributions ({src})",
            description="Latency percentiles (min, p50, p90, p99, max): " + "; ".join(desc) + ".",
            series=tuple(series),
            panels=tuple(m[:-3].upper() for m in metrics),
            x_ticks=stats,
        )

    def read_logs(self, src: str, d: Mapping[str, Any]) -> None:
        pred = _map(d.get("prediction"))
        acc = _nums(pred.get("acc"))
        e_al = _num(pred.get("expected_accept_length"))
        for f in _list(d.get("files")):
            if isinstance(f, Mapping):
                self.fact_of("log file", f, src)
        for engine, s in _map(d.get("summary")).items():
            s = _map(s)
            versions = _map(s.get("versions"))
            self.fact("engine (from the log lines)", f"{engine}: " + ", ".join(versions), src)
            if s.get("first_time") or s.get("last_time"):
                self.fact(
                    "log time range",
                    f"{engine}: {s.get('first_time')} .. {s.get('last_time')}",
                    src,
                )
            comp = _map(s.get("comparison"))
            al = _map(s.get("accept_length"))
            obs = _num(comp.get("observed_accept_length")) or _num(al.get("mean"))
            if comp and comp.get("verdict"):
                self.card(
                    2,
                    f"{src} ({engine})",
                    comp,
                    e_al,
                    obs,
                    verdict=str(comp.get("verdict")),
                    steps=_int(pred.get("steps")),
                    expected_drafts=_num(pred.get("expected_accepted_drafts")),
                    observed_drafts=_num(comp.get("observed_accepted_drafts")),
                )
            pp = [p for p in _list(s.get("per_position")) if isinstance(p, Mapping)]
            unc = _nums([p.get("unconditional") for p in pp]) if pp else None
            cond = _nums([p.get("conditional") for p in pp]) if pp else None
            if unc or acc:
                self.per_position(
                    f"{src} ({engine})",
                    observed_cond=cond,
                    observed_unc=unc,
                    expected_acc=acc if unc else None,
                    implied=_num(comp.get("implied_acceptance")) if unc else None,
                )
            values = _nums(s.get("sparkline_values"))
            if values:
                rec = s.get("records")
                records = rec if isinstance(rec, int) and rec > 0 else len(values)
                width = records / len(values)
                x = tuple((i + 0.5) * width for i in range(len(values)))
                coll = _map(s.get("collapse"))
                n_str = coll.get("stretches") or 0
                series = [Series("observed (bucket mean)", Role.OBSERVED, x, values, "step")]
                if e_al:
                    ends = (x[0], x[-1])
                    series.append(Series("expected (training)", Role.EXPECTED, ends, (e_al,) * 2))
                self.chart(
                    ChartKind.TIMELINE,
                    "log_timeline",
                    src,
                    title=f"Accept length over the log ({src}, {engine})",
                    description=f"Accept length (bonus included) over {records} log records "
                    f"in {len(values)} buckets, from {values[0]:.2f} to {values[-1]:.2f} "
                    f"(min {min(values):.2f}, max {max(values):.2f}); {n_str} collapse "
                    f"stretch(es) at or below {accept.COLLAPSED_MAX_LENGTH}.",
                    series=tuple(series),
                    hline=accept.COLLAPSED_MAX_LENGTH,
                )
                longest = [x for x in _list(coll.get("longest")) if isinstance(x, Mapping)]
                if longest:
                    self.table_of(
                        f"Collapse stretches ({src}, {engine})",
                        src,
                        (
                            {**c, "lines": f"{c.get('first_line')}-{c.get('last_line')}"}
                            for c in longest
                        ),
                        "collapse_stretches",
                    )
            ranks = {r: _map(v) for r, v in _map(s.get("ranks")).items() if r}
            if len(ranks) > 1:
                self._bars(
                    ChartKind.RANKS,
                    f"Accept length by rank ({src}, {engine})",
                    src,
                    "rank",
                    [(r, _num(_map(v.get("accept_length")).get("mean"))) for r, v in ranks.items()],
                    e_al,
                )

    def _bars(
        self,
        kind: ChartKind,
        title: str,
        src: str,
        x_label: str,
        read: Sequence[tuple[str, float | None]],
        expected: float | None,
    ) -> None:
        """A bar per name with a value (names without one are left out)."""
        vals = [(n, v) for n, v in read if v is not None]
        if not vals:
            return
        x = tuple(float(i) for i in range(len(vals)))
        self.chart(
            kind,
            "bars",
            src,
            title=title,
            description="Accept length (bonus included): "
            + ", ".join(f"{n} {v:.2f}" for n, v in vals)
            + (f"; expected {expected:.2f}" if expected else "")
            + ".",
            x_label=x_label,
            series=(Series("observed", Role.OBSERVED, x, tuple(v for _, v in vals), "bar"),),
            x_ticks=tuple(n for n, _ in vals),
            hline=expected,
        )

    def read_fleet(self, src: str, d: Mapping[str, Any]) -> None:
        win = _map(d.get("window"))
        self.fact_of("fleet window", win, src)
        self.fact("Prometheus", d.get("prometheus"), src)
        self.fact("selector", d.get("selector"), src)
        fl = _map(d.get("fleet"))
        e_al = _num(fl.get("expected_accept_length"))
        reps = [r for r in _list(d.get("replicas")) if isinstance(r, Mapping)]
        pooled = _num(fl.get("pooled_accept_length"))
        if pooled is not None:
            self.card(
                4,
                f"{src} (pooled over {fl.get('replicas_with_data')} replicas)",
                {},
                e_al,
                pooled,
                ratio=(pooled - 1) / (e_al - 1) if e_al is not None and e_al > 1 else None,
                explanation=_said(
                    "fleet pooled", fl, *(f"{x}_accept_length" for x in ("median", "min", "max"))
                ),
            )
        for o in _list(d.get("outliers")):
            o = _map(o)
            message = _said("replica outlier", o, "accept_length", "fleet_median", "deficit")
            self.finding(30, f"replica {o.get('replica')} is an outlier", "warn", message, src)
        for r in reps:
            tr = _map(r.get("trend"))
            if tr.get("declining"):
                message = _said(
                    "replica declining", tr, "first_third", "last_third", "slope_per_hour"
                )
                self.finding(31, f"replica {r.get('replica')} is declining", "warn", message, src)
        self._bars(
            ChartKind.REPLICAS,
            f"Accept length by replica ({src})",
            src,
            "replica",
            [(str(r.get("replica")), _num(r.get("accept_length"))) for r in reps],
            e_al,
        )
        # timelines: the replicas in trouble first, then healthy ones as reference, at most
        # MAX_TIMELINES charts (the by-replica chart shows every replica)
        trouble = [
            r
            for r in reps
            if r.get("outlier") or r.get("collapsed") or _map(r.get("trend")).get("declining")
        ]
        shown = (trouble + [r for r in reps if r not in trouble])[:MAX_TIMELINES]
        if len(reps) > len(shown):
            self.notes.append(
                f"fleet: {len(reps) - len(shown)} replica timeline(s) not drawn (at most "
                f"{MAX_TIMELINES}, the replicas in trouble first)"
            )
        for r in shown:
            tl = _map(r.get("timeline"))
            ends, als = _list(tl.get("ends_unix")), _list(tl.get("accept_length"))
            pts = [
                (float(t), float(a))
                for t, a in zip(ends, als, strict=False)
                if _num(t) is not None and _num(a) is not None
            ]
            if len(pts) >= 2:
                t0 = _unix(win.get("start")) or pts[0][0]
                bands = []
                for c in _list(r.get("collapses")):
                    c = _map(c)
                    c0, c1 = _unix(c.get("start")), _unix(c.get("end"))
                    if c0 is not None and c1 is not None:
                        label = f"collapse, mean {_f(_num(c.get('mean_accept_length')), 2)}"
                        bands.append(Band((c0 - t0) / 60, (c1 - t0) / 60, label, "collapse"))
                minutes, values = tuple((t - t0) / 60 for t, _ in pts), tuple(a for _, a in pts)
                resets = r.get("counter_resets")
                n_resets = resets if isinstance(resets, int) else len(_list(resets))
                self.chart(
                    ChartKind.TIMELINE,
                    "fleet_timeline",
                    src,
                    title=f"Accept length over time, replica {r.get('replica')} ({src})",
                    description=f"Accept length (bonus included) per bucket over "
                    f"{(pts[-1][0] - t0) / 60:.0f} min: from {pts[0][1]:.2f} to {pts[-1][1]:.2f}"
                    f"; {len(bands)} collapse stretch(es); {n_resets} counter reset(s) "
                    "(restarts).",
                    series=(Series("observed", Role.OBSERVED, minutes, values, "step"),),
                    bands=tuple(bands),
                    hline=accept.COLLAPSED_MAX_LENGTH,
                )
            ranks = [x for x in _list(r.get("ranks")) if isinstance(x, Mapping)]
            if len(ranks) > 1:
                self._bars(
                    ChartKind.RANKS,
                    f"Accept length by rank, replica {r.get('replica')} ({src})",
                    src,
                    "rank",
                    [
                        (
                            ",".join(f"{k}={v}" for k, v in _map(x.get("rank")).items()) or "?",
                            _num(x.get("accept_length")),
                        )
                        for x in ranks
                    ],
                    e_al,
                )
        try:
            prof = accprofile.read_profile(d)
        except Exception:  # noqa: BLE001 - a fleet without per-position counters: no chart
            prof = None
        if prof is not None and prof.unconditional is not None:
            self.per_position(
                src,
                observed_cond=prof.conditional,
                observed_unc=prof.unconditional,
                verify_steps=prof.conditions.verify_steps,
                label="observed (pooled replicas)",
            )

    def read_expected_accept(self, src: str, d: Mapping[str, Any]) -> None:
        acc = _nums(d.get("acc"))
        e_al = _num(d.get("expected_accept_length"))
        obs = _map(d.get("observed"))
        o_al = _num(d.get("observed_accept_length"))
        if d.get("verdict") or e_al is not None:
            self.card(
                3,
                src,
                d,
                e_al,
                o_al,
                expected_drafts=_num(d.get("expected_accepted_drafts")),
                observed_drafts=_num(d.get("observed_accepted_drafts")),
            )
        if obs:
            self.fact(
                "observed number",
                f"{obs.get('value')} ({obs.get('kind')}) from {obs.get('engine')} {obs.get('engine_version') or ''}".strip(),
                src,
            )
        self.per_position(src, expected_acc=acc, implied=_num(d.get("implied_acceptance")))
        sweep = [r for r in _list(d.get("sweep")) if isinstance(r, Mapping)]
        if sweep and acc:
            pts = [
                (_num(r.get("expected_accept_length")), _num(r.get("speedup")), r.get("steps"))
                for r in sweep
            ]
            pts2 = [(a, s, k) for a, s, k in pts if a is not None and s is not None]
            name = f"model, cost ratio {d.get('cost_ratio')} (k = 1..{len(pts2)})"
            xs, ys = tuple(a for a, _, _ in pts2), tuple(s for _, s, _ in pts2)
            series = [Series(name, Role.EXPECTED, xs, ys, "line")]
            o_sp = _num(d.get("observed_speedup"))
            if o_sp is not None and o_al is not None:
                series.append(
                    Series("observed acceptance", Role.OBSERVED, (o_al,), (o_sp,), "points")
                )
            self.speedup(
                src,
                series,
                title=f"Accept length vs modelled speedup ({src})",
                description="Modelled speedup by draft length: "
                + ", ".join(f"k={k}: AL {a:.2f} -> {s:.2f}x" for a, s, k in pts2)
                + ".",
                y_label="speedup over plain decoding",
            )

    def read_doctor(self, src: str, d: Mapping[str, Any]) -> None:
        gap = _map(d.get("gap"))
        self.fact("doctor evidence", ", ".join(map(str, _list(d.get("evidence_given")))), src)
        self.fact(
            "engine (doctor)",
            f"{d.get('engine')} ({d.get('engine_from')})" if d.get("engine") else None,
            src,
        )
        checks = [c for c in _list(d.get("checks")) if isinstance(c, Mapping)]
        for c in checks:
            for e in _list(c.get("evidence")):
                e = _map(e)
                loc = str(e.get("location") or "")
                if c.get("check") == "server-args" and e.get("source") == "server-args":
                    self.fact(f"launch command: {loc}", e.get("value"), src)
                elif any(
                    w in (loc + str(e.get("value"))).lower() for w in ("sha256", "digest", "hash")
                ):
                    self.fact(f"fingerprint: {loc}", e.get("value"), src)

        def doctor_finding(rank: int, f: Mapping[str, Any]) -> None:
            confirm = tuple(map(str, _list(f.get("confirm"))))
            title, status, message = (str(f.get(k)) for k in ("title", "status", "message"))
            self.finding(rank, title, status, message, src, _str(f.get("fix")), confirm)

        for f in _list(d.get("findings")):
            if isinstance(f, Mapping):
                doctor_finding(int(f.get("rank") or 99), f)
        for c in checks:
            if c.get("status") in ("fail", "warn") and not any(
                isinstance(c.get("title"), str) and redact(c["title"]) == f.title
                for _, f in self.findings
            ):
                doctor_finding(100 + _STATUS_ORDER.get(str(c.get("status")), 5), c)
        if gap:
            self.card(
                0,
                f"{src} ({gap.get('observed_from')})" if gap.get("observed_from") else src,
                gap,
                _num(gap.get("expected_accept_length")),
                _num(gap.get("observed_accept_length")),
                expected_drafts=_num(gap.get("expected_drafts")),
                observed_drafts=_num(gap.get("observed_drafts")),
            )
        self.fact(
            "engine version (doctor)",
            f"{d.get('engine_version')} ({d.get('engine_version_from')})"
            if d.get("engine_version")
            else None,
            src,
        )
        segs = [x for x in _list(d.get("segments")) if isinstance(x, Mapping)]
        if segs:
            self.segments(src, segs, _num(gap.get("expected_accept_length")))
        if d.get("summary"):
            self.notes.append(f"doctor: {d.get('summary')}")
        if checks:
            checks_sorted = sorted(checks, key=lambda c: _STATUS_ORDER.get(str(c.get("status")), 5))
            self.table_of(f"Doctor checks ({src})", src, checks_sorted, "doctor_checks")

    def segments(self, src: str, segs: Sequence[Mapping[str, Any]], expected: float | None) -> None:
        """Doctor's log timeline split at restarts: accept length per segment, why each began."""
        if len(segs) > 1:
            self._bars(
                ChartKind.TIMELINE,
                f"Accept length by log segment, split at restarts ({src})",
                src,
                "segment: start",
                [
                    (f"{x.get('index')}: {x.get('start')}", _num(x.get("accept_length")))
                    for x in segs
                ],
                expected,
            )
        self.table_of(f"Log segments split at restarts ({src})", src, segs, "log_segments")

    def read_compare_hidden(self, src: str, d: Mapping[str, Any]) -> None:
        self.fact_of("hidden-state dumps", d, src)
        self.fact_of("layer ids", d, src)
        chunks = [c for c in _list(d.get("chunks")) if isinstance(c, Mapping)]
        sim = _list(d.get("reference_similarity"))
        reference = bool(sim) and all(isinstance(r, list) for r in sim)
        if reference:
            title, key = "reference layer (HF hidden_states index)", "identified_hf_index"
        else:
            title, key = "training chunk", "best_train_chunk"
            sim = _list(d.get("similarity"))
            if not all(isinstance(r, list) for r in sim):
                sim = []
        width = max((len(r) for r in sim), default=0)
        cols = tuple(
            ("emb" if j == 0 else f"{j}") if reference else f"train {j}" for j in range(width)
        )
        marked = tuple(
            (i, int(c[key]))
            for i, c in enumerate(chunks)
            if isinstance(c.get(key), int) and 0 <= int(c[key]) < width
        )
        if sim:
            values = tuple(tuple(_num(v) for v in r) + (None,) * (width - len(r)) for r in sim)
            rows = tuple(f"served {i}" for i in range(len(values)))
            chosen = ", ".join(f"chunk {r} -> {cols[c]}" for r, c in marked)
            self.chart(
                ChartKind.IDENTIFICATION,
                "identification",
                src,
                title=f"Hidden-state identification ({src})",
                description=f"Cosine similarity of each served chunk with each {title}; "
                f"the chosen one is outlined: {chosen or 'none identified'}.",
                x_label=title,
                heatmap=Heatmap(rows, cols, values, marked, "cosine similarity"),
            )
        if chunks:
            self.table_of(f"Served chunks ({src})", src, chunks, "served_chunks")
        for text in _list(d.get("diagnosis")):
            self.notes.append(f"compare-hidden: {text}")
        sugg = _map(d.get("suggested_layer_ids"))
        kinds = [str(f) for f in _list(d.get("findings")) if isinstance(f, str)]
        if d.get("match") is False:
            fix = "; ".join(f"{e}: {ids}" for e, ids in sugg.items())
            self.finding(
                40,
                "served hidden states are not the trained ones"
                + (f" ({', '.join(kinds)})" if kinds else ""),
                "fail",
                "; ".join(map(str, _list(d.get("diagnosis")))),
                src,
                f"set the aux layer ids the draft was trained on ({fix})" if fix else None,
            )

    def read_inspect_dump(self, src: str, d: Mapping[str, Any]) -> None:
        files = [f for f in _list(d.get("files")) if isinstance(f, Mapping)]
        rows = []
        for f in files:
            fp = [x for x in _list(f.get("fingerprint")) if isinstance(x, Mapping)]
            fps = " ".join(f"{_f(_num(x.get('rms_mean')), 3)}" for x in fp)
            shown = (str(f.get(k)) for k in ("path", "ok", "tokens", "hidden_size", "dtype"))
            rows.append((*shown, fps, "; ".join(map(str, _list(f.get("problems"))))))
            if fps:
                self.fact(f"dump fingerprint (rms per chunk): {f.get('path')}", fps, src)
        if rows:
            headers = tuple(_LAYOUT["tables"]["training_dumps"])
            self.table(f"Training dumps ({src})", headers, tuple(rows), src)
        for p in _list(d.get("problems")):
            self.finding(60, "training dump problem", "warn", str(p), src)

    def read_capture_hidden(self, src: str, d: Mapping[str, Any]) -> None:
        self.fact_of("capture", d, src)
        self.fact("capture output", d.get("output"), src)

    def add(self, name: str, doc: object) -> None:
        if not isinstance(doc, Mapping):
            self.skipped.append(Skipped(name, "not a JSON object"))
            return
        kind = accprofile.document_kind(doc)
        if kind == "demo":
            for step in _list(doc.get("steps")):
                step = _map(step)
                if (
                    isinstance(step.get("result"), Mapping)
                    and step.get("name") != "reference-server"
                ):
                    self.add(f"{name}: {step.get('name')}", step["result"])
            for cmd in _list(doc.get("next_commands")):
                self.notes.append(f"demo next step: {cmd}")
            if doc.get("summary"):
                self.notes.append(f"demo: {doc.get('summary')}")
            return
        # a command's document is read by the method named after its kind (read_compare_hidden)
        read = getattr(self, f"read_{kind}".replace("-", "_"), None)
        if kind is None or read is None:
            self.skipped.append(
                Skipped(
                    name,
                    "not the JSON document of a command the report reads"
                    if kind is None
                    else f"a {kind} file: give it to `specdiag profile`",
                )
            )
            return
        self.kinds.add(kind)
        try:
            read(name, doc)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            self.skipped.append(
                Skipped(name, f"{kind} document not understood: {type(exc).__name__}: {exc}")
            )


def _finite(x: object) -> object:
    """JSON as the commands write it: a non-finite number becomes null."""
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, Mapping):
        return {str(k): _finite(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_finite(v) for v in x]
    return x


def embed(name: str, doc: object) -> EmbeddedDocument:
    """A document as the page embeds it: indented JSON, secrets redacted."""
    kind = accprofile.document_kind(doc) if isinstance(doc, Mapping) else None
    return EmbeddedDocument(
        name,
        kind or "unknown",
        redact(json.dumps(_finite(doc), indent=1, allow_nan=False, default=str)),
    )


def build_report(
    documents: Sequence[tuple[str, object]],
    *,
    generated_at: str,
    specdiag_version: str,
    extra_provenance: Sequence[tuple[str, str]] = (),
    title: str | None = None,
) -> Report:
    """The report model of ``documents`` (name, parsed JSON), newest knowledge first."""
    b = _Builder()
    for name, doc in documents:
        b.add(name, doc)
    facts = [
        Fact("specdiag version (report)", specdiag_version, "report"),
        Fact("generated", generated_at, "report"),
    ]
    facts += [
        Fact(label, redact(value), "command line") for label, value in extra_provenance if value
    ]
    facts += b.facts
    findings = tuple(f for _, f in sorted(b.findings, key=lambda rf: rf[0]))[:MAX_FINDINGS]
    card = None
    if b.cards:
        card = replace(min(b.cards, key=lambda pc: pc[0])[1], findings=findings)
    elif findings:
        card = VerdictCard(None, "findings", findings=findings)
    embedded = []
    for name, doc in documents:
        try:
            embedded.append(embed(name, doc))
        except (TypeError, ValueError) as exc:  # noqa: PERF203 - one per document
            b.skipped.append(Skipped(name, f"could not be embedded: {exc}"))
    kinds = sorted(b.kinds)
    return Report(
        title=title
        or "Speculative decoding diagnosis" + (f": {', '.join(kinds)}" if kinds else ""),
        generated_at=generated_at,
        specdiag_version=specdiag_version,
        verdict=card,
        charts=tuple(b.charts),
        tables=tuple(b.tables),
        provenance=tuple(facts),
        definitions=DEFINITIONS,
        documents=tuple(embedded),
        skipped=tuple(b.skipped),
        notes=tuple(redact(n) for n in b.notes),
    )
