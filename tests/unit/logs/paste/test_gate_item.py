"""A list item titled as a gate lists what a run must show to pass it (gate_item.py): its
figures, on its first line and the indented lines it wraps over, are required values, no record.
A model's gate, a title ending on another word, an item of fewer than three clauses, or an item
reporting the gate's outcome or a measurement are read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.gate_item import blank
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_GATES = (
    "Serving gate",
    "Release gate",
    "Gate 2",
    "Ship gate",
    "リリースゲート",
    "配信の関門",
    "上線の門",
)
_MARKERS = ("3. ", "- ", "* ", "12) ")
_BOLD = ("", "**")
_SEPS = (": ", " — ")
_CONDITIONS = (
    "checksums match",
    "no new kernels in the trace",
    "perplexity {p} ± 0.05",
    "latency p50 under {ms} ms",
    "スループット {ms} tok/s 以上",
)
_FIGURES = ("accept length ≈ {v}", "受理長 ≈ {v}", "acceptance rate {r}%", "受理率 {r}%")


def _item(marker: str, bold: str, gate: str, sep: str, clauses: list[str], wrap: bool) -> str:
    head = f"{marker}{bold}{gate}{bold}{sep}"
    if not wrap or len(clauses) < 2:
        return head + ", ".join(clauses) + "."
    pad = " " * len(marker)
    half = len(clauses) // 2
    return head + ", ".join(clauses[:half]) + ",\n" + pad + ", ".join(clauses[half:]) + "."


@settings(max_examples=examples(30), deadline=None)
@given(
    marker=st.sampled_from(_MARKERS),
    bold=st.sampled_from(_BOLD),
    gate=st.sampled_from(_GATES),
    sep=st.sampled_from(_SEPS),
    figure=st.sampled_from(_FIGURES),
    others=st.lists(st.sampled_from(_CONDITIONS), min_size=2, max_size=4, unique=True),
    at=st.integers(0, 4),
    tenths=st.integers(12, 45),
    rate=st.integers(30, 90),
    wrap=st.booleans(),
)
def test_a_gate_items_conditions_are_no_record(
    read: Read,
    marker: str,
    bold: str,
    gate: str,
    sep: str,
    figure: str,
    others: list[str],
    at: int,
    tenths: int,
    rate: int,
    wrap: bool,
) -> None:
    clauses = [c.format(p=f"{tenths / 3:.2f}", ms=tenths * 3) for c in others]
    clauses.insert(min(at, len(clauses)), figure.format(v=f"{tenths / 10:.1f}", r=rate))
    text = "Next steps before the rollout:\n" + _item(marker, bold, gate, sep, clauses, wrap)
    assert read(text + "\n").records == ()


_NEAR = {
    "model gate": ("MoE gate", ["checksums", "accept length {v}", "latency 3 ms"]),
    "other title": ("Gate results", ["checksums", "accept length {v}", "latency 3 ms"]),
    "passed": ("Serving gate", ["passed", "accept length {v}", "latency 3 ms"]),
    "measured": ("リリースゲート", ["実測で受理長 {v}", "遅延 3 ms", "checksums"]),
    "one clause": ("Serving gate", ["accept length {v}"]),
    "a word ending in 門": ("専門", ["checksums", "accept length {v}", "latency 3 ms"]),
}


@settings(max_examples=examples(30), deadline=None)
@given(
    near=st.sampled_from(sorted(_NEAR)),
    marker=st.sampled_from(_MARKERS),
    bold=st.sampled_from(_BOLD),
    tenths=st.integers(12, 45),
)
def test_near_misses_are_read_as_before(
    read: Read, near: str, marker: str, bold: str, tenths: int
) -> None:
    title, clauses = _NEAR[near]
    v = f"{tenths / 10:.1f}"
    text = _item(marker, bold, title, ": ", [c.format(v=v) for c in clauses], False)
    assert [r.printed_length for r in read(text + "\n").records] == pytest.approx([tenths / 10])


def test_only_the_items_lines_are_blanked() -> None:
    blk = [
        (1, "2. **Ship gate**: checksums match, p99 40 ms, acceptance rate 55%,"),
        (2, "   cold start under 3.5 s."),
        (3, "4. Measured: accept length 2.31."),
    ]
    out = blank(blk)
    assert "55" not in out[0][1] and "3.5" not in out[1][1]
    assert out[0][1].startswith("2. **Ship gate**:")
    assert out[2] == blk[2]
