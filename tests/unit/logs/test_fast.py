"""The compiled logs path (csrc/fastlogs.c) gives exactly what the Python path gives: the same JSON
document and the same records, on every test file, on generated files and on fuzz cases."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specdiag.core.logs import fast, infer
from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.paste.model import PasteReading
from specdiag.core.logs.records import LogRecord
from tests.support import compiled, loggen, paths
from tests.support.cli import run_cli
from tests.support.examples import examples
from tests.support.logsdoc import logs_document


@pytest.fixture(autouse=True)
def _compiled_logs_path() -> None:
    compiled.need(fast._native is not None, "logs path")


DATA = paths.TEST_DATA / "logs"


@contextmanager
def python_path(on: bool) -> Iterator[None]:
    old = os.environ.get(fast.ENV_FORCE_PYTHON)
    if on:
        os.environ[fast.ENV_FORCE_PYTHON] = "1"
    else:
        os.environ.pop(fast.ENV_FORCE_PYTHON, None)
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(fast.ENV_FORCE_PYTHON, None)
        else:
            os.environ[fast.ENV_FORCE_PYTHON] = old


def _analyze(
    data: bytes, *, chunk: int, max_line: int, records: bool, **kw: object
) -> tuple[str, list[LogRecord], int]:
    recs: list[LogRecord] = []
    a = LogAnalyzer(max_line=max_line, on_record=recs.append if records else None, **kw)  # type: ignore[arg-type]
    a.scan("x.log", io.BytesIO(data), chunk_size=chunk)
    doc = json.dumps(logs_document(a.report()))
    n_fast = sum(s.scanner.compiled.fast_records for s in a.sources if s.scanner.compiled)
    return doc, recs, n_fast


def assert_same(data: bytes, *, chunk: int = 1 << 20, max_line: int = 1 << 20, **kw: object) -> int:
    """Both paths on ``data`` (report and records); returns the
    records the compiled part read itself."""
    fast_n = 0
    for records in (False, True):
        with python_path(True):
            ref = _analyze(data, chunk=chunk, max_line=max_line, records=records, **kw)
        with python_path(False):
            got = _analyze(data, chunk=chunk, max_line=max_line, records=records, **kw)
        assert ref[2] == 0
        assert got[0] == ref[0], records
        assert got[1] == ref[1], records
        fast_n = max(fast_n, got[2])
    return fast_n


@pytest.fixture
def _pastes_read_once_per_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The structure readers' reading of a held input (``hook.read_held``) made once for each
    (bytes, --engine, record path forced or not) and given again to the other runs of the test
    with the same three: the CLI tests below run ``logs`` with and without --records on the
    same inputs, and the readers, run on every held input, were most of their cost (the vLLM
    fixtures take 0.35-0.45 s each). Both record paths still read every input themselves (the
    reading depends on the line scanner's claims, made by the path in use), and a reading is
    frozen: sharing it changes no output."""
    from specdiag.core.logs.paste import hook

    read = hook.read_held
    done: dict[tuple[bytes, str | None, str | None], PasteReading] = {}

    def once(data: bytes, engine: str | None) -> PasteReading:
        key = (data, engine, os.environ.get(fast.ENV_FORCE_PYTHON))
        if key not in done:
            done[key] = read(data, engine)
        return done[key]

    monkeypatch.setattr(hook, "read_held", once)


# --------------------------------------------------------------------------- real files


@pytest.mark.usefixtures("_pastes_read_once_per_path")
def test_cli_output_and_records_are_byte_identical_on_every_test_file(tmp_path: Path) -> None:
    paths = sorted(str(p) for p in DATA.iterdir())
    for extra in ([], ["--engine", "sglang"], ["--engine", "vllm", "--engine-version", "0.10.2"]):
        runs = []
        for force in ("1", ""):
            rec = tmp_path / f"r{force}.jsonl"
            r = run_cli(
                ["logs", "--json", *paths, "--records", str(rec), *extra],
                env={fast.ENV_FORCE_PYTHON: force},
            )
            plain = run_cli(["logs", "--json", *paths, *extra], env={fast.ENV_FORCE_PYTHON: force})
            runs.append(
                (
                    r.exit_code,
                    r.stdout.replace(str(rec), "R"),
                    r.stderr,
                    rec.read_bytes(),
                    plain.stdout,
                    plain.stderr,
                )
            )
        assert runs[0] == runs[1], extra


def test_every_test_file_alone_and_in_small_blocks() -> None:
    for p in sorted(DATA.iterdir()):
        data = p.read_bytes()
        assert_same(data)
        assert_same(data, chunk=777, max_line=300)


def test_generated_dense_log_is_read_by_the_compiled_part() -> None:

    # 1500 lines, ~230 KB: several 64 KiB blocks, lines cut at every block edge
    lines, _, stats = loggen.lines(__import__("random").Random(5), 0, 1500, 0.45)
    data = ("\n".join(lines) + "\n").encode()
    n = assert_same(data, chunk=64 << 10)
    assert n > 0.9 * stats  # nearly all statistics lines took the compiled path
    assert_same(data, chunk=64 << 10, engine="sglang", engine_version="0.5.10")
    assert_same(data, chunk=64 << 10, engine="vllm", year=2024)
    import gzip

    gz = gzip.compress(data)
    assert_same(gz, chunk=64 << 10)  # decompressed by a reader thread
    assert_same(gz[: len(gz) * 2 // 3], chunk=64 << 10)  # truncated: the same note and records


# --------------------------------------------------------------------------- fuzz

_NUM = st.sampled_from(
    [
        "1.00",
        "0.99",
        "2.5",
        "3.21",
        "1.2.3",
        "4",
        "1.0000001",
        "0.00",
        "1.",
        ".5",
        "2.995",
        "9" * 20,
    ]
)
_RATE = st.sampled_from(["0.71", "1.00", "1.01", "0.5", ".5", "0.00", "0.333", "1.2.3", "1e-3"])


@st.composite
def sglang_line(draw: st.DrawFn) -> str:
    date = draw(st.sampled_from(["2026-11-29", "2026-02-30", "2024-02-29", "0001-01-01"]))
    sep = draw(st.sampled_from([" ", "T"]))
    hms = draw(st.sampled_from(["08:40:12", "23:59:60", "24:00:00", "00:00:00"]))
    frac = draw(st.sampled_from(["", ".1", ",123456", ".1234567", ".000"]))
    rank = draw(st.sampled_from(["", " TP0", " DP1 TP3", " tp0", " DP0 PP1 ATTN_CP0 TP12", " TP"]))
    it = draw(st.sampled_from(["", " [17]", " []"]))
    head = draw(st.sampled_from(["", "x ", "[junk] ", "\x1b[32m", "é "]))
    tail = draw(st.sampled_from(["", " ", ",", "\r"]))
    graph = draw(st.sampled_from(["True", "False", "None"]))
    # the batch size (the line's weight): 0, leading zeros, 16 to 20 digits (beyond the range)
    running = draw(
        st.sampled_from(["64", "1", "0", "007", "1" + "0" * 15, "2" + "0" * 15, "9" * 17, "9" * 20])
    )
    return (
        f"{head}[{date}{sep}{hms}{frac}{rank}] Decode batch{it}, #running-req: {running}, "
        "#token: 88032, "
        f"token usage: 0.41, accept len: {draw(_NUM)}, accept rate: {draw(_RATE)}, cuda graph: "
        f"{graph}, gen throughput (token/s): {draw(_NUM)}, #queue-req: 3{tail}"
    )


@st.composite
def vllm_line(draw: st.DrawFn) -> str:
    prefix = draw(
        st.sampled_from(
            [
                "(APIServer pid=48211) INFO 11-29 08:40:12 [metrics.py:120] ",
                "INFO 02-30 08:40:12.5 [metrics.py:120] ",
                "INFO 02-29 23:59:60.1234567 ",
                "1 12-31 24:00:00 ",
                "",
            ]
        )
    )
    acc = draw(st.sampled_from(["0", "2280", "4500", "1" * 16]))
    dra = draw(st.sampled_from(["0", "4500", "3600", "9000"]))
    pp = draw(
        st.sampled_from(
            [
                "0.720, 0.480, 0.320",
                "",
                " ",
                "1.001, 0.5",
                "0.5,",
                "1.2.3",
                "0.9",
                "0.3, 0.4",
                "0.5, , 0.2",
            ]
        )
    )
    tail = draw(st.sampled_from(["", "  ", "\t", " x"]))
    return (
        f"{prefix}SpecDecoding metrics: Mean acceptance length: {draw(_NUM)}, Accepted throughput: "
        f"{draw(_NUM)} tokens/s, Drafted throughput: 450.00 tokens/s, Accepted: {acc} tokens, "
        f"Drafted: {dra} tokens, Per-position acceptance rate: {pp}, Avg Draft acceptance rate: "
        f"{draw(st.sampled_from(['50.7%', '1.2.3%', '50%x']))}{tail}"
    )


_OTHER = st.sampled_from(
    [
        "slot print_timing: id  0 | task 3 | draft acceptance rate = 0.50000 (5 accepted / 10 generated), mean len = 1.90",
        "slot print_timing: id  0 | task 3 | ",
        "draft acceptance rate = 0.75 (3 accepted / 4 generated)",
        "statistics draft-mtp: #calls(b,g,a) = 4 4 4, #gen drafts = 8, #acc drafts = 6, #gen tokens = 16, #acc tokens = 9",
        # the older form; one restating the bare request line above when it follows it
        "statistics ngram_mod: #calls = 810, #gen drafts = 15, #acc drafts = 15, #gen tokens = 960, #acc tokens = 730, dur(b,g,a) = 0.149, 0.347, 0.005 ms",
        "0.01.234.567 I statistics draft: #calls = 2, #gen drafts = 2, #acc drafts = 2, #gen tokens = 4, #acc tokens = 3, dur = 1.250 ms",
        '[TRT-LLM] [I] {"iter": 1, "specDecodingStats": {"numDraftTokens": 24, "numAcceptedTokens": 15, "numRequestsWithDraftTokens": 8}}',
        "INFO 11-29 08:40:12 Speculative metrics: Draft acceptance rate: 0.5, System efficiency: 0.4, Number of speculative tokens: 3, Number of accepted tokens: 30, Number of draft tokens: 60, Number of emitted tokens: 70.",
        "[2026-11-29 08:40:12] Decode batch. #running-req: 1, #token: 10, token usage: 0.01, accept len: 2.10, gen throughput (token/s): 5.0, #queue-req: 0",
        "accept len: nonsense",
        "successful access to the cache",
        "plain noise line",
        "",
        "\x00\x01 accept len: \xff",
    ]
)


@settings(deadline=None, max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(sglang_line(), vllm_line(), _OTHER, st.text(max_size=40)), min_size=1, max_size=40
    ),
    st.sampled_from([64, 500, 1 << 20]),
    st.sampled_from([120, 1 << 20]),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
    st.sampled_from([{}, {"engine": "sglang"}, {"engine": "vllm"}, {"engine": "llamacpp"}]),
)
def test_fuzz_compiled_path_equals_python_path(
    lines: list[str], chunk: int, max_line: int, eol: str, final_eol: bool, kw: dict[str, str]
) -> None:
    data = eol.join(lines).encode("utf-8", "surrogatepass") + (eol.encode() if final_eol else b"")
    assert_same(data, chunk=chunk, max_line=max_line, **kw)


def test_many_similar_lines_cross_the_inference_refresh() -> None:
    """More than 512 lines per rank (SGLangRateInference recomputes its best guess every 512
    tallies), with ambiguous lines, lines of the Python path in between and two ranks."""
    data = _refresh_lines()
    assert assert_same(data, chunk=20000) > 1080
    assert_same(data, chunk=20000, engine="sglang", engine_version="0.5.11")


def _refresh_lines() -> bytes:
    import random

    rng = random.Random(3)
    out = []
    for i in range(1300):  # ~650 per rank: past 512 on each
        length = 1 + rng.random() * 3
        rate = rng.choice([(length - 1) / 3, length / 4, rng.random()])
        rank = rng.choice(["TP0", "TP1"])
        out.append(
            f"[2026-11-29 08:{i // 60 % 60:02d}:{i % 60:02d} {rank}] Decode batch, #running-req: 1, "
            f"#token: 1, token usage: 0.01, accept len: {length:.2f}, accept rate: {rate:.2f}, "
            f"cuda graph: True, gen throughput (token/s): 1.00, #queue-req: 0"
            + ("," if i % 97 == 0 else "")
        )
    return ("\n".join(out) + "\n").encode()


def test_text_pairs_forgotten_between_blocks_give_the_same_records(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The SGLang text pairs coded by the rate rule are forgotten past a bound (memory): with
    the bound at 0, every run of lines codes its pairs afresh, and the records stay the same."""
    monkeypatch.setattr(infer, "PAIRS_KEPT", 0)
    assert assert_same(_refresh_lines(), chunk=20000) > 1080


# --------------------------------------------------------------------------- fallback


def test_missing_compiled_part_falls_back_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(DATA / "vllm_serve_ngram.log")
    ok = run_cli(["logs", "--json", path], env={fast.ENV_FORCE_PYTHON: ""})
    assert "note:" not in ok.stderr
    monkeypatch.setattr(fast, "_native", None)
    monkeypatch.setattr(fast, "_why_not", "the compiled part is not built (test)")
    r = run_cli(["logs", "--json", path], env={fast.ENV_FORCE_PYTHON: ""})
    assert r.exit_code == ok.exit_code == 0
    assert "note: the compiled part is not built (test); reading logs with the slower" in r.stderr
    assert r.stdout == ok.stdout
    forced = run_cli(["logs", "--json", path], env={fast.ENV_FORCE_PYTHON: "1"})
    assert "note:" not in forced.stderr  # forcing the Python path on purpose is not noted


def test_ambiguous_lines_use_the_compiled_recompute() -> None:
    """Ambiguous lines only (both SGLang formulas fit; ties between num_draft_tokens): each
    line's rate and version come from the rank's best guess, which the compiled part
    recomputes itself."""
    pairs = [("2.50", "0.50"), ("1.0", "0.0"), ("3.00", "0.67"), ("2.50", "0.50")]
    for ranks in ((" TP0",), (" TP0", " TP1")):
        out = []
        for i in range(40):
            length, rate = pairs[i % len(pairs)] if len(ranks) > 1 else pairs[i % 2]
            out.append(
                f"[2026-11-29 08:00:{i % 60:02d}{ranks[i % len(ranks)]}] Decode batch, "
                f"#running-req: 1, #token: 1, token usage: 0.01, accept len: {length}, accept "
                f"rate: {rate}, cuda graph: True, gen throughput (token/s): 1.00, #queue-req: 0"
            )
        data = ("\n".join(out) + "\n").encode()
        assert assert_same(data) == 40
        assert_same(data, engine="sglang", engine_version="0.5.10")
        assert_same(data, engine="sglang", engine_version="0.5.11")


@pytest.mark.usefixtures("_pastes_read_once_per_path")
def test_cli_modes_are_identical_on_the_compiled_path(tmp_path: Path) -> None:
    """gzip, stdin, --since/--until, --follow, many files and --records: the same output with
    the compiled path as with the Python path."""
    import gzip
    import random

    lines, _, _ = loggen.lines(random.Random(9), 8 * 3600, 1500, 0.45)
    text = "\n".join(lines) + "\n"
    plain = tmp_path / "a.log"
    plain.write_text(text)
    gz = tmp_path / "b.log.gz"
    gz.write_bytes(gzip.compress(text.encode()))
    other = tmp_path / "c.log"
    other.write_text(text[: len(text) // 3])
    cases: list[tuple[list[str], str | None]] = [
        ([str(gz)], None),
        (["-"], text),
        ([str(plain), "--since", "2026-11-29 08:05", "--until", "08:15"], None),
        ([str(plain), "--since", "+2m"], None),
        ([str(plain), str(gz), str(other)], None),
        (["--follow", "--idle-timeout", "0.3", str(plain), str(other)], None),
    ]
    for args, stdin in cases:
        runs = []
        for force in ("1", ""):
            rec = tmp_path / "r.jsonl"
            r = run_cli(
                ["logs", "--json", *args, "--records", str(rec)],
                env={fast.ENV_FORCE_PYTHON: force},
                input=stdin,
            )
            runs.append((r.exit_code, r.stdout, r.stderr, rec.read_bytes()))
            r = run_cli(["logs", "--json", *args], env={fast.ENV_FORCE_PYTHON: force}, input=stdin)
            runs.append((r.exit_code, r.stdout, r.stderr, b""))
        assert runs[0][0] == 0, (args, runs[0][2])
        assert runs[0] == runs[2] and runs[1] == runs[3], args


_FIXTURE_LINES = [
    line
    for p in sorted(DATA.iterdir())
    for line in p.read_text(encoding="utf-8", errors="replace").splitlines()
]


@settings(deadline=None, max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            sglang_line(),
            vllm_line(),
            st.integers(0, len(_FIXTURE_LINES) - 1).map(lambda i: _FIXTURE_LINES[i]),
            # a run of consecutive fixture lines (multi-line summaries, tables, cut lines)
            st.integers(0, len(_FIXTURE_LINES) - 1).map(
                lambda i: "\n".join(_FIXTURE_LINES[i : i + 12])
            ),
        ),
        min_size=1,
        max_size=30,
    ),
    st.sampled_from([64, 700, 1 << 20]),
)
def test_fuzz_fast_lines_among_every_other_layout(lines: list[str], chunk: int) -> None:
    """Fast-layout lines in the middle of every layout the grammar reads (bench summaries,
    tables, JSON bodies, cut lines): the same report and records."""
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    assert_same(data, chunk=chunk)


def test_tied_position_counts_give_one_draft_length_from_both_sources() -> None:
    """Statistics lines with three positions and with two, each seen once (a tie in how often
    each count is seen), after a summary block the compiled part leaves to the parser: both
    sources name the same draft length (the tie was broken by the order the counts were first
    met, which differs between them; found by the fuzzer below)."""
    runs = ("\n".join(_FIXTURE_LINES[89:101]), "\n".join(_FIXTURE_LINES[527:539]))
    assert "(0.800, 0.600, 0.400)" in runs[0] and "(0.115, 0.010)" in runs[1]
    for first, second in (runs, runs[::-1]):
        assert_same((first + "\n" + second + "\n").encode())


def test_many_files_read_ahead_give_the_same_output(tmp_path: Path) -> None:
    """Many files (the next one's first block read and scanned while the current one is
    consumed), small blocks: the same document as the Python path, file by file."""
    import random

    paths = []
    for i in range(6):
        lines, _, _ = loggen.lines(random.Random(i), 8 * 3600, 400 + 300 * i, 0.45)
        p = tmp_path / f"f{i}.log"
        p.write_text("\n".join(lines) + ("\n" if i % 2 else ""))
        paths.append(str(p))
    paths.append(paths[0])  # the same file twice
    docs = [
        run_cli(["logs", "--json", *paths], env={fast.ENV_FORCE_PYTHON: force}).stdout
        for force in ("1", "")
    ]
    assert docs[0] == docs[1] and '"records"' in docs[0]


def test_sources_that_start_like_json_documents() -> None:
    """A pretty-printed JSON document is read whole; a log that starts with '[' (SGLang) or
    '{' but is not one is read line by line at once (not held): the same outcome either way."""
    doc = json.dumps(
        {
            "id": "cmpl-1",
            "metrics": {
                "speculative_decoding": {
                    "num_drafts": 10,
                    "num_draft_tokens": 30,
                    "num_accepted_tokens": 18,
                    "accepted_per_pos": [8, 6, 4],
                }
            },
            "meta_info": {"spec_verify_ct": 10, "completion_tokens": 28},
        },
        indent=2,
    )
    sgl = (
        "[2026-11-29 08:40:12 TP0] Decode batch, #running-req: 1, #token: 1, token usage: 0.01, "
        "accept len: 2.50, accept rate: 0.50, cuda graph: True, gen throughput (token/s): 1.00, "
        "#queue-req: 0\n"
    )
    for text in (
        doc,
        doc + "\n",
        "  \n" + doc,
        "[\n" + doc + "\n]\n",
        sgl * 5,
        '{"a": 1}\n' + sgl * 3,
        "[1,\n2]\n" + sgl,
        '[{"iter": 1,\n' + sgl,
    ):
        assert_same(text.encode())


# --------------------------------------------------------------------------- running state


def _docs_fed_in_turns(texts: list[bytes], chunk: int, every: int) -> list[str]:
    """Sources of one label fed block by block in turns, a report every few blocks (as the
    live view of --follow asks), then closed: every document."""
    a = LogAnalyzer()
    sources = [a.add_source("same.log") for _ in texts]
    parts = [[t[i : i + chunk] for i in range(0, len(t), chunk)] for t in texts]
    docs = []
    step = 0
    while any(parts):
        for s, p in zip(sources, parts, strict=True):
            if p:
                s.feed(p.pop(0))
                step += 1
                if step % every == 0:
                    docs.append(json.dumps(logs_document(a.report())))
    for s in sources:
        s.close()
    docs.append(json.dumps(logs_document(a.report())))
    return docs


def test_running_state_is_written_back_before_every_report_and_between_sources() -> None:
    """The C part keeps the accumulators' running state across blocks: a report in the middle
    (the live view), two sources of the same label fed in turns (one holder at a time) and
    lines of the Python path for the same ranks in between give what the Python path gives."""
    import random

    texts = []
    for seed in (11, 12):
        lines, _, _ = loggen.lines(random.Random(seed), 8 * 3600, 1200, 0.45, 0.2)
        texts.append(("\n".join(lines) + "\n").encode())
    for chunk, every in ((4096, 3), (50000, 1)):
        with python_path(True):
            ref = _docs_fed_in_turns(texts, chunk, every)
        with python_path(False):
            got = _docs_fed_in_turns(texts, chunk, every)
        assert len(ref) > 2 and got == ref, chunk


def test_python_tallies_between_fast_lines_of_one_rank() -> None:
    """SGLang lines the Python grammar reads (no token usage: not the fast layout) among fast
    ones of the same ranks, ambiguous pairs included: the rate inference's counts change on
    both sides, and every recompute (every 512 tallies) sees the same counts."""
    import random

    rng = random.Random(8)
    out = []
    pairs = [("2.50", "0.50"), ("3.00", "0.67"), ("1.90", "0.30"), ("2.20", "0.40")]
    for i in range(1800):  # ~600 per rank: past 512 on each
        length, rate = (
            rng.choice(pairs)
            if rng.random() < 0.5
            else (f"{1 + rng.random() * 3:.2f}", f"{rng.random():.2f}")
        )
        rank = rng.choice([" TP0", " TP1", ""])
        usage = "" if rng.random() < 0.2 else "token usage: 0.01, "
        out.append(
            f"[2026-11-29 09:{i // 60 % 60:02d}:{i % 60:02d}{rank}] Decode batch, #running-req: 1, "
            f"#token: 1, {usage}accept len: {length}, accept rate: {rate}, cuda graph: True, "
            f"gen throughput (token/s): 1.00, #queue-req: 0"
        )
    data = ("\n".join(out) + "\n").encode()
    assert assert_same(data, chunk=30000) > 1080
    assert_same(data, chunk=3000, engine="sglang", engine_version="0.5.10")


_TRICKY = [
    "0.05",
    "00.5",
    "0.000123",
    "0.0",
    "00",
    "1.",
    ".5",
    "1..2",
    "1.0000000000000001",
    "123456789012345.6",
    "0.1234567890123456789",
    "2.000000000000000000000001",
    "3.14159265358979",
    "0000000000000000000001.5",
]
_DIGITS = st.one_of(st.sampled_from(_TRICKY), st.text("0123456789.", min_size=1, max_size=24))


def _number_lines(nums: list[tuple[str, str, str, str]]) -> bytes:
    out = []
    for i, (length, rate, tput, pp) in enumerate(nums):
        out.append(
            f"[2026-11-29 08:40:{i:02d} TP0] Decode batch, #running-req: 1, #token: 1, token "
            f"usage: 0.5, accept len: {length}, accept rate: {rate}, cuda graph: True, gen "
            f"throughput (token/s): {tput}, #queue-req: 0"
        )
        out.append(
            f"INFO 11-29 08:40:{i:02d} [metrics.py:120] SpecDecoding metrics: Mean acceptance "
            f"length: {length}, Accepted throughput: {tput} tokens/s, Drafted throughput: 1.0 "
            f"tokens/s, Accepted: 3 tokens, Drafted: 9 tokens, Per-position acceptance rate: "
            f"{rate}, {pp}, Avg Draft acceptance rate: 33.3%"
        )
    return ("\n".join(out) + "\n").encode()


def test_number_texts() -> None:
    """Number texts the compiled part converts itself (leading zeros, 0.000x, more than 15
    significant digits, a lone dot): the same values as float()."""
    ok = [t for t in _TRICKY if t.count(".") <= 1]
    lengths = ["1" + t if t.startswith(".") else "1" + t.lstrip("0") or "1" for t in ok]
    rates = ["0." + t.replace(".", "") for t in ok]
    nums = [(ln, r, t, r) for ln, r, t in zip(lengths, rates, ok, strict=True)]
    assert assert_same(_number_lines(nums)) >= len(nums)


@settings(deadline=None, max_examples=examples(80), suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_DIGITS, _DIGITS, _DIGITS, _DIGITS), min_size=1, max_size=12))
def test_fuzz_number_texts(nums: list[tuple[str, str, str, str]]) -> None:
    """Any [0-9.]+ text in the fields the compiled part converts (two dots, a lone dot, out of
    range): the same records and report as the Python path."""
    assert_same(_number_lines(nums))
