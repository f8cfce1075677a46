"""core/http: URLs taken apart and redacted, credentials in every echoed form, and every answer
read within a total deadline and a byte cap, whatever the server does."""

from __future__ import annotations

import asyncio
import base64
import gzip
import time
import tracemalloc

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from specdiag.core import files, http
from specdiag.errors import UsageError
from tests.support.hostile import HostileServer


@pytest.mark.parametrize(
    "bad",
    [
        "http://h:99999",
        "http://[::1",
        "ftp://h",
        "http://",
        "h:abc",
        "http://h:0",
        "http://u\x01@h",
    ],
)
def test_a_bad_url_is_a_usage_error_that_does_not_echo_credentials(bad: str) -> None:
    with pytest.raises(UsageError) as err:
        url = bad.replace("://", "://u:pw-SECRET@") if "://" in bad else "u:pw-SECRET@" + bad
        http.parse_base_url(url, what="the URL", example="x")
    assert "pw-SECRET" not in err.value.message + err.value.hint


def test_userinfo_query_and_suffix_are_taken_apart() -> None:
    url = "HTTP://al:pa55word@[::1]:8000/v1/?api_key=k-123"
    b = http.parse_base_url(url, what="u", example="x", strip=("/v1",))
    assert b.url == b.shown == "http://[::1]:8000"
    assert b.auth == ("al", "pa55word")
    assert b.params == (("api_key", "k-123"),)
    assert b.stripped == "/v1"
    basic = base64.b64encode(b"al:pa55word").decode()
    assert {"pa55word", "al:pa55word", basic, "k-123"} <= set(http.url_secrets(url))
    assert http.parse_base_url("127.0.0.1:9", what="u", example="x", default_scheme="http").url == (
        "http://127.0.0.1:9"
    )


def test_credential_secrets_cover_basic_headers_and_urls() -> None:
    token = base64.b64encode(b"me:hunter22").decode()
    got = http.credential_secrets(
        "sk-1234", [("Authorization", f"Basic {token}")], ["http://a:b0b0@h"]
    )
    assert {"sk-1234", token, "hunter22", "me:hunter22", "b0b0"} <= set(got)
    assert list(got) == sorted(got, key=len, reverse=True)


@given(st.text())
def test_redact_url_never_raises_and_never_keeps_a_password(text: str) -> None:
    out = http.redact_url(text)
    assert "@" not in out or "@" not in text.split("//", 1)[-1].split("/", 1)[0]


def _fetch(url: str, timeout: float = 1.0, kind: http.BodyKind = http.BodyKind.INFO) -> http.Answer:
    base = http.parse_base_url(url, what="u", example="x")
    with http.sync_client(base, timeout_s=timeout) as c:
        return http.fetch(c, "GET", "/x", kind=kind, timeout_s=timeout, shown=base.shown)


@pytest.mark.parametrize("behaviour", ["trickle", "trickle-headers"])
def test_a_trickling_server_cannot_outlast_the_deadline(behaviour: str) -> None:
    with HostileServer(behaviour) as url:
        t0 = time.monotonic()
        with pytest.raises(http.HttpFailure) as err:
            _fetch(url, timeout=0.6)
        took = time.monotonic() - t0
    assert err.value.kind == "timeout"
    assert "127.0.0.1" in err.value.message
    assert took < 3.0


@pytest.mark.parametrize("behaviour", ["endless", "gzip-bomb"])
def test_an_endless_body_or_a_bomb_stops_at_the_cap(
    behaviour: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPECDIAG_HTTP_MAX_INFO_BYTES", str(1 << 20))
    with HostileServer(behaviour) as url:
        tracemalloc.start()
        t0 = time.monotonic()
        try:
            with pytest.raises(http.HttpFailure) as err:
                _fetch(url, timeout=10)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert err.value.kind == "too_large"
    assert "1 MiB" in err.value.message
    assert peak < 32 << 20
    assert time.monotonic() - t0 < 5


def test_error_answers_are_cut_not_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(500, content=b"e" * 200_000)

    base = http.parse_base_url("http://h", what="u", example="x")
    with http.sync_client(base, timeout_s=1, transport=httpx.MockTransport(handler)) as c:
        got = http.fetch(c, "GET", "/", kind=http.BodyKind.INFO, timeout_s=1, shown="h")
    assert got.status == 500 and got.truncated and len(got.body) == 64 << 10


def test_a_truncated_or_corrupt_gzip_body_is_a_clear_failure() -> None:
    whole = gzip.compress(b"{}" * 10000)
    for body in (whole[: len(whole) // 2], b"\x1f\x8bnot gzip at all"):

        def handler(request: httpx.Request, body: bytes = body) -> httpx.Response:
            return httpx.Response(
                200, headers={"Content-Encoding": "gzip"}, stream=httpx.ByteStream(body)
            )

        base = http.parse_base_url("http://h", what="u", example="x")
        transport = httpx.MockTransport(handler)
        with (
            http.sync_client(base, timeout_s=1, transport=transport) as c,
            pytest.raises(http.HttpFailure) as err,
        ):
            http.fetch(c, "GET", "/", kind=http.BodyKind.INFO, timeout_s=1, shown="h")
        assert err.value.kind == "encoding"


def test_async_reads_have_the_same_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPECDIAG_HTTP_MAX_LINE_BYTES", "1000")

    async def go(url: str, path: str, timeout_s: float) -> object:
        base = http.parse_base_url(url, what="u", example="x")
        async with http.async_client(base, timeout_s=timeout_s) as c:
            if path == "lines":
                async with c.stream("GET", "/") as resp:
                    return [x async for x in http.aiter_lines(resp, base.shown)]
            return await http.afetch(
                c, "GET", "/", kind=http.BodyKind.INFO, timeout_s=timeout_s, shown="s"
            )

    with HostileServer("trickle") as url, pytest.raises(http.HttpFailure) as err:
        asyncio.run(go(url, "/", 0.5))
    assert err.value.kind == "timeout"
    # the line bound, not the clock, must end this one: a generous timeout for a loaded machine
    with HostileServer("gzip-bomb") as url, pytest.raises(http.HttpFailure) as err:
        asyncio.run(go(url, "lines", 30.0))
    assert err.value.kind == "too_large" and "line longer than 1000 bytes" in err.value.message


@pytest.mark.parametrize(
    ("doc", "ok"),
    [
        (b"[" * 100_000 + b"]" * 100_000, False),
        (b"[" * 1000 + b"]" * 1000, True),
        (b'{"n": 1' + b"0" * 5000 + b"}", False),
        (b'{"n": NaN, "m": Infinity}', True),
        (b"not json", False),
        ("[" * 100_000, False),
    ],
)
def test_loads_json_is_bounded(doc: bytes | str, ok: bool) -> None:
    if ok:
        files.loads_json(doc)
    else:
        with pytest.raises(files.JsonError):
            files.loads_json(doc)


def test_both_resolvers_map_an_unknown_or_hanging_name_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import socket

    import httpcore

    def fake(host: object, *a: object, **k: object) -> object:
        if host == "hang.example":
            time.sleep(2)
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    for resolve in (http.resolve, lambda *a: asyncio.run(http.aresolve(*a))):
        with pytest.raises(httpcore.ConnectError, match="not known"):
            resolve("nowhere.example", 80, 1.0)
        with pytest.raises(httpcore.ConnectTimeout, match="did not resolve within 0.2 s"):
            resolve("hang.example", 80, 0.2)
