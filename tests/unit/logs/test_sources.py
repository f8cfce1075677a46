"""The two record sources give the same records for the same bytes.

The Python source (scan.Scanner: LineFinder, LineParser) and the compiled one (the same Scanner
composed with fast.Compiled: the C scanner and extractor, numpy for the rows) are fed the same bytes, in the same blocks or
in other blocks, as a stream or as a file read in threads; the records (every field, in order)
and the counts must be the same. The lines are fuzzed lines of every engine (the fuzzers of
tests/unit/logs/test_fast.py and tests/unit/logs/test_reliability.py). ``test_sanitized_scanner`` runs
these tests again on a build of the C part with AddressSanitizer and UBSan.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specdiag.core.logs import fast
from specdiag.core.logs.batch import RecordBatch
from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.records import LogRecord
from specdiag.core.logs.scan import ScanCounts, Scanner
from tests.support import loggen
from tests.support.examples import examples
from tests.unit.logs.test_fast import _OTHER, sglang_line, vllm_line
from tests.unit.logs.test_reliability import hostile_logs

pytestmark = pytest.mark.skipif(
    fast._native is None, reason="the compiled logs scanner is not built (pip install . builds it)"
)

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "logs"
# 120 under the ci profile, 12 under dev (the fuzzers of test_fast.py and test_reliability.py
# compare the two paths on the same kinds of lines, through the whole analyzer, in every run);
# SPECDIAG_SOURCE_EXAMPLES sets the count whatever the profile (the sanitizer run: 20)
EXAMPLES = int(os.environ.get("SPECDIAG_SOURCE_EXAMPLES") or examples(120))


def read(
    data: bytes, compiled: bool, chunk: int, **kw: str
) -> tuple[list[LogRecord], ScanCounts, int]:
    """Records and counts of one source over ``data`` (fed in blocks of ``chunk``)."""
    batches: list[RecordBatch] = []
    parser = LineParser(source="x.log", **kw)  # type: ignore[arg-type]
    part = fast.Compiled(parser, max_line=4096) if compiled else None
    src = Scanner(parser, batches.append, max_line=4096, compiled=part)
    for i in range(0, len(data), chunk):
        src.feed(data[i : i + chunk])
    src.close()
    recs = [r for b in batches for r in b.records()]
    return recs, src.counts, part.fast_records if part is not None else 0


def same_records(data: bytes, chunk: int, **kw: str) -> int:
    """Both sources on ``data``: the same records and counts. Returns the records the
    compiled part read itself."""
    want, counts, _ = read(data, False, chunk, **kw)
    got, got_counts, n = read(data, True, chunk, **kw)
    assert got == want
    assert got_counts == counts
    return n


def test_every_fixture_gives_the_same_records() -> None:
    fast_n = 0
    for path in sorted(DATA.glob("*.*")):
        for chunk in (1000, 1 << 20):
            fast_n += same_records(path.read_bytes(), chunk)
    assert fast_n > 0  # the compiled part read lines itself


def test_the_benchmark_lines_are_read_by_the_compiled_part() -> None:
    import random

    lines, _, stats = loggen.lines(random.Random(5), 8 * 3600, 3000, 0.45, 0.05)
    data = ("\n".join(lines) + "\n").encode()
    for chunk in (5000, 1 << 20):
        assert same_records(data, chunk) > stats * 0.8


_LINES = st.lists(
    st.one_of(sglang_line(), vllm_line(), _OTHER, st.text(max_size=40)), min_size=1, max_size=40
)


@settings(deadline=None, max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(
    _LINES,
    st.sampled_from([64, 700, 1 << 20]),
    st.sampled_from(["\n", "\r\n"]),
    st.sampled_from([{}, {"engine": "sglang"}, {"engine": "vllm"}]),
)
def test_fuzzed_lines_give_the_same_records(
    lines: list[str], chunk: int, eol: str, kw: dict[str, str]
) -> None:
    same_records(eol.join(lines).encode("utf-8", "surrogatepass") + b"\n", chunk, **kw)


@settings(deadline=None, max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_logs(), st.sampled_from([100, 1 << 20]))
def test_hostile_lines_of_every_engine_give_the_same_records(data: bytes, chunk: int) -> None:
    same_records(data, chunk)


def _asan_runtime() -> str | None:
    """The compiler's AddressSanitizer runtime, or None when it has none."""
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if cc is None:
        return None
    out = subprocess.run(
        [cc, "-print-file-name=libasan.so"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return out if out and os.path.isabs(out) and os.path.exists(out) else None


@pytest.mark.integration  # a sanitizer build of the C scanner, this file's tests run again on it
def test_sanitized_scanner(tmp_path: Path) -> None:
    """csrc/fastlogs.c built with -fsanitize=address,undefined (every error fatal), then the
    differential tests above run against that build."""
    runtime = _asan_runtime()
    if runtime is None:
        pytest.skip("the C compiler has no AddressSanitizer runtime (libasan)")
    cc = shutil.which(os.environ.get("CC", "cc")) or "gcc"
    so = tmp_path / ("_fastlogs" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))
    include = sysconfig.get_paths()["include"]
    subprocess.run(
        [
            cc,
            "-shared",
            "-fPIC",
            "-O1",
            "-g",
            "-fno-omit-frame-pointer",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            f"-I{include}",
            str(ROOT / "csrc" / "fastlogs.c"),
            "-o",
            str(so),
        ],
        check=True,
    )
    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('specdiag.core.logs._fastlogs', {str(so)!r})\n"
        "mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)\n"
        "sys.modules['specdiag.core.logs._fastlogs'] = mod\n"
        "import pytest\n"
        "from specdiag.core.logs import fast\n"
        "assert fast._native is mod\n"
        f"sys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', '-k', 'not sanitized', {__file__!r}]))\n"
    )
    env = {
        **os.environ,
        "LD_PRELOAD": runtime,
        "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=1",
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
        "SPECDIAG_SOURCE_EXAMPLES": "20",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    res = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
    assert " passed" in res.stdout
