"""Wall time of ``specdiag doctor`` on a typical evidence set against the commands it replaces.

Evidence set "config+logs": the deployment story's draft and target directories (config.json and
safetensors), a 2,000-line SGLang log, the launch command line and --acc 0.75 --steps 5. The
commands it replaces: ``specdiag logs LOG --acc ... --json`` and ``specdiag expected-accept
--observed ... --json`` (the configuration checks have no other command). Set "+dump" adds a
SpecForge training-dump directory of 8 files, replacing ``specdiag inspect-dump`` as well.
``specdiag --help`` is timed for the start-up floor. Each command runs as a fresh process,
interleaved, ``--runs`` times; medians and ratios print as JSON.

Usage: python benchmarks/bench_doctor.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
RUN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
RUN_ENV["PYTHONPYCACHEPREFIX"] = str(HERE / "out" / "pycache")


def _time(cmd: list[str]) -> float:
    t0 = time.perf_counter()
    rc = subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=RUN_ENV
    ).returncode
    if rc not in (0, 1):
        raise SystemExit(f"{' '.join(cmd[:3])} ... exited {rc}")
    return time.perf_counter() - t0


def _evidence(root: Path) -> dict[str, str]:
    sys.path.insert(0, str(REPO))
    from tests.support.doctor import sglang_args, write_draft, write_sglang_log, write_target

    target = write_target(root / "target", layers=62)
    draft = write_draft(root / "draft", ids=[2, 30, 58])
    lengths = [2.4 + 0.1 * ((i * 7919) % 11 - 5) / 5 for i in range(2000)]
    log = write_sglang_log(root / "sglang.log", lengths)
    from specdiag.core.hidden import synthetic

    case = synthetic.make_case("matching", num_tokens=256, hidden_size=64)
    synthetic.write_specforge_dir(root / "dump", [case.training_record] * 8)
    return {
        "draft": str(draft),
        "target": str(target),
        "log": str(log),
        "args": sglang_args(draft, target),
        "dump": str(root / "dump"),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    exe = str(Path(sys.executable).parent / "specdiag")
    with tempfile.TemporaryDirectory() as tmp:
        ev = _evidence(Path(tmp))
        acc = ["--acc", "0.75", "--steps", "5"]
        base = [
            exe,
            "doctor",
            "--draft",
            ev["draft"],
            "--target",
            ev["target"],
            "--logs",
            ev["log"],
            "--server-args",
            ev["args"],
            *acc,
            "--json",
        ]
        cmds = {
            "doctor (config+logs)": base,
            "doctor (+dump)": [*base, "--training-dump", ev["dump"]],
            "logs --acc": [exe, "logs", ev["log"], *acc, "--json"],
            "expected-accept --observed": [
                exe,
                "expected-accept",
                *acc,
                "--observed",
                "2.4",
                "--json",
            ],
            "inspect-dump": [exe, "inspect-dump", ev["dump"], "--json"],
            "specdiag --help": [exe, "--help"],
        }
        times: dict[str, list[float]] = {k: [] for k in cmds}
        for cmd in cmds.values():
            _time(cmd)
        for _ in range(args.runs):
            for name, cmd in cmds.items():
                times[name].append(_time(cmd))
    med = {k: statistics.median(v) for k, v in times.items()}
    replaced = med["logs --acc"] + med["expected-accept --observed"]
    replaced_dump = replaced + med["inspect-dump"]
    out = {
        "runs": args.runs,
        "median_s": {k: round(v, 4) for k, v in med.items()},
        "sum of replaced commands (config+logs)": round(replaced, 4),
        "sum of replaced commands (+dump)": round(replaced_dump, 4),
        "ratio doctor / replaced (config+logs)": round(med["doctor (config+logs)"] / replaced, 3),
        "ratio doctor / replaced (+dump)": round(med["doctor (+dump)"] / replaced_dump, 3),
        "ratio doctor / --help (config+logs)": round(
            med["doctor (config+logs)"] / med["specdiag --help"], 3
        ),
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
