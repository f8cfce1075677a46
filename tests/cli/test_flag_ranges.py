"""A flag value out of its range is a usage error (exit 2) in every command, before anything is
read or sent: never evidence reported as unreadable (exit 1 or 3), never a traceback."""

from __future__ import annotations

import pytest

from tests.support.cli import run_cli

URL = "http://127.0.0.1:9"  # nothing listens: a usage error must come before any request

CASES = [
    ["probe", URL, "--timeout", "inf"],
    ["probe", "http://127.0.0.1:99999"],
    ["doctor", "--server", URL, "--timeout", "inf"],
    ["doctor", "--server", URL, "--timeout", "-1"],
    ["doctor", "--server", "http://[::1"],
    ["fleet", URL, "--timeout", "inf"],
    ["fleet", URL, "--timeout", "nan"],
    ["fleet", URL, "--until", "1e18"],
    ["fleet", URL, "--since", "99999-01-01"],
    ["fleet", "http://127.0.0.1:70000"],
    ["capture-hidden", "vllm", URL, "--prompt-ids", "1", "-o", "x.safetensors",
     "--timeout", "inf"],
    ["capture-hidden", "vllm", "http://[::1", "--prompt-ids", "1", "-o",
     "x.safetensors"],
    ["exporter", "--probe", URL, "--interval", "inf"],
    ["exporter", "--probe", "http://[::1"],
    ["exporter", "--probe", "ftp://127.0.0.1:9"],
    ["exporter", "--probe", "http://127.0.0.1:99999"],
    ["exporter", "--doctor", "--acc", "0.7", "--steps", "3", "--doctor-interval", "inf"],
]  # fmt: skip


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a[:1] + a[-2:]) for a in CASES])
def test_out_of_range_flags_are_usage_errors(args: list[str]) -> None:
    res = run_cli(args)
    assert res.exit_code == 2, (res.exit_code, res.stderr)
    assert res.stderr.startswith("error:") and "hint:" in res.stderr, res.stderr
