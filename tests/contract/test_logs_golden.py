"""`specdiag logs --json` documents, pinned: every fixture under tests/data/logs and two small
files of the logs benchmark's generator (dense, about 45% statistics lines, and sparse, about
3%), each read as a plain file, gzip, stdin, with a time window, with --records, with --acc.

The documents under tests/data/logs_golden/ were captured before the logs pipeline was
rewritten (one record source, one accumulator, exact sums) and are the contract it keeps.
Numbers compare to 12 significant digits: the sums are exact now (integers and scaled
integers), where the old accumulators added binary floats in one pinned order, so a mean can
differ from the old one in its last bits, never more.

Regenerate (only on purpose, when the output is meant to change):

    python -m tests.contract.test_logs_golden --write
"""

from __future__ import annotations

import gzip
import json
import math
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parent.parent / "data" / "logs"
GOLDEN = DATA.parent / "logs_golden"
FIXTURES = sorted(p.name for p in DATA.iterdir() if p.is_file())

# name -> (arguments after `logs --json`, file given on stdin or None, the records file or None)
Case = tuple[list[str], str | None, str | None]


def cases() -> dict[str, Case]:
    out: dict[str, Case] = {f"fixture-{name}": ([name], None, None) for name in FIXTURES}
    out["all-fixtures-glob"] = (["*.log", "*.txt"], None, None)
    out["vllm-acc"] = (["vllm_serve_ngram.log", "--acc", "0.8"], None, None)
    out["llamacpp-acc-steps"] = (
        ["llamacpp_serve_draft_noisy05_lv4.log", "--acc", "0.7", "--steps", "5"],
        None,
        None,
    )
    out["sglang-forced-0510"] = (
        ["engine_log_samples.txt", "--engine", "sglang", "--engine-version", "0.5.10"],
        None,
        None,
    )
    out["vllm-only"] = (["formats_2026.txt", "--engine", "vllm"], None, None)
    for kind in ("dense", "sparse"):
        log = f"bench_{kind}.log"
        out[f"bench-{kind}"] = ([log], None, None)
        out[f"bench-{kind}-gzip"] = ([f"golden/bench_{kind}.log.gz"], None, None)
        out[f"bench-{kind}-stdin"] = (["-"], log, None)
    out["bench-dense-window"] = (
        ["bench_dense.log", "--since", "2026-11-29 08:20", "--until", "2026-11-29 09:10"],
        None,
        None,
    )
    out["bench-dense-relative-window"] = (["bench_dense.log", "--since", "+10m"], None, None)
    out["bench-sparse-records"] = (
        ["bench_sparse.log", "--records", "out.jsonl"],
        None,
        "out.jsonl",
    )
    out["fixtures-records-csv"] = (
        ["formats_2026.txt", "llamacpp_serve_draft_noisy05_lv4.log", "--records", "out.csv"],
        None,
        "out.csv",
    )
    out["bench-both-acc"] = (
        ["bench_dense.log", "bench_sparse.log", "--acc", "0.8,0.6,0.4"],
        None,
        None,
    )
    out["bench-dense-workers"] = (["bench_dense.log", "--workers", "2"], None, None)
    return out


@contextmanager
def workdir(tmp: Path) -> Iterator[Path]:
    """A folder with the fixtures and the benchmark's two small files, as the current one."""
    for name in FIXTURES:
        shutil.copy(DATA / name, tmp / name)
    (tmp / "golden").mkdir(exist_ok=True)
    for kind in ("dense", "sparse"):
        gz = GOLDEN / f"bench_{kind}.log.gz"
        shutil.copy(gz, tmp / "golden" / gz.name)
        (tmp / f"bench_{kind}.log").write_bytes(gzip.decompress(gz.read_bytes()))
    old = Path.cwd()
    os.chdir(tmp)
    try:
        yield tmp
    finally:
        os.chdir(old)


def run_case(case: Case) -> dict[str, Any]:
    """The document (and exit code, and records file) of one case, run in-process."""
    from typer.testing import CliRunner

    from specdiag.cli.app import build_app

    args, stdin, records = case
    data = Path(stdin).read_bytes() if stdin else None
    env = {"NO_COLOR": "1", "COLUMNS": "200"}
    # the app `specdiag logs` runs (main registers the named command alone): typer builds its
    # click command on each invoke, ~5 ms, against ~70 ms for every command's
    res = CliRunner().invoke(build_app(["logs"]), ["logs", "--json", *args], input=data, env=env)
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    got: dict[str, Any] = {"exit_code": res.exit_code, "document": json.loads(res.stdout)}
    if records:
        got["records"] = Path(records).read_text(encoding="utf-8")
        os.unlink(records)
    return got


def same(a: object, b: object, where: str = "") -> str | None:
    """Where two JSON values differ (None: the same; numbers to 12 significant digits)."""
    if isinstance(a, float) or isinstance(b, float):
        numbers = isinstance(a, (int, float)) and isinstance(b, (int, float))
        if numbers and math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12):  # type: ignore[arg-type]
            return None
        return f"{where}: {a!r} != {b!r}"
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return f"{where}: keys {list(a)} != {list(b)}"
        for k in a:
            d = same(a[k], b[k], f"{where}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            d = same(x, y, f"{where}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{where}: {a!r} != {b!r}"


def same_records(a: str, b: str) -> str | None:
    """Records files: line by line, JSON Lines by value, CSV by text."""
    la, lb = a.splitlines(), b.splitlines()
    if len(la) != len(lb):
        return f"{len(la)} records lines != {len(lb)}"
    for i, (x, y) in enumerate(zip(la, lb, strict=True)):
        if x != y:
            if x.startswith("{") and y.startswith("{"):
                d = same(json.loads(x), json.loads(y), f"records line {i + 1}")
                if d:
                    return d
            else:
                return f"records line {i + 1}: {x!r} != {y!r}"
    return None


@pytest.mark.parametrize("name", sorted(cases()))
def test_document_as_captured(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPECDIAG_DEBUG", raising=False)
    want = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    with workdir(tmp_path):
        got = run_case(cases()[name])
    assert got["exit_code"] == want["exit_code"]
    diff = same(got["document"], want["document"], "document")
    assert diff is None, diff
    if "records" in want:
        diff = same_records(got["records"], want["records"])
        assert diff is None, diff


def _write_bench_files() -> None:
    """The benchmark generator's two small files, gzip (deterministic seeds)."""
    import random

    from tests.support import loggen  # the logs benchmark's generator

    GOLDEN.mkdir(exist_ok=True)
    for kind, share, other, seed in (("dense", 0.45, 0.005, 1), ("sparse", 0.03, 0.005, 2)):
        lines, _, _ = loggen.lines(random.Random(seed), 8 * 3600, 6000, share, other)
        data = ("\n".join(lines) + "\n").encode("ascii")
        (GOLDEN / f"bench_{kind}.log.gz").write_bytes(gzip.compress(data, mtime=0))


def main() -> int:
    import tempfile

    if "--write" not in sys.argv[1:]:
        print(__doc__)
        return 2
    _write_bench_files()
    with tempfile.TemporaryDirectory() as tmp, workdir(Path(tmp)):
        for name, case in sorted(cases().items()):
            got = run_case(case)
            out = GOLDEN / f"{name}.json"
            out.write_text(json.dumps(got, indent=1, sort_keys=False) + "\n", encoding="utf-8")
            print(name, got["exit_code"], file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
