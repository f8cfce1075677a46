"""A real headless chromium driven over the DevTools protocol (CDP), for report pages.

Chromium starts with ``--remote-debugging-port=0`` and a fresh profile; the port is read from
``DevToolsActivePort`` in that profile. The page target is driven over its websocket
(``websockets``' synchronous client): console messages, uncaught exceptions, log entries and
every network request are recorded while the page loads; then scripts run in the page and
screenshots are taken (light and dark colour schemes) and a PDF printed.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@dataclass
class PageLog:
    console: list[dict[str, Any]] = field(default_factory=list)
    exceptions: list[dict[str, Any]] = field(default_factory=list)
    log_entries: list[dict[str, Any]] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[str]:
        out = [
            json.dumps(c.get("args")) for c in self.console if c.get("type") in ("error", "assert")
        ]
        out += [json.dumps(e.get("exceptionDetails", {}).get("text")) for e in self.exceptions]
        out += [
            str(e.get("entry", {}).get("text"))
            for e in self.log_entries
            if e.get("entry", {}).get("level") == "error"
        ]
        return out


class Browser:
    def __init__(self, exe: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="specdiag-chromium-")
        self.proc = subprocess.Popen(
            [
                exe,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        port_file = Path(self.profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("chromium did not start its DevTools endpoint")
            time.sleep(0.05)
        self.port = int(port_file.read_text().split()[0])
        self._ids = itertools.count(1)
        self.ws: Any = None

    def open_page(self) -> None:
        import httpx
        from websockets.sync.client import connect

        deadline = time.monotonic() + 15
        while True:
            targets = httpx.get(f"http://127.0.0.1:{self.port}/json/list", timeout=5).json()
            pages = [t for t in targets if t.get("type") == "page"]
            if pages or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        self._conn = connect(pages[0]["webSocketDebuggerUrl"], max_size=64 * 2**20, open_timeout=10)
        self.ws = self._conn.__enter__()

    def call(
        self, method: str, log: PageLog | None = None, timeout: float = 30, **params: Any
    ) -> dict[str, Any]:
        n = next(self._ids)
        self.ws.send(json.dumps({"id": n, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if msg.get("id") == n:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return dict(msg.get("result", {}))
            if log is not None:
                self._record(msg, log)

    @staticmethod
    def _record(msg: dict[str, Any], log: PageLog) -> None:
        method, params = msg.get("method"), msg.get("params", {})
        if method == "Runtime.consoleAPICalled":
            log.console.append(params)
        elif method == "Runtime.exceptionThrown":
            log.exceptions.append(params)
        elif method == "Log.entryAdded":
            log.log_entries.append(params)
        elif method == "Network.requestWillBeSent":
            log.requests.append(params.get("request", {}).get("url", ""))

    def load(self, url: str, *, timeout: float = 30) -> PageLog:
        """Navigate to ``url`` and wait for its load event, recording what happens."""
        log = PageLog()
        for domain in ("Page.enable", "Runtime.enable", "Log.enable", "Network.enable"):
            self.call(domain, log)
        self.call("Page.navigate", log, url=url)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            self._record(msg, log)
            if msg.get("method") == "Page.loadEventFired":
                break
        else:
            raise TimeoutError(f"{url} did not load")
        # let late console messages arrive
        settle = time.monotonic() + 0.5
        while time.monotonic() < settle:
            self._drain(log)
        return log

    def _drain(self, log: PageLog) -> None:
        with contextlib.suppress(TimeoutError):
            self._record(json.loads(self.ws.recv(timeout=0.1)), log)

    def evaluate(self, expression: str) -> Any:
        res = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in res:
            raise RuntimeError(f"page script failed: {res['exceptionDetails']}")
        return res["result"].get("value")

    def screenshot(self, path: Path, *, dark: bool = False, width: int = 1100) -> None:
        scheme = "dark" if dark else "light"
        self.call(
            "Emulation.setEmulatedMedia",
            features=[{"name": "prefers-color-scheme", "value": scheme}],
        )
        height = int(self.evaluate("document.documentElement.scrollHeight"))
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=min(height, 16000),
            deviceScaleFactor=1,
            mobile=False,
        )
        shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    def pdf(self, path: Path) -> None:
        self.call("Emulation.setEmulatedMedia", media="print")
        path.write_bytes(base64.b64decode(self.call("Page.printToPDF", timeout=60)["data"]))
        self.call("Emulation.setEmulatedMedia", media="")

    def close(self) -> None:
        if self.ws is not None:
            self._conn.__exit__(None, None, None)
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        shutil.rmtree(self.profile, ignore_errors=True)
