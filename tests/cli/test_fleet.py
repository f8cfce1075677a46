"""``specdiag fleet`` as a user runs it: usage errors (exit 2) before any query, an unreachable
Prometheus (exit 3 with a hint), and secrets never printed."""

from __future__ import annotations

import socket

import pytest

from tests.support.cli import run_cli


def test_connection_refused_exit_3_with_hint() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    r = run_cli(["fleet", f"http://127.0.0.1:{port}", "--since", "5m"])
    assert r.exit_code == 3
    assert "error: cannot reach Prometheus" in r.stderr and "hint:" in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--since", "5m", "--start", "1796083200"],
        ["--since", "2026-12-01T08:00:00Z", "--start", "1796083200"],  # a time: a start too
        ["--since", "zz"],
        ["--selector", "job=x"],
        ["--outlier-threshold", "2"],
        ["--min-accept-len", "0.5"],
        ["--steps", "3"],
        ["--by", "bad label"],
    ],
)
def test_usage_errors_exit_2(args: list[str]) -> None:
    r = run_cli(["fleet", "http://127.0.0.1:9", *args])
    assert r.exit_code == 2, r.stderr
    assert r.stderr.startswith("error:")


def test_header_values_and_url_passwords_are_never_printed() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    secret = "s3cr3t-token-value"
    r = run_cli(
        ["fleet", f"http://me:{secret}@127.0.0.1:{port}", "-H", f"Authorization: Bearer {secret}"]
    )
    assert r.exit_code == 3
    assert secret not in r.stderr + r.stdout
    r = run_cli(["fleet", "http://127.0.0.1:9", "-H", "X-Bad: a\x01b"])
    assert r.exit_code == 2 and "a\x01b" not in r.stderr


def test_min_accept_len_must_be_finite() -> None:
    """--min-accept-len 1e999 (inf) was accepted and flagged every replica as below it."""
    r = run_cli(["fleet", "http://127.0.0.1:9", "--min-accept-len", "1e999"])
    assert r.exit_code == 2 and "--min-accept-len" in r.stderr and "hint:" in r.stderr


def test_a_malformed_header_hint_reads_whole() -> None:
    """The hint's example was 'Authorization: Bearer TOKEN', shown masked as '*** TOKEN'."""
    r = run_cli(["fleet", "http://127.0.0.1:9", "--header", "NoColon"])
    assert r.exit_code == 2 and "X-Scope-OrgID: team-a" in r.stderr and "***" not in r.stderr


@pytest.mark.parametrize(
    ("by", "says", "hint"),
    [
        ("pod,pod", "--by names 'pod' more than once", "name each label once"),
        ("pod,dp_rank,pod,dp_rank", "--by names 'dp_rank', 'pod' more than once", "name each"),
        (",", "--by names no label", "e.g. --by pod,dp_rank"),
    ],
)
def test_by_a_repeated_label_or_none_is_a_usage_error(by: str, says: str, hint: str) -> None:
    r = run_cli(["fleet", "http://127.0.0.1:9", "--by", by])
    assert r.exit_code == 2, r.stderr
    assert r.stderr.splitlines()[:2] == [f"error: {says}", r.stderr.splitlines()[1]]
    assert r.stderr.splitlines()[1].startswith(f"hint: {hint}"), r.stderr
