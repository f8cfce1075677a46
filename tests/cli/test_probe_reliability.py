"""probe, expected-accept and reference-server under bad input (docs/reliability.md): keys and headers HTTP
cannot carry, URLs with a query, outputs that are inputs, numbers no count can be, flags that do
not fit the server, SIGTERM."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path
from typing import Any

import pytest

from specdiag.refserver import make_config, start_server
from tests.support.cli import run_cli
from tests.support.stubserver import StubServer

FAST = {"target_step_ms": 0.3, "draft_step_ms": 0.05}
KEY = "sk-specdiag-SECRET-4242"


def _server(**kw: Any) -> Any:
    return start_server(make_config(**{**FAST, **kw}))


def _no_secret(*texts: str, secret: str = KEY) -> None:
    for t in texts:
        assert secret not in t
        assert secret[:12] not in t  # not even the start of it


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--api-key", KEY + "\nX-Injected: 1"], None),
        (["--api-key", KEY + "\u00e9"], None),
        ([], {"OPENAI_API_KEY": KEY + "\r\n"[:1] + "tail"}),
        ([], {"SPECDIAG_API_KEY": "\u2014" + KEY}),
        (["-H", f"Authorization: Bearer {KEY}\u00e9"], None),
        (["-H", f"X-Api-Key: {KEY}\x00"], None),
    ],
    ids=[
        "newline-flag",
        "non-ascii-flag",
        "cr-openai-env",
        "non-ascii-specdiag-env",
        "auth-header",
        "nul",
    ],
)
def test_a_key_http_cannot_carry_is_a_usage_error_that_never_echoes_it(
    args: list[str], env: dict[str, str] | None
) -> None:
    with _server(flavor="vllm", steps=3) as srv:
        res = run_cli(["probe", srv.url, "-n", "1", *args], env=env)
        received = srv.truth()["counts"]["requests_received"]
    assert res.exit_code == 2, res.stderr
    assert "not printed" in res.stderr and "hint:" in res.stderr
    assert "unreachable" not in res.stderr and "is the server running" not in res.stderr
    _no_secret(res.stdout, res.stderr)
    assert received == 0


def test_a_crlf_header_value_is_a_usage_error() -> None:
    res = run_cli(["probe", "http://127.0.0.1:9", "-H", "X-Team: a\r\nX-Evil: b"])
    assert res.exit_code == 2
    assert "line break" in res.stderr or "carriage return" in res.stderr
    assert "X-Evil" not in res.stderr


def test_a_url_with_a_query_string_is_probed_and_its_secret_never_printed(tmp_path: Path) -> None:
    save = tmp_path / "run.jsonl"
    with _server(flavor="sglang", steps=3) as srv:
        url = f"{srv.url}/?api_key={KEY}"
        res = run_cli(
            ["probe", url, "-n", "3", "--max-tokens", "16", "--json", "--save", str(save)]
        )
        human = run_cli(["probe", url, "-n", "2", "--max-tokens", "8"])
    assert res.exit_code == 0, res.stderr
    doc = res.json()
    assert doc["engine"] == "sglang"  # detection worked: the query did not break the paths
    assert doc["requests"]["ok"] == 3
    assert human.exit_code == 0, human.stderr
    _no_secret(res.stdout, res.stderr, human.stdout, human.stderr, save.read_text())


@pytest.mark.parametrize("how", ["same", "symlink", "hardlink"])
def test_save_onto_the_prompts_file_is_refused_before_anything_is_written(
    tmp_path: Path, how: str
) -> None:
    import os

    prompts = tmp_path / "p.jsonl"
    text = '{"prompt": "hello there", "category": "chat"}\n'
    prompts.write_text(text)
    out = prompts
    if how == "symlink":
        out = tmp_path / "link.jsonl"
        out.symlink_to(prompts)
    elif how == "hardlink":
        out = tmp_path / "hard.jsonl"
        os.link(prompts, out)
    res = run_cli(["probe", "http://127.0.0.1:9", "--prompts", str(prompts), "--save", str(out)])
    assert res.exit_code == 2
    assert "same file as the input --prompts" in res.stderr
    assert prompts.read_text() == text


def test_a_count_no_server_can_send_is_a_counted_failure_and_the_report_is_kept() -> None:
    def answer(path: str, body: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
        reply = {
            "choices": [{"message": {"content": "hi"}, "finish_reason": "stop"}],
            "usage": {"completion_tokens": 1e308, "prompt_tokens": -5},
        }
        return 200, {"Content-Type": "application/json"}, json.dumps(reply).encode()

    with StubServer(answer) as stub:
        res = run_cli(["probe", stub.url, "-n", "3", "--no-stream", "--json", "--retries", "0"])
    assert res.exit_code == 3  # every request failed: reported after the report
    assert "internal error" not in res.stderr
    doc = res.json()
    assert doc["requests"]["failed"] == 3
    assert doc["requests"]["errors"] == {"bad_response": 3}


def test_acc_and_steps_that_do_not_fit_the_servers_draft_length_exit_2_before_any_request() -> None:
    with _server(flavor="sglang", steps=3) as srv:
        res = run_cli(["probe", srv.url, "-n", "2", "--acc", "0.75", "--steps", "9"])
        received = srv.truth()["counts"]["requests_received"]
    assert res.exit_code == 2, res.stderr
    assert "--steps 9 but the server drafts 3" in res.stderr
    assert received == 0


def test_sigterm_prints_the_partial_report_and_keeps_every_saved_request(tmp_path: Path) -> None:
    save = tmp_path / "run.jsonl"
    with _server(flavor="sglang", steps=3, target_step_ms=2.0) as srv:
        stop = threading.Event()

        def terminate_after_three_requests() -> None:
            while not stop.is_set():
                if srv.truth()["counts"]["requests_finished"] >= 3:
                    signal.raise_signal(signal.SIGTERM)
                    return
                stop.wait(0.02)

        watcher = threading.Thread(target=terminate_after_three_requests, daemon=True)
        watcher.start()
        try:
            res = run_cli(
                [
                    "probe",
                    srv.url,
                    "--json",
                    "-n",
                    "400",
                    "-c",
                    "4",
                    "--max-tokens",
                    "64",
                    "--save",
                    str(save),
                ]
            )
        finally:
            stop.set()
            watcher.join(5)
    assert res.exit_code == 143, res.stderr
    doc = res.json()
    assert doc["interrupted"] is True
    assert 0 < doc["requests"]["sent"] < 400
    lines = [json.loads(x) for x in save.read_text().splitlines()]
    assert len(lines) == doc["requests"]["sent"]


# --------------------------------------------------------------------------- expected-accept


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--simulate", "100", "--seed", "-1"], "--seed"),
        (["--simulate", "0"], "--simulate"),
        (["--engine-version", "0.8.5", "--observed", "2.4"], "--engine-version needs --engine"),
        (["--cost-ratio", "inf"], "--cost-ratio must be a finite number"),
        (["--cost-ratio", "nan"], "--cost-ratio must be a finite number"),
        (["--steps", "2000"], "1<=x<=1024"),
    ],
)
def test_expected_accept_strict_values(args: list[str], fragment: str) -> None:
    res = run_cli(["expected-accept", "--acc", "0.75", "--steps", "5", *args])
    assert res.exit_code == 2, res.stdout
    lines = res.stderr.splitlines()
    assert lines[0].startswith("error: ") and fragment in res.stderr
    assert lines[1].startswith("hint: ")


# --------------------------------------------------------------------------- reference-server


def test_reference_server_per_position_acceptance_without_steps() -> None:
    res = run_cli(
        ["reference-server", "--acceptance", "0.8,0.6", "--port", "0", "--duration", "0", "--json"]
    )
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["speculative"]["steps"] == 2
    assert doc["speculative"]["acceptance_conditional"] == [0.8, 0.6]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--steps", "2000"], "0<=x<=64"),
        (["--acceptance", ",".join(["0.5"] * 65)], "0..64"),
        (["--duration", "-1"], "'--duration': -1.0 is not in the range x>=0"),
        (["--duration", "nan"], "'--duration': nan is not a number"),
        (["--faults", "stall-seconds=inf"], "stall-seconds"),
        (["--steps", "2", "--acceptance", "0.8,0.7,0.6"], "does not match"),
    ],
)
def test_reference_server_bounds_with_hints(args: list[str], fragment: str) -> None:
    res = run_cli(["reference-server", "--port", "0", "--duration", "0", *args])
    assert res.exit_code == 2
    assert fragment in res.stderr
    assert res.stderr.splitlines()[1].startswith("hint: ")
