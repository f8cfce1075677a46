"""Every command's ``--json`` keys against a checked-in schema, so a renamed key fails.

Each case runs a command on a fixture and compares the document's key paths (``a.b``, ``a[].c``)
with ``tests/contract/schemas/<case>.json``. After an intended, documented change of keys, regenerate with

    SPECDIAG_UPDATE_SCHEMAS=1 python -m pytest -q tests/contract/test_json_schemas.py

and say so in the command's docs page.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import paths
from tests.support.cli import demo_run, run_cli

SCHEMAS = Path(__file__).parent / "schemas"
DATA = paths.TEST_DATA
UPDATE = os.environ.get("SPECDIAG_UPDATE_SCHEMAS") == "1"

# maps whose keys are data (engine names, error kinds, fault modes), not schema
_DATA_KEYED = {
    "requests.errors",
    "baseline.requests.errors",
    "faults.shares",
    "checks[].details",  # doctor: per-check facts, keyed by what the check read
    "steps[].result.checks[].details",
    "replicas[].labels",  # fleet: a replica's Prometheus labels
    "replicas[].ranks[].rank",
}


def key_paths(doc: Any, prefix: str = "") -> set[str]:
    out: set[str] = set()
    if isinstance(doc, dict):
        if prefix in _DATA_KEYED:
            return {prefix + "{}"}
        for k, v in doc.items():
            p = f"{prefix}.{k}" if prefix else str(k)
            out.add(p)
            out |= key_paths(v, p)
    elif isinstance(doc, list):
        for v in doc:
            out |= key_paths(v, prefix + "[]")
    return out


@pytest.fixture(scope="module")
def hidden_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from specdiag.workflows.synthetic import make_case, save_record

    root = tmp_path_factory.mktemp("schemas")
    case = make_case("collapsed")
    return {
        "train": save_record(case.training_record, root / "data_0.ckpt"),
        "served": save_record(case.served_record(), root / "served.pt"),
    }


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, str]]:
    from specdiag.refserver import make_config, start_server

    fast = {"target_step_ms": 0.3, "draft_step_ms": 0.05}
    with (
        start_server(make_config(flavor="sglang", steps=3, **fast)) as spec,
        start_server(make_config(flavor="vllm", steps=0, **fast)) as plain,
    ):
        yield {"spec": spec.url, "plain": plain.url}


T0 = 1_800_000_000.0
FLEET_SAMPLES = 120  # one sample every 15 s


def _fleet_series() -> list[dict[str, Any]]:
    """vLLM counters of four replicas (one with two DP ranks) over 30 minutes: three healthy, one
    declining into a collapse (an outlier), with running-request gauges."""
    out: list[dict[str, Any]] = []

    def add(name: str, labels: dict[str, str], values: list[float]) -> None:
        out.append(
            {
                "metric": {"__name__": name, **labels},
                "values": [[T0 + (i + 1) * 15, repr(v)] for i, v in enumerate(values)],
            }
        )

    def replica(instance: str, drafts_per_step: Callable[[int], float], **extra: str) -> None:
        lab = {"job": "vllm", "instance": instance, **extra}
        steps = [10.0 * i for i in range(FLEET_SAMPLES)]
        acc, total = [], 0.0
        for i in range(FLEET_SAMPLES):
            acc.append(total)
            total += 10.0 * drafts_per_step(i)
        add("vllm:spec_decode_num_drafts_total", lab, steps)
        add("vllm:spec_decode_num_draft_tokens_total", lab, [3 * x for x in steps])
        add("vllm:spec_decode_num_accepted_tokens_total", lab, acc)
        for pos, share in enumerate((0.5, 0.3, 0.2)):
            add(
                "vllm:spec_decode_num_accepted_tokens_per_pos_total",
                {**lab, "position": str(pos)},
                [a * share for a in acc],
            )
        add("vllm:num_requests_running", lab, [float(4 + i % 5) for i in range(FLEET_SAMPLES)])

    replica("a:8000", lambda i: 1.7)
    replica("b:8000", lambda i: 1.6, engine="0")
    replica("b:8000", lambda i: 1.8, engine="1")
    replica("c:8000", lambda i: 1.75)
    replica("d:8000", lambda i: max(0.05, 1.8 - 1.75 * i / FLEET_SAMPLES))
    return out


@pytest.fixture(scope="module")
def prometheus() -> Iterator[str]:
    """A stand-in for Prometheus' /api/v1/query that answers every query with the series above
    (fleet asks one instant query of a range selector)."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    body = json.dumps(
        {"status": "success", "data": {"resultType": "matrix", "result": _fleet_series()}}
    ).encode()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            ok = self.path.startswith("/api/v1/query")
            self.send_response(200 if ok else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body) if ok else 0))
            self.end_headers()
            if ok:
                self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def hf_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.support.capture_models import make_deep_llama

    return make_deep_llama(tmp_path_factory.mktemp("hf") / "deep")


# A case builds its command line from the fixtures it names (module-scoped, made on first use).
Case = Callable[[Callable[[str], Any]], list[str]]

CASES: dict[str, Case] = {
    "expected-accept": lambda f: ["expected-accept", "--acc", "0.75", "--steps", "5"],
    "expected-accept-observed": lambda f: [
        "expected-accept",
        "--acc",
        "0.8,0.7,0.6",
        "--observed",
        "2.1",
        "--engine",
        "sglang",
        "--cost-ratio",
        "0.05",
        "--sweep",
        "--simulate",
        "2000",
    ],
    "probe": lambda f: [
        "probe",
        f("servers")["spec"],
        "-n",
        "4",
        "--max-tokens",
        "16",
        "--acc",
        "0.75",
        "--baseline",
        f("servers")["plain"],
    ],
    "reference-server": lambda f: ["reference-server", "--port", "0", "--duration", "0"],
    "logs": lambda f: [
        "logs",
        str(DATA / "logs" / "vllm_serve_eagle3.log"),
        "--acc",
        "0.8,0.6,0.4",
    ],
    # a paste read by both readers: a vllm bench serve summary and a sweep table
    "logs-pastes": lambda f: [
        "logs",
        str(DATA / "pastes" / "issue_vllm_bench_then_sweep.md"),
    ],
    "compare-hidden": lambda f: [
        "compare-hidden",
        str(f("hidden_files")["served"]),
        str(f("hidden_files")["train"]),
        "--training-layers",
        "1,3,5",
        "--engine",
        "sglang",
    ],
    "inspect-dump": lambda f: ["inspect-dump", str(f("hidden_files")["served"])],
    "demo": lambda f: ["demo", "--scenario", "collapsed"],
    "doctor": lambda f: [
        "doctor",
        "--logs",
        str(DATA / "logs" / "llamacpp_serve_draft_noisy05_lv4.log"),
        "--acc",
        "0.6",
        "--steps",
        "3",
    ],
    "fleet": lambda f: [
        "fleet",
        f("prometheus"),
        "--since",
        str(T0),
        "--until",
        str(T0 + FLEET_SAMPLES * 15),
        "--step",
        "150s",
        "--acc",
        "0.6",
        "--steps",
        "3",
        "--min-accept-len",
        "2",
    ],
    "exporter": lambda f: [
        "exporter",
        "--logs",
        str(DATA / "logs" / "vllm_serve_eagle3.log"),
        "--port",
        "0",
        "--duration",
        "0",
    ],
    "exporter-assets": lambda f: ["exporter", "--print-assets"],
    "capture-hidden": lambda f: [
        "capture-hidden",
        "hf",
        str(f("hf_model")),
        "--prompt-ids",
        "1,40,41,42,7",
        "--dtype",
        "float32",
        "-o",
        str(f("hf_model").parent / "reference.safetensors"),
        "--force",
    ],
    "report": lambda f: [
        "report",
        str(DATA / "report" / "demo-seed.json"),
        "-o",
        str(f("tmp_path") / "report.html"),
    ],
    "profile": lambda f: ["profile", str(DATA / "report" / "probe.json"), "--for", "vllm"],
    "capture-hidden-server-args": lambda f: [
        "capture-hidden",
        "vllm",
        "--print-server-args",
        "--served-layers",
        "2,30,58",
        "--layer-convention",
        "vllm",
    ],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_json_keys_match_the_checked_in_schema(case: str, request: pytest.FixtureRequest) -> None:
    argv = [*CASES[case](request.getfixturevalue), "--json"]
    # a demo's run is shared with the demo's own tests (tests/cli/test_demo*.py)
    r = demo_run(*argv[1:]) if argv[0] == "demo" else run_cli(argv)
    assert r.exit_code in (0, 1), r.stderr
    keys = sorted(key_paths(json.loads(r.stdout)))
    path = SCHEMAS / f"{case}.json"
    if UPDATE:
        path.write_text(json.dumps(keys, indent=1) + "\n")
    assert path.exists(), f"no schema for {case}: run with SPECDIAG_UPDATE_SCHEMAS=1"
    assert keys == json.loads(path.read_text()), f"{case}: keys differ from {path.name}"


def test_every_command_with_json_has_a_schema_case() -> None:
    from specdiag.cli._declared import commands
    from specdiag.cli.app import COMMANDS, build_app

    with_json = {
        cmd.top for cmd in commands(build_app()) if any("--json" in p.flags for p in cmd.params)
    }
    assert with_json == set(COMMANDS)  # (every command, or each of its subcommands, has --json)

    def command_of(case: str) -> str | None:
        return next((c for c in COMMANDS if case == c or case.startswith(c + "-")), None)

    assert all(command_of(case) is not None for case in CASES), sorted(CASES)
    missing = with_json - {command_of(case) for case in CASES}
    assert missing == set(), f"commands with --json and no schema case: {sorted(missing)}"
