"""The ``logs`` command's JSON document and human view, shared by the command and the demo
(so the demo imports no command module)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from specdiag.cli._output import derive, fmt, judgement_fields, table, verdict_markup
from specdiag.core.accept import COLLAPSE_CAUSES

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.table import Table

    from specdiag.core.logs.analyze import EngineSummary, FileReport, LogsReport
    from specdiag.core.logs.compare import Comparison
    from specdiag.core.logs.infer import RateInference
    from specdiag.core.logs.paste.model import PasteReading, PasteRecord
    from specdiag.core.logs.records import LogRecord
    from specdiag.core.logs.run import LogsResult
    from specdiag.core.logs.summary import Dist, SeriesStats

# --------------------------------------------------------------------------- JSON


# The document is derived from the result dataclasses (cli/_output.derive): a key is a field's
# name unless docs/logs.md lists a rename or a grouping (cuda_graph, collapse, window, ...).
# Fields left out of the document: an engine's name where it is the key it is listed under, and
# LogsResult's inputs, warnings, notes and interrupted (stderr, and the exit code, carry them).


def _series_or_none(s: SeriesStats | None) -> dict[str, object] | None:
    return None if s is None else series_doc(s)


def series_doc(s: SeriesStats) -> dict[str, object]:
    """One series' stats, as docs/logs.md "Stats" lists them."""
    return derive(
        s,
        only=(
            "records",
            "record_kinds",
            "first_time",
            "last_time",
            "duration_s",
            "clock",
            "versions",
            "accept_length",
            "accepted_drafts",
            "accept_rate",
            "throughput",
            "throughput_label",
            "accepted_tokens",
            "drafted_tokens",
            "pooled_accept_rate",
            "cuda_graph",
            "per_position",
            "draft_positions",
            "collapse",
            "sparkline",
            "sparkline_values",
            "rate_inference",
            "lifetime",
            "notes",
            "warnings",
        ),
        convert={
            "versions": dict,
            "notes": dict,
            "rate_inference": _rate_inference_doc,
            "lifetime": _lifetime_doc,
        },
        add={
            "cuda_graph": {
                "records": s.cuda_graph_records,
                "false_share": s.cuda_graph_false_share,
            },
            "collapse": {
                "stretches": s.collapse_stretch_count,
                "records": s.collapsed_records,
                "causes": list(COLLAPSE_CAUSES) if s.collapse_stretch_count else [],
                "longest": s.collapse_stretches,
            },
        },
    )


def _rate_inference_doc(inf: RateInference | None) -> dict[str, object] | None:
    if inf is None:
        return None
    return derive(
        inf,
        omit=("notes",),
        rename={
            "consistent": "consistent_lines",
            "total": "lines",
            "formula_ambiguous": "ambiguous",
        },
        convert={"formula": lambda f: {"0.5.11": ">= 0.5.11", "0.5.10": "<= 0.5.10"}.get(f or "")},
    )


def _lifetime_doc(rec: LogRecord | None) -> dict[str, object] | None:
    if rec is None:
        return None
    return derive(
        rec,
        only=(
            "time_text",
            "line_no",
            "source",
            "accept_length",
            "accept_rate",
            "accepted_tokens",
            "drafted_tokens",
        ),
        rename={"time_text": "time", "line_no": "line"},
    )


def _comparison_doc(c: Comparison) -> dict[str, object]:
    """``--acc``'s comparison of one engine: Comparison's fields, with the observation's two
    lengths and the judgement (cli/_output.judgement_fields) in place of the objects."""
    doc = derive(c, only=("observed_from", "problem"))
    if c.observation is not None and c.judgement is not None:
        doc["observed_accept_length"] = c.observation.accept_length
        doc["observed_accepted_drafts"] = c.observation.accepted_drafts
        doc.update(judgement_fields(c.judgement))
    doc.update(derive(c, only=("per_position",)))
    return doc


def _file_doc(f: FileReport) -> dict[str, object]:
    """One file (docs/logs.md ``files``): FileReport's fields, its (line, reason, text) and
    (line, text) tuples named."""
    return derive(
        f,
        convert={
            "skipped_reasons": dict,
            "skipped_examples": lambda ex: [
                {"line": ln, "reason": why, "text": text} for ln, why, text in ex
            ],
            "engines": lambda engines: {e: series_doc(st) for e, st in engines.items()},
            "unrecognised_examples": lambda ex: [{"line": ln, "text": text} for ln, text in ex],
        },
    )


def _summary_doc(s: EngineSummary, comparison: Comparison | None) -> dict[str, object]:
    """One engine's summary: its headline series' stats, then EngineSummary's other fields
    (``lifetime`` as ``lifetime_lines``) and, with ``--acc``, the ``comparison``."""
    doc = {
        **series_doc(s.stats),
        **derive(
            s,
            omit=("engine", "stats"),
            rename={"lifetime": "lifetime_lines"},
            convert={
                "ranks": lambda ranks: {r: series_doc(st) for r, st in ranks.items()},
                "verify_steps": _series_or_none,
                "lifetime": _series_or_none,
                "responses": _series_or_none,
                "bench": _series_or_none,
                "implementations": lambda impls: (
                    {i: series_doc(st) for i, st in impls.items()} if impls else None
                ),
            },
        ),
    }
    if comparison is not None:
        doc["comparison"] = _comparison_doc(comparison)
    return doc


def result_document(result: LogsResult, min_accept_len: float | None) -> dict[str, object]:
    """The stable ``--json`` document (docs/logs.md "Output"), derived from the LogsResult: its
    report's fields and its records fields under their own names, plus what docs/logs.md lists:
    the ``combined`` and ``window`` groupings, ``unrecognised_examples`` over every file, the
    ``prediction`` (with ``--acc``) and the ``min_accept_len`` check."""
    report = result.report
    doc = derive(
        report,
        only=(
            "files",
            "engines",
            "summary",
            "combined",
            "skipped_lines",
            "unrecognised_lines",
            "unrecognised_examples",
            "window",
        ),
        convert={
            "files": lambda files: [_file_doc(f) for f in files],
            "summary": lambda summary: {
                eng: _summary_doc(s, result.comparisons.get(eng)) for eng, s in summary.items()
            },
            "window": lambda window: {
                "since": window[0],
                "until": window[1],
                **derive(
                    report,
                    only=("outside_window", "untimed_records"),
                    rename={"outside_window": "outside", "untimed_records": "untimed"},
                ),
            },
        },
        add={
            "combined": derive(
                report,
                only=("combined_records", "combined_accept_length", "combined_omitted"),
                rename={
                    "combined_records": "records",
                    "combined_accept_length": "accept_length",
                    "combined_omitted": "omitted",
                },
            ),
            "unrecognised_examples": [
                {"file": f.path, "line": ln, "text": text}
                for f in report.files
                for ln, text in f.unrecognised_examples
            ][:10],
        },
    )
    doc.update(derive(result, only=("records_file", "records_written")))
    if result.prediction is not None:
        doc["prediction"] = derive(
            result.prediction, omit=("distribution",), rename={"unconditional": "acc_unconditional"}
        )
    if result.pastes:
        doc["pastes"] = pastes_doc(result.pastes)
    if min_accept_len is not None:
        combined = report.combined_accept_length
        doc["min_accept_len"] = {
            "threshold": min_accept_len,
            "combined_mean": combined.mean if combined is not None else None,
            "passed": combined is not None and combined.mean >= min_accept_len,
        }
    return doc


def pastes_doc(pastes: Sequence[tuple[str, PasteReading]]) -> list[dict[str, object]]:
    """``pastes`` (docs/logs.md): per input, what the structure readers found."""

    def record(r: PasteRecord) -> dict[str, object]:
        return derive(
            r,
            convert={
                "labels": lambda labels: [[k, v] for k, v in labels],
                "fields": lambda fields: [[k, v] for k, v in fields],
            },
        )

    return [
        {
            "file": label,
            **derive(
                reading,
                # the line scanner's records whose length the paste proves (scanned.py), if any
                omit=() if reading.scanned else ("scanned",),
                convert={
                    "records": lambda recs: [record(r) for r in recs],
                    "groups": lambda groups: [
                        derive(g, convert={"config": lambda c: [[k, v] for k, v in c]})
                        for g in groups
                    ],
                    "unread": lambda blocks: [derive(b) for b in blocks],
                    "ignored": lambda blocks: [derive(b) for b in blocks],
                    "scanned": lambda recs: [record(r) for r in recs],
                },
            ),
        }
        for label, reading in pastes
    ]


def _printed(r: PasteRecord) -> str:
    """The length as the paste printed it: its statistic word and its ``/ max``."""
    assert r.printed_length is not None
    of = f" / {r.max_length:g}" if r.max_length is not None else ""
    return f"{r.printed_length:g}{of}"


def paste_figures(r: PasteRecord) -> str:
    """A structure record's figures on one line: the normalised length beside the printed
    value it came from (with the rule's step when it is the bonus: ``-> +1``), the statistic
    word, the rate; per-position rates when the record has nothing else."""
    stat = f"{r.statistic} " if r.statistic and r.statistic != "mean" else ""
    if r.accept_length is not None:
        length = f"{stat}accept length {r.accept_length:.3f} (bonus incl."
        if r.printed_length is not None and abs(r.printed_length - r.accept_length) > 5e-4:
            step = (
                ", bonus excluded -> +1"
                if r.bonus.value == "excluded"
                and abs(r.accept_length - r.printed_length - 1) < 5e-4
                else ""
            )
            length += f"; printed {_printed(r)}{step}"
        elif r.max_length is not None:
            length += f"; of at most {r.max_length:g}"
        length += ")"
    elif r.printed_length is not None:
        length = f"{stat}printed length {_printed(r)} (bonus convention unknown: not normalised)"
    elif r.per_position:
        rates = ", ".join(f"{x:.3f}" for x in r.per_position)
        length = f"per-position rates {rates} (no accept length)"
    else:
        length = "no accept length"
    if r.accept_rate is not None:
        length += f", rate {r.accept_rate:.3f} per draft token"
    elif r.printed_rate is not None:
        length += f", printed rate {r.printed_rate:.3f} ({r.rate_basis.value})"
    return length


def paste_decisions(r: PasteRecord) -> list[str]:
    """Which rule decided each of a structure record's conventions, one short line each (the
    same ``bonus``, ``tool_rule`` and ``rate_basis`` the JSON carries): the bonus, the tool,
    and the rate's basis when a rate was printed. An undecided bonus says that no normalised
    figure follows from it."""
    if r.bonus.value == "unknown":
        bonus = f"bonus unknown, no normalised figure: {r.bonus.rule}"
    else:
        bonus = f"bonus {r.bonus.value}: {r.bonus.rule}"
    tool = f"tool {r.tool}" + (f": {r.tool_rule}" if r.tool_rule else "")
    out = [bonus, tool]
    if r.printed_rate is not None:
        basis = r.rate_basis
        if basis.value == "unknown":
            out.append(f"rate basis unknown, no per-draft rate: {basis.rule}")
        else:
            out.append(f"rate {basis.value.replace('_', ' ')}: {basis.rule}")
    return out


def paste_details(r: PasteRecord) -> list[str]:
    """The counts and per-position rates a structure record carries (one line each)."""
    out: list[str] = []
    counts = [
        (name, v)
        for name, v in (
            ("accepted", r.accepted_tokens),
            ("drafted", r.drafted_tokens),
            ("steps", r.steps),
            ("output tokens", r.output_tokens),
        )
        if v is not None
    ]
    if counts:
        out.append("counts: " + ", ".join(f"{name} {v:,}" for name, v in counts))
    if r.per_position and (r.accept_length is not None or r.printed_length is not None):
        out.append("per position: " + ", ".join(f"{x:.3f}" for x in r.per_position))
    if r.pooling.value != "unknown":
        out.append(f"pooling: {r.pooling.value} ({r.pooling.rule})")
    return out


def render_pastes(console: Console, result: LogsResult) -> None:
    """The structure readers' records, per input and group, and what they could not read."""
    from rich.markup import escape

    for label, reading in result.pastes:
        if reading.records:
            console.print(
                f"[bold]{escape(label)}[/bold]: {len(reading.records)} record"
                f"{'s' if len(reading.records) != 1 else ''} read by structure (tables, "
                "key-value runs, prose, JSON)"
            )
        # then the line scanner's own records (above with their engine) the paste proves
        scanned = [(r, " (the line scanner's record)") for r in reading.scanned]
        for r, whose in [*((r, "") for r in reading.records), *scanned]:
            labels = ", ".join(f"{k}={v}" for k, v in r.labels) or "-"
            where = f"{r.first_line}" + (f"-{r.last_line}" if r.last_line != r.first_line else "")
            console.print(
                f"  line {where} {r.kind} {escape('[' + r.tool + ']')} {escape(r.structure)} "
                f"{escape(labels)}: {escape(paste_figures(r))}"
                + (" (summary row)" if r.summary_row else "")
                + whose
            )
            for line in [*paste_decisions(r), *paste_details(r)]:
                console.print(f"    {escape(line)}", style="dim")
            for n in r.notes:
                if not n.startswith("bonus convention unknown"):  # said on the line above
                    console.print(f"    note: {escape(n)}", style="dim")
        for g in reading.groups:
            if g.records > 1:
                cfg = ", ".join(f"{k}={v}" for k, v in g.config) or "one configuration"
                mean = (
                    f"mean accept length {g.accept_length_mean:.3f} over {g.records}"
                    if g.accept_length_mean is not None
                    else escape(g.note or "")
                )
                console.print(
                    f"  group {escape('[' + g.tool + ']')} {g.kind} {escape(cfg)}: {mean}"
                )
        for b in reading.unread:
            console.print(
                f"not understood ({escape(label)}:{b.first_line}-{b.last_line}): "
                f"{escape(b.reason)}:"
            )
            for t in b.lines:
                console.print(f"  | {escape(t)}")
        for b in reading.ignored:
            console.print(
                f"ignored ({escape(label)}:{b.first_line}-{b.last_line}): {escape(b.reason)}"
            )


# --------------------------------------------------------------------------- human


def _duration(s: float | None) -> str:
    if s is None:
        return ""
    if s < 10:
        return f"{s:.3g}s"
    s = int(round(s))
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}h{m:02d}m{sec:02d}s" if h else (f"{m}m{sec:02d}s" if m else f"{sec}s")


def _stats_table(s: SeriesStats) -> Table:
    rows: list[tuple[str, Dist | None, str]] = [
        ("accept length (bonus incl.)", s.accept_length, ".3f"),
        ("accepted drafts / step", s.accepted_drafts, ".3f"),
        ("accept rate (drafts)", s.accept_rate, ".3f"),
    ]
    if s.throughput is not None:
        rows.append((s.throughput_label or "throughput", s.throughput, ".1f"))
    stats = ("mean", "weighted_mean", "p5", "p50", "p95", "min", "max")
    t = table(None, ("metric", "mean>", "weighted>", "p5>", "p50>", "p95>", "min>", "max>"))
    t.columns[0].no_wrap = True
    for name, d, spec in rows:
        t.add_row(name, *(fmt(getattr(d, k), spec) if d else "-" for k in stats))
    return t


def _totals(rec: LogRecord) -> str:
    """A totals-since-start line's figures, after its opening parenthesis."""
    return (
        f"{rec.time_text or 'line ' + str(rec.line_no)}): accept length "
        f"{fmt(rec.accept_length)}, rate {fmt(rec.accept_rate)} "
        f"({rec.accepted_tokens} / {rec.drafted_tokens} tokens)"
    )


def _header(eng: str, s: SeriesStats, series: str) -> str:
    what = {
        "main": "records",
        "steps": "verify steps",
        "lifetime": "totals-since-start lines",
        "responses": "response bodies",
        "bench": "bench / example summaries",
    }[series]
    parts = [f"[bold]{eng}[/bold]: {s.records} {what}"]
    if s.first_time and s.clock != "mixed":
        span = f"{s.first_time} -> {s.last_time}"
        if s.duration_s is not None:
            span += f" ({_duration(s.duration_s)})"
        parts.append(span)
    if s.versions:
        parts.append(", ".join(v for v, _ in s.versions[:3]))
    return ", ".join(parts)


def render_result(console: Console, result: LogsResult) -> None:
    from rich.markup import escape

    report = result.report
    comparisons = result.comparisons

    n_files = len(report.files)
    console.print(
        f"[bold]specdiag logs[/bold]: {n_files} file{'s' if n_files != 1 else ''}, "
        f"{report.combined_records} records ({', '.join(report.engines)}), "
        f"{report.skipped_lines} skipped line{'s' if report.skipped_lines != 1 else ''}"
    )
    console.print(
        "accept length = tokens per verify step, bonus INCLUDED (1 + accepted drafts); "
        "accept rate = accepted / proposed drafts"
    )
    for eng, es in report.summary.items():
        s = es.stats
        console.print()
        console.print(_header(eng, s, es.series))
        inf = s.rate_inference
        if inf is not None and inf.formula is not None:
            fname = (
                "accepted drafts / (ndt - 1), >= 0.5.11"
                if inf.formula == "0.5.11"
                else "accept len / ndt, <= 0.5.10"
            )
            ndt = f", num_draft_tokens {inf.num_draft_tokens}" if inf.num_draft_tokens else ""
            amb = " (ambiguous)" if inf.formula_ambiguous else ""
            console.print(
                f"  accept rate formula inferred: {fname}{ndt}{amb}; "
                f"consistent with {inf.consistent} of {inf.total} lines"
            )
        console.print(_stats_table(s))
        if s.pooled_accept_rate is not None:
            console.print(
                f"  pooled: {s.accepted_tokens} accepted / {s.drafted_tokens} drafted tokens "
                f"= {s.pooled_accept_rate:.3f}"
            )
        if s.cuda_graph_false_share is not None:
            console.print(
                f"  cuda graph False: {s.cuda_graph_false_share:.1%} of {s.cuda_graph_records} "
                "decode batches"
            )
        if s.sparkline:
            hi = s.accept_length.max if s.accept_length is not None else 1.0
            console.print(f"  accept length over time: {s.sparkline}  (1.00 .. {hi:.2f})")
        if s.per_position:
            rows: list[tuple[str, ...]] = [
                (str(p.position), f"{p.unconditional:.3f}", f"{p.conditional:.3f}")
                for p in s.per_position
            ]
            cols: tuple[str, ...] = ("pos>", "P(accepted) unconditional>", "conditional>")
            console.print(table("Per position", cols, rows))
        if s.collapse_stretch_count:
            rows = [
                (escape(st.source), st.rank or "-", str(st.records))
                + (f"{st.first_line}-{st.last_line}", st.first_time or "", st.last_time or "")
                + (f"{st.mean_accept_length:.2f}",)
                for st in s.collapse_stretches[:10]
            ]
            cols = ("file", "rank", "records>", "lines", "from", "to", "mean>")
            console.print(table("Collapse stretches (accept length <= 1.2)", cols, rows))
            if comparisons.get(eng) is None:  # with --acc the verdict lists them
                console.print("  usual causes of a collapse (check these first):")
                for cause in COLLAPSE_CAUSES:
                    console.print(f"    - {cause}")
        if len(es.ranks) > 1:
            rows = [
                (rank_name or "(none)", str(rst.records))
                + tuple(
                    fmt(getattr(rst.accept_length, k, None)) for k in ("mean", "p5", "p50", "p95")
                )
                + (fmt(rst.cuda_graph_false_share, ".1%"),)
                for rank_name, rst in es.ranks.items()
            ]
            cols = ("rank", "records>", "mean>", "p5>", "p50>", "p95>", "cuda graph False>")
            console.print(table("Per rank", cols, rows))
        if es.verify_steps is not None:
            v = es.verify_steps
            d = v.accept_length
            console.print(
                f"  LLAMA_TRACE verify steps: {v.records}, accept length mean {fmt(d.mean if d else None)}"
                f", p50 {fmt(d.p50 if d else None)}"
            )
        if es.lifetime is not None and es.lifetime.lifetime is not None:
            console.print(
                "  totals since start (last statistics line, " + _totals(es.lifetime.lifetime)
            )
        for label, extra in (("response bodies", es.responses), ("bench / example", es.bench)):
            if extra is not None:
                d = extra.accept_length
                r = extra.accept_rate
                console.print(
                    f"  {label}: {extra.records} records, accept length mean "
                    f"{fmt(d.mean if d else None)}, rate mean {fmt(r.mean if r else None)} "
                    "(kept apart from the server lines)"
                )
        if es.implementations:
            for impl, ist in es.implementations.items():
                if ist.lifetime is not None:
                    head = f"  statistics {escape(impl)} (totals since start, "
                    console.print(head + _totals(ist.lifetime))
        c = comparisons.get(eng)
        if c is not None:
            _render_comparison(console, c)
    if len(report.files) > 1:
        console.print()
        cols = ("file", "lines>", "records>", "skipped>", "engines", "mean accept length>")
        ft = table("Per file", cols)
        for f in report.files:
            means = [
                f"{e} {st.accept_length.mean:.3f}"
                for e, st in f.engines.items()
                if st.accept_length is not None
            ]
            ft.add_row(
                escape(f.path),
                str(f.lines),
                str(sum(st.records for st in f.engines.values())),
                str(f.skipped_lines),
                ", ".join(f.engines) or "-",
                ", ".join(means) or "-",
            )
        console.print(ft)
    if report.skipped_lines:
        reasons: Counter[str] = Counter()
        for f in report.files:
            for why, n in f.skipped_reasons:
                reasons[why] += n
        shown = (f"{n} x {escape(why)}" for why, n in reasons.most_common())  # ties: first seen
        console.print("skipped: " + "; ".join(shown))
    read_by_structure = {
        (label, ln)
        for label, reading in result.pastes
        for r in reading.records
        for ln in range(r.first_line, r.last_line + 1)
    }
    examples = [
        (f.path, ln, text)
        for f in report.files
        for ln, text in f.unrecognised_examples
        if (f.path, ln) not in read_by_structure
    ]
    if report.unrecognised_lines and examples:
        console.print(
            f"not understood: {report.unrecognised_lines} line"
            f"{'s' if report.unrecognised_lines != 1 else ''} that name acceptance figures in "
            "no log layout known to specdiag logs (not counted; those read by structure are "
            "listed below), e.g.:"
        )
        for path, ln, text in examples[:3]:
            console.print(f"  {escape(path)}:{ln}: {escape(text)}")
    if report.outside_window or report.untimed_records:
        console.print(
            f"--since/--until left out {report.outside_window} records outside the window"
            + (
                f" and {report.untimed_records} without a usable timestamp"
                if report.untimed_records
                else ""
            )
        )
    if result.records_file is not None:
        console.print(f"wrote {result.records_written} records to {escape(result.records_file)}")
    if report.combined_omitted is not None:
        console.print(f"no combined mean accept length: {escape(report.combined_omitted)}")
    render_pastes(console, result)


def _render_comparison(console: Console, c: Comparison) -> None:
    if c.judgement is None or c.observation is None:
        console.print(f"  vs prediction: no verdict ({c.problem})")
        return
    j = c.judgement
    src = "weighted mean" if c.observed_from == "weighted_mean" else "mean"
    verdict = verdict_markup(j.verdict.value)
    console.print(f"  vs prediction ({src}): [bold]{verdict}[/bold]: {j.explanation}")
    if c.per_position:
        rows = [
            (str(p.position), f"{p.predicted:.3f}", f"{p.observed:.3f}") for p in c.per_position
        ]
        title = "Per position vs prediction (unconditional)"
        console.print(table(title, ("pos>", "predicted>", "observed>"), rows))
    for cause in j.causes:
        console.print(f"    - {cause}")


def render_live(report: LogsReport, paths: list[str]) -> RenderableType:
    rows = [
        (eng, str(es.stats.records), es.stats.last_time or "")
        + tuple(fmt(getattr(es.stats.accept_length, k, None)) for k in ("mean", "p50", "p5"))
        + (fmt(getattr(es.stats.accept_rate, "mean", None)), es.stats.sparkline)
        for eng, es in report.summary.items()
    ] or [("(waiting for statistics lines)", "", "", "", "", "", "", "")]
    title = f"specdiag logs --follow: {', '.join(paths)} (Ctrl-C for the summary)"
    cols = ("engine", "records>", "last", "mean>", "p50>", "p5>", "accept rate>", "over time")
    return table(title, cols, rows)
