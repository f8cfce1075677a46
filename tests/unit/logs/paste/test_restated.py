"""One run's figures restated on the next line in another shape ('accepted 1,234 / drafted
2,000 (61.7%), mean accept len 2.85' then 'acceptance: 61.7% (1234/2000)'): one record. The
same accepted and drafted counts tell the same run; a line with other counts, or the same counts
beside another figure, is another record, and none of its figures lands on the run above."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# each shape prints the accepted and drafted counts, some the rate (P, in %) and the length (L)
_SHAPES = {
    "slash": ("accepted {a:,} / drafted {d:,} ({p:.1f}%), mean accept len {l:.2f}", True),
    "share": ("acceptance: {p:.1f}% ({a}/{d})", False),
    "equals": ("accept_rate={f:.3f} accepted={a} drafted={d} accept_len={l:.2f}", True),
    "of": ("Accepted {a} of {d} drafted tokens ({p:.1f}%), mean acceptance length {l:.2f}.", True),
    "bracket": ("Draft acceptance rate: {p:.2f}% ({a:,} accepted / {d:,} drafted)", False),
    "fields": ("Accepted: {a} tokens, Drafted: {d} tokens, acceptance rate {p:.1f}%", False),
    "counters": ("num_accepted_tokens: {a}, num_draft_tokens: {d}, accept length: {l:.2f}", True),
}


def _line(shape: str, a: int, d: int, length: float) -> str:
    return _SHAPES[shape][0].format(a=a, d=d, p=100 * a / d, f=a / d, l=length)


@settings(max_examples=examples(80), deadline=None)
@given(
    shapes=st.lists(st.sampled_from(sorted(_SHAPES)), min_size=2, max_size=2, unique=True),
    d=st.integers(200, 90_000),
    share=st.integers(5, 95),
    length=st.integers(120, 600),
)
def test_the_same_counts_restated_on_the_next_line_are_one_record(
    read: Read, shapes: list[str], d: int, share: int, length: int
) -> None:
    a = d * share // 100
    lv = length / 100
    text = "Spec decode, EAGLE-3 draft:\n" + "\n".join(_line(s, a, d, lv) for s in shapes) + "\n"
    got = read(text)
    assert len(got.records) == 1, text
    (r,) = got.records
    assert (r.accepted_tokens, r.drafted_tokens) == (a, d)
    assert r.accept_rate is not None and abs(r.accept_rate - a / d) < 0.0006
    if any(_SHAPES[s][1] for s in shapes):
        assert r.printed_length == lv


@settings(max_examples=examples(80), deadline=None)
@given(
    shapes=st.lists(st.sampled_from(sorted(_SHAPES)), min_size=2, max_size=2),
    d=st.integers(200, 90_000),
    shares=st.lists(st.integers(5, 95), min_size=2, max_size=2, unique=True),
    length=st.integers(120, 600),
)
def test_other_counts_on_the_next_line_are_another_record(
    shapes: list[str], d: int, shares: list[int], length: int
) -> None:
    """Negative control: other counts (another run) on the adjacent line, in any shape: two
    records, each with its own counts and its own rate, never one run's rate on the other.
    (Read by the structure readers directly: through the pipeline the line scanner may claim a
    line of counts of its own.)"""
    runs = [(d * s // 100, d) for s in shares]
    if runs[0] == runs[1]:
        return
    lines = [_line(s, a, dd, length / 100) for s, (a, dd) in zip(shapes, runs, strict=True)]
    text = "Spec decode, EAGLE-3 draft:\n" + "\n".join(lines) + "\n"
    got = read_paste(text)
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got.records] == runs, text
    for r, (a, dd) in zip(got.records, runs, strict=True):
        if r.printed_rate is not None:
            assert abs(r.printed_rate - a / dd) < 0.0006, text


def test_the_same_counts_beside_another_length_are_two_records() -> None:
    text = (
        "accepted 1,234 / drafted 2,000 (61.7%), mean accept len 2.85\n"
        "num_accepted_tokens: 1234, num_draft_tokens: 2000, accept length: 3.40\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.85, 3.4]


def test_the_same_figure_without_counts_is_not_told_one_run() -> None:
    """Two lines with the same length and no counts may be two runs: nothing merges them."""
    text = "mean accept len 2.85\nmean accept len 2.85\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.85, 2.85]
