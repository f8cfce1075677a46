"""llama.cpp's server bench for SPEED-Bench (`tools/server/bench/speed-bench`) names its decode
speed by the server's own short name, `avg_pred_t/s` (`timings.predicted_per_second`): in its
summary (`category samples avg_prompt_t/s avg_pred_t/s avg_latency accept_rate`) and in its
comparison (`base_avg_pred_t/s spec_avg_pred_t/s ... accept_rate`) that column is a mark of
llama.cpp, so `accept_rate` (accepted / draft_n over the category) is read as llama.cpp's rate,
per draft token, no length. A speed column named otherwise names no tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_CATS = ["chat", "algebra", "translation", "summaries", "lookup", "fiction"]


def _aligned(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(c) for c in col) for col in zip(header, *rows, strict=True)]
    lines = [header, ["-" * w for w in widths], *rows]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in lines
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=st.lists(st.integers(300, 950), min_size=2, max_size=6),
    compare=st.booleans(),
    fenced=st.booleans(),
)
def test_speed_bench_tables_are_llamacpps(rates: list[int], compare: bool, fenced: bool) -> None:
    if compare:
        header = ["category", "base_avg_pred_t/s", "spec_avg_pred_t/s", "decode_speedup"]
        header += ["base_avg_latency", "spec_avg_latency", "latency_speedup", "accept_rate"]
        rows = [
            [c, "40.10", f"{50 + i}.25", "1.25x", "9.500s", "7.600s", "1.25x", f"0.{r:03d}0"]
            for i, (c, r) in enumerate(zip(_CATS, rates, strict=False))
        ]
    else:
        header = ["category", "samples", "avg_prompt_t/s", "avg_pred_t/s", "avg_latency"]
        header += ["accept_rate"]
        rows = [
            [c, "16", "812.40", f"{50 + i}.25", "7.600s", f"0.{r:03d}0"]
            for i, (c, r) in enumerate(zip(_CATS, rates, strict=False))
        ]
    body = _aligned(header, rows)
    text = f"```\n{body}\n```\n" if fenced else body + "\n"
    recs = read_paste(text).records
    assert [r.tool for r in recs] == ["llamacpp"] * len(rows)
    assert [r.printed_rate for r in recs] == [r / 1000 for r in rates[: len(rows)]]
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=examples(20), deadline=None)
@given(speed=st.sampled_from(["avg_pred_tps", "avg_pred_tok/s", "mean_pred_t/s", "avg_t/s"]))
def test_a_speed_column_named_otherwise_names_no_tool(speed: str) -> None:
    header = ["category", "samples", speed, "accept_rate"]
    rows = [["chat", "16", "51.25", "0.6120"], ["algebra", "16", "49.75", "0.5830"]]
    recs = read_paste(_aligned(header, rows) + "\n").records
    assert recs and all(r.tool == "unknown" for r in recs)
