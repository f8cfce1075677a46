"""The report model rendered: one self-contained HTML page, or a GitHub-ready markdown summary.

Shared by `specdiag report` and the --report shortcuts of doctor and probe. The page needs no
network: styles, the copy script and the charts (inline SVG, cli/_report_charts.py) are in the
file, and the command documents are embedded in it (redacted). Markdown stays within GitHub's
comment limit (:data:`GITHUB_LIMIT` characters): the collapsed data section is cut first, with
a note saying so.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path

from specdiag.core.report.model import Chart, Report, Table, VerdictCard
from specdiag.errors import InputError

GITHUB_LIMIT = 65536  # characters in a GitHub issue comment or body


def _asset(kind: str) -> str:
    """The page's style sheet (css) or script (js): report_page.css/.js beside this module."""
    return Path(__file__).with_name(f"report_page.{kind}").read_text(encoding="utf-8")


def _fmt(x: float | None, digits: int = 2) -> str:
    return "n/a" if x is None else f"{x:.{digits}f}"


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.0%}"


def _card_rows(c: VerdictCard) -> list[tuple[str, str, str]]:
    return [
        ("expected (training profile)", _fmt(c.expected_accept_length), _fmt(c.expected_drafts)),
        ("observed", _fmt(c.observed_accept_length), _fmt(c.observed_drafts)),
    ]


# --------------------------------------------------------------------------- HTML


def _html_table(t: Table) -> str:
    head = "".join(f"<th scope=col>{escape(c)}</th>" for c in t.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row) + "</tr>" for row in t.rows
    )
    return (
        f"<h3>{escape(t.title)}</h3><table><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def _html_list(items: Iterable[str]) -> str:
    return "<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>"


def _html_verdict(c: VerdictCard) -> str:
    parts = ['<section id="verdict" class="card" aria-labelledby="verdict-h">']
    parts.append('<h2 id="verdict-h" style="margin-top:0">Verdict</h2>')
    if c.verdict:
        parts.append(
            f'<p><span class="verdict v-{escape(c.verdict)}">{escape(c.verdict)}</span> '
            f'<span class="muted">from {escape(c.source)}'
            + (f", {c.steps} draft tokens per step" if c.steps else "")
            + "</span></p>"
        )
    if c.expected_accept_length is not None or c.observed_accept_length is not None:
        rows = "".join(
            f"<tr><th scope=row>{escape(a)}</th><td class=num>{b}</td><td class=num>{d}</td></tr>"
            for a, b, d in _card_rows(c)
        )
        parts.append(
            "<table><thead><tr><th></th><th scope=col>accept length (bonus included)</th>"
            "<th scope=col>accepted drafts (bonus excluded)</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
        parts.append(
            f"<p>Observed / expected accepted drafts: <strong>{_pct(c.ratio)}</strong>"
            + (
                f" (the naive ratio, engine length / trainer sum, would say {_pct(c.naive_ratio)})"
                if c.naive_ratio is not None
                else ""
            )
            + "</p>"
        )
    if c.explanation:
        parts.append(f"<p>{escape(c.explanation)}</p>")
    if c.findings:
        parts.append('<h3>Top findings</h3><ol class="findings">')
        for f in c.findings:
            item = (
                f'<li><span class="s-{escape(f.status)}"><strong>{escape(f.status)}</strong></span> '
                f"<strong>{escape(f.title)}</strong>: {escape(f.message)}"
            )
            snippets = ([("fix", f.fix)] if f.fix else []) + [("confirm", c) for c in f.confirm]
            for label, text in snippets:
                item += (
                    f'<div class="fix"><span class="muted">{label}</span><pre><code>'
                    + escape(text)
                    + '</code></pre><button type="button" aria-label="copy">copy</button></div>'
                )
            parts.append(item + "</li>")
        parts.append("</ol>")
    parts.append("</section>")
    return "".join(parts)


def _html_chart(chart: Chart) -> str:
    from specdiag.cli._report_charts import chart_svg

    svg, meta = chart_svg(chart)
    return (
        f'<figure id="{chart.id}" data-kind="{chart.kind.value}" '
        f"data-axes='{escape(json.dumps(meta), quote=True)}'>"
        f"<h3>{escape(chart.title)}</h3>{svg}"
        f"<figcaption>{escape(chart.description)}</figcaption></figure>"
    )


def render_html(report: Report) -> str:
    """The whole page: one file, no external resource."""
    if report.charts:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise InputError(
                "the HTML report draws its charts with matplotlib, which is not installed",
                hint="pip install 'specdiag[report]', or write --format markdown",
            ) from None
    sections: list[tuple[str, str, str]] = []  # (id, title, html)
    if report.charts:
        sections.append(("charts", "Charts", "".join(_html_chart(c) for c in report.charts)))
    if report.tables:
        sections.append(("tables", "Tables", "".join(_html_table(t) for t in report.tables)))
    if report.notes:
        sections.append(("notes", "Notes", _html_list(report.notes)))
    prov = "".join(
        f"<tr><th scope=row>{escape(f.label)}</th><td>{escape(f.value)}</td>"
        f"<td class=muted>{escape(f.source)}</td></tr>"
        for f in report.provenance
    )
    sections.append(
        (
            "provenance",
            "Provenance",
            "<table><thead><tr><th scope=col>what</th><th scope=col>value</th>"
            f"<th scope=col>from</th></tr></thead><tbody>{prov}</tbody></table>"
            '<p class="muted">Only facts read from the documents are listed; secrets '
            "(keys, header values, URL credentials) are replaced by ***.</p>",
        )
    )
    defs = "".join(f"<dt>{escape(a)}</dt><dd>{escape(b)}</dd>" for a, b in report.definitions)
    sections.append(("definitions", "Definitions", f'<dl class="defs">{defs}</dl>'))
    if report.skipped:
        skipped = _html_list(f"{s.name}: {s.reason}" for s in report.skipped)
        sections.append(("skipped", "Skipped input", skipped))
    docs = "".join(
        f'<details><summary>{escape(d.name)} <span class="muted">({escape(d.kind)})</span>'
        f'</summary><pre class="specdiag-document" data-name="{escape(d.name, quote=True)}" '
        f'data-kind="{escape(d.kind)}">{escape(d.text)}</pre></details>'
        for d in report.documents
    )
    sections.append(("data", "Data (the JSON documents, redacted)", docs))
    nav = "".join(
        f'<a href="#{i}">{escape(t)}</a>'
        for i, t in ([("verdict", "Verdict")] if report.verdict else [])
        + [(i, t) for i, t, _ in sections]
    )
    body = "".join(
        f'<section id="{i}" aria-labelledby="{i}-h"><h2 id="{i}-h">{escape(t)}</h2>{h}</section>'
        for i, t, h in sections
    )
    verdict = _html_verdict(report.verdict) if report.verdict else ""
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        "<meta http-equiv=Content-Security-Policy content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{escape(report.title)}</title><style>\n{_asset('css')}</style></head><body><main>"
        f"<header><h1>{escape(report.title)}</h1><p class=meta>specdiag "
        f"{escape(report.specdiag_version)} &middot; generated {escape(report.generated_at)} "
        f"&middot; {len(report.documents)} document(s)</p></header>"
        f'<nav aria-label="sections">{nav}</nav>{verdict}{body}'
        f"</main><script>\n{_asset('js')}</script></body></html>\n"
    )


# --------------------------------------------------------------------------- markdown


def _t(s: str) -> str:
    """Text from the documents, inline in markdown: no raw HTML (GitHub would render an <img>
    or a link a document smuggled in), on one line."""
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", " ")


def _cell(s: str) -> str:
    return _t(s).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _md_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    out = ["| " + " | ".join(_cell(c) for c in columns) + " |", "|" + "---|" * len(columns)]
    out += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def _fence(text: str, lang: str = "") -> str:
    ticks = "```"
    while ticks in text:
        ticks += "`"
    return f"{ticks}{lang}\n{text}\n{ticks}\n"


def render_markdown(report: Report, limit: int = GITHUB_LIMIT) -> str:
    """A summary for a GitHub issue or comment, at most ``limit`` characters."""
    parts = [
        f"## {_t(report.title)}\n",
        f"\nspecdiag {report.specdiag_version}, generated {report.generated_at}\n",
    ]
    c = report.verdict
    if c is not None:
        head = f"**Verdict: {c.verdict}**" if c.verdict else "**Findings**"
        parts.append(f"\n### Verdict\n\n{head} (from {_t(c.source)})\n\n")
        if c.expected_accept_length is not None or c.observed_accept_length is not None:
            parts.append(
                _md_table(
                    ("", "accept length (bonus included)", "accepted drafts (bonus excluded)"),
                    _card_rows(c),
                )
            )
            parts.append(f"\nObserved / expected accepted drafts: **{_pct(c.ratio)}**\n")
        if c.explanation:
            parts.append(f"\n{_t(c.explanation)}\n")
        if c.findings:
            parts.append("\n#### Top findings\n\n")
            for i, f in enumerate(c.findings, start=1):
                parts.append(f"{i}. **{_t(f.status)}** {_t(f.title)}: {_t(f.message)}\n")
                # a fix is a sentence (fenced to copy, no shell highlighting); a confirm is a command
                parts.extend(
                    f"\n   {label}:\n\n"
                    + "\n".join("   " + line for line in _fence(s, lang).splitlines())
                    + "\n"
                    for label, s, lang in ([("fix", f.fix, "")] if f.fix else [])
                    + [("confirm", x, "sh") for x in f.confirm]
                )
    table_at = len(parts)
    for t in report.tables:
        if len(t.rows) > 40:
            rows = t.rows[:40]
            note = f"\n({len(t.rows) - 40} more rows in the data below)\n"
        else:
            rows, note = t.rows, ""
        parts.append(f"\n### {_t(t.title)}\n\n" + _md_table(t.columns, rows) + note)
    tables = list(range(table_at, table_at + len(report.tables)))
    if report.charts:
        parts.append("\n### Charts (in the HTML report)\n\n")
        parts += [f"- **{_t(ch.title)}**: {_t(ch.description)}\n" for ch in report.charts]
    if report.notes:
        parts.append("\n### Notes\n\n" + "".join(f"- {_t(n)}\n" for n in report.notes))
    parts.append(
        "\n### Provenance\n\n"
        + _md_table(
            ("what", "value", "from"), [(f.label, f.value, f.source) for f in report.provenance]
        )
    )
    parts.append(
        "\n<details><summary>Definitions</summary>\n\n"
        + "".join(f"- **{a}**: {b}\n" for a, b in report.definitions)
        + "\n</details>\n"
    )
    if report.skipped:
        parts.append(
            "\n**Skipped input**: "
            + "; ".join(f"{_t(s.name)}: {_t(s.reason)}" for s in report.skipped)
            + "\n"
        )
    # too long even without the data: tables go first, largest first, each named in a line
    reserve = 600
    while sum(map(len, parts)) > limit - reserve and tables:
        big = max(tables, key=lambda i: len(parts[i]))
        title = report.tables[big - table_at].title
        parts[big] = (
            f"\n### {title}\n\n_(table left out for GitHub's size limit: see the HTML report)_\n"
        )
        tables.remove(big)
    head = "".join(parts)
    data = "".join(
        f"\n**{_t(d.name)}** ({d.kind})\n\n" + _fence(d.text, "json") for d in report.documents
    )
    opening = (
        f"\n<details><summary>Data: {len(report.documents)} JSON document(s), redacted</summary>\n"
    )
    closing = "\n</details>\n"
    full = head + opening + data + closing
    if len(full) <= limit:
        return full
    note = (
        "\n_The data above is cut to stay within GitHub's comment limit; attach the HTML report "
        "or the JSON files for all of it._\n"
    )
    room = limit - len(head) - len(opening) - len(closing) - len(note) - 16
    if room <= 0:  # cut at a line; a cut table or list still parses
        cut = head[: max(0, limit - len(note) - 2)]
        return cut[: cut.rfind("\n") + 1] + note
    # cut whole lines inside a fence, then close the fence
    cut = data[:room]
    cut = cut[: cut.rfind("\n") + 1] if "\n" in cut else ""
    fences = [line for line in cut.splitlines() if line.startswith("```")]
    if len(fences) % 2 == 1:
        cut += fences[-1].split("json")[0].rstrip() + "\n"
    return head + opening + cut + note + closing
