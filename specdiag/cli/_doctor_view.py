"""The doctor's JSON document and human view (shared by ``specdiag doctor`` and the demo), and
its ``--server-args`` reader (shared with ``specdiag exporter``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from specdiag.cli._output import to_jsonable

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.doctor.model import DoctorReport


def document(report: DoctorReport) -> dict[str, object]:
    word = _verdict(report)[0].lower()  # (a warning is no status of its own)
    status = {"could not run": "could-not-run", "warn": "ok"}.get(word, word)
    return {"command": "doctor", "status": status, **to_jsonable(report)}


_STYLE = {
    "fail": "bold red",
    "warn": "yellow",
    "pass": "green",
    "skipped": "dim",
    "unreadable": "magenta",
}


_TOKEN = re.compile(r"\[[^\[\]]{0,80}\]\S*|\S+")
SHOWN = 3  # findings in the default view


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Greedy word wrap that never splits a word, a number or a bracketed list ([2, 30, 58])."""
    lines: list[str] = []
    cur = indent
    for tok in _TOKEN.findall(text):
        if cur.strip() and len(cur) + 1 + len(tok) > width:
            lines.append(cur)
            cur = indent + tok
        else:
            cur = cur + (" " if cur.strip() else "") + tok
    if cur.strip():
        lines.append(cur)
    return lines


def _verdict(report: DoctorReport) -> tuple[str, str]:
    if report.could_not_run:
        return "COULD NOT RUN", "bold red"
    if report.incomplete:
        return "INCOMPLETE", "bold red"
    if report.failed:
        return "FAIL", "bold red"
    if any(c.status.value == "warn" for c in report.checks):
        return "WARN", "yellow"
    return "OK", "green"


def render(console: Console, report: DoctorReport, verbose: bool = False) -> None:
    """The one-screen answer: verdict, expected vs observed, the top findings with their fixes
    (snippets printed whole, to paste), the commands that confirm them, what the evidence was.
    ``verbose``: then every check with its evidence, the inputs, the ranking method."""
    width = max(60, min(console.width, 100))

    def say(text: str, style: str | None = None) -> None:
        console.print(text, style=style, markup=False, soft_wrap=True)

    def para(text: str, indent: str = "", style: str | None = None) -> None:
        for line in wrap(text, width, indent):
            say(line, style)

    word, style = _verdict(report)
    n = report.counts
    head = f"specdiag doctor: {word} ({n.get('fail', 0)} fail, {n.get('warn', 0)} warn, {n.get('pass', 0)} pass)"
    say(head, style)
    if report.engine:
        ver = report.engine_version or "version unknown"
        frm = f", version from {report.engine_version_from}" if report.engine_version_from else ""
        para(f"engine: {report.engine} {ver} (from {report.engine_from or '?'}{frm})")
    g = report.gap
    if g is not None:
        ratio = f"{g.ratio:.0%}" if g.ratio is not None else "n/a"
        para(
            f"accept length (bonus token counted): expected {g.expected_accept_length:.2f} with "
            f"{g.steps} steps, observed {g.observed_accept_length:.2f} = {g.verdict}, {ratio} of "
            f"the predicted accepted drafts ({g.expected_drafts:.2f} expected, "
            f"{g.observed_drafts:.2f} observed per step)"
        )
        para(f"observed from {g.observed_from}", "  ")
        if g.naive_ratio is not None and g.ratio is not None and g.naive_ratio >= 0.9 > g.ratio:
            para(
                f"not healthy: {g.observed_accept_length:.2f} against the trainer's "
                f"{g.expected_drafts:.2f} mixes a length that counts the bonus token with a sum "
                "that does not",
                "  ",
            )
    if len(report.segments) > 1:
        segs = ", ".join(
            f"{s.accept_length:.2f}" if s.accept_length is not None else "n/a"
            for s in report.segments
        )
        para(
            f"timeline: {len(report.segments)} segments split at restarts (accept length {segs}); "
            f"the last one is judged: it starts at {report.segments[-1].start or '?'} after "
            f"{report.segments[-1].starts_because}"
        )
    say("")
    if report.findings:
        for f in report.findings[: len(report.findings) if verbose else SHOWN]:
            share = f", explains {f.explains:.0%} of the gap" if f.explains is not None else ""
            say(f"{f.rank}. {f.status.value}  {f.title} [{f.check}]{share}", _STYLE[f.status.value])
            msg = f.message if verbose else first_clause(f.message)
            para(msg, "   ")
            if f.fix:
                para("fix: " + f.fix, "   ")
            if f.snippet:
                say("     " + f.snippet)
            for cmd in f.confirm[:1] if not verbose else f.confirm:
                para("confirm: " + cmd, "   ")
        more = len(report.findings) - SHOWN
        if more > 0 and not verbose:
            para(
                f"... {more} more finding(s): "
                + ", ".join(x.check for x in report.findings[SHOWN:])
                + " (--verbose shows them)"
            )
    else:
        para(report.summary)
    say("")
    groups: dict[str, list[str]] = {}
    for e in report.evidence:
        groups.setdefault(e.status, []).append(e.source if e.source != "logs" else f"logs {e.path}")
    if groups:
        para("evidence: " + "; ".join(f"{st} {', '.join(names)}" for st, names in groups.items()))
    for e in report.evidence:
        if e.status in ("unreadable", "partial"):
            para(
                f"{e.status}: {e.source} {e.path}: {e.why}",
                "  ",
                "red" if e.status == "unreadable" else None,
            )
    if report.incomplete:
        para(
            "incomplete: an input given (or a config value a check needs) could not be read, so "
            "this is not a pass (exit 3); "
            "--allow-missing judges on the rest",
            style="bold red",
        )
    if not verbose:
        skipped = n.get("skipped", 0)
        para(
            f"{len(report.checks)} checks ({skipped} skipped for lack of evidence): --verbose shows each"
        )
        return
    _render_all(console, report)


def _render_all(console: Console, report: DoctorReport) -> None:
    from rich.markup import escape
    from rich.table import Table

    console.print()
    console.print(escape(report.summary))
    console.print()
    t = Table(title="all checks", title_justify="left")
    for col in ("status", "check", "result / why skipped", "evidence"):
        t.add_column(col, overflow="fold")
    for c in report.checks:
        st = c.status.value
        evid = "; ".join(f"{e.location} = {e.value}" for e in c.evidence[:3])
        if len(c.evidence) > 3:
            evid += f"; +{len(c.evidence) - 3} more"
        t.add_row(
            f"[{_STYLE[st]}]{st}[/{_STYLE[st]}]", escape(c.check), escape(c.message), escape(evid)
        )
    console.print(t)
    if report.input_problems:
        console.print()
        console.print("[bold]inputs that could not be read[/bold]")
        for p in report.input_problems:
            console.print(f"  {escape(p.source)} {escape(p.path)}: {escape(p.message)}")
    if report.segments:
        console.print()
        console.print("[bold]timeline (split at restarts)[/bold]")
        for seg in report.segments:
            al = f"{seg.accept_length:.2f}" if seg.accept_length is not None else "n/a"
            console.print(
                f"  {seg.index + 1}. {escape(seg.start or '?')} .. {escape(seg.end or '?')}: "
                f"{seg.lines} lines, accept length {al}"
                + (f", {escape(seg.version)}" if seg.version else "")
                + f" ({escape(seg.starts_because)})"
            )
    console.print()
    console.print(f"[dim]ranking: {escape(report.ranking_method)}[/dim]")


def read_server_args(text: str | None) -> str | None:
    """--server-args: the command line itself, or @FILE (doctor and exporter read it alike)."""
    if text is None or not text.startswith("@"):
        return text
    from specdiag.core.files import FileKind, read_text_bounded

    return read_text_bounded(text[1:], what="--server-args", kind=FileKind.ARGUMENT)


def first_clause(message: str) -> str:
    """The message up to its first "; " outside brackets: the short form of a finding (a "; "
    inside "(...)" or "[...]" belongs to that aside, and cutting there would leave it open)."""
    depth = 0
    for i, ch in enumerate(message):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == ";" and depth == 0 and message.startswith("; ", i):
            return message[:i]
    return message
