"""``specdiag report``: the JSON documents of any commands as one self-contained HTML page or a
GitHub-ready markdown summary."""

from __future__ import annotations

import sys
from enum import Enum
from typing import TYPE_CHECKING, Annotated, TypedDict

import typer

from specdiag.cli import _framework as cli
from specdiag.cli._output import Output
from specdiag.cli._report_out import read_json_document, render_report, write_text
from specdiag.core.paths import check_outputs
from specdiag.errors import UsageError

if TYPE_CHECKING:
    from rich.console import Console

HELP = """Turn diagnosis documents into a page to look at and attach, or a summary to paste.

Reads the --json documents of doctor, probe, logs, expected-accept, compare-hidden,
inspect-dump, capture-hidden, fleet or demo (files, or - for stdin) and writes one HTML file
that needs no network: the verdict (both conventions), the top findings with their fixes, the
charts for the evidence present, provenance, definitions and the documents themselves
(secrets redacted). --format markdown writes a summary within GitHub's comment limit.

Examples:

  specdiag probe URL --acc 0.75 --steps 5 --json > probe.json
  specdiag report probe.json logs.json doctor.json -o report.html

  specdiag report doctor.json --format markdown > comment.md
"""
opt = cli.options("report")  # typer.Option with each flag's help in flags.json


class Written(TypedDict):
    """The ``--json`` document of a report written to a file (docs/report.md)."""

    output: str
    format: str
    bytes: int
    seconds: float
    documents: list[dict[str, str]]
    verdict: str | None
    charts: list[dict[str, str]]
    tables: list[str]
    skipped: list[dict[str, str]]


class ReportFormat(str, Enum):
    HTML = "html"
    MARKDOWN = "markdown"


def report_cmd(
    documents: Annotated[
        list[str],
        typer.Argument(
            help="JSON documents of specdiag commands (- reads stdin).", metavar="DOC.json..."
        ),
    ],
    output: Annotated[str | None, opt("--output", "-o")] = None,
    fmt: Annotated[ReportFormat | None, opt("--format", show_default="html")] = None,
    markdown: Annotated[bool, typer.Option("--markdown", hidden=True)] = False,
    title: Annotated[str | None, opt("--title")] = None,
    limit: Annotated[int, opt("--limit", min=1000)] = 65536,
    json_output: cli.JsonOpt = False,
) -> None:
    out = Output(json_output)
    old_fmt = ReportFormat.MARKDOWN if markdown else None
    kind = cli.deprecated_flag("--markdown", "--format markdown", old_fmt, fmt, ReportFormat.HTML)
    if documents.count("-") > 1:
        raise UsageError("stdin (-) can be read once", hint="give the other documents as files")
    if json_output and output is None:
        raise UsageError(
            "--json prints the summary of the run on stdout: the report needs --output",
            hint="add -o report.html",
        )
    check_outputs(
        [("--output", output)], [(f"document {i + 1}", p) for i, p in enumerate(documents)]
    )
    hint = "give the --json output of a specdiag command"
    docs = [
        ("stdin" if p == "-" else p.rsplit("/", 1)[-1], read_json_document(p, hint))
        for p in documents
    ]
    text, report, seconds = render_report(docs, kind.value, title=title, limit=limit)
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        size = write_text(output, text, "--output")
        doc: Written = {
            "output": output,
            "format": kind.value,
            "bytes": size,
            "seconds": round(seconds, 3),
            "documents": [{"name": d.name, "kind": d.kind} for d in report.documents],
            "verdict": report.verdict.verdict if report.verdict else None,
            "charts": [{"id": c.id, "kind": c.kind.value, "title": c.title} for c in report.charts],
            "tables": [t.title for t in report.tables],
            "skipped": [{"name": s.name, "reason": s.reason} for s in report.skipped],
        }
        out.emit(doc, lambda console: render(console, doc))
    for s in report.skipped:
        out.warn(f"skipped {s.name}: {s.reason}")


def render(console: Console, doc: Written) -> None:
    console.print(
        f"wrote {doc['output']} ({doc['format']}, {doc['bytes'] / 1024:.0f} KiB, "
        f"{len(doc['charts'])} charts, {len(doc['documents'])} documents) in {doc['seconds']:.2f} s"
    )
    if doc["verdict"]:
        console.print(f"verdict: {doc['verdict']}")
