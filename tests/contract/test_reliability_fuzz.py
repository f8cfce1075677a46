"""The reliability contract, fuzzed through the CLI in-process (docs/reliability.md).

For probe against a local stub server answering hostile bodies, headers and status codes (and
hostile discovery pages), and for flag values at and past their bounds of expected-accept,
probe and reference-server, every run must keep the documented contract:

* the exit code is one of 0, 1, 2, 3, 130, 143; never an internal error, never a traceback;
* with ``--json`` stdout is empty or exactly one JSON document;
* no input file changes; no secret appears in stdout, stderr or a saved file.

``SPECDIAG_FUZZ_EXAMPLES`` sets the number of examples per property (CI's default below).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specdiag.errors import EXIT_CODES
from tests.support.cli import CliResult, run_cli
from tests.support.examples import examples
from tests.support.stubserver import StubServer

KEY = "sk-fuzz-SECRET-9876"
EXAMPLES = int(os.environ.get("SPECDIAG_FUZZ_EXAMPLES") or examples(60))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def check_contract(r: CliResult, json_mode: bool, *files: Path) -> None:
    assert r.exit_code in EXIT_CODES, (r.exit_code, r.stderr)
    assert "internal error" not in r.stderr, r.stderr
    assert "Traceback" not in r.stderr, r.stderr
    if json_mode and r.stdout.strip():
        json.loads(r.stdout)  # exactly one document (raises on trailing data)
    for text in (r.stdout, r.stderr, *(f.read_text(errors="replace") for f in files if f.exists())):
        assert KEY not in text


# --------------------------------------------------------------------------- hostile values

_EXTREME_NUMBERS = st.one_of(
    st.sampled_from([0, -1, -27, 1e308, -1e308, 1e-320, 2**64, 10**30, 0.5, 3]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(min_value=-(10**20), max_value=10**20),
)
_SCALARS = st.one_of(st.none(), st.booleans(), _EXTREME_NUMBERS, st.text(max_size=20), st.just(KEY))
_JSON = st.recursive(
    _SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def openai_like(draw: st.DrawFn) -> dict[str, Any]:
    """A chat/completions response with some fields replaced by hostile values."""
    body: dict[str, Any] = {
        "choices": [
            {
                "message": {"content": draw(st.one_of(st.text(max_size=30), _SCALARS))},
                "text": draw(st.one_of(st.text(max_size=30), _SCALARS)),
                "finish_reason": draw(st.sampled_from(["stop", "length", None, 7])),
            }
        ],
        "usage": {"completion_tokens": draw(_EXTREME_NUMBERS)},
    }
    if draw(st.booleans()):
        body["meta_info"] = {
            "spec_verify_ct": draw(_EXTREME_NUMBERS),
            "spec_accept_token_num": draw(_EXTREME_NUMBERS),
            "completion_tokens": draw(_EXTREME_NUMBERS),
        }
    if draw(st.booleans()):
        body["metrics"] = {
            "speculative_decoding": {
                "num_accepted_draft_tokens": draw(_EXTREME_NUMBERS),
                "num_draft_tokens": draw(_EXTREME_NUMBERS),
                "num_spec_steps": draw(_EXTREME_NUMBERS),
                "acceptance_histogram": draw(st.lists(_EXTREME_NUMBERS, max_size=4)),
            }
        }
    if draw(st.booleans()):
        body["timings"] = {
            "draft_n": draw(_EXTREME_NUMBERS),
            "draft_n_accepted": draw(_EXTREME_NUMBERS),
            "predicted_ms": draw(_EXTREME_NUMBERS),
        }
    if draw(st.booleans()):
        body["echo"] = {"authorization": f"Bearer {KEY}"}  # a server that echoes the key
    return body


def _dumps(value: Any) -> bytes:
    try:
        return json.dumps(value, allow_nan=True).encode()
    except ValueError:
        return b"{}"


@st.composite
def responses(draw: st.DrawFn) -> tuple[int, dict[str, str], bytes]:
    status = draw(
        st.one_of(st.sampled_from([200, 200, 200, 400, 401, 429, 500, 503]), st.integers(200, 599))
    )
    kind = draw(st.sampled_from(["json", "openai", "sse", "bytes"]))
    if kind == "json":
        body = _dumps(draw(_JSON))
    elif kind == "openai":
        body = _dumps(draw(openai_like()))
    elif kind == "sse":
        chunks = draw(st.lists(st.one_of(openai_like(), _JSON), max_size=4))
        lines = [b"data: " + _dumps(c) for c in chunks]
        lines += draw(
            st.lists(st.sampled_from([b"data: [DONE]", b"data: {", b": ping", b"x"]), max_size=2)
        )
        body = b"\n\n".join(lines) + b"\n\n"
    else:
        body = draw(st.binary(max_size=200))
    headers = {
        "Content-Type": draw(
            st.sampled_from(["application/json", "text/event-stream", "text/html", "\x01bad"])
        )
    }
    if status == 429 or draw(st.booleans()):
        headers["Retry-After"] = draw(st.sampled_from(["0", "-1", "1e308", "nan", "Tue, 99", ""]))
    if draw(st.integers(0, 9)) == 0:
        headers["Content-Length"] = str(max(0, len(body) - draw(st.integers(1, 10))))
    return status, headers, body


_METRICS_PAGES = st.one_of(
    st.just(None),
    st.builds(
        lambda a, b, c: (
            "# TYPE vllm:spec_decode_num_drafts counter\n"
            f"vllm:spec_decode_num_drafts_total {a}\n"
            f"vllm:spec_decode_num_accepted_tokens_total {b}\n"
            f'vllm:spec_decode_num_accepted_tokens_per_pos_total{{position="{c}"}} 1\n'
        ),
        st.sampled_from(["1e308", "NaN", "+Inf", "-5", "12"]),
        st.sampled_from(["1e308", "-1", "3"]),
        st.sampled_from(["0", "99999999", "-1", "x"]),
    ),
    st.text(max_size=80),
)
_SERVER_INFO = st.one_of(
    st.just(None),
    st.builds(
        lambda n, k: json.dumps(
            {
                "speculative_algorithm": "EAGLE3",
                "speculative_num_steps": n,
                "speculative_eagle_topk": k,
                "version": "0.5.9",
            },
            allow_nan=True,
        ),
        _EXTREME_NUMBERS,
        _EXTREME_NUMBERS,
    ),
)


@pytest.fixture(scope="module")
def stub() -> Iterator[StubServer]:
    with StubServer(lambda path, body: (500, {}, b"unset")) as s:
        yield s


@FUZZ
@given(
    answer=responses(),
    metrics=_METRICS_PAGES,
    server_info=_SERVER_INFO,
    stream=st.booleans(),
    api=st.sampled_from(["chat", "completions"]),
    acc=st.sampled_from([None, "0.75", "0.8,0.7,0.6"]),
)
def test_probe_keeps_the_contract_against_hostile_servers(
    stub: StubServer,
    tmp_path_factory: pytest.TempPathFactory,
    answer: tuple[int, dict[str, str], bytes],
    metrics: str | None,
    server_info: str | None,
    stream: bool,
    api: str,
    acc: str | None,
) -> None:
    tmp = tmp_path_factory.mktemp("probe")
    prompts = tmp / "prompts.txt"
    prompts.write_text("say hello\nwrite a poem about the sea\n")
    before = prompts.read_bytes()
    save = tmp / "save.jsonl"
    stub.answer = lambda path, body: answer
    stub.pages = {"/v1/models": (200, b'{"data": [{"id": "m"}]}')}
    if metrics is not None:
        stub.pages["/metrics"] = (200, metrics.encode())
    if server_info is not None:
        stub.pages["/server_info"] = (200, server_info.encode())
    args = [
        "probe",
        stub.url,
        "--json",
        "-n",
        "2",
        "--timeout",
        "3",
        "--retries",
        "0",
        "--api",
        api,
        "--prompts",
        str(prompts),
        "--save",
        str(save),
        "--api-key",
        KEY,
        "--stream" if stream else "--no-stream",
    ]
    if acc is not None:
        args += ["--acc", acc]
    r = run_cli(args)
    check_contract(r, True, save)
    assert prompts.read_bytes() == before


@FUZZ
@given(
    value=st.one_of(st.none(), st.text(max_size=40), st.floats().map(repr)),
    attempt=st.integers(0, 50),
)
def test_any_retry_after_gives_a_bounded_wait(value: str | None, attempt: int) -> None:
    from specdiag.core.probe.client import MAX_RETRY_WAIT_S, retry_after_seconds

    wait = retry_after_seconds(value, attempt)
    assert 0.0 <= wait <= MAX_RETRY_WAIT_S


# --------------------------------------------------------------------------- flags at their bounds

_NUM_TEXT = st.one_of(
    st.sampled_from(
        [
            "0",
            "-1",
            "1",
            "nan",
            "inf",
            "-inf",
            "1e308",
            "1e999",
            "0.5",
            "100%",
            "9" * 30,
            "1_000",
            "",
            " ",
            "0x10",
            "abc",
            "-0",
            "64",
            "65",
            "1024",
            "1025",
        ]
    ),
    st.integers(-(10**6), 10**6).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
)
_ACC_TEXT = st.one_of(
    _NUM_TEXT,
    st.lists(
        st.sampled_from(["0.8", "0.5", "1", "0", "1.5", "nan", "", "75%"]), min_size=1, max_size=6
    ).map(",".join),
)


@FUZZ
@given(
    acc=_ACC_TEXT,
    steps=st.one_of(st.none(), _NUM_TEXT),
    extra=st.lists(
        st.sampled_from(
            [
                ("--observed", _NUM_TEXT),
                ("--cost-ratio", _NUM_TEXT),
                ("--eagle-topk", _NUM_TEXT),
                ("--num-draft-tokens", _NUM_TEXT),
                ("--simulate", st.sampled_from(["0", "1", "100", "-5", "1e3"])),
                ("--seed", _NUM_TEXT),
                ("--engine", st.sampled_from(["sglang", "vllm", "llamacpp", "trtllm", "x"])),
                ("--engine-version", st.sampled_from(["0.8.5", "0.5.10", "x.y", ""])),
                ("--observed-kind", st.sampled_from(["length", "drafts", "rate", "x"])),
            ]
        ).flatmap(lambda pair: pair[1].map(lambda v: [pair[0], v])),
        max_size=4,
    ),
    sweep=st.booleans(),
    json_mode=st.booleans(),
)
def test_expected_accept_keeps_the_contract_for_any_flag_values(
    acc: str, steps: str | None, extra: list[list[str]], sweep: bool, json_mode: bool
) -> None:
    args = ["expected-accept", "--acc", acc]
    if steps is not None:
        args += ["--steps", steps]
    for pair in extra:
        args += pair
    if sweep:
        args.append("--sweep")
    if json_mode:
        args.append("--json")
    r = run_cli(args)
    check_contract(r, json_mode)
    if r.exit_code == 0 and json_mode:
        doc = json.loads(r.stdout)
        assert all(math.isfinite(v) for v in doc["distribution"])


@FUZZ
@given(
    flags=st.lists(
        st.sampled_from(
            [
                ("-n", _NUM_TEXT),
                ("-c", _NUM_TEXT),
                ("--max-tokens", _NUM_TEXT),
                ("--timeout", _NUM_TEXT),
                ("--warmup", _NUM_TEXT),
                ("--retries", _NUM_TEXT),
                ("--request-rate", _NUM_TEXT),
                ("--temperature", _NUM_TEXT),
                ("--steps", _NUM_TEXT),
                ("--acc", _ACC_TEXT),
                ("--min-accept-len", _NUM_TEXT),
                ("--seed", _NUM_TEXT),
                (
                    "-H",
                    st.sampled_from(
                        ["a:b", "novalue", ":x", KEY, ":" + KEY, "X: \u00e9", "X: a\nb", "B@d: 1"]
                    ),
                ),
                ("--api-key", st.sampled_from([KEY, KEY + "\n", "\u00e9" + KEY, ""])),
            ]
        ).flatmap(lambda pair: pair[1].map(lambda v: [pair[0], v])),
        max_size=4,
    ),
)
def test_probe_flags_keep_the_contract(flags: list[list[str]]) -> None:
    args = ["probe", "http://127.0.0.1:9", "--json", "--timeout", "1"]
    for pair in flags:
        args += pair
    r = run_cli(args)
    check_contract(r, True)
    assert r.exit_code in (2, 3), r.stderr  # a closed port: a usage error or could not run


@settings(max_examples=max(10, EXAMPLES // 4), deadline=None)
@given(
    flags=st.lists(
        st.sampled_from(
            [
                ("--steps", _NUM_TEXT),
                ("--acceptance", _ACC_TEXT),
                ("--accept-length", _NUM_TEXT),
                ("--eagle-topk", _NUM_TEXT),
                ("--num-draft-tokens", _NUM_TEXT),
                ("--target-step-ms", _NUM_TEXT),
                (
                    "--faults",
                    st.sampled_from(
                        ["500=0.1", "500=2", "stall-seconds=inf", "retry-after=nan", "x=1", "429"]
                    ),
                ),
                ("--flavor", st.sampled_from(["sglang", "vllm", "llamacpp", "trtllm"])),
                ("--max-model-len", _NUM_TEXT),
                ("--api-key", st.sampled_from([KEY, " "])),
            ]
        ).flatmap(lambda pair: pair[1].map(lambda v: [pair[0], v])),
        max_size=3,
    ),
)
def test_reference_server_flags_keep_the_contract(flags: list[list[str]]) -> None:
    args = ["reference-server", "--port", "0", "--duration", "0", "--json"]
    for pair in flags:
        args += pair
    r = run_cli(args)
    check_contract(r, True)
