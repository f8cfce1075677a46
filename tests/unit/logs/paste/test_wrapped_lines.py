"""Server lines a paste wrapped at its width (the rest of the fields on the next line, without a
log prefix) or continued with a shell-style '\\': read as the one line they were."""

from __future__ import annotations

import io
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.records import LogEngine
from specdiag.core.logs.run import LogsOptions, run_logs
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _sglang(length: float, rate: float, spec: bool = True) -> str:
    fields = "#running-req: 1, #token: 1200, token usage: 0.01, "
    if spec:
        fields += f"accept len: {length:.2f}, accept rate: {rate:.2f}, "
    return (
        "[2026-04-24 11:13:49 TP0] Decode batch, "
        + fields
        + "cuda graph: True, gen throughput (token/s): 120.50, #queue-req: 0"
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    st.integers(min_value=110, max_value=590),
    st.integers(min_value=10, max_value=99),
    st.integers(min_value=60, max_value=130),
    st.sampled_from(["", "  ", " "]),
)
def test_a_decode_line_wrapped_at_a_width(
    hundredths: int, pct: int, width: int, indent: str
) -> None:
    line = _sglang(hundredths / 100, pct / 100)
    parts = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
    text = (
        "From the server log:\n\n"
        + "\n".join(p if i == 0 else indent + p for i, p in enumerate(parts))
        + "\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].printed_length == hundredths / 100
    assert got[0].tool == "sglang"
    assert got[0].accept_length == hundredths / 100  # SGLang counts the target's own token


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=110, max_value=590),
    st.integers(min_value=10, max_value=99),
    st.integers(min_value=60, max_value=130),
    st.sampled_from(["", "  ", " "]),
)
def test_through_the_pipeline_a_wrapped_decode_line_is_read_once(
    hundredths: int, pct: int, width: int, indent: str
) -> None:
    """Through ``run_logs`` the line scanner may read the wrapped line itself: then the
    structure readers leave it; either way the figure is read once, never twice or lost."""
    line = _sglang(hundredths / 100, pct / 100)
    parts = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
    text = "From the server log:\n\n" + "\n".join(
        p if i == 0 else indent + p for i, p in enumerate(parts)
    )
    result = run_logs(["-"], LogsOptions(workers=1), stdin=io.BytesIO((text + "\n").encode()))
    scanned = result.report.files[0].records
    pasted = [r for _, reading in result.pastes for r in reading.records]
    assert scanned + len(pasted) == 1, text
    for r in pasted:
        assert r.printed_length == hundredths / 100 and r.tool == "sglang"
    if scanned:
        stats = result.report.summary[LogEngine.SGLANG].stats
        assert stats.accept_length is not None
        assert abs(stats.accept_length.mean - hundredths / 100) < 1e-9


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(min_value=110, max_value=590), st.integers(min_value=10, max_value=99))
def test_a_decode_line_continued_with_a_backslash(read: Read, hundredths: int, pct: int) -> None:
    line = _sglang(hundredths / 100, pct / 100)
    cut = line.index("accept len:") + len("accept len:")
    text = line[:cut] + " \\\n    " + line[cut:].lstrip() + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [hundredths / 100]


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(min_value=60, max_value=130))
def test_a_wrapped_decode_line_without_spec_fields_is_no_record(read: Read, width: int) -> None:
    parts = textwrap.wrap(_sglang(0, 0, spec=False), width, break_long_words=False)
    assert read("\n".join(parts) + "\n").records == ()


def test_a_launch_command_continued_with_backslashes_stays_lines() -> None:
    """Flags continued with '\\' are read from the whole text, never joined into a figure."""
    text = (
        "python -m sglang.launch_server --model m --speculative-algorithm EAGLE3 \\\n"
        "    --speculative-num-steps 3 \\\n"
        "    --speculative-num-draft-tokens 4\n"
    )
    assert read_paste(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=110, max_value=590),
    st.integers(min_value=10, max_value=99),
    st.sampled_from(["accept rate:", "accept rate: 0.", "cuda gr", "cuda graph: Tr...", "…"]),
    st.sampled_from(["", "Namespace(backend='sglang', ...)\n\n"]),
)
def test_a_decode_line_cut_short_by_the_paste(
    hundredths: int, pct: int, cut_after: str, before: str
) -> None:
    """The line scanner skips a cut line for a value it cannot read; the structure readers read
    the fields before the cut (once: the line scanner reads no record from it)."""
    from specdiag.core.logs.paste.hook import read_held

    line = _sglang(hundredths / 100, pct / 100)
    if cut_after in ("accept rate:", "accept rate: 0."):
        cut = line[: line.index("accept rate:")] + cut_after
    elif cut_after == "…":
        cut = line[: line.index("cuda graph")] + "…"
    else:
        cut = line[: line.index("cuda graph")] + cut_after
    data = (before + "From the server log:\n\n" + cut + "\n").encode()
    # read once, by the line scanner or by structure, never by both
    got = _scanned(data) + [r.accept_length for r in read_held(data, None).records]
    assert got == [hundredths / 100]


def _scanned(data: bytes) -> list[float | None]:
    """The accept lengths the line scanner reads from ``data``."""
    import io

    from specdiag.core.logs.analyze import LogAnalyzer

    out: list[float | None] = []
    analyzer = LogAnalyzer(
        on_record=lambda rec: out.append(rec.accept_length) if rec.kind != "per_position" else None
    )
    analyzer.scan("paste.md", io.BytesIO(data))
    analyzer.report()
    return out


def test_a_whole_decode_line_stays_the_line_scanners() -> None:
    from specdiag.core.logs.paste.hook import read_held

    assert read_held((_sglang(2.5, 0.6) + "\n").encode(), None).records == ()


def test_a_cut_decode_line_without_spec_fields_is_no_record() -> None:
    from specdiag.core.logs.paste.hook import read_held

    line = _sglang(0, 0, spec=False)
    assert read_held((line[: line.index("cuda graph")] + "cuda gr\n").encode(), None).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=110, max_value=590),
    st.integers(min_value=10, max_value=99),
    st.sampled_from(["accept rate:", "accept len:", "#token: 1200,"]),
)
def test_a_decode_line_wrapped_after_a_namespace_is_read_once(
    hundredths: int, pct: int, wrap_after: str
) -> None:
    """The line scanner reads the wrapped line (its continuation too); the structure readers,
    which join it, must leave it to the line scanner: one record, never two."""
    from specdiag.core.logs.paste.hook import read_held

    line = _sglang(hundredths / 100, pct / 100)
    cut = line.index(wrap_after) + len(wrap_after)
    data = (
        "Namespace(backend='sglang', num_prompts=10, speculative_num_steps=3, ...)\n"
        + line[:cut]
        + "\n"
        + line[cut:].lstrip()
        + "\n"
    ).encode()
    got = _scanned(data) + [r.accept_length for r in read_held(data, None).records]
    assert len(got) == 1
