"""The HTTP edge every command shares (probe, fleet, capture-hidden, doctor, the exporter):
base URLs, redaction, credentials (a URL's ``user:password`` is one, registered as a secret in
every form a server may echo), clients, and reads bounded in bytes (per :class:`BodyKind`,
decompression included; ``SPECDIAG_HTTP_MAX_<KIND>_BYTES`` overrides) and in total time, every
failure one :class:`HttpFailure` naming the server.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import contextvars
import functools
import os
import re
import socket
import threading
import time
import zlib
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from concurrent.futures import Future, InvalidStateError
from concurrent.futures import wait as futures_wait
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from specdiag.core.files import JsonError, loads_json
from specdiag.core.textenum import TextEnum
from specdiag.errors import ServerError, UsageError

if TYPE_CHECKING:
    import ssl

    import httpcore
    import httpx

_T = TypeVar("_T")

# --------------------------------------------------------------------------- URLs


@dataclass(frozen=True)
class BaseUrl:
    """A server URL from the command line, validated and taken apart."""

    url: str  # scheme://host[:port]/path: where requests go (no userinfo, no query)
    shown: str  # the same without a trailing "/": safe to print
    params: tuple[tuple[str, str], ...] = ()  # the query, sent with every request
    auth: tuple[str, str] | None = None  # user:password from the URL (Basic credentials)
    stripped: str | None = None  # the path suffix removed (e.g. "/v1"), if any

    @property
    def https(self) -> bool:
        return self.url.startswith("https:")


def basic_forms(user: str, password: str) -> tuple[str, ...]:
    """The password, ``user:password`` and its base64 Basic form (what an echoed
    ``Authorization`` header shows)."""
    pair = f"{user}:{password}"
    token = base64.b64encode(pair.encode("utf-8", "surrogateescape")).decode("ascii")
    return tuple(s for s in (password, pair, token) if len(s) >= 4)


def url_secrets(url: str | None) -> tuple[str, ...]:
    """The credentials a URL carries (its password in every echoed form, key-like query values);
    empty for a URL that cannot be parsed (it is refused before anything is sent)."""
    if not url:
        return ()
    try:
        parts = urlsplit(url.strip())
        user, password = parts.username, parts.password
        query = parse_qsl(parts.query, keep_blank_values=True)
    except ValueError:
        return ()
    out = [v for _, v in query if len(v) >= 4]
    if password:
        out += list(basic_forms(user or "", password))
    return tuple(out)


def redact_url(url: str) -> str:
    """``url`` without ``user:password``, query and fragment, and without a trailing ``/``;
    ``<unparsable URL>`` when it cannot be read (a bad port, a broken IPv6 literal)."""
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return "<unparsable URL>"
    if not parts.scheme or not parts.netloc:
        return "<not a URL>"  # "user:pw@host" without a scheme would be all path: never shown
    return urlunsplit((parts.scheme, _netloc(host, port), parts.path.rstrip("/"), "", ""))


def _netloc(host: str, port: int | None) -> str:
    """``host[:port]`` without credentials, an IPv6 address in brackets."""
    return (f"[{host}]" if ":" in host else host) + (f":{port}" if port is not None else "")


def parse_base_url(
    text: str,
    *,
    what: str,
    example: str,
    strip: Sequence[str] = (),
    default_scheme: str | None = None,
) -> BaseUrl:
    """Validate a URL given by the user; a :class:`UsageError` (exit 2) names what is wrong
    without echoing the URL's credentials.

    ``what`` names the URL in messages ("the server URL", "the Prometheus URL"); ``strip`` lists
    path suffixes removed when the URL ends in one (the first that matches);
    ``default_scheme`` is put in front of a bare ``host:port``."""
    raw = text.strip()
    if default_scheme and "://" not in raw:
        raw = f"{default_scheme}://{raw}"
    try:
        parts = urlsplit(raw)
        port = parts.port  # raises ValueError for a port out of range or not a number
        host = parts.hostname
        user, password = parts.username, parts.password
    except ValueError as exc:
        # the URL is not echoed: it may carry credentials that cannot be told apart
        raise UsageError(
            f"cannot read {what}: {exc}", hint=f"e.g. {example} (a port is 1..65535)"
        ) from None
    if parts.scheme.lower() not in ("http", "https") or not host:
        raise UsageError(
            f"{what} is not an http(s) URL: {redact_url(raw)!r}", hint=f"e.g. {example}"
        )
    if port == 0:
        raise UsageError(f"{what} has port 0: {redact_url(raw)!r}", hint=f"e.g. {example}")
    for s in (user, password):
        if s is not None and not _VALUE.fullmatch(s):
            raise UsageError(
                f"the user or password in {what} contains {_bad_char(s)} (not printed)",
                hint="percent-encode it, e.g. %40 for @",
            )
    path = parts.path.rstrip("/")
    stripped = None
    for suffix in strip:
        if path.endswith(suffix):
            path, stripped = path[: -len(suffix)], suffix
            break
    url = urlunsplit((parts.scheme.lower(), _netloc(host, port), path, "", ""))
    return BaseUrl(
        url=url,
        shown=url,
        params=tuple(parse_qsl(parts.query, keep_blank_values=True)),
        auth=(user or "", password or "") if user is not None or password is not None else None,
        stripped=stripped,
    )


MAX_TIMEOUT_S = 86_400.0  # --timeout of every command that speaks HTTP: up to a day


def check_timeout(seconds: float, flag: str = "--timeout") -> None:
    """A request deadline is a finite number of seconds in (0, a day]: a usage error otherwise
    (``inf`` and ``nan`` included, which no clock can wait for)."""
    if not 0 < seconds <= MAX_TIMEOUT_S:
        raise UsageError(
            f"{flag} must be in (0, {MAX_TIMEOUT_S:g}] seconds, got {seconds:g}",
            hint=f"the time one request may take in all, e.g. {flag} 60",
        )


# RFC 9110 field names are tokens; values visible ASCII plus space and tab (h11 refuses the
# rest, and httpx encodes values as ASCII: anything else would fail inside the HTTP library,
# whose error text quotes the value)
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_VALUE = re.compile(r"[\t\x20-\x7e]*")  # (used with fullmatch: "$" would let a final \n by)


def _bad_char(value: str) -> str:
    for i, ch in enumerate(value):
        if not _VALUE.fullmatch(ch):
            what = {"\n": "a line break", "\r": "a carriage return", "\x00": "a NUL byte"}.get(
                ch, "a non-ASCII character" if ord(ch) > 0x7E else "a control character"
            )
            return f"{what} at character {i + 1}"
    return "a character HTTP does not allow"


def check_credentials(api_key: str | None, headers: Sequence[tuple[str, str]]) -> None:
    """An API key or header value HTTP cannot carry is a usage error that never echoes it."""
    if api_key is not None and not _VALUE.fullmatch(api_key):
        raise UsageError(
            f"the API key contains {_bad_char(api_key)} (the key is not printed)",
            hint="check --api-key, SPECDIAG_API_KEY and OPENAI_API_KEY: a key is one line of "
            "printable ASCII (a file read with $(cat ...) keeps no newline; a pasted one may)",
        )
    for name, value in headers:
        if not _TOKEN.fullmatch(name):
            raise UsageError(
                f"--header name {name!r} is not a valid HTTP field name",
                hint="e.g. -H 'X-Team: infra' (letters, digits and -_.!#$%&'*+^`|~)",
            )
        if not _VALUE.fullmatch(value):
            raise UsageError(
                f"the value of --header {name} contains {_bad_char(value)} (not printed)",
                hint="a header value is one line of printable ASCII",
            )


def credential_secrets(
    api_key: str | None, headers: Sequence[tuple[str, str]] = (), urls: Sequence[str | None] = ()
) -> tuple[str, ...]:
    """Every secret a command holds, longest first: the key, credential-like header values
    (and the token after ``Bearer``/``Basic``), and each URL's credentials in every form."""
    out = [api_key] if api_key else []
    for k, v in headers:
        out.append(v)  # every header value is treated as a secret: never printed
        scheme, _, token = v.partition(" ")  # "Bearer KEY": a server may echo KEY alone
        if token.strip() and scheme.lower() in ("bearer", "basic", "token"):
            out.append(token.strip())
            if scheme.lower() == "basic":
                try:
                    pair = base64.b64decode(token.strip(), validate=True).decode("utf-8")
                except (ValueError, UnicodeDecodeError):
                    pair = ""
                if ":" in pair:
                    out += list(basic_forms(*pair.split(":", 1)))
        elif k.lower() in ("authorization", "proxy-authorization"):
            out.append(v.strip())
    for u in urls:
        out += list(url_secrets(u))
    return tuple(sorted({s for s in out if s and len(s) >= 4}, key=len, reverse=True))


# --------------------------------------------------------------------------- bounds


class BodyKind(TextEnum):
    """What an answer is, which decides how many bytes of it are read (after decompression)."""

    INFO = "info"  # a discovery or settings page (/v1/models, /server_info, /props, ...)
    METRICS = "metrics"  # a Prometheus text page (/metrics)
    ANSWER = "answer"  # a generation answer read whole (non-streamed)
    STREAM = "stream"  # a streamed generation answer, in all
    QUERY = "query"  # a Prometheus HTTP API answer (fleet)
    CAPTURE = "capture"  # hidden states as JSON numbers (capture-hidden sglang)
    ERROR = "error"  # an error answer: only its start is kept, to show


_DEFAULT_CAPS = {
    BodyKind.INFO: 8 << 20,
    BodyKind.METRICS: 64 << 20,
    BodyKind.ANSWER: 64 << 20,
    BodyKind.STREAM: 256 << 20,
    BodyKind.QUERY: 512 << 20,
    BodyKind.CAPTURE: 1 << 30,
    BodyKind.ERROR: 64 << 10,
}
STREAM_LINE_CAP = 4 << 20  # one server-sent-events line


def _env_cap(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw.isascii() and raw.isdigit() and int(raw) > 0 else default


def body_cap(kind: BodyKind) -> int:
    """Bytes of a ``kind`` answer read at most (``SPECDIAG_HTTP_MAX_<KIND>_BYTES`` overrides)."""
    return _env_cap(f"SPECDIAG_HTTP_MAX_{kind.name}_BYTES", _DEFAULT_CAPS[kind])


def line_cap() -> int:
    """Bytes of one streamed line read at most (``SPECDIAG_HTTP_MAX_LINE_BYTES`` overrides)."""
    return _env_cap("SPECDIAG_HTTP_MAX_LINE_BYTES", STREAM_LINE_CAP)


class HttpFailure(ServerError):
    """One request that did not give a usable answer; ``kind`` says why: ``timeout``,
    ``connect``, ``too_large``, ``encoding``, ``protocol`` (the connection cut or garbled),
    ``request`` (any other httpx error: a redirect loop, a proxy), ``invalid_json``."""

    def __init__(self, message: str, *, hint: str | None = None, kind: str = "protocol") -> None:
        super().__init__(message, hint=hint or _HINTS.get(kind))
        self.kind = kind


_HINTS = {
    "timeout": "raise --timeout, or check that the server is not overloaded or stuck",
    "connect": "is the server running and listening on that host and port?",
    "too_large": "is the URL right? no server specdiag reads sends answers this large "
    "(the caps are in docs/reliability.md)",
    "encoding": "is there a proxy in front of the server? it sent a body specdiag cannot read",
    "protocol": "the connection was cut or spoke garbage: check the server's log",
    "request": "check the URL (a redirect loop? a proxy in the way?) and the server's log",
    "invalid_json": "is the URL right? the server answered something that is not JSON",
}


def failure(kind: str, message: str) -> HttpFailure:
    return HttpFailure(message, kind=kind)


def map_error(exc: BaseException, shown: str, timeout_s: float) -> HttpFailure:
    """An httpx (or socket) failure as one :class:`HttpFailure` naming the server."""
    import httpx

    if isinstance(exc, httpx.ConnectTimeout) and str(exc).startswith(_SLOW_DNS):
        return HttpFailure(f"cannot reach {shown}: {exc}", kind="connect", hint=_DNS_HINT)
    if isinstance(exc, (httpx.TimeoutException, TimeoutError, asyncio.TimeoutError)):
        return failure("timeout", f"{shown} did not answer in full within {timeout_s:g} s")
    if isinstance(exc, httpx.ConnectError):
        return failure("connect", f"cannot reach {shown}: {connect_reason(exc)}")
    if isinstance(exc, httpx.DecodingError):
        return failure("encoding", f"{shown} sent a body that cannot be decoded: {_first(exc)}")
    if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)):
        return failure("protocol", f"the connection to {shown} failed: {_first(exc)}")
    return failure("request", f"talking to {shown} failed: {type(exc).__name__}: {_first(exc)}")


def _first(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:200]


def connect_reason(exc: BaseException) -> str:
    """A connect error in a few words: connection refused, unknown host, or its first line."""
    low = str(exc).lower()
    if "refused" in low:
        return "connection refused"
    if "name or service not known" in low or "nodename nor servname" in low or "getaddrinfo" in low:
        return "unknown host"
    return _first(exc)


# --------------------------------------------------------------------------- decoding


class _Decoder:
    """Content-Encoding undone with bounded output: never more than ``room`` bytes produced
    from any input, so a gzip bomb costs its cap, not its expansion."""

    def __init__(self, encoding: str, shown: str) -> None:
        codings = [c.strip().lower() for c in encoding.split(",") if c.strip()]
        codings = [c for c in codings if c != "identity"]
        self.shown = shown
        self._objs: list[Any] = []
        for c in codings:
            if c in ("gzip", "x-gzip"):
                self._objs.append(zlib.decompressobj(16 + zlib.MAX_WBITS))
            elif c == "deflate":
                self._objs.append(zlib.decompressobj(zlib.MAX_WBITS))
            else:
                raise failure(
                    "encoding", f"{shown} sent a body in Content-Encoding {c!r} (not asked for)"
                )
        self._objs.reverse()  # the last coding applied is undone first

    def feed(self, data: bytes, room: int) -> bytes:
        """Decode ``data``; at most ``room + 1`` bytes come out (one more than fits tells the
        caller the cap is exceeded)."""
        try:
            for d in self._objs:
                data = d.decompress(data, room + 1)
        except zlib.error as exc:
            raise failure(
                "encoding", f"{self.shown} sent a corrupt compressed body ({exc})"
            ) from None
        return data

    def finish(self) -> None:
        for d in self._objs:
            if not d.eof:
                raise failure("encoding", f"{self.shown} sent a truncated compressed body")


# --------------------------------------------------------------------------- clients

ACCEPT_ENCODING = "gzip, deflate"


@functools.lru_cache(maxsize=1)
def ssl_context() -> ssl.SSLContext:
    """One verifying TLS context for every client (loading the CA store costs tens of ms)."""
    import ssl

    import certifi  # (a dependency of httpx)

    return ssl.create_default_context(cafile=certifi.where())


# --------------------------------------------------------------------------- name resolution

_SLOW_DNS = "the name "
# the names being resolved by the request running in this context: a request whose deadline
# passes while its name still resolves says so (not "the server did not answer")
_resolving: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar(
    "specdiag_resolving", default=None
)


@contextlib.contextmanager
def _resolving_name(host: str) -> Iterator[None]:
    pending = _resolving.get()
    if pending is not None:
        pending.append(host)
    yield  # (a cancelled resolution stays listed: the deadline passed during it)
    if pending is not None:
        pending.remove(host)


def _deadline_failure(shown: str, timeout_s: float, pending: list[str]) -> HttpFailure:
    """The failure of a request whose deadline passed: in name resolution, or later."""
    if pending:
        return HttpFailure(
            f"cannot reach {shown}: {_SLOW_DNS}{pending[0]} did not resolve within {timeout_s:g} s",
            kind="connect",
            hint=_DNS_HINT,
        )
    return map_error(TimeoutError(), shown, timeout_s)


_DNS_HINT = "check the host name and this machine's DNS (resolv.conf), or give an IP address"


def _numeric(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return False
    return True


def _lookup(host: str, port: int) -> Future[list[str]]:
    """The addresses of ``host`` from getaddrinfo in a daemon thread (a resolver that hangs
    holds only that thread, which the interpreter does not wait for at exit)."""
    fut: Future[list[str]] = Future()

    def work() -> None:
        try:
            got = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            fut.set_result(list(dict.fromkeys(str(sa[0]) for *_, sa in got)))
        except Exception as exc:  # noqa: BLE001 - handed to the waiting request
            with contextlib.suppress(InvalidStateError):  # (given up waiting: cancelled)
                fut.set_exception(exc)

    threading.Thread(target=work, name=f"resolve {host}", daemon=True).start()
    return fut


def _addresses(host: str, fut: Future[list[str]], timeout: float | None) -> list[str]:
    import httpcore

    if fut.cancelled() or not fut.done():
        raise httpcore.ConnectTimeout(f"{_SLOW_DNS}{host} did not resolve within {timeout:g} s")
    exc = fut.exception()
    if exc is not None:
        raise httpcore.ConnectError(str(exc) or type(exc).__name__)
    if not fut.result():
        raise httpcore.ConnectError(f"{host}: no address")
    return fut.result()


def resolve(host: str, port: int, timeout: float | None) -> list[str]:
    """The addresses of ``host`` within ``timeout`` seconds: a resolver that hangs is a
    ``ConnectTimeout`` when the time is up, never a hang (``socket.create_connection`` resolves
    without any time limit)."""
    if _numeric(host):
        return [host]
    with _resolving_name(host):
        fut = _lookup(host, port)
        futures_wait([fut], timeout)
    return _addresses(host, fut, timeout)


async def aresolve(host: str, port: int, timeout: float | None) -> list[str]:
    """:func:`resolve` for asyncio: asyncio's own resolver runs in the loop's executor, whose
    threads ``asyncio.run`` waits for at exit, so a hung resolver would hang the command there
    (a wait that times out cancels the lookup's future: its thread's answer is dropped)."""
    if _numeric(host):
        return [host]
    with _resolving_name(host):
        fut = _lookup(host, port)
        with contextlib.suppress(Exception):  # the timeout, or the lookup's error: read below
            await asyncio.wait_for(asyncio.wrap_future(fut), timeout)
    return _addresses(host, fut, timeout)


def _bounded_backends() -> tuple[httpcore.NetworkBackend, httpcore.AsyncNetworkBackend]:
    """httpcore network backends that resolve names within the connect timeout, then connect to
    the addresses in turn (TLS still checks the host name: httpcore sends it as SNI)."""
    import httpcore

    class Sync(httpcore.SyncBackend):
        def connect_tcp(
            self, host: str, port: int, timeout: float | None = None, *a: Any, **k: Any
        ) -> httpcore.NetworkStream:  # (a, k: httpcore's own, passed on)
            end = None if timeout is None else time.monotonic() + timeout
            last: BaseException | None = None
            for ip in resolve(host, port, timeout):
                left = None if end is None else max(end - time.monotonic(), 0.001)
                try:
                    return super().connect_tcp(ip, port, left, *a, **k)
                except httpcore.ConnectError as exc:
                    last = exc
            raise last if last is not None else httpcore.ConnectError(host)

    class Async(httpcore.AnyIOBackend):
        async def connect_tcp(
            self, host: str, port: int, timeout: float | None = None, *a: Any, **k: Any
        ) -> httpcore.AsyncNetworkStream:
            end = None if timeout is None else time.monotonic() + timeout
            last: BaseException | None = None
            for ip in await aresolve(host, port, timeout):
                left = None if end is None else max(end - time.monotonic(), 0.001)
                try:
                    return await super().connect_tcp(ip, port, left, *a, **k)
                except httpcore.ConnectError as exc:
                    last = exc
            raise last if last is not None else httpcore.ConnectError(host)

    return Sync(), Async()


def _with_bounded_dns(transport: _T, backend: object) -> _T:
    """``transport`` (an httpx transport built here) with its pool's network backend replaced
    by one that bounds name resolution (httpx has no public option for it)."""
    pool = getattr(transport, "_pool", None)
    if pool is None or not hasattr(pool, "_network_backend"):  # pragma: no cover - httpx changed
        raise RuntimeError("httpx's transport has no connection pool to bound name resolution in")
    pool._network_backend = backend
    return transport


def _client_kwargs(
    base: BaseUrl, timeout_s: float, headers: Mapping[str, str], user_agent: str
) -> dict[str, Any]:
    import httpx

    h = {"User-Agent": user_agent, "Accept-Encoding": ACCEPT_ENCODING}
    h.update(headers)
    return {
        "base_url": base.url,
        "params": base.params,
        "headers": h,
        # a URL's user:password is sent as Basic credentials, unless a key or an Authorization
        # header was given explicitly
        "auth": httpx.BasicAuth(*base.auth)
        if base.auth is not None and not any(k.lower() == "authorization" for k in h)
        else None,
        "timeout": httpx.Timeout(timeout_s, connect=min(timeout_s, 10.0)),
        # a plain-http server needs no CA store (loading it costs tens of ms)
        "verify": ssl_context() if base.https else False,
        "trust_env": False,
    }


def sync_client(
    base: BaseUrl,
    *,
    timeout_s: float,
    headers: Mapping[str, str] | None = None,
    user_agent: str = "specdiag",
    transport: httpx.BaseTransport | None = None,
    follow_redirects: bool = True,
) -> httpx.Client:
    """A blocking client of ``base``. Connections are not kept alive: each request opens its
    own, which :func:`fetch` can cut when the request's deadline passes."""
    import httpx

    kw = _client_kwargs(base, timeout_s, headers or {}, user_agent)
    limits = httpx.Limits(max_keepalive_connections=0)
    if transport is None:
        transport = _with_bounded_dns(
            httpx.HTTPTransport(verify=kw["verify"], limits=limits, trust_env=False),
            _bounded_backends()[0],
        )
    return httpx.Client(**kw, limits=limits, transport=transport, follow_redirects=follow_redirects)


def async_client(
    base: BaseUrl,
    *,
    timeout_s: float,
    headers: Mapping[str, str] | None = None,
    user_agent: str = "specdiag",
    transport: httpx.AsyncBaseTransport | None = None,
    connections: int = 10,
) -> httpx.AsyncClient:
    """An asyncio client of ``base`` keeping up to ``connections`` connections alive."""
    import httpx

    kw = _client_kwargs(base, timeout_s, headers or {}, user_agent)
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    if transport is None:
        transport = _with_bounded_dns(
            httpx.AsyncHTTPTransport(verify=kw["verify"], limits=limits, trust_env=False),
            _bounded_backends()[1],
        )
    return httpx.AsyncClient(**kw, limits=limits, transport=transport, follow_redirects=True)


# --------------------------------------------------------------------------- bounded reads


@dataclass(frozen=True)
class Answer:
    """One answer read within its bounds."""

    status: int
    headers: Mapping[str, str]
    body: bytes
    truncated: bool = False  # an error answer cut at its cap (only its start is shown)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class _Watchdog:
    """Cuts a blocking request's sockets when its deadline passes: httpx's read timeout starts
    again on every byte, so only this bounds a request in all. The sockets are learnt through
    httpx's ``trace`` extension (each request of a :func:`sync_client` opens its own)."""

    def __init__(self, seconds: float) -> None:
        self.fired = False
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(max(seconds, 0.0), self._fire)
        self._timer.daemon = True

    def trace(self, event: str, info: Mapping[str, Any]) -> None:
        if event != "connection.connect_tcp.complete":
            return
        stream = info.get("return_value")
        sock = stream.get_extra_info("socket") if stream is not None else None
        if isinstance(sock, socket.socket):
            with self._lock:
                self._socks.append(sock)
                if self.fired:
                    _cut(sock)

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            for s in self._socks:
                _cut(s)

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()


def _cut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


@dataclass
class _Reader:
    """Bytes of one answer, decoded and counted against its cap."""

    shown: str
    what: str
    cap: int
    decoder: _Decoder
    error_answer: bool
    parts: list[bytes] = field(default_factory=list)
    size: int = 0
    truncated: bool = False

    def add(self, raw: bytes) -> bool:
        """Take one raw chunk; False once an error answer's cap is reached (stop reading)."""
        data = self.decoder.feed(raw, self.cap - self.size)
        if self.size + len(data) > self.cap:
            if self.error_answer:
                self.parts.append(data[: self.cap - self.size])
                self.size = self.cap
                self.truncated = True
                return False
            raise failure(
                "too_large",
                f"{self.shown}{self.what} sent more than {_size(self.cap)}: not read further",
            )
        self.parts.append(data)
        self.size += len(data)
        return True

    def body(self) -> bytes:
        if not self.truncated:
            self.decoder.finish()
        return b"".join(self.parts)


def _size(n: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift and n % (1 << (shift - 3)) == 0:
            return f"{n / (1 << shift):g} {unit}"
    return f"{n} bytes"


def _preread(resp: httpx.Response) -> bytes | None:
    """The body of an answer a transport has already read whole (httpx's ``MockTransport``
    does), already decoded; None for one still to be streamed."""
    import httpx

    try:
        return resp.content
    except httpx.ResponseNotRead:
        return None


def _raw(resp: httpx.Response) -> Iterator[bytes]:
    pre = _preread(resp)
    return iter((pre,)) if pre is not None else resp.iter_raw()


async def _araw(resp: httpx.Response) -> AsyncIterator[bytes]:
    pre = _preread(resp)
    if pre is not None:
        yield pre
        return
    async for raw in resp.aiter_raw():
        yield raw


def _reader(resp: httpx.Response, shown: str, path: str, kind: BodyKind) -> _Reader:
    error = resp.status_code >= 400
    cap = body_cap(BodyKind.ERROR if error else kind)
    declared = resp.headers.get("content-length", "")
    coding = resp.headers.get("content-encoding", "identity").strip().lower()
    if not error and declared.isdigit() and int(declared) > cap and coding in ("", "identity"):
        raise failure(
            "too_large",
            f"{shown}{path} announced {_size(int(declared))}, more than the {_size(cap)} "
            "specdiag reads of such an answer",
        )
    encoding = "" if _preread(resp) is not None else resp.headers.get("content-encoding", "")
    return _Reader(shown, path, cap, _Decoder(encoding, shown), error)


def fetch(
    client: httpx.Client,
    method: str,
    path: str,
    *,
    kind: BodyKind,
    timeout_s: float,
    shown: str,
    **kwargs: Any,
) -> Answer:
    """One request read within ``timeout_s`` in all and the cap of ``kind``; every failure is
    an :class:`HttpFailure` naming ``shown``. An error answer (HTTP >= 400) is read up to the
    error cap and returned, not raised."""
    deadline = time.monotonic() + timeout_s
    pending: list[str] = []
    token = _resolving.set(pending)
    dog = _Watchdog(timeout_s)
    ext = {**(kwargs.pop("extensions", None) or {}), "trace": dog.trace}
    try:
        with dog, client.stream(method, path, extensions=ext, **kwargs) as resp:
            reader = _reader(resp, shown, path, kind)
            for raw in _raw(resp):
                if not reader.add(raw):
                    break
                if time.monotonic() > deadline:
                    raise TimeoutError
            if dog.fired:  # the cut socket reads as the end of a close-delimited body
                raise TimeoutError
            return Answer(resp.status_code, resp.headers, reader.body(), reader.truncated)
    except HttpFailure:
        raise
    except Exception as exc:
        import httpx

        if isinstance(exc, httpx.ConnectTimeout) and str(exc).startswith(_SLOW_DNS):
            raise map_error(exc, shown, timeout_s) from None
        if dog.fired or isinstance(exc, TimeoutError):
            raise _deadline_failure(shown, timeout_s, pending) from None
        if isinstance(exc, (httpx.HTTPError, OSError)):
            raise map_error(exc, shown, timeout_s) from None
        raise
    finally:
        _resolving.reset(token)


async def afetch(
    client: httpx.AsyncClient,
    method: str,
    path: str,
    *,
    kind: BodyKind,
    timeout_s: float,
    shown: str,
    **kwargs: Any,
) -> Answer:
    """:func:`fetch` for an asyncio client (the deadline is an asyncio timeout)."""

    async def go() -> Answer:
        async with client.stream(method, path, **kwargs) as resp:
            return await aread(resp, shown, kind, path)

    import httpx

    pending: list[str] = []
    token = _resolving.set(pending)
    try:
        return await asyncio.wait_for(go(), timeout_s)
    except HttpFailure:
        raise
    except asyncio.TimeoutError:
        raise _deadline_failure(shown, timeout_s, pending) from None
    except (httpx.HTTPError, OSError) as exc:
        raise map_error(exc, shown, timeout_s) from None
    finally:
        _resolving.reset(token)


async def aread(resp: httpx.Response, shown: str, kind: BodyKind, path: str = "") -> Answer:
    """The rest of an answer already opened with ``stream=True``, within the cap of ``kind``
    (the caller bounds the time)."""
    reader = _reader(resp, shown, path, kind)
    async for raw in _araw(resp):
        if not reader.add(raw):
            break
    return Answer(resp.status_code, resp.headers, reader.body(), reader.truncated)


async def aiter_lines(resp: httpx.Response, shown: str) -> AsyncIterator[str]:
    """The lines of a streamed answer, each at most :func:`line_cap` bytes and all together at
    most the stream cap (the caller bounds the time)."""
    reader = _reader(resp, shown, "", BodyKind.STREAM)
    limit = line_cap()
    pending: list[bytes] = []
    held = 0
    async for raw in _araw(resp):
        reader.add(raw)  # counts every byte against the stream cap
        data = b"".join(reader.parts)
        reader.parts.clear()
        if b"\n" not in data and b"\r" not in data:
            pending.append(data)
            held += len(data)
            if held > limit:
                raise failure("too_large", f"{shown} streamed a line longer than {_size(limit)}")
            continue
        *lines, rest = _EOL.split(b"".join(pending) + data)
        for line in lines:
            if len(line) > limit:
                raise failure("too_large", f"{shown} streamed a line longer than {_size(limit)}")
            yield line.decode("utf-8", "replace")
        pending, held = [rest], len(rest)
    reader.decoder.finish()
    if held:
        yield b"".join(pending).decode("utf-8", "replace")


_EOL = re.compile(rb"\r\n|\r|\n")


# --------------------------------------------------------------------------- JSON


def json_answer(answer: Answer, shown: str, path: str) -> Any:
    """The JSON of an answer, or an :class:`HttpFailure` (``invalid_json``) naming the server."""
    try:
        return loads_json(answer.body)
    except JsonError as exc:
        raise failure("invalid_json", f"{shown}{path} answered unusable JSON: {exc}") from None
