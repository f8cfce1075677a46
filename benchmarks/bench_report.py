"""Report generation for a doctor + probe + logs bundle of the original deployment's case (the
demo's seed scenario: EAGLE-3 on SGLang at accept length ~2.4, 61% of what training predicts).

Measures, as medians over ``--runs``:
* the whole command in a fresh process (``specdiag report doctor.json probe.json logs.json -o
  page.html``), against the baseline ``python -c "import typer"`` (the floor of any command);
* the same with ``--format markdown`` (no matplotlib);
* the cost of importing matplotlib (the only thing the page adds to start-up);
* in-process: building the model, drawing each chart, rendering the page;
* the page's size, the charts' share of it, and the markdown's size.

Usage: python benchmarks/bench_report.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEMO = REPO / "tests" / "data" / "report" / "demo-seed.json"
ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPATH": str(REPO),
}


def _wall(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, str(REPO))
    demo = json.loads(DEMO.read_text())
    tmp = Path(tempfile.mkdtemp(prefix="bench-report-"))
    files = []
    for step in demo["steps"]:
        if step["name"] in ("doctor", "probe", "logs"):
            p = tmp / f"{step['name']}.json"
            p.write_text(json.dumps(step["result"], indent=1))
            files.append(str(p))
    page, md = tmp / "page.html", tmp / "summary.md"
    cmds = {
        "baseline: python -c 'import typer'": [sys.executable, "-c", "import typer"],
        "import matplotlib (+ its SVG backend)": [
            sys.executable,
            "-c",
            "import matplotlib.figure, matplotlib.backends.backend_svg",
        ],
        "specdiag report doctor+probe+logs -o page.html": [
            sys.executable,
            "-m",
            "specdiag",
            "report",
            *files,
            "-o",
            str(page),
        ],
        "specdiag report ... --format markdown": [
            sys.executable,
            "-m",
            "specdiag",
            "report",
            *files,
            "--format",
            "markdown",
            "-o",
            str(md),
        ],
    }
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(args.runs):
        for name, cmd in cmds.items():  # interleaved: machine load hits all alike
            times[name].append(_wall(cmd))
    base = statistics.median(times["baseline: python -c 'import typer'"])

    from specdiag.cli._report_charts import chart_svg
    from specdiag.cli._report_render import render_html
    from specdiag.core.report.build import build_report

    docs = [(Path(f).name, json.loads(Path(f).read_text())) for f in files]
    builds, renders, per_chart = [], [], {}
    for _ in range(args.runs):
        t0 = time.perf_counter()
        report = build_report(docs, generated_at="bench", specdiag_version="bench")
        builds.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        html = render_html(report)
        renders.append(time.perf_counter() - t0)
        for c in report.charts:
            t0 = time.perf_counter()
            svg, _ = chart_svg(c)
            per_chart.setdefault(c.kind.value, []).append((time.perf_counter() - t0, len(svg)))
    result = {
        "runs": args.runs,
        "wall_s": {k: round(statistics.median(v), 3) for k, v in times.items()},
        "ratio_to_baseline": {k: round(statistics.median(v) / base, 2) for k, v in times.items()},
        "in_process_s": {
            "build_report (model)": round(statistics.median(builds), 4),
            "render_html (all charts + page)": round(statistics.median(renders), 3),
        },
        "per_chart": {
            k: {"seconds": round(statistics.median(t for t, _ in v), 3), "svg_bytes": v[0][1]}
            for k, v in per_chart.items()
        },
        "page_bytes": page.stat().st_size,
        "page_bytes_in_process": len(html.encode()),
        "markdown_chars": len(md.read_text()),
        "charts": len(report.charts),
    }
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
