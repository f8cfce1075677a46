"""Run every benchmark in turn (``make bench``). Each script prints its own figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Each entry: a script under benchmarks/ and its arguments.
BENCHMARKS: list[list[str]] = [
    ["bench_startup.py"],
    ["bench_hidden.py"],
    ["bench_logs.py", "--repeat", "2"],
    ["bench_fastlogs.py", "--repeat", "3"],
    ["bench_logs_lines.py", "--rounds", "3"],
    ["bench_paste.py", "--repeat", "3"],
    ["bench_paste.py", "--hostile"],
    ["bench_probe.py"],
    ["bench_refserver.py", "--stream"],
    ["bench_doctor.py"],
    ["bench_fleet.py"],
    ["bench_report.py"],
    [
        "bench_inspect.py",
        "--files",
        "12",
        "--workers",
        "1,2,4",
        "--repeat",
        "2",
        "--engines",
        "compiled,torch",
    ],
]


def main() -> int:
    failed = 0
    for entry in BENCHMARKS:
        script, *args = entry
        print(f"== {script} {' '.join(args)}", flush=True)
        rc = subprocess.call([sys.executable, str(HERE / script), *args])
        if rc != 0:
            print(f"!! {script} exited {rc}", flush=True)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
