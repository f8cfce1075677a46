"""A tiny HTTP server for tests: discovery endpoints of a plain OpenAI server, and a handler the
test gives for the generation endpoints (any status, headers and body, hostile ones included).

It speaks HTTP/1.1 on 127.0.0.1 and a free port; ``StubServer(answer)`` is a context manager.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = Callable[[str, dict[str, Any]], tuple[int, dict[str, str], bytes]]

MODELS = json.dumps({"object": "list", "data": [{"id": "stub-model", "object": "model"}]}).encode()


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hangs up (probe's timeout) is not a test failure


class StubServer:
    def __init__(self, answer: Answer, pages: dict[str, tuple[int, bytes]] | None = None) -> None:
        self.answer = answer
        self.pages = {"/v1/models": (200, MODELS), **(pages or {})}
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, headers: dict[str, str], body: bytes) -> None:
                try:
                    self.send_response(status)
                    for k, v in headers.items():
                        self.send_header(k, v)
                    if not any(k.lower() == "content-length" for k in headers):
                        self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_GET(self) -> None:
                stub.requests.append(("GET", self.path, dict(self.headers)))
                status, body = stub.pages.get(self.path.split("?")[0], (404, b"not found"))
                self._send(status, {"Content-Type": "application/json"}, body)

            def do_POST(self) -> None:
                stub.requests.append(("POST", self.path, dict(self.headers)))
                n = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(n)
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {}
                status, headers, payload = stub.answer(self.path, body)
                self._send(status, headers, payload)

        self._httpd = _QuietServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def __enter__(self) -> StubServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(5)
