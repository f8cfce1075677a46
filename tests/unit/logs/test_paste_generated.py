"""Hypothesis generators of key-value runs and prose, JSON bodies, multi-row headers and
negative tables, each with its known truth."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.hook import hold
from specdiag.core.logs.records import PASTE_MAX

LENGTH_KEYS = [
    "Mean acceptance length",
    "accept length",
    "acc_len",
    "Acc. Len",
    "avg acc len",
    "average acceptance length",
    "AL",
    "τ",
    "acceptance length",
]
RATE_KEYS = ["acceptance rate", "accept_rate", "Draft acceptance rate", "acc rate"]
ACCEPTED_KEYS = ["Number of accepted tokens", "num_accepted_tokens", "accepted tokens"]
STEPS_KEYS = ["Number of draft proposals", "num_drafts", "verify steps", "drafts"]


def _count(n: int, sep: bool) -> str:
    return f"{n:,}" if sep else str(n)


@st.composite
def key_values(draw: st.DrawFn) -> tuple[str, dict[str, float | int]]:
    steps = draw(st.integers(1, 40_000))
    accepted = draw(st.integers(0, steps * 8))
    length = round(1 + accepted / steps, 2)
    rate = draw(st.integers(0, 1000)) / 1000
    seps = st.sampled_from([": ", " = ", ":   ", " is "])
    markup = draw(st.sampled_from(["", "**", "`"]))
    parts = {
        "length": f"{draw(st.sampled_from(LENGTH_KEYS))}{draw(seps)}{markup}{length:.2f}{markup}",
        "rate": (
            f"{draw(st.sampled_from(RATE_KEYS))}{draw(seps)}{rate * 100:.1f}%"
            if draw(st.booleans())
            else None
        ),
        "accepted": f"{draw(st.sampled_from(ACCEPTED_KEYS))}: {_count(accepted, draw(st.booleans()))}",
        "steps": f"{draw(st.sampled_from(STEPS_KEYS))}: {_count(steps, draw(st.booleans()))}",
    }
    order = draw(st.permutations([k for k, v in parts.items() if v is not None]))
    one_line = draw(st.booleans())
    text = (
        (", ".join(parts[k] for k in order) + "\n")
        if one_line
        else "".join(
            parts[k] + "\n"
            for k in order  # type: ignore[operator]
        )
    )
    quote = draw(st.sampled_from(["", "> ", "> > > ", "+"]))
    if quote:
        text = "".join(quote + ln + "\n" for ln in text.splitlines())
    truth: dict[str, float | int] = {"length": length, "accepted": accepted, "steps": steps}
    if parts["rate"] is not None:
        truth["rate"] = round(rate, 4)
    return "speculative decoding run\n" + text, truth


@settings(max_examples=80, deadline=None)
@given(key_values())
def test_generated_key_value_runs(case: tuple[str, dict[str, float | int]]) -> None:
    text, truth = case
    (r,) = read_paste(text).records
    assert r.printed_length == truth["length"], text
    assert r.accepted_tokens == truth["accepted"] and r.steps == truth["steps"], text
    # the counts decide the bonus: the length printed is 1 + accepted / steps
    assert r.bonus.value == "included" and r.bonus.rule.startswith("identity"), (text, r.bonus)
    assert r.accept_length == truth["length"]
    if "rate" in truth:
        assert r.printed_rate is not None and abs(r.printed_rate - truth["rate"]) < 1e-9, text


@st.composite
def json_bodies(draw: st.DrawFn) -> tuple[str, float]:
    steps = draw(st.integers(1, 2000))
    completion = draw(st.integers(steps, steps * 8))
    obj: dict[str, object] = {
        draw(
            st.sampled_from(["completion_tokens", "num_output_tokens", "output_tokens"])
        ): completion,
        draw(st.sampled_from(["spec_verify_ct", "num_spec_steps", "verify_steps"])): steps,
        draw(st.sampled_from(["accept_length", "acc_len", "mean_acceptance_length"])): round(
            completion / steps, 4
        ),
    }
    if draw(st.booleans()):
        obj["model"] = draw(st.sampled_from(["llama-8b", "qwen3"]))
    doc: object = obj
    for _ in range(draw(st.integers(0, 2))):
        doc = {draw(st.sampled_from(["meta_info", "stats", "data"])): doc}
    text = json.dumps(doc, indent=draw(st.sampled_from([None, 2])))
    if draw(st.booleans()):
        text = text.replace("{", '{"elided": "...", ', 1)
        text = text[: text.rindex("}")] + ", ...}"  # a placeholder makes it invalid JSON
    return text, completion / steps


@settings(max_examples=60, deadline=None)
@given(json_bodies())
def test_generated_json_bodies(case: tuple[str, float]) -> None:
    text, length = case
    (r,) = read_paste(text).records
    assert r.bonus.value == "included", (text, r.bonus)
    assert r.accept_length is not None and abs(r.accept_length - length) < 1e-3, text


@st.composite
def grouped_tables(draw: st.DrawFn) -> tuple[str, list[float]]:
    datasets = draw(
        st.lists(
            st.sampled_from(["MT-bench", "GSM8K", "HumanEval", "Alpaca"]),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    metric = draw(st.sampled_from(["τ", "AL", "acc len"]))
    methods = draw(
        st.lists(
            st.sampled_from(["EAGLE", "Medusa", "HASS", "ours"]),
            min_size=1,
            max_size=3,
            unique=True,
        )
    )
    top = ["", *[x for d in datasets for x in (d, "")]]
    sub = ["Method", *[x for _ in datasets for x in ("Speedup", metric)]]
    truth: list[float] = []
    rows = []
    for m in methods:
        cells = [m]
        for _ in datasets:
            v = draw(st.integers(100, 600)) / 100
            truth.append(v)
            cells += [f"{draw(st.integers(100, 400)) / 100:.2f}x", f"{v:.2f}"]
        rows.append(cells)
    lines = [
        "| " + " | ".join(top) + " |",
        "| " + " | ".join(sub) + " |",
        "|" + "---|" * len(sub),
    ] + ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n", truth


@settings(max_examples=40, deadline=None)
@given(grouped_tables())
def test_generated_multi_row_headers(case: tuple[str, list[float]]) -> None:
    text, truth = case
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == truth, text
    assert all(r.accept_length is None for r in got.records)  # no tool, no identity: unknown
    assert all(dict(r.labels).get("column") for r in got.records)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "model",
                "tok/s",
                "TTFT (ms)",
                "TPOT (ms)",
                "batch size",
                "throughput",
                "p99 latency",
                "speedup",
                "memory (GiB)",
            ]
        ),
        min_size=2,
        max_size=5,
        unique=True,
    ),
    st.integers(1, 4),
    st.sampled_from(["markdown", "csv", "aligned"]),
)
def test_tables_without_acceptance_give_nothing(headers: list[str], n: int, layout: str) -> None:
    rows = [[f"{(i + 1) * 10 + j}.5" for j in range(len(headers))] for i in range(n)]
    if layout == "markdown":
        text = "\n".join(
            ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
            + ["| " + " | ".join(r) + " |" for r in rows]
        )
    elif layout == "csv":
        text = "\n".join([",".join(headers)] + [",".join(r) for r in rows])
    else:
        text = "\n".join("    ".join(c.ljust(14) for c in r) for r in [headers, *rows])
    got = read_paste("draft model benchmark\n" + text + "\n")
    assert not got.records and not got.unread, text


def test_small_inputs_are_held_large_ones_are_not() -> None:
    small, tee = hold(io.BytesIO(b"accept length: 3.1\n"))  # type: ignore[arg-type]
    assert small.read() == b"accept length: 3.1\n" and tee.held() == b"accept length: 3.1\n"
    data = b"x" * (PASTE_MAX + 10)
    big, tee = hold(io.BytesIO(data))  # type: ignore[arg-type]
    got = b""
    while chunk := big.read(1 << 16):
        got += chunk
    assert got == data and tee.held() is None
