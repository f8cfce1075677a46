"""A line alone that states the figure of the run printed just below it, with that run's
counts, is the run's title ('new draft: AL=2.71' over the counters giving 2.714), not another
record; told by the counts, rounded or cut at the line's decimals. The run below may be the line
scanner's (a server line, the offline example's counters)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _counters(steps: int, accepted: int, shown: str) -> str:
    return (
        f"```\nnum_drafts: {steps}\nnum_draft_tokens: {steps * 4}\n"
        f"num_accepted_tokens: {accepted}\nmean acceptance length: {shown}\n```\n"
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    steps=st.integers(500, 9000),
    per=st.integers(5, 300),
    cut=st.booleans(),
    label=st.sampled_from(["new draft: AL={}", "Baseline AL = {}", "After the fix, AL={}"]),
)
def test_a_title_stating_the_run_below_is_no_record(
    steps: int, per: int, cut: bool, label: str
) -> None:
    accepted = steps * per // 100
    exact = 1 + accepted / steps
    shown = f"{exact:.2f}"
    said = f"{int(exact * 100 + 1e-9) / 100:.2f}" if cut else shown
    text = label.format(said) + "\n\n" + _counters(steps, accepted, shown)
    (r,) = read_paste(text).records
    assert r.accepted_tokens == accepted and r.printed_length == float(shown)
    # through the pipeline the line scanner reads the counters: the title gives nothing more
    assert read_held(text.encode(), None).records == ()


def test_a_sentence_restating_the_server_line_below_is_no_record() -> None:
    text = (
        "The draft acceptance rate stays low (41.2%) on this prompt set\n\n"
        "INFO 01-02 03:04:05 [metrics.py:100] SpecDecoding metrics: Mean acceptance length: "
        "2.65, Accepted throughput: 3.10 tokens/s, Drafted throughput: 7.52 tokens/s, "
        "Accepted: 412 tokens, Drafted: 1000 tokens, Avg Draft acceptance rate: 41.2%\n"
    )
    (r,) = read_paste(text).records
    assert r.accepted_tokens == 412
    assert read_held(text.encode(), None).records == ()


def test_negative_controls_another_figure_or_no_counts_below() -> None:
    # the line states another figure than the run below: its own record
    text = "old draft: AL=3.10\n\n" + _counters(1000, 1500, "2.50")
    assert [r.printed_length for r in read_paste(text).records] == [3.1, 2.5]
    # the block below prints the figure without counts: nothing tells the line is its title
    text = "new draft: AL=2.50\n\n```\nmean acceptance length: 2.50\n```\n"
    assert len(read_paste(text).records) == 2
    # a rate above a run whose length agrees: another metric, its own record
    text = "acceptance rate: 2.50%\n\n" + _counters(1000, 1500, "2.50")
    assert len(read_paste(text).records) == 2
    # a line with prose between it and the run: not alone above it
    text = "new draft: AL=2.50\n\nthen we reran it.\n\n" + _counters(1000, 1500, "2.50")
    assert len(read_paste(text).records) == 2


# --- a bold line naming the configuration over its run's figures ('**EAGLE-3, Llama-3.1-8B,
# k=5, H100**'): the records' 'title' label, no record and nothing ignored

_METHODS = ["EAGLE-3", "MTP", "Medusa", "n-gram", "DFlash"]
_MODELS = ["Llama-3.1-8B", "Qwen3-32B", "DeepSeek-V3", "gpt-oss-120b"]
_HARDWARE = ["H100", "1x H200", "8x A100 80GB", "MI300X"]


@st.composite
def _run_title(draw: st.DrawFn) -> str:
    parts = [draw(st.sampled_from(_METHODS)), draw(st.sampled_from(_MODELS))]
    if draw(st.booleans()):
        parts.append(f"k={draw(st.integers(1, 8))}")
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from(_HARDWARE)))
    if draw(st.booleans()):
        parts.append(f"bs={draw(st.sampled_from([1, 8, 32]))}")
    return ", ".join(parts)


def _run_body(layout: str, lengths: list[float]) -> str:
    sets = ["mtbench", "gsm8k", "humaneval"][: len(lengths)]
    if layout == "markdown":
        rows = "".join(
            f"| {d} | {v:.2f} | {100 + i} |\n"
            for i, (d, v) in enumerate(zip(sets, lengths, strict=True))
        )
        return "| dataset | accept length | tok/s |\n|---|---|---|\n" + rows
    if layout == "aligned":
        rows = "".join(
            f"{d:<12}{v:<14.2f}{100 + i}\n"
            for i, (d, v) in enumerate(zip(sets, lengths, strict=True))
        )
        return f"{'dataset':<12}{'accept_len':<14}throughput\n" + rows
    return f"Mean acceptance length: {lengths[0]:.2f}\nThroughput: 151.2 tok/s\n"


@settings(max_examples=examples(60), deadline=None)
@given(
    titles=st.lists(_run_title(), min_size=1, max_size=3, unique=True),
    layout=st.sampled_from(["markdown", "aligned", "lines"]),
    gap=st.booleans(),
    underscores=st.booleans(),
    n=st.integers(1, 3),
    seed=st.integers(110, 420),
)
def test_a_bold_title_over_a_run_is_its_records_label(
    read: Read, titles: list[str], layout: str, gap: bool, underscores: bool, n: int, seed: int
) -> None:
    n = 1 if layout == "lines" else n
    parts, want = [], []
    for i, title in enumerate(titles):
        lengths = [round((seed + 37 * i + 11 * j) / 100, 2) for j in range(n)]
        bold = f"__{title}__" if underscores else f"**{title}**"
        parts.append(bold + ("\n\n" if gap else "\n") + _run_body(layout, lengths))
        want += [(title, v) for v in lengths]
    text = "Speculative decoding runs, one per configuration.\n\n" + "\n".join(parts)
    got = read(text)
    assert [(dict(r.labels).get("title"), r.printed_length) for r in got.records] == want, text
    assert all(r.labels[0][0] == "title" for r in got.records)
    assert got.ignored == ()
    # each title's run is its own group: never averaged with another configuration's
    assert {dict(g.config).get("title") for g in got.groups} == set(titles)


def test_negative_controls_bold_lines_that_are_no_runs_title() -> None:
    table = _run_body("markdown", [3.1, 2.8])
    for text in (
        # the bold line names the figure: it says what the numbers are, not which run
        "**Accept length by dataset**\n\n" + table,
        "**AL per dataset (EAGLE-3)**\n\n" + table,
        # a paragraph between the bold line and the figures
        "**EAGLE-3, Llama-3.1-8B, k=5**\n\nWe reran it after the fix.\n\n" + table,
        # the bold line is not the block's first line
        "Results below.\n**EAGLE-3, Llama-3.1-8B, k=5**\n" + table,
        # no bold at all
        "EAGLE-3, Llama-3.1-8B, k=5\n\n" + table,
    ):
        got = read_paste(text).records
        assert [r.printed_length for r in got] == [3.1, 2.8], text
        assert all("title" not in dict(r.labels) for r in got), text
    # a bold line stating a figure is no title: its figure is read as before
    got = read_paste("**EAGLE-3: acceptance 61.2%**\n\n" + table).records
    assert all("title" not in dict(r.labels) for r in got)


# --- a title (a markdown heading, a bold line) whose figure rounds a rate the records anywhere
# below print or compute from their counts, the line scanner's among them: no record


def _server_line(accepted: int, drafted: int) -> str:
    return (
        "INFO 01-02 03:04:05 [metrics.py:100] SpecDecoding metrics: Mean acceptance length: "
        f"2.10, Accepted throughput: 3.10 tokens/s, Drafted throughput: 7.52 tokens/s, "
        f"Accepted: {accepted} tokens, Drafted: {drafted} tokens\n"
    )


def _issue(title: str, accepted: int, drafted: int) -> str:
    return (
        f"{title}\n\n## Setup\n\nTwo nodes, nightly image, MTP with three draft tokens.\n\n"
        "## Log\n\n```\n"
        + _server_line(accepted, drafted)
        + "\n"
        + _server_line(500, 1000)
        + "```\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    drafted=st.integers(60, 4000),
    share=st.integers(5, 95),
    title=st.sampled_from(
        ["# Acceptance stuck at {} with MTP", "## Draft acceptance too low ({})", "**Rate {}**"]
    ),
)
def test_a_title_rounding_a_rate_far_below_is_no_record(
    drafted: int, share: int, title: str
) -> None:
    accepted = drafted * share // 100
    said = f"{100 * accepted / drafted:.1f}%"
    text = _issue(title.format(said), accepted, drafted)
    # the line scanner's lines: the title gives nothing more
    assert read_held(text.encode(), None).records == ()
    # read by structure alone, the lines' counts compute the same rate
    assert all(r.first_line > 1 for r in read_paste(text).records)


def test_a_title_rounding_a_paste_records_counts_is_no_record() -> None:
    text = (
        "**Acceptance 61.3% after the fix**\n\nWe reran the bench with the new head.\n\n"
        "- accepted draft tokens: 613\n- drafted tokens: 1000\n- decode tok/s: 41.0\n"
    )
    (r,) = read_paste(text).records
    assert r.accepted_tokens == 613


@pytest.mark.parametrize(
    "title",
    [
        # another figure than any rate below: the title's own record
        "# Acceptance stuck at 45.0% with MTP",
        # one unit off at the printed decimals: 41.5% does not round 29 / 70 = 41.43%
        "# Acceptance stuck at 41.5% with MTP",
    ],
)
def test_a_title_with_another_figure_stays(title: str) -> None:
    got = read_held(_issue(title, 29, 70).encode(), None).records
    assert [r.first_line for r in got] == [1]
