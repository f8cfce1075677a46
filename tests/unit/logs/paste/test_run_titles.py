"""A line alone that states the figure of the run printed just below it, with that run's
counts, is the run's title ('new draft: AL=2.71' over the counters giving 2.714), not another
record; told by the counts, rounded or cut at the line's decimals. The run below may be the line
scanner's (a server line, the offline example's counters)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples


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
