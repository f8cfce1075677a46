"""The doctor's JSON document and human view (shared by ``specdiag doctor`` and the demo), and
its ``--server-args`` reader (shared with ``specdiag exporter``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.doctor.model import DoctorReport


def document(report: DoctorReport) -> dict[str, Any]:
    from specdiag.cli._output import to_jsonable

    status = "could-not-run" if report.could_not_run else ("fail" if report.failed else "ok")
    doc = to_jsonable(report)
    return {"command": "doctor", "status": status, **doc}


_STYLE = {"fail": "bold red", "warn": "yellow", "pass": "green", "skipped": "dim"}


def render(console: Console, report: DoctorReport) -> None:
    from rich.markup import escape
    from rich.table import Table

    console.print(
        f"[bold]specdiag doctor[/bold]  evidence: {escape(', '.join(report.evidence_given))}"
        + (
            f"  engine: {escape(report.engine)} (from {escape(report.engine_from or '?')})"
            if report.engine
            else ""
        )
    )
    console.print()
    console.print(escape(report.summary))
    console.print()
    g = report.gap
    if g is not None:
        t = Table(
            title="expected vs observed (accept length counts the bonus token)",
            title_justify="left",
        )
        for col in ("", "accept length", "accepted drafts / step"):
            t.add_column(col)
        t.add_row("expected", f"{g.expected_accept_length:.2f}", f"{g.expected_drafts:.2f}")
        t.add_row("observed", f"{g.observed_accept_length:.2f}", f"{g.observed_drafts:.2f}")
        t.add_row("verdict", escape(g.verdict), f"{g.ratio:.0%}" if g.ratio is not None else "n/a")
        console.print(t)
        console.print(f"  observed from {escape(g.observed_from)}")
        console.print()
    if report.findings:
        t = Table(
            title="findings, ranked (share = how much of the gap it can explain)",
            title_justify="left",
        )
        for col in ("#", "status", "share", "check", "finding", "fix"):
            t.add_column(col, overflow="fold")
        for f in report.findings:
            st = f.status.value
            t.add_row(
                str(f.rank),
                f"[{_STYLE[st]}]{st}[/{_STYLE[st]}]",
                f"{f.explains:.0%}" if f.explains is not None else "-",
                escape(f.check),
                escape(f.message),
                escape(f.fix or ""),
            )
        console.print(t)
        console.print()
        confirm = [(f.check, cmd) for f in report.findings for cmd in f.confirm]
        if confirm:
            console.print("[bold]to confirm[/bold]")
            for chk, cmd in confirm:
                console.print(f"  {escape(chk)}: {escape(cmd)}")
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
    console.print()
    console.print(f"[dim]ranking: {escape(report.ranking_method)}[/dim]")


def read_server_args(text: str | None) -> str | None:
    """--server-args: the command line itself, or @FILE (doctor and exporter read it alike)."""
    if text is None or not text.startswith("@"):
        return text
    from specdiag.core.files import FileKind, read_text_bounded

    return read_text_bounded(text[1:], what="--server-args", kind=FileKind.ARGUMENT)
