"""Wall time of ``specdiag doctor`` on a typical evidence set against the commands it replaces.

Evidence set "config+logs": the deployment story's draft and target directories (config.json and
safetensors), a 2,000-line SGLang log, the launch command line and --acc 0.75 --steps 5. The
commands it replaces: ``specdiag logs LOG --acc ... --json`` and ``specdiag expected-accept
--observed ... --json`` (the configuration checks have no other command). Set "+dump" adds a
SpecForge training-dump directory of 8 files, replacing ``specdiag inspect-dump`` as well.
``specdiag --help`` is timed for the start-up floor. Set "founding" is the original deployment's
own evidence: a 61-layer tiny Llama target with weights, a SpecForge dump captured at [2, 30, 58],
the draft at [-1, 2, 30], an SGLang log and launch line; doctor (which runs the target once on the
dump's tokens to identify its layers, and derives the fix) is timed against ``specdiag
inspect-dump DUMP --model TARGET`` alone on the same files (goal: <= 1.3x). Each command runs as a
fresh process, interleaved, ``--runs`` times (``--founding-runs`` for the founding set, whose
commands import transformers); medians and ratios print as JSON.

Usage: python benchmarks/bench_doctor.py [--runs N] [--founding-runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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


CPU: dict[str, list[float]] = {}  # CPU seconds (user + sys) per command: steadier under load


def _time(cmd: list[str], name: str | None = None) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    rc = subprocess.run(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=RUN_ENV
    ).returncode
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if rc not in (0, 1):
        raise SystemExit(f"{' '.join(cmd[:3])} ... exited {rc}")
    if name is not None:
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        CPU.setdefault(name, []).append(cpu)
    return wall


def _evidence(root: Path) -> dict[str, str]:
    sys.path.insert(0, str(REPO))
    from tests.support.doctor import sglang_args, write_draft, write_sglang_log, write_target

    target = write_target(root / "target", layers=62)
    draft = write_draft(root / "draft", ids=[2, 30, 58])
    lengths = [2.4 + 0.1 * ((i * 7919) % 11 - 5) / 5 for i in range(2000)]
    log = write_sglang_log(root / "sglang.log", lengths)
    from specdiag.workflows import synthetic

    case = synthetic.make_case("matching", num_tokens=256, hidden_size=64)
    synthetic.write_specforge_dir(root / "dump", [case.training_record] * 8)
    return {
        "draft": str(draft),
        "target": str(target),
        "log": str(log),
        "args": sglang_args(draft, target),
        "dump": str(root / "dump"),
    }


def _founding(root: Path, exe: str) -> dict[str, list[str]]:
    sys.path.insert(0, str(REPO))
    from tests.support.founding import BROKEN, doctor_argv, make_founding, make_target

    f = make_founding(root, make_target(root / "target61"))
    (root / "f61").mkdir()
    evidence = ("--target", str(f.target), "--training-dump", str(f.train_dir), "--json")
    doctor = [exe, *doctor_argv(root / "f61", f, BROKEN, 1.12, *evidence, lines=2000)]
    inspect = [exe, "inspect-dump", str(f.train_dir), "--model", str(f.target), "--json"]
    return {"founding: doctor": doctor, "founding: inspect-dump --model": inspect}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--founding-runs", type=int, default=5)
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
            # the dump is not the target's (another hidden size): inspected, not identified
            "doctor (+dump)": [*base, "--training-dump", ev["dump"], "--no-run-target"],
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
        if args.runs == 0:  # the founding set only
            cmds = {}
        times: dict[str, list[float]] = {k: [] for k in cmds}
        for cmd in cmds.values():
            _time(cmd)
        for _ in range(args.runs):
            for name, cmd in cmds.items():
                times[name].append(_time(cmd))
        founding = _founding(Path(tmp), exe) if args.founding_runs > 0 else {}
        for cmd in founding.values():
            _time(cmd)
        for name in founding:
            times[name] = []
        for _ in range(args.founding_runs):
            for name, cmd in founding.items():
                times[name].append(_time(cmd, name))
    med = {k: statistics.median(v) for k, v in times.items() if v}
    out: dict[str, object] = {
        "runs": args.runs,
        "median_s": {k: round(v, 4) for k, v in med.items()},
    }
    if args.runs > 0:
        out.update(_ratios(med))
    if "founding: doctor" in med:
        out["founding_runs"] = args.founding_runs
        out["ratio founding doctor / inspect-dump --model"] = round(
            med["founding: doctor"] / med["founding: inspect-dump --model"], 3
        )
        cpu = {k: statistics.median(v) for k, v in CPU.items()}
        out["founding median CPU s"] = {k: round(v, 3) for k, v in cpu.items()}
        out["ratio founding doctor / inspect-dump --model (CPU)"] = round(
            cpu["founding: doctor"] / cpu["founding: inspect-dump --model"], 3
        )
    print(json.dumps(out, indent=2))
    return 0


def _ratios(med: dict[str, float]) -> dict[str, object]:
    replaced = med["logs --acc"] + med["expected-accept --observed"]
    replaced_dump = replaced + med["inspect-dump"]
    return {
        "sum of replaced commands (config+logs)": round(replaced, 4),
        "sum of replaced commands (+dump)": round(replaced_dump, 4),
        "ratio doctor / replaced (config+logs)": round(med["doctor (config+logs)"] / replaced, 3),
        "ratio doctor / replaced (+dump)": round(med["doctor (+dump)"] / replaced_dump, 3),
        "ratio doctor / --help (config+logs)": round(
            med["doctor (config+logs)"] / med["specdiag --help"], 3
        ),
    }


if __name__ == "__main__":
    raise SystemExit(main())
