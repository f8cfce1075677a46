"""The Prometheus HTTP API (``/api/v1/query``) over httpx, with one clear error per failure.

Queries are POSTed as forms (no URL-length limit on long selectors). Every failure becomes a
:class:`~specdiag.errors.ServerError` (exit 3) with a hint, except a selector Prometheus rejects
as malformed, which is a :class:`~specdiag.errors.UsageError` (exit 2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from specdiag.core.files import JsonError, loads_json
from specdiag.core.fleet.timespec import prom_duration
from specdiag.core.http import BaseUrl, BodyKind, HttpFailure, fetch, parse_base_url, sync_client
from specdiag.errors import ServerError, UsageError

if TYPE_CHECKING:
    import httpx
    import numpy as np
    from numpy.typing import NDArray

# Paths a user may paste after the base URL (the UI, an API endpoint): stripped.
_TRAILERS = ("/api/v1/query_range", "/api/v1/query", "/api/v1", "/api", "/graph", "/query")


@dataclass(frozen=True)
class RawSeries:
    """One series of a matrix result: its labels (``__name__`` included) and raw samples
    (float sequences: numpy arrays from the client, tuples or lists in tests)."""

    labels: Mapping[str, str]
    timestamps: Sequence[float] | NDArray[np.float64]
    values: Sequence[float] | NDArray[np.float64]


def base_url(url: str) -> BaseUrl:
    """Validate a Prometheus URL and return its API base (UI or API paths stripped)."""
    return parse_base_url(
        url,
        what="the Prometheus URL",
        example="specdiag fleet http://prometheus:9090",
        strip=_TRAILERS,
    )


class PrometheusClient:
    """A synchronous client of one Prometheus server; use as a context manager."""

    def __init__(
        self,
        url: str,
        *,
        timeout_s: float = 30.0,
        headers: Sequence[tuple[str, str]] = (),
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.target = base_url(url)
        self.shown = self.target.shown
        self.timeout_s = timeout_s
        self.queries: list[str] = []  # every PromQL expression sent, in order
        # Prometheus gets timeout_s for the query itself; we wait a little longer for its answer
        self.wait_s = timeout_s + min(5.0, max(1.0, 0.2 * timeout_s))
        self._client = sync_client(
            self.target,
            timeout_s=self.wait_s,
            headers=dict(headers),
            user_agent="specdiag-fleet",
            transport=transport,
            # a plain-http Prometheus needs no CA store; a redirect to https is then refused
            # (reported as "not a Prometheus API") rather than followed without verification
            follow_redirects=self.target.https,
        )

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> PrometheusClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ transport

    def _post(self, path: str, form: dict[str, str]) -> Any:
        try:
            resp = fetch(
                self._client,
                "POST",
                path,
                kind=BodyKind.QUERY,
                timeout_s=self.wait_s,
                shown=f"Prometheus at {self.shown}",
                data=form,
            )
        except HttpFailure as exc:
            if exc.kind == "timeout":
                raise ServerError(
                    f"Prometheus at {self.shown} did not answer within {self.wait_s:g} s",
                    hint="raise --timeout, narrow --selector or the window (--since), or retry "
                    "when Prometheus is less busy",
                ) from None
            if exc.kind == "connect":
                raise ServerError(
                    exc.message,
                    hint="is Prometheus running and is the URL right? (it listens on port 9090 "
                    "by default; give the base URL, e.g. http://prometheus:9090)",
                ) from None
            raise
        try:
            body = loads_json(resp.body)
        except JsonError:
            body = None
        if not isinstance(body, dict) or "status" not in body:
            if resp.status in (401, 403):
                raise ServerError(
                    f"Prometheus at {self.shown} refused the query (HTTP {resp.status})",
                    hint="pass credentials with --header 'Authorization: Bearer ...'",
                )
            raise ServerError(
                f"{self.shown} is not a Prometheus HTTP API: {path} answered HTTP {resp.status} without "
                "a Prometheus JSON body",
                hint="give the Prometheus base URL, e.g. http://prometheus:9090 (with its path "
                "prefix if it runs behind one, e.g. http://host/prometheus)",
            )
        if body.get("status") != "success":
            etype = str(body.get("errorType", ""))
            err = str(body.get("error", "unknown error"))[:300]
            if etype == "timeout" or "timeout" in err.lower() and resp.status == 503:
                raise ServerError(
                    f"the query timed out in Prometheus ({err})",
                    hint="raise --timeout (Prometheus caps it at its --query.timeout), narrow "
                    "--selector, or shorten the window",
                )
            if etype == "bad_data":
                raise UsageError(
                    f"Prometheus rejected the query: {err}",
                    hint="check --selector: label matchers in braces, e.g. "
                    '\'{namespace="prod",pod=~"vllm-.*"}\'',
                )
            raise ServerError(
                f"Prometheus at {self.shown} could not run the query ({etype or resp.status}): "
                f"{err}",
                hint="narrow --selector or the window; see Prometheus' own log",
            )
        return body.get("data")

    # ------------------------------------------------------------------ API

    def query(self, expr: str, time: float) -> tuple[str, Any]:
        """An instant query: (resultType, result)."""
        self.queries.append(expr)
        data = self._post(
            "/api/v1/query",
            {"query": expr, "time": f"{time:.3f}", "timeout": f"{self.timeout_s:g}s"},
        )
        if not isinstance(data, dict):
            raise ServerError(
                f"Prometheus at {self.shown} answered a query without data",
                hint="is this a Prometheus-compatible API? give the Prometheus base URL",
            )
        return str(data.get("resultType")), data.get("result")

    def raw_samples(self, selector: str, start: float, end: float) -> list[RawSeries]:
        """Every raw sample of ``selector`` in (start, end]: an instant query of a range selector."""
        rtype, result = self.query(f"{selector}[{prom_duration(end - start)}]", end)
        if rtype != "matrix" or not isinstance(result, list):
            raise ServerError(
                f"Prometheus at {self.shown} answered a range selector with {rtype!r}, not a matrix",
                hint="this API does not behave like Prometheus' (a proxy rewriting queries?)",
            )
        import numpy as np

        out: list[RawSeries] = []
        for item in result:
            try:
                labels = item["metric"]
                ts_raw, vs_raw = zip(*item["values"], strict=True)
                n = len(ts_raw)
                ts = np.fromiter(ts_raw, np.float64, n)
                vs = np.fromiter(map(float, vs_raw), np.float64, n)  # values come as strings
            except (KeyError, TypeError, ValueError):
                continue  # a malformed (or empty) series: left out
            if not isinstance(labels, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in labels.items()
            ):
                continue  # Prometheus' labels are strings: another API's answer, left out
            # Prometheus 2 includes a sample exactly at the left edge, 3 does not: the window
            # is (start, end] whichever answers
            k = int(np.searchsorted(ts, start, side="right"))
            if k < n:
                out.append(RawSeries(labels, ts[k:], vs[k:]))
        return out
