"""Charts of a report as inline SVG, drawn with matplotlib (imported here only, by `report`
and the --report shortcuts).

Text stays text (``svg.fonttype = none``), so it is selectable and scales; the foreground colour
is written as ``currentColor`` so the page's light and dark themes both read; every series is
drawn with markers whose ``<use x= y=>`` positions, with the axes' box and limits recorded by
:func:`chart_svg`, let a test read back the plotted values (tests/cli/test_report_page.py).
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

from specdiag.core.report.model import Chart, ChartKind, Role, Series

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

FG = "#123457"  # stands for the text colour; replaced by currentColor in the SVG
_ROLE_STYLE = {  # colour, marker
    Role.OBSERVED: ("#0072B2", "o"),
    Role.EXPECTED: ("#D55E00", "s"),
    Role.GEOMETRIC: ("#009E73", "^"),
    Role.BASELINE: ("#8C8C8C", "D"),
    Role.OTHER: ("#CC79A7", "v"),
}
_RC: dict[str, object] = {
    "svg.fonttype": "none",
    "svg.hashsalt": "specdiag",
    "font.family": "sans-serif",
    "font.size": 9,
    "axes.edgecolor": FG,
    "axes.labelcolor": FG,
    "text.color": FG,
    "xtick.color": FG,
    "ytick.color": FG,
    "axes.grid": True,
    "grid.color": "#b0b0b0",
    "grid.alpha": 0.4,
    "legend.frameon": False,
    "figure.facecolor": "none",
    "axes.facecolor": "none",
    "savefig.transparent": True,
    "figure.dpi": 72,
    "savefig.dpi": 72,
}


def series_gid(chart: Chart, index: int, s: Series) -> str:
    """The SVG id of one drawn series (what a test looks up)."""
    return f"{chart.id}-s{index}-{s.role.value}-p{s.panel}"


def _draw_series(ax: Axes, chart: Chart, index: int, s: Series) -> None:
    color, marker = _ROLE_STYLE[s.role]
    gid = series_gid(chart, index, s)
    if s.style == "bar":
        width = 0.6 if len(s.x) > 1 else 0.4
        ax.bar(s.x, s.y, width=width, color=color, alpha=0.85, label=s.name)
        # the bar tops as markers too: the values are readable from the SVG
        (pts,) = ax.plot(s.x, s.y, linestyle="none", marker="_", color=color, markersize=8)
        pts.set_gid(gid)
        return
    if s.lo is not None and s.hi is not None:
        err = [
            [max(0.0, y - lo) for y, lo in zip(s.y, s.lo, strict=False)],
            [max(0.0, hi - y) for y, hi in zip(s.y, s.hi, strict=False)],
        ]
        ax.errorbar(s.x, s.y, yerr=err, linestyle="none", ecolor=color, elinewidth=1, capsize=3)
    kw: dict[str, Any] = {"color": color, "marker": marker, "markersize": 4, "label": s.name}
    if s.style == "points":
        kw.update(linestyle="none", markersize=6)
    elif s.style == "step":
        kw.update(drawstyle="steps-mid", markersize=2.5, linewidth=1.2)
    elif s.role is Role.GEOMETRIC:
        kw.update(linestyle="--", linewidth=1.2)
    else:
        kw.update(linewidth=1.5)
    (line,) = ax.plot(s.x, s.y, **kw)
    line.set_gid(gid)


def _heatmap(fig: Figure, ax: Axes, chart: Chart) -> None:
    import numpy as np
    from matplotlib.patches import Rectangle

    h = chart.heatmap
    assert h is not None
    data = np.array([[np.nan if v is None else v for v in row] for row in h.values], dtype=float)
    im = ax.imshow(
        data, cmap="viridis", vmin=min(0.0, float(np.nanmin(data))), vmax=1.0, aspect="auto"
    )
    im.set_gid(f"{chart.id}-heatmap")
    ax.set_xticks(range(len(h.cols)), labels=list(h.cols))
    ax.set_yticks(range(len(h.rows)), labels=list(h.rows))
    ax.grid(False)
    if data.size <= 200:
        for (i, j), v in np.ndenumerate(data):
            if np.isfinite(v):
                color = "white" if v < 0.6 else "black"
                ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7, color=color)
    for r, c in h.marked:
        rect = Rectangle((c - 0.5, r - 0.5), 1, 1, fill=False, edgecolor="#D55E00", linewidth=2.5)
        rect.set_gid(f"{chart.id}-chosen-{r}-{c}")
        ax.add_patch(rect)
    cb = fig.colorbar(im, ax=ax, fraction=0.05)
    cb.set_label(h.value_label)


def _figure(chart: Chart) -> tuple[Figure, list[Axes]]:
    from matplotlib.figure import Figure

    n = len(chart.panels)
    if chart.kind is ChartKind.IDENTIFICATION and chart.heatmap is not None:
        w = min(10.0, 3.0 + 0.55 * len(chart.heatmap.cols))
        hgt = min(8.0, 1.6 + 0.45 * len(chart.heatmap.rows))
        fig = Figure(figsize=(w, hgt), layout="constrained")
        return fig, [fig.add_subplot(1, 1, 1)]
    width = 7.2 if n <= 2 else 9.6
    fig = Figure(figsize=(width, 3.3), layout="constrained")
    axes = [fig.add_subplot(1, n, i + 1) for i in range(n)]
    return fig, axes


def _draw(chart: Chart) -> tuple[Figure, list[Axes]]:
    fig, axes = _figure(chart)
    if chart.heatmap is not None:
        _heatmap(fig, axes[0], chart)
        axes[0].set_xlabel(chart.x_label)
        axes[0].set_ylabel(chart.y_label)
        return fig, axes
    for i, s in enumerate(chart.series):
        _draw_series(axes[s.panel], chart, i, s)
    for p, ax in enumerate(axes):
        if chart.panels[p]:
            ax.set_title(chart.panels[p], fontsize=9)
        ax.set_xlabel(chart.x_label)
        if p == 0:
            ax.set_ylabel(chart.y_label)
        if chart.kind is ChartKind.PER_POSITION:
            ax.set_ylim(0.0, 1.05)
            k = max((len(s.x) for s in chart.series), default=1)
            ax.set_xticks(range(1, k + 1))
            ax.set_xlim(0.5, k + 0.5)
        if chart.kind is ChartKind.HISTOGRAM:
            ax.set_ylim(0.0, min(1.0, 1.15 * max(max(s.y) for s in chart.series)) or 1.0)
            ax.set_xticks(range(len(chart.series[0].x)))
        if chart.x_ticks is not None:
            ax.set_xticks(range(len(chart.x_ticks)), labels=list(chart.x_ticks))
            if len(chart.x_ticks) > 5 and max(map(len, chart.x_ticks)) > 6:
                ax.tick_params(axis="x", labelrotation=30)
        if chart.hline is not None:
            label = chart.hline_label
            color = _ROLE_STYLE[Role.EXPECTED][0] if label.startswith("expected") else "#888888"
            ax.axhline(chart.hline, color=color, linestyle=":", linewidth=1.3, label=label)
        for b in chart.bands:
            if b.kind == "collapse":
                ax.axvspan(b.start, b.end, color="#D55E00", alpha=0.15, label="collapse")
            else:
                ax.axvline(b.start, color="#888888", linestyle="-.", linewidth=1, label=b.label)
        if chart.kind is ChartKind.LATENCY:
            ax.set_ylim(bottom=0)
        if chart.kind in (
            ChartKind.CATEGORY,
            ChartKind.RANKS,
            ChartKind.REPLICAS,
            ChartKind.TIMELINE,
        ):
            lo, hi = ax.get_ylim()
            ax.set_ylim(min(0.9, lo), hi)
    seen: dict[str, Artist] = {}
    for ax in axes:
        for h, lab in zip(*ax.get_legend_handles_labels(), strict=False):
            seen.setdefault(lab, h)
    if seen:  # below the panels: never over the data
        fig.legend(
            list(seen.values()),
            list(seen.keys()),
            fontsize=8,
            loc="outside lower center",
            ncols=min(4, len(seen)),
        )
    return fig, axes


def _svg_text(fig: Figure) -> str:
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    buf = io.StringIO()
    FigureCanvasSVG(fig).print_svg(  # type: ignore[no-untyped-call]
        buf, metadata={"Date": None, "Creator": None}
    )
    return buf.getvalue()


_ID = re.compile(r'\bid="([^"]+)"')
_DIGITS = re.compile(r"(\d\.\d\d)\d+")


def _accessible(svg: str, chart: Chart) -> str:
    """The SVG element alone, ids made unique in the page, colours themable, title/desc/role."""
    from html import escape

    svg = svg[svg.index("<svg") :]
    svg = _DIGITS.sub(r"\1", svg)  # 0.01 pt is finer than any screen or printer
    svg = svg.replace(FG, "currentColor").replace(FG.upper(), "currentColor")
    own = [i for i in _ID.findall(svg) if not i.startswith(chart.id)]
    for old in sorted(set(own), key=len, reverse=True):
        new = f"{chart.id}-{old}"
        svg = svg.replace(f'id="{old}"', f'id="{new}"').replace(f"#{old})", f"#{new})")
        svg = svg.replace(f'href="#{old}"', f'href="#{new}"')
    title_id, desc_id = f"{chart.id}-title", f"{chart.id}-desc"
    head_end = svg.index(">") + 1
    tag = svg[:head_end]
    tag = tag.replace(
        "<svg", f'<svg role="img" aria-labelledby="{title_id} {desc_id}" class="chart"', 1
    )
    tag = re.sub(r'\s(width|height)="[^"]*"', "", tag)
    return (
        tag
        + f'<title id="{title_id}">{escape(chart.title)}</title>'
        + f'<desc id="{desc_id}">{escape(chart.description)}</desc>'
        + svg[head_end:]
    )


def chart_svg(chart: Chart) -> tuple[str, list[dict[str, list[float]]]]:
    """The chart as an accessible inline ``<svg>`` and, per axes, its box in SVG units and its
    data limits (x0, x1, y0, y1), so that plotted values can be read back from the SVG."""
    import matplotlib

    with matplotlib.rc_context(_RC):  # type: ignore[arg-type]
        fig, axes = _draw(chart)
        svg = _svg_text(fig)  # draws: the axes boxes below are final
        height = fig.get_figheight() * 72.0
        meta = []
        for ax in axes:
            bb = ax.get_window_extent()
            box = (bb.x0, height - bb.y1, bb.x1, height - bb.y0)  # SVG's y axis points down
            meta.append(
                {
                    "box": [round(float(v), 3) for v in box],
                    "xlim": [float(v) for v in ax.get_xlim()],
                    "ylim": [float(v) for v in ax.get_ylim()],
                }
            )
    return _accessible(svg, chart), meta
