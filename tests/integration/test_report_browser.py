"""The report page in a REAL headless chromium (Debian's package; `make chromium` installs it):
it loads from a file with no network request and no console error, every expected chart is
rendered with its accessible name, light and dark screenshots and a printed PDF are kept under
tests/artifacts/ (git-ignored) for a person to look at."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import Browser, chromium_path
from tests.support.cli import run_cli

pytestmark = pytest.mark.integration

DEMO = Path(__file__).parents[1] / "data" / "report" / "demo-seed.json"
ARTIFACTS = Path(__file__).parents[1] / "artifacts" / "report"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    exe = chromium_path()
    if exe is None:
        pytest.fail("chromium is not installed: run `make chromium` (Debian's chromium package)")
    b = Browser(exe)
    try:
        b.open_page()
        yield b
    finally:
        b.close()


def test_page_loads_offline_without_errors(browser: Browser, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    res = run_cli(["report", str(DEMO), "-o", str(page), "--json"])
    assert res.exit_code == 0, res.stderr
    charts = {c["id"]: c["kind"] for c in json.loads(res.stdout)["charts"]}
    url = page.resolve().as_uri()
    log = browser.load(url)
    assert log.errors == []
    # nothing fetched but the page itself (the heatmap's raster is a data: URI inside it)
    assert [r for r in log.requests if r != url and not r.startswith("data:")] == []
    rendered = browser.evaluate(
        "Array.from(document.querySelectorAll('figure[data-kind]')).map(f => {"
        " const s = f.querySelector('svg'); const r = s.getBoundingClientRect();"
        " return [f.id, f.dataset.kind, s.getAttribute('role'),"
        " document.getElementById(f.id + '-title').textContent, r.width, r.height]; })"
    )
    assert {r[0]: r[1] for r in rendered} == charts
    assert {
        "per-position",
        "accepted-count",
        "by-category",
        "latency",
        "accept-timeline",
        "identification",
    } <= set(charts.values())
    for _, _, role, title, width, height in rendered:
        assert role == "img" and title and width > 300 and height > 100
    # real text in the charts: the browser lays it out and can select it
    assert browser.evaluate("document.querySelectorAll('svg.chart text').length") > 50
    verdict = browser.evaluate("document.querySelector('#verdict .verdict').textContent")
    assert verdict == "below"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.screenshot(ARTIFACTS / "report-light.png")
    browser.screenshot(ARTIFACTS / "report-dark.png", dark=True)
    dark_bg = browser.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark_bg != "rgb(255, 255, 255)"
    browser.pdf(ARTIFACTS / "report-print.pdf")
    assert (ARTIFACTS / "report-print.pdf").read_bytes().startswith(b"%PDF")
    for name in ("report-light.png", "report-dark.png"):
        assert (ARTIFACTS / name).stat().st_size > 50_000


def test_the_harness_sees_requests_and_errors(browser: Browser, tmp_path: Path) -> None:
    """The checks above can fail: a page that fetches and throws is caught."""
    page = tmp_path / "leaky.html"
    page.write_text(
        "<!DOCTYPE html><html><body><img src='http://127.0.0.1:9/x.png'>"
        "<script>console.error('boom'); undefinedFunction();</script></body></html>"
    )
    log = browser.load(page.resolve().as_uri())
    assert any(r.startswith("http://127.0.0.1:9/") for r in log.requests)
    assert len(log.errors) >= 2
