"""Every layout (server variants, bench tools, examples, JSON bodies) and the tolerant
field grammar (any order, unknown fields, prefixes, quoting, lines cut in two)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs import grammar as G
from specdiag.core.logs.analyze import LogAnalyzer
from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.records import LogRecord, Skipped
from tests.support import paths
from tests.support.cli import run_cli
from tests.support.examples import examples
from tests.support.parseline import parse_line

DATA = paths.TEST_DATA / "logs"
FORMATS = DATA / "formats_2026.txt"


def records(text: str) -> list[LogRecord]:
    out: list[LogRecord] = []
    a = LogAnalyzer(on_record=out.append)
    import io

    a.scan("t", io.BytesIO(text.encode()))
    return out


def by_version(recs: list[LogRecord]) -> dict[str, list[LogRecord]]:
    out: dict[str, list[LogRecord]] = {}
    for r in recs:
        out.setdefault(r.version_guess or "", []).append(r)
    return out


# --------------------------------------------------------------------------- every layout


def test_every_2026_layout_gives_its_record() -> None:
    recs = records(FORMATS.read_text())
    v = by_version(recs)
    long_form = v["llama.cpp PR #24536 (long form)"][0]
    assert long_form.accept_length == 2.87 and long_form.per_position == (0.8, 0.6, 0.4)
    assert not long_form.notes  # never "prints no mean len": it prints one
    impls = [r for r in recs if r.kind == "cumulative"]
    assert [dict(r.raw)["impl"] for r in impls] == ["draft-mtp", "ngram-mod"]
    assert impls[1].accept_length == 1.0 + 20 / 20
    v0 = v["vllm V0 (<= 0.7)"][0]
    assert v0.accept_length is None and v0.accept_rate == 0.5
    tokenspeed = v["sglang-derived ('Decode batch.' with an accept rate: TokenSpeed, fastrl)"][0]
    assert tokenspeed.accept_length == 1.9 and tokenspeed.accept_rate is not None
    assert abs(tokenspeed.accept_rate - 0.3) < 1e-9 and tokenspeed.timestamp is not None
    for name in (
        "sglang bench_serving",
        "sglang bench_one_batch_server",
        "specforge benchmark",
        "sglang bench_speculative",
    ):
        (r,) = v[name]
        assert r.kind == "bench" and r.accept_length == 3.18 and r.notes, name
    (bench,) = v["vllm bench serve"]
    assert (bench.accept_length, bench.accepted_tokens, bench.drafted_tokens) == (2.52, 2280, 4500)
    assert bench.per_position == (0.72, 0.48, 0.32)
    (ex,) = v["vllm spec_decode.py"]
    assert ex.kind == "example" and ex.accept_length == 1 + 2280 / 1500
    assert ex.per_position == (0.72, 0.48, 0.32) and len(ex.notes) == 1  # identity holds
    (new,) = v["trtllm-bench (AL/DAR labels)"]
    assert (new.accept_length, new.accept_rate) == (2.5, 0.5)
    (old,) = v["trtllm-bench (AR label)"]
    assert old.accept_length == 2.4 and "tokens per decoding iteration" in old.notes[0]
    (llama_ex,) = v["llama.cpp speculative example"]
    assert llama_ex.accept_length is None and llama_ex.accept_rate == 140 / 180
    rows = v["markdown table (accept length column)"]
    assert [r.accept_length for r in rows] == [3.12, 3.4]
    sgl = v["sglang response"]
    assert len(sgl) == 2 and all(r.accept_length == 3.2 and len(r.notes) == 1 for r in sgl)
    vl = v["vllm response"]
    assert vl[0].accept_length == 1 + 10 / 43 and len(vl[0].notes) == 1
    assert vl[1].accept_length == 2.2 and vl[1].drafted_tokens == 30 and len(vl[1].notes) == 1
    (trt,) = v["trtllm per-request stats"]
    assert trt.accept_length == 2.5 and trt.kind == "response"


def test_bench_and_responses_are_kept_apart_from_server_lines() -> None:
    r = run_cli(["logs", "--json", str(FORMATS)])
    assert r.exit_code == 0, r.stderr
    doc = r.json()
    sgl = doc["summary"]["sglang"]
    assert sgl["records"] == 1 and sgl["series"] == "main"  # the TokenSpeed line only
    assert sgl["bench"]["records"] == 6 and sgl["responses"]["records"] == 2
    llama = doc["summary"]["llamacpp"]
    assert set(llama["implementations"]) == {"draft-mtp", "ngram-mod"}
    assert doc["summary"]["trtllm"]["series"] == "responses"
    assert doc["unrecognised_lines"] == 1
    assert doc["unrecognised_examples"][0]["text"].startswith("myengine step 12")
    human = run_cli(["logs", str(FORMATS)])
    assert "not understood: 1 line" in human.stdout and "myengine step 12" in human.stdout
    assert "statistics draft-mtp" in human.stdout and "statistics ngram-mod" in human.stdout


_SERVER_LINE = (
    "[2026-11-29 08:40:12] Decode batch, #running-req: 1, #token: 100, token usage: 0.01, "
    "accept len: 2.50, cuda graph: True, gen throughput (token/s): 100.00, #queue-req: 0\n"
)
_TABLE = "| Dataset | Accept Length | Throughput |\n|---|---|---|\n| mtbench | 3.12 | 150.2 |\n"


def test_a_table_under_a_specforge_and_sglang_heading_is_sglangs() -> None:
    """Two pastes the line readers' table reader reads and the structure readers do not (the
    measurement that kept it: the heading names two tools, so they claim no convention; a
    table in one block with a server line is the line scanner's block): SGLang's bench rows,
    bonus included, each beside the server line."""
    for text in (
        "## SpecForge EAGLE-3 on SGLang\n\n" + _TABLE,
        "## SpecForge EAGLE-3 on SGLang\n" + _SERVER_LINE + _TABLE,
    ):
        recs = records(text)
        rows = [r.accept_length for r in recs if r.kind == "bench"]
        assert rows == [3.12], text
        assert [r.accept_length for r in recs if r.kind == "interval"] == (
            [2.5] if "Decode" in text else []
        )


def test_a_row_printing_its_length_is_no_header_of_an_sglang_table() -> None:
    """A row under a header naming SGLang whose cell prints the length's name with its figure
    ('40 tok/s (mean acceptance length 1.30)') is a row of another layout, no accept-length
    header: the line reader leaves the table to the structure readers (before, the next row
    was skipped as 'not a number' and the block claimed, no record at all)."""
    text = (
        "| Task | SGLang main | draft fork |\n|---|---|---|\n"
        "| t0 | 55 tok/s | 40 tok/s (mean acceptance length 1.30) |\n"
        "| t1 | 56 tok/s | 41 tok/s (mean acceptance length 1.40) |\n"
    )
    assert records(text) == []
    r = run_cli(["logs", "--json", "-"], input=text)
    assert r.exit_code == 0, r.stderr
    lengths = [rec["printed_length"] for p in r.json()["pastes"] for rec in p["records"]]
    assert lengths == [1.3, 1.4]


def test_bench_only_paste_is_read() -> None:
    text = "Accept length:                           3.18      \n"
    r = run_cli(["logs", "--json", "-"], input=text)
    assert r.exit_code == 0, r.stderr
    s = r.json()["summary"]["sglang"]
    assert s["series"] == "bench" and s["accept_length"]["mean"] == 3.18


def test_nothing_understood_names_the_candidates() -> None:
    # (with numbers, such a line is read by structure: tests/unit/logs/paste/)
    r = run_cli(["logs", "-"], input="myengine: acceptance_rate=n/a accept_len=unknown\n")
    assert r.exit_code == 1
    assert "no speculative-decoding statistics" in r.stderr
    assert "not understood" in r.stderr and "myengine" in r.stderr


def test_identity_failures_are_reported() -> None:
    bad = {
        "metrics": {
            "speculative_decoding": {
                "mean_acceptance_length": 1.5,
                "acceptance_histogram": [39, 1, 0, 3],
                "num_spec_steps": 40,
                "num_accepted_draft_tokens": 10,
                "num_draft_tokens": 129,
                "num_spec_tokens": 3,
            }
        }
    }
    out = parse_line(json.dumps(bad))
    assert isinstance(out, tuple)
    notes = " ".join(out[0].notes)
    assert "sum(acceptance_histogram) == num_spec_steps" in notes
    assert "mean_acceptance_length == 1 + accepted / steps" in notes


def _histogram_body(hist: object) -> str:
    """A vLLM response whose speculative_decoding object carries ``hist`` (3 steps, 3 accepted
    drafts, k = 2: a histogram {0: 1, 1: 1, 2: 1} meets every identity)."""
    stats = {
        "num_drafted_tokens": 6,
        "num_accepted_tokens": 3,
        "acceptance_histogram": hist,
        "num_spec_steps": 3,
        "num_spec_tokens": 2,
    }
    return json.dumps({"choices": [{"index": 0, "speculative_decoding_stats": stats}]})


def _identity_notes(hist: object) -> list[str]:
    out = parse_line(_histogram_body(hist))
    assert isinstance(out, tuple)
    return [n for n in out[0].notes if n.startswith("identity failed")]


def test_a_histogram_map_with_a_huge_bucket_costs_no_memory() -> None:
    """A histogram printed as a map is read sparse: a bucket key of 10**7, 10**30 or 400
    digits (a damaged or hostile body) allocates nothing per missing bucket. It was expanded
    to a dense list of max(key) + 1 counts: a 200-byte line grew a process past 20 GB."""
    import tracemalloc

    assert _identity_notes({"0": 1, "1": 1, "2": 1}) == []
    tracemalloc.start()
    try:
        notes = _identity_notes({"0": 1, "1": 1, str(10**7): 1})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20, peak  # (the dense list: 80 MB)
    # the same identities as a dense histogram of that length: sum right, first moment and
    # bucket count wrong
    assert notes == [
        "identity failed: sum(i * histogram[i]) == num_accepted_draft_tokens",
        "identity failed: acceptance_histogram has num_spec_tokens + 1 buckets",
    ]
    for key in (str(10**30), "9" * 400, "18446744073709551617"):
        assert len(_identity_notes({"0": 1, "1": 1, key: 1})) == 2
    # a key that is no bucket number: the histogram is not read (no identity claimed)
    assert _identity_notes({"0": 1, "1": 1, "1e308": 1}) == []
    assert _identity_notes({"0": 1, "-2": 1, "2": 1}) == []


def test_llama_timings_rate_only_and_labelled() -> None:
    out = parse_line('{"predicted_n": 320, "draft_n": 330, "draft_n_accepted": 206}')
    assert isinstance(out, tuple)
    assert out[0].accept_length is None and out[0].accept_rate == 206 / 330
    assert "verify steps are not in the response" in out[0].notes[0]


def test_sglang_bench_minus_one_means_none() -> None:
    assert not parse_line("acc_length: -1.00 ")  # understood, no record (not "not understood")


# --------------------------------------------------------------------------- the grammar

_SGL_FIELDS = [
    ("#running-req", "4"),
    ("#token", "100"),
    ("token usage", "0.01"),
    ("accept len", "2.50"),
    ("accept rate", "0.50"),
    ("cuda graph", "True"),
    ("gen throughput (token/s)", "100.00"),
    ("#queue-req", "0"),
]
_VLLM_FIELDS = [
    ("Mean acceptance length", "2.52"),
    ("Accepted", "2280 tokens"),
    ("Drafted", "4500 tokens"),
    ("Per-position acceptance rate", "0.720, 0.480, 0.320"),
    ("Draft acceptance rate", "50.7%"),
]
_UNKNOWN = st.sampled_from(["#cache_miss: 3", "foo bar: 17", "page ratio: 0.02", "x_y: 1.5"])
_PREFIXES = st.sampled_from(
    ["", "> ", "> > ", "`", "<code>", "- ", "[pid 12] ", "(EngineCore_0 pid=9) ", "   "]
)


def _essentials(rec: LogRecord) -> tuple[object, ...]:
    return (
        rec.engine,
        rec.accept_length,
        rec.accept_rate,
        rec.accepted_tokens,
        rec.drafted_tokens,
        rec.per_position,
    )


def _quote(prefix: str, line: str) -> str:
    if prefix == "`":
        return "`" + line + "`"
    if prefix == "<code>":
        return "<code>" + line + "</code>"
    return prefix + line


@settings(deadline=None, max_examples=examples(150))
@given(
    order=st.permutations(range(len(_SGL_FIELDS))),
    extra=st.lists(_UNKNOWN, max_size=3),
    prefix=_PREFIXES,
)
def test_sglang_fields_in_any_order_with_unknown_fields_and_quoting(
    order: list[int], extra: list[str], prefix: str
) -> None:
    base = "[2026-11-29 08:40:12] Decode batch, " + ", ".join(f"{k}: {v}" for k, v in _SGL_FIELDS)
    want = parse_line(base)
    fields = [f"{_SGL_FIELDS[i][0]}: {_SGL_FIELDS[i][1]}" for i in order] + extra
    line = _quote(prefix, "[2026-11-29 08:40:12] Decode batch, " + ", ".join(fields))
    got = parse_line(line)
    assert isinstance(want, tuple) and isinstance(got, tuple), line
    assert _essentials(got[0])[:2] == _essentials(want[0])[:2], line
    assert got[0].timestamp == want[0].timestamp


@settings(deadline=None, max_examples=examples(150))
@given(
    order=st.permutations(range(len(_VLLM_FIELDS))),
    extra=st.lists(_UNKNOWN, max_size=2),
    prefix=_PREFIXES,
)
def test_vllm_fields_in_any_order_with_unknown_fields_and_quoting(
    order: list[int], extra: list[str], prefix: str
) -> None:
    head = "INFO 07-08 16:20:01 [metrics.py:87] SpecDecoding metrics: "
    want = parse_line(head + ", ".join(f"{k}: {v}" for k, v in _VLLM_FIELDS))
    fields = [f"{_VLLM_FIELDS[i][0]}: {_VLLM_FIELDS[i][1]}" for i in order] + extra
    got = parse_line(_quote(prefix, head + ", ".join(fields)))
    assert isinstance(want, tuple) and isinstance(got, tuple)
    assert _essentials(got[0]) == _essentials(want[0])


@settings(deadline=None, max_examples=examples(100))
@given(cut=st.integers(0, 1000), prefix=_PREFIXES)
def test_a_line_cut_in_two_reads_as_one(cut: int, prefix: str) -> None:
    """Cut after one of the separators past the first statistics field (where a terminal or a
    paste breaks a long line): the record is the same."""
    line = (
        "[2026-11-29 08:40:12 TP0] Decode batch, #running-req: 4, #token: 100, token usage: "
        "0.01, accept len: 2.50, accept rate: 0.50, cuda graph: True, gen throughput (token/s): "
        "100.00, #queue-req: 0"
    )
    first = line.index("accept len")
    cuts = [i + 1 for i, c in enumerate(line) if c in ",:" and i > first]
    at = cuts[cut % len(cuts)]
    text = line[:at] + "\n" + line[at:].lstrip() + "\nnoise\n"
    want = records(line + "\n")
    got = records(_quote(prefix, "") + text)
    assert [_essentials(r) for r in got] == [_essentials(r) for r in want], text


def test_synonym_table_covers_the_issue_spellings() -> None:
    for key in (
        "accept len",
        "avg_accept_len",
        "mean acceptance length",
        "mean len",
        "#mean acc len",
        "Mean acceptance length",
        "Acceptance length",
    ):
        assert G.canonical(key) is G.F.LENGTH, key
    for key in (
        "accept rate",
        "draft acceptance",
        "Draft acceptance rate",
        "Avg Draft acceptance rate",
        "acceptance_rate",
        "Acceptance rate (%)",
    ):
        assert G.canonical(key) is G.F.RATE, key
    assert G.canonical("#queue-req") is None


@settings(deadline=None, max_examples=examples(300))
@given(st.text(max_size=200))
def test_grammar_never_raises(text: str) -> None:
    found = G.fields(G.clean(text))
    for f in found:
        G.number(f.text), G.integer(f.text)
    p = LineParser()
    p.parse(text, 1)
    p.parse(text, 2, alone=False)
    p.finish()


# --------------------------------------------------------------------------- whole documents


def test_a_pretty_printed_json_document_is_read_whole(tmp_path: Path) -> None:
    body = {
        "id": "chatcmpl-1",
        "choices": [],
        "metrics": {
            "speculative_decoding": {
                "mean_acceptance_length": 1 + 10 / 43,
                "acceptance_histogram": [39, 1, 0, 3],
                "num_spec_steps": 43,
                "num_accepted_draft_tokens": 10,
                "num_draft_tokens": 129,
                "num_spec_tokens": 3,
            }
        },
    }
    trt = [
        {
            "iter": 1,
            "specDecodingStats": {
                "numDraftTokens": 24,
                "numAcceptedTokens": 15,
                "numRequestsWithDraftTokens": 8,
            },
        },
        {
            "iter": 2,
            "specDecodingStats": {
                "numDraftTokens": 30,
                "numAcceptedTokens": 10,
                "numRequestsWithDraftTokens": 10,
            },
        },
    ]
    (tmp_path / "vllm.json").write_text(json.dumps(body, indent=2) + "\n")
    (tmp_path / "trt.json").write_text(json.dumps(trt, indent=4) + "\n")
    (tmp_path / "lines.jsonl").write_text("\n".join(json.dumps(x) for x in trt) + "\n")
    for workers in ("1", "2"):
        r = run_cli(["logs", "--json", "--workers", workers, str(tmp_path / "vllm.json")])
        assert r.exit_code == 0, r.stderr
        s = r.json()["summary"]["vllm"]
        assert s["series"] == "responses" and s["accept_length"]["mean"] == 1 + 10 / 43
        r = run_cli(["logs", "--json", "--workers", workers, str(tmp_path / "trt.json")])
        assert r.exit_code == 0, r.stderr
        assert r.json()["summary"]["trtllm"]["records"] == 2
        r = run_cli(["logs", "--json", "--workers", workers, str(tmp_path / "lines.jsonl")])
        assert r.exit_code == 0 and r.json()["summary"]["trtllm"]["records"] == 2


def test_impossible_values_are_one_rule_for_every_reader() -> None:
    """A length a rounding below 1 is read as 1; below that, or more tokens accepted than
    drafted, is the range guard's skip, whichever reader read it; in a JSON list the guard
    takes each object apart, so the readable ones are kept."""
    p = LineParser()
    rounded = p.parse("Accept length: 0.997", 1)
    assert isinstance(rounded, tuple) and rounded[0].accept_length == 1.0
    assert rounded[0].accepted_drafts == 0.0
    llama = "slot print_timing: id  0 | task 1 | draft acceptance rate = 0.20 ( 1 accepted /  5 generated), mean len = 0.50"
    for line, why in (
        ("Accept length: 0.5", "accept length below 1 is impossible"),
        (llama, "accept length below 1 is impossible"),
        ("accepted 5/3 draft tokens", "more tokens accepted than drafted"),
    ):
        assert p.parse(line, 2) == Skipped(why), line
    both = [
        {"timings": {"draft_n": 3, "draft_n_accepted": 5}},
        {"timings": {"draft_n": 10, "draft_n_accepted": 4}},
    ]
    got = p.parse(json.dumps(both), 3)
    assert isinstance(got, tuple) and [r.accept_rate for r in got] == [0.4]
    assert p.parse(json.dumps(both[:1]), 4) == Skipped("more tokens accepted than drafted")


def test_vllm_spec_decode_counts_with_thousands_separators() -> None:
    # a summary re-typed with separators ('1,000') was skipped, and hidden from the paste readers
    import io

    from specdiag.core.logs.run import LogsOptions, run_logs

    text = "num_drafts: 125\nnum_accepted_tokens: 1,000\nMean acceptance length: 9.00\n"
    result = run_logs(["-"], LogsOptions(workers=1), stdin=io.BytesIO(text.encode()))
    (f,) = result.report.files
    assert f.records == 1 and f.skipped_lines == 0
