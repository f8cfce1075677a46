"""Every command's ``--json`` keys against a checked-in schema, so a renamed key fails.

Each case runs a command on a fixture and compares the document's key paths (``a.b``, ``a[].c``)
with ``tests/schemas/<case>.json``. After an intended, documented change of keys, regenerate with

    SPECDIAG_UPDATE_SCHEMAS=1 python -m pytest -q tests/test_json_schemas.py

and say so in the command's docs page.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_cli

SCHEMAS = Path(__file__).parent / "schemas"
DATA = Path(__file__).parent / "data"
UPDATE = os.environ.get("SPECDIAG_UPDATE_SCHEMAS") == "1"

# maps whose keys are data (engine names, error kinds, fault modes), not schema
_DATA_KEYED = {
    "requests.errors",
    "baseline.requests.errors",
    "faults.shares",
    "checks[].details",  # doctor: per-check facts, keyed by what the check read
    "steps[].result.checks[].details",
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
    from specdiag.core.hidden.synthetic import make_case, save_record

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


Case = Callable[[dict[str, str], dict[str, Path]], list[str]]

CASES: dict[str, Case] = {
    "expected-accept": lambda s, h: ["expected-accept", "--acc", "0.75", "--steps", "5"],
    "expected-accept-observed": lambda s, h: [
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
    "probe": lambda s, h: [
        "probe",
        s["spec"],
        "-n",
        "4",
        "--max-tokens",
        "16",
        "--acc",
        "0.75",
        "--baseline",
        s["plain"],
    ],
    "reference-server": lambda s, h: ["reference-server", "--port", "0", "--duration", "0"],
    "logs": lambda s, h: [
        "logs",
        str(DATA / "logs" / "vllm_serve_eagle3.log"),
        "--acc",
        "0.8,0.6,0.4",
    ],
    "compare-hidden": lambda s, h: [
        "compare-hidden",
        str(h["served"]),
        str(h["train"]),
        "--layers",
        "1,3,5",
        "--engine",
        "sglang",
    ],
    "inspect-dump": lambda s, h: ["inspect-dump", str(h["served"])],
    "demo": lambda s, h: ["demo", "--scenario", "collapsed"],
    "doctor": lambda s, h: [
        "doctor",
        "--logs",
        str(DATA / "logs" / "llamacpp_serve_draft_noisy05_lv4.log"),
        "--acc",
        "0.6",
        "--steps",
        "3",
    ],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_json_keys_match_the_checked_in_schema(
    case: str, servers: dict[str, str], hidden_files: dict[str, Path]
) -> None:
    r = run_cli([*CASES[case](servers, hidden_files), "--json"])
    assert r.exit_code in (0, 1), r.stderr
    keys = sorted(key_paths(json.loads(r.stdout)))
    path = SCHEMAS / f"{case}.json"
    if UPDATE:
        path.write_text(json.dumps(keys, indent=1) + "\n")
    assert path.exists(), f"no schema for {case}: run with SPECDIAG_UPDATE_SCHEMAS=1"
    assert keys == json.loads(path.read_text()), f"{case}: keys differ from {path.name}"
