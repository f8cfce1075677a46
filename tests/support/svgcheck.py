"""Read plotted values back from a report page's inline SVG charts.

Each chart is a ``<figure id=CHART data-axes='[{"box": [x0, y0, x1, y1], "xlim": ..., "ylim":
...}, ...]'>`` (one entry per panel, the box in SVG units, y downwards); each series is a
``<g id="CHART-sN-ROLE-pP">`` whose markers are ``<use x= y=>``. Inverting the axes transform
gives the data values the renderer drew, to compare with what the model says they must be.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

_FIGURE = re.compile(
    r"<figure id=\"(?P<id>[^\"]+)\" data-kind=\"(?P<kind>[^\"]+)\" data-axes='(?P<axes>[^']*)'>(?P<body>.*?)</figure>",
    re.S,
)
_USE = re.compile(r'<use [^>]*?x="(?P<x>[-\d.e]+)" y="(?P<y>[-\d.e]+)"')


def figures(page: str) -> dict[str, dict[str, Any]]:
    """chart id -> {kind, axes, body} of every chart figure on the page."""
    out = {}
    for m in _FIGURE.finditer(page):
        out[m["id"]] = {
            "kind": m["kind"],
            "axes": json.loads(html.unescape(m["axes"])),
            "body": m["body"],
        }
    return out


def _group(body: str, gid: str) -> str:
    start = body.find(f'<g id="{gid}"')
    if start < 0:
        raise KeyError(f"no series {gid} in the chart")
    depth, i = 0, start
    tag = re.compile(r"<(/?)g[\s>]")
    for m in tag.finditer(body, start):
        depth += -1 if m.group(1) else 1
        i = m.end()
        if depth == 0:
            break
    return body[start:i]


def plotted(page: str, chart_id: str, gid: str, panel: int) -> list[tuple[float, float]]:
    """The (x, y) data values of the markers of series ``gid`` in panel ``panel``."""
    fig = figures(page)[chart_id]
    ax = fig["axes"][panel]
    x0, y0, x1, y1 = ax["box"]
    (xa, xb), (ya, yb) = ax["xlim"], ax["ylim"]
    pts = []
    for m in _USE.finditer(_group(fig["body"], gid)):
        px, py = float(m["x"]), float(m["y"])
        pts.append((xa + (px - x0) / (x1 - x0) * (xb - xa), ya + (y1 - py) / (y1 - y0) * (yb - ya)))
    return pts


def series_ids(page: str, chart_id: str) -> list[str]:
    body = figures(page)[chart_id]["body"]
    return re.findall(rf'<g id="({re.escape(chart_id)}-s\d+-[a-z]+-p\d+)"', body)
